"""The knobs and buttons, read each poll and handed to the app as turn / press / hold.

Sources come from the board: an encoder is anything with `.value()` returning a running
quadrature count (PIO, PCNT, an interrupt Decoder, a thread); a switch is a callable or
anything with `.value()` returning the pin level. Index = control (events.ALARM, PROX, GO);
None where a control is missing. Everything is bound once here, so a poll allocates nothing.
"""
from lockdown.buttons import HOLD, PRESS, Button
from lockdown.quadrature import Detents


def _reader(src):
    return None if src is None else getattr(src, "value", src)


class Inputs:
    def __init__(self, encoders=(), switches=(), divisor=4, reverse=(), active_low=True):
        self._counts = [_reader(e) for e in encoders]
        self._detents = [None if e is None else
                         Detents(divisor, i < len(reverse) and reverse[i], e.value())
                         for i, e in enumerate(encoders)]
        self._levels = [_reader(s) for s in switches]
        self._buttons = [Button() for _ in switches]
        self._pressed = 0 if active_low else 1

    def poll(self, app, now_ms):
        counts = self._counts
        detents = self._detents
        for i in range(len(counts)):
            c = counts[i]
            d = detents[i]
            if c is not None and d is not None:  # both None where an encoder is missing
                n = d.update(c())
                if n:
                    app.turn(i, n)
        levels = self._levels
        for i in range(len(levels)):
            level = levels[i]
            if level is not None:
                ev = self._buttons[i].update(level() == self._pressed, now_ms)
                if ev == PRESS:
                    app.press(i)
                elif ev == HOLD:
                    app.hold(i)
