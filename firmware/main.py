"""Board entry: build the hardware for this board, run the loop into the saved game.

The loop shows its own crashes on the screen; this last try only catches what fails before
or around it (a board that will not build), so the traceback still reaches the serial console.
"""
import sys

try:
    from boards import build
    from lockdown.runloop import run

    run(build())
except Exception as e:
    sys.print_exception(e)
