"""What a board hands the run loop: the Hardware, kept once the board is built.

boards/hardware.py builds it and is forgotten after the build (boards.build), with the
board's own module and boards/config.py, so the game gets their RAM back.
"""
import os

from micropython import const

from lockdown.inputs import Inputs

# The types of the fields: True to pyright only (its defineConstant); a board compiles none of it.
_TYPING = const(False)
if _TYPING:
    from typing import Callable, Optional, Protocol

    import framebuf

    class Display(Protocol):
        @property
        def fb(self) -> framebuf.FrameBuffer: ...
        def show(self) -> int: ...

    class Watchdog(Protocol):
        def feed(self) -> None: ...


def log(msg):
    print("lockdown:", msg)


class Hardware:
    def __init__(self, board, log=log):
        self.board = board  # the board's name, for messages
        self.display = None  # type: Optional[Display]  # .fb and .show(), or None
        self.inputs = Inputs()  # .poll(app, now_ms); no controls until the board adds them
        self.entropy = os.urandom  # n -> n random bytes
        self.root = "/"  # folder for save files
        self.wdt = None  # type: Optional[Watchdog]  # .feed(), or None
        # restarts the board (machine.reset), or None
        self.reset = None  # type: Optional[Callable[[], None]]
        # restarts MicroPython with a clean heap (a game switch), or None
        self.soft_reset = None  # type: Optional[Callable[[], None]]
        self.log = log
        self.problems = []

    def problem(self, msg):
        self.problems.append(msg)
        self.log(msg)
