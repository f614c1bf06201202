"""The mission clock: a countdown driven by the caller's now_ms, with no clock of its own.

Time is summed tick by tick (`update`), so a wrap of ticks_ms, or a board that stops calling for
a while, never turns into a jump of days. It stays outside the undo snapshots: pausing is not a
move of the game, and an undone time-up leaves the clock at zero without ending the mission again.
"""
from micropython import const

from lockdown.ticks import diff

# What `update` reports, each once: the 5- and 1-minute warnings, then time up
WARN_5 = const(1)
WARN_1 = const(2)
TIME_UP = const(3)
_WARN_5_MS = const(300000)
_WARN_1_MS = const(60000)
_MAX_MS = const(0x3FFFFFFF)  # a small int still: 12 days


class Clock:
    def __init__(self, limit_s=0):
        self.running = False
        self.spent_ms = 0
        self._last = 0
        self.set_limit(limit_s)

    def set_limit(self, limit_s):
        """0: no clock. Keeps the time spent; a warning still ahead is armed again."""
        self.limit_ms = limit_s * 1000
        left = self.limit_ms - self.spent_ms
        if left <= 0:
            self._fired = TIME_UP
        elif left <= _WARN_1_MS:
            self._fired = WARN_1
        elif left <= _WARN_5_MS:
            self._fired = WARN_5
        else:
            self._fired = 0

    def start(self, now_ms):
        """Starts or resumes counting from now."""
        self.running = True
        self._last = now_ms

    def pause(self, now_ms):
        self.update(now_ms)
        self.running = False

    def update(self, now_ms):
        """Counts the time since the last call; returns WARN_5, WARN_1, TIME_UP once each, or 0."""
        if self.running:
            d = diff(now_ms, self._last)
            if d > 0:
                self.spent_ms = self.spent_ms + d if self.spent_ms < _MAX_MS - d else _MAX_MS
            self._last = now_ms
        if not self.limit_ms:
            return 0
        left = self.limit_ms - self.spent_ms
        if left <= 0:
            ev = TIME_UP
        elif left <= _WARN_1_MS:
            ev = WARN_1
        else:
            ev = WARN_5 if left <= _WARN_5_MS else 0
        if ev > self._fired:
            self._fired = ev
            return ev
        return 0

    def left_ms(self):
        """Milliseconds left (0 once up), or -1 without a limit."""
        if not self.limit_ms:
            return -1
        left = self.limit_ms - self.spent_ms
        return left if left > 0 else 0

    def left_s(self):
        """Whole seconds left, rounded up so 0 shows only at time up; -1 without a limit."""
        left = self.left_ms()
        return left if left < 0 else (left + 999) // 1000
