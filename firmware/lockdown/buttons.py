"""Push buttons: edges recorded as they happen, debounced from those records in the poll.

A switch's edges land in `Edges`, a small preallocated ring of (level, ticks_ms), written by
whatever sees them first: the board's pin interrupt or sampling thread, or the poll itself for
a switch read by level. The handler only records; every decision is the `Button`'s, made in the
poll from the records' own times, so a press of any length over the debounce time is seen
however long a loop pass took (a save, a screen change, the opponent thinking).

A level counts only once it has been steady for `debounce_ms`, so contact bounce and short
glitches are never presses. A hold fires once, `hold_ms` after the press began, and its release
is then silent. A button already down at the first poll (a stuck switch, a pin floating low)
does nothing until it has been released.
"""
from array import array

from micropython import const

from lockdown.events import DEBOUNCE_MS, HOLD_MS
from lockdown.ticks import diff

NONE = const(0)
PRESS = const(1)
HOLD = const(2)
_RING = const(16)  # edges kept between two polls: eight clean presses, or a few bouncing ones


class Edges:
    """One switch's edges since the last poll. `record` runs in an interrupt handler: it writes
    two preallocated slots and allocates nothing. One writer (the handler), one reader (the poll)."""

    def __init__(self, level=-1, t=0, size=_RING):
        """`level` read at ticks_ms `t` is the first record (the Button starts from it); -1: none yet."""
        self.level = -1  # the level last recorded (1 = the pin reads high)
        self._t = array("i", [0] * size)
        self._v = bytearray(size)
        self._head = 0  # the next record the poll reads
        self._tail = 0  # where the next edge is written
        if level >= 0:
            self.record(level, t)

    def record(self, level, t):
        """An edge: the level the pin reads now, at ticks_ms `t`. When the poll is so late that
        the ring is full, the newest record takes the latest level: the level now is never lost."""
        at = self._tail
        nxt = (at + 1) % len(self._v)
        if nxt == self._head:
            nxt = at
            at = (at - 1) % len(self._v)
        self._t[at] = t
        self._v[at] = level
        self._tail = nxt
        self.level = level

    def waiting(self):
        """The time of the oldest record not read yet, or -1."""
        return -1 if self._head == self._tail else self._t[self._head]

    def take(self):
        """The oldest record's level (its time is `waiting()`), now read."""
        v = self._v[self._head]
        self._head = (self._head + 1) % len(self._v)
        return v


class Button:
    def __init__(self, debounce_ms=DEBOUNCE_MS, hold_ms=HOLD_MS):
        self._debounce = debounce_ms
        self._hold = hold_ms
        self._raw = -1  # level last recorded; -1 before the first
        self._since = 0  # when the raw level last changed
        self.down = False  # the debounced state
        self._held = False  # the hold of this press was reported (or must stay silent)

    def edge(self, pressed, t):
        """The switch reads `pressed` from time `t` on; returns what the level before it made
        (NONE, PRESS or HOLD), judged at `t`."""
        raw = 1 if pressed else 0
        if self._raw < 0:
            self._raw = raw
            self._since = t
            self.down = self._held = bool(raw)
            return NONE
        if raw == self._raw:
            return NONE
        ev = self.settle(t)
        self._raw = raw
        self._since = t
        return ev

    def settle(self, now):
        """What the level recorded last makes by `now`: NONE, PRESS or HOLD (at most one)."""
        raw = self._raw
        if raw < 0:
            return NONE
        since = diff(now, self._since)
        if raw != self.down and since >= self._debounce:
            self.down = bool(raw)
            if not raw:
                return NONE if self._held else PRESS
            self._held = False
        if self.down and raw and not self._held and since >= self._hold:
            self._held = True
            return HOLD
        return NONE
