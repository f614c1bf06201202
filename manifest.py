# Freezes the Lockdown firmware into a MicroPython build (README: Freezing):
#     make BOARD=RPI_PICO FROZEN_MANIFEST=/path/to/lockdown/manifest.py
# Every .py under firmware/lockdown and boards, found by the build's package() walk, so new
# modules and folders need no edit here. main.py is not frozen: tools/deploy.py copies it, and a
# board runs main.py from its filesystem. Paths are relative to this file.

# The port's own frozen modules (asyncio, which the run loop needs); a board with a manifest
# of its own (e.g. RPI_PICO_W) takes include("$(BOARD_DIR)/manifest.py") instead.
include("$(PORT_DIR)/boards/manifest.py")

package("lockdown", base_path="firmware")
package("boards")
