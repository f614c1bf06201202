"""Sim: the firmware's App on a virtual clock, driven the way the board drives it.

Time only moves when asked (wait, hold), in ticks of at most TICK_MS, so a scripted session
replays exactly: the same seed and inputs give the same frames.

The board's speed, as the virtual clock charges it: a pass costs no time, except the game work
a session says it stood for (`session.busy_ms`: the opponent's search slice, in board ms), which
moves the clock on by that much, the next pass then following POLL_MS later (runloop's pause), as
on a board. So a script's `wait` after the device begins to think means the same on both: an
input the script gives while the board would still be thinking comes once it has done. Drawing
and saving are charged nothing: a few ms on a board, which the latched buttons do not feel.
"""
import os

import framebuf

from lockdown.dice import Xorshift
from lockdown.events import HOLD_MS
from lockdown.runloop import POLL_MS, boot

WIDTH = 128
HEIGHT = 64
TICK_MS = 20  # the board's runloop ticks at least every 50 ms; finer here so animations run


def default_app(session, notice=None):
    from lockdown.app import App  # imported late: the simulator's tests can run a stand-in app
    return App(session, notice)


class _Inputs:
    """The simulator's inputs reach the app directly (Sim.turn, press, hold): nothing to poll."""

    def poll(self, app, now):
        pass


class SimHardware:
    """The board's Hardware contract for the simulator: the same run loop and Store as a board.

    No display: the Sim draws a frame when asked. `root` None keeps no files (the default);
    a folder (--save-dir) holds exactly what a board's flash would.
    """

    def __init__(self, seed, root=None):
        self.display = None
        self.inputs = _Inputs()
        self.entropy = Xorshift(seed)
        self.root = root
        self.wdt = None
        self.reset = None
        self.problems = []
        self.console = []  # what a board would print on its serial console

    def log(self, msg):
        self.console.append(msg)


class Sim:
    def __init__(self, seed=1, app_factory=default_app, game=None, save_dir=None):
        self.hw = SimHardware(seed, save_dir)
        self._make = app_factory
        self.loop = boot(self.hw, 0, self._app, game)
        self.buf = bytearray(WIDTH * HEIGHT // 8)
        self.fb = framebuf.FrameBuffer(self.buf, WIDTH, HEIGHT, framebuf.MONO_VLSB)
        self.now = 0  # virtual ms since power-on
        self._gap = TICK_MS  # to the next pass
        self._step()

    def _app(self, session, notice):
        return self._make(session, notice) if notice else self._make(session)

    @property
    def app(self):
        return self.loop.app

    @property
    def session(self):
        return self.loop.session

    def _switched(self):
        """After an input: the picker chose a game, so the device restarts into it."""
        if getattr(self.loop.app, "switch_to", None):
            from lockdown.picker import switch  # here: the picker is a screen's module, forgotten when it closes
            self.loop = switch(self.hw, self.loop, self.now)
            self.loop.app.tick(self.now)

    def turn(self, knob, detents):
        self.app.turn(knob, detents)
        self._switched()

    def press(self, button):
        self.app.press(button)
        self._switched()

    def hold(self, button, ms=HOLD_MS):
        """Button down for `ms`: the hold fires once at HOLD_MS, and the release then presses nothing."""
        self.wait(HOLD_MS)
        self.app.hold(button)
        self._switched()
        self.wait(ms - HOLD_MS)

    def wait(self, ms):
        """`ms` of board time; longer when the last pass's work ran past it (the device thinking)."""
        end = self.now + ms
        while self.now < end:
            self.now = min(self.now + self._gap, end)
            self._step()

    def _step(self):
        """One loop pass at `now`, then the board time its game work stood for."""
        self.loop.step(self.now)
        busy = self.loop.session.busy_ms
        self.now += busy
        self._gap = POLL_MS if busy else TICK_MS  # while it thinks, the board's passes come closer

    def close(self):
        """Writes a save the loop still holds back (it waits for the knobs to rest)."""
        loop = self.loop
        if loop.session.changes != loop.saved:
            loop.store.save(loop.session)
            loop.saved = loop.session.changes

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
