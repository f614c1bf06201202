"""The board: `build(config=None)` picks the module for this port and returns its Hardware.

rp2 -> boards.pico, esp32 -> boards.esp32_devkitc, linux (CPython) -> boards.raspberry_pi.
`config` is a dict of config keys (see boards/config.py), or None to read the board's config
file. Whatever fails is in hw.problems; a board that cannot be built at all still gives a
Hardware without display or controls, so the run loop starts and the problem is reported.
Once built, the board's module, the build steps (boards/hardware.py) and this package are
forgotten: only boards/hw.py, the Hardware, stays.
"""
import sys

from boards.hw import Hardware

BOARDS = {"rp2": "pico", "esp32": "esp32_devkitc", "linux": "raspberry_pi"}


def build(config=None):
    name = BOARDS.get(sys.platform)
    try:
        if name is None:
            raise ImportError("no board module for platform %r" % sys.platform)
        return __import__("boards." + name, None, None, ["build"]).build(config)
    except Exception as e:  # the device keeps running what it can
        hw = Hardware(name or sys.platform)
        hw.problem("board %s: %s" % (hw.board, e))
        return hw
    finally:  # only the Hardware is needed from here on: the build's modules give their RAM back
        forget("boards." + str(name))
        forget("boards.hardware")
        sys.modules.pop("boards", None)  # this package too: boards.hw, which holds the Hardware, stays


def forget(name):
    """Drops module `name` (of this package) so that its RAM comes back once nothing uses it."""
    sys.modules.pop(name, None)
    try:
        delattr(sys.modules["boards"], name.rpartition(".")[2])
    except (KeyError, AttributeError):
        pass
