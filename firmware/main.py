"""Board entry: build the hardware for this board, run the loop into the saved game.

The loop shows its own crashes on the screen; this last try only catches what fails before
or around it (a board that will not build), so the traceback still reaches the serial console.
"""
import sys

try:
    import boards
    from lockdown.runloop import run

    hw = boards.build()
    del boards  # build() forgot the package: only the Hardware stays in RAM
    run(hw)
except Exception as e:
    sys.print_exception(e)
