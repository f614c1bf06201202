"""Fake hardware: the boards' Hardware contract in memory, on a virtual clock that never waits.

For tests and the simulator, on CPython and on the MicroPython unix port. The display keeps its
frame in a real FrameBuffer and counts show() calls; the inputs come from a queue (which can
also raise, to inject a fault); the watchdog watches the virtual clock and, once it is starved,
raises Reset as the real one would restart the board. A new FakeHardware on the same root is
the board after that restart.
"""
import asyncio

import framebuf

from lockdown.dice import Xorshift


class Reset(BaseException):
    """The board restarted: its watchdog bit, or reset() was called. Not an Exception, so the
    loop's crash handler lets it through, as nothing survives a real reset."""


class Stop(BaseException):
    """The virtual clock reached its end: the test or the script is done."""


class Clock:
    """Virtual milliseconds; sleep() moves time on at once. `end` stops the run with Stop."""

    def __init__(self, end=None):
        self.t = 0
        self.end = end
        self.wdt = None

    def now(self):
        return self.t

    async def sleep(self, ms):
        self.t += ms
        if self.wdt:
            self.wdt.check(self.t)
        if self.end is not None and self.t >= self.end:
            raise Stop()
        await asyncio.sleep(0)


class Watchdog:
    """Restarts the board (raises Reset) once `timeout` ms pass on the virtual clock without a
    feed. On a real-time clock (the simulator) it only counts the feeds."""

    def __init__(self, clock, timeout=3000):
        self.clock = clock
        self.timeout = timeout
        self.fed_at = clock.now()
        self.feeds = 0
        self.bit = False
        clock.wdt = self

    def feed(self):
        self.fed_at = self.clock.now()
        self.feeds += 1

    def check(self, now):
        if now - self.fed_at > self.timeout:
            self.bit = True
            raise Reset("watchdog")


class Display:
    def __init__(self):
        self.buf = bytearray(1024)
        self.fb = framebuf.FrameBuffer(self.buf, 128, 64, framebuf.MONO_VLSB)
        self.shown = bytes(1024)  # what the panel shows
        self.shows = 0

    def show(self):
        """Sends the frame; returns the number of bytes that changed, as a driver sending only those."""
        sent = sum(1 for a, b in zip(self.buf, self.shown) if a != b)
        self.shown = bytes(self.buf)
        self.shows += 1
        return sent


class Inputs:
    """Events queued as ("turn", knob, detents), ("press", b), ("hold", b), ("wait", ms) or an
    exception instance (raised from poll, as a broken input driver would)."""

    def __init__(self):
        self.queue = []
        self.polls = []  # the now_ms of every poll
        self._until = None

    def add(self, *events):
        self.queue.extend(events)

    def poll(self, app, now):
        self.polls.append(now)
        while self.queue:
            if self._until is not None:
                if now < self._until:
                    return
                self._until = None
            ev = self.queue.pop(0)
            if isinstance(ev, BaseException):
                raise ev
            if ev[0] == "wait":
                self._until = now + ev[1]
            else:
                getattr(app, ev[0])(*ev[1:])


class FakeHardware:
    """A board: display (or None), inputs, entropy, root, wdt (or None), log, problems, reset."""

    def __init__(self, root=None, seed=1, display=True, wdt=True, clock=None, echo=False):
        if root is None:
            import tempfile
            root = tempfile.mkdtemp(prefix="lockdown-")
        self.root = root
        self.clock = clock or Clock()
        self.display = Display() if display else None
        self.inputs = Inputs()
        self.entropy = Xorshift(seed)
        self.wdt = Watchdog(self.clock) if wdt else None
        self.problems = []
        self.lines = []
        self.echo = echo
        self.resets = 0

    def log(self, msg):
        self.lines.append(msg)
        if self.echo:
            print(msg)

    def reset(self):
        self.resets += 1
        raise Reset("reset()")
