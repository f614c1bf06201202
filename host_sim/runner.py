"""Sim: the firmware's App on a virtual clock, driven the way the board drives it.

Time only moves when asked (wait, hold), in ticks of at most TICK_MS, so a scripted session
replays exactly: the same seed and inputs give the same frames.
"""
import os

import framebuf

from lockdown.dice import Xorshift
from lockdown.events import HOLD_MS
from lockdown.session import Session

WIDTH = 128
HEIGHT = 64
TICK_MS = 20  # the board's runloop ticks at least every 50 ms; finer here so animations run


def default_app(session):
    from lockdown.app import App  # imported late: the simulator's tests can run a stand-in app
    return App(session)


class Sim:
    def __init__(self, seed=1, app_factory=default_app):
        self.session = Session(Xorshift(seed))
        self.app = app_factory(self.session)
        self.buf = bytearray(WIDTH * HEIGHT // 8)
        self.fb = framebuf.FrameBuffer(self.buf, WIDTH, HEIGHT, framebuf.MONO_VLSB)
        self.now = 0  # virtual ms since power-on
        self.app.tick(0)

    def turn(self, knob, detents):
        self.app.turn(knob, detents)

    def press(self, button):
        self.app.press(button)

    def hold(self, button, ms=HOLD_MS):
        """Button down for `ms`: the hold fires once at HOLD_MS, and the release then presses nothing."""
        self.wait(HOLD_MS)
        self.app.hold(button)
        self.wait(ms - HOLD_MS)

    def wait(self, ms):
        end = self.now + ms
        while self.now < end:
            self.now = min(self.now + TICK_MS, end)
            self.app.tick(self.now)

    def die(self, face):
        """The next device roll shows `face`."""
        if not 1 <= face <= 6:
            raise ValueError("die is 1 to 6")
        self.session.forced = face

    def frame(self):
        """The 1024 framebuffer bytes (MONO_VLSB), redrawn first if the app says it changed."""
        if self.app.dirty:
            self.app.draw(self.fb)
        return bytes(self.buf)

    def shot(self, path):
        from host_sim.png import save_png  # Pillow is only needed when a screenshot is taken
        folder = os.path.dirname(path)
        if folder:
            os.makedirs(folder, exist_ok=True)
        save_png(self.frame(), path)
