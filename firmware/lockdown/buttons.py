"""Push buttons, polled: debounced, a short press on release, a hold once while still held.

A level counts only once it has been steady for `debounce_ms`, so contact bounce and short
glitches are never presses. A hold fires once, `hold_ms` after the press began, and its release
is then silent. A button already down at the first poll (a stuck switch, a pin floating low)
does nothing until it has been released.
"""
from micropython import const

from lockdown.events import DEBOUNCE_MS, HOLD_MS
from lockdown.ticks import diff

NONE = const(0)
PRESS = const(1)
HOLD = const(2)


class Button:
    def __init__(self, debounce_ms=DEBOUNCE_MS, hold_ms=HOLD_MS):
        self._debounce = debounce_ms
        self._hold = hold_ms
        self._raw = -1  # level last seen; -1 before the first poll
        self._since = 0  # when the raw level last changed
        self.down = False  # the debounced state
        self._held = False  # the hold of this press was reported (or must stay silent)

    def update(self, pressed, now_ms):
        """Takes whether the switch reads pressed now; returns NONE, PRESS or HOLD."""
        raw = 1 if pressed else 0
        if self._raw < 0:
            self._raw = raw
            self.down = self._held = bool(raw)
            return NONE
        if raw != self._raw:
            self._raw = raw
            self._since = now_ms
            return NONE
        since = diff(now_ms, self._since)
        if raw != self.down and since >= self._debounce:
            self.down = bool(raw)
            if raw:
                self._held = False
            elif not self._held:
                return PRESS
            return NONE
        if self.down and not self._held and since >= self._hold:
            self._held = True
            return HOLD
        return NONE
