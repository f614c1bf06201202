"""The browser page's board: the Hardware contract on MicroPython's WebAssembly port.

The page (lockdown.js) calls start() once per interpreter, then step(now) on its clock, and
queues the controls with turn/press/hold. This module is the only Python the page adds: the
firmware itself is the deployed tree, unchanged, booted through lockdown.runloop.boot.

It does what firmware/main.py and runloop.main do on a board: boots into the saved game, runs
loop.step, switches games when the picker asks, counts a crash, shows the error screen and,
RESET_MS later, restarts; a restart (reset, soft reset, game switch) is the page reloading
itself: a fresh interpreter, as a board's reset starts a fresh heap. Saves go to ROOT, a folder of the
Emscripten filesystem that the page copies to the browser's storage after each step that
changed it.
"""
import framebuf
import uctypes

from lockdown import runloop
from lockdown.events import HOLD_MS  # noqa: F401  (read by the page)

ROOT = "/save"
W, H = 128, 64

# step() results, a bit mask
SHOWN = 1  # a new frame is in the buffer
RESTART = 2  # reload the page: a fresh interpreter boots again (reset, soft reset, game switch)
CRASHED = 4  # the error screen is up; RESTART follows after runloop.RESET_MS


class Restart(BaseException):
    """hw.reset() / hw.soft_reset(): nothing after it runs, as on a board."""


class Display:
    def __init__(self):
        self.buf = bytearray(W * H // 8)
        self.fb = framebuf.FrameBuffer(self.buf, W, H, framebuf.MONO_VLSB)
        self.shows = 0

    def show(self):
        """The page reads the buffer itself (frame_address); returns the bytes a panel is sent."""
        self.shows += 1
        return len(self.buf)


class Inputs:
    """The page's controls, queued as they happen and handed to the app on the next poll.

    The page has already told a press from a hold (HOLD_MS down) and counted the detents."""

    def __init__(self):
        self.queue = []

    def poll(self, app, now):
        q = self.queue
        while q:
            kind, control, n = q.pop(0)
            if kind == 0:
                app.turn(control, n)
            elif kind == 1:
                app.press(control)
            else:
                app.hold(control)


class Entropy:
    """n -> n random bytes: the browser's crypto.getRandomValues (through `rand`), or, with a
    seed (the page's ?seed=N, for tests), the simulator's Xorshift, so frames match its goldens."""

    def __init__(self, rand, seed):
        self.rand = rand
        self.xs = None
        if seed:
            from lockdown.dice import Xorshift
            self.xs = Xorshift(seed)

    def __call__(self, n):
        if self.xs:
            return self.xs(n)
        return bytes(self.rand() & 0xFF for _ in range(n))


class PageHardware:
    def __init__(self, rand, seed, log):
        self.board = "browser"
        self.display = Display()
        self.inputs = Inputs()
        self.entropy = Entropy(rand, seed)
        self.root = ROOT
        self.wdt = None
        self.problems = []
        self._log = log

    def log(self, msg):
        self._log(str(msg))

    def reset(self):
        raise Restart()

    def soft_reset(self):
        raise Restart()


hw = None
loop = None
started = 0
crashed_at = None  # when the error screen went up


def start(rand, log, seed, now):
    """Boots into the saved game; returns the frame buffer's address in the wasm memory."""
    global hw, loop, started, crashed_at
    hw = PageHardware(rand, seed, log)
    started = now
    crashed_at = None
    try:
        loop = runloop.boot(hw, now)
    except Exception as e:  # the board's main(): even a boot that fails gets the error screen
        _crash(e, now)
    return uctypes.addressof(hw.display.buf)


def step(now):
    """One pass of the board's loop; returns SHOWN | RESTART | CRASHED bits."""
    global loop
    shows = hw.display.shows
    if crashed_at is not None:
        if runloop.diff(now, crashed_at) >= runloop.RESET_MS:
            return RESTART
        return CRASHED
    try:
        loop.step(now)
        if getattr(loop.app, "switch_to", None):
            from lockdown.picker import switch
            loop = switch(hw, loop, now)  # saves, remembers the choice, then soft_reset()
        if loop.crashes and runloop.diff(now, started) >= runloop.STEADY_MS:
            loop.store.steady()
            loop.crashes = 0
    except Restart:
        return RESTART | (SHOWN if hw.display.shows != shows else 0)
    except Exception as e:
        _crash(e, now)
    return (SHOWN if hw.display.shows != shows else 0) | (CRASHED if crashed_at is not None else 0)


def _crash(e, now):
    global crashed_at
    crashed_at = now
    store = loop.store if loop else runloop.Store(hw.root, hw.log)
    runloop.crashed(hw, store, e)  # counts the crash, draws and shows the error screen


def save_name():
    """The running game's save file ("game.json", "infiltraitors.json", ...): "Download the save"."""
    return loop.store.save_name if loop else ""


def turn(knob, n):
    hw.inputs.queue.append((0, knob, n))


def press(button):
    hw.inputs.queue.append((1, button, 0))


def hold(button):
    hw.inputs.queue.append((2, button, 0))
