"""The knobs and buttons, read each poll and handed to the app as turn / press / hold.

Sources come from the board: an encoder is anything with `.value()` returning a running
quadrature count (PIO, PCNT, an interrupt Decoder, a thread); a switch is either a
`lockdown.buttons.Edges` ring the board's interrupt handler (or thread) records into as the
edges happen, or a callable or anything with `.value()` returning the pin level, which the poll
records itself. Index = control (events.ALARM, PROX, GO); None where a control is missing.
Every switch's records are debounced in time order across the switches, so presses that all
fell inside one long pass still reach the app in the order they were made. Everything is bound
once here, so a poll allocates nothing.
"""
from lockdown.buttons import HOLD, PRESS, Button, Edges
from lockdown.quadrature import Detents
from lockdown.ticks import diff


def _reader(src):
    return None if src is None else getattr(src, "value", src)


class Inputs:
    def __init__(self, encoders=(), switches=(), divisor=4, reverse=(), active_low=True):
        self._counts = [_reader(e) for e in encoders]
        self._detents = [None if e is None else
                         Detents(divisor, i < len(reverse) and reverse[i], e.value())
                         for i, e in enumerate(encoders)]
        # A level source is read by the poll, into a ring of its own; an Edges ring is the board's.
        self._levels = [None if isinstance(s, Edges) else _reader(s) for s in switches]
        self._edges = [None if s is None else s if isinstance(s, Edges) else Edges()
                       for s in switches]
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
        edges = self._edges
        for i in range(len(levels)):
            level = levels[i]
            e = edges[i]
            if level is not None and e is not None:
                v = level()
                if v != e.level:
                    e.record(v, now_ms)
        while True:  # the oldest record of any switch first, until every ring is read
            first = None
            which = age = -1
            for i in range(len(edges)):
                e = edges[i]
                if e is not None and e.waiting() >= 0 and diff(now_ms, e.waiting()) > age:
                    first = e
                    which = i
                    age = diff(now_ms, e.waiting())
            if first is None:
                break
            t = first.waiting()
            self._settle(app, t)  # what the level before made by `t`: the edge below then makes nothing
            self._buttons[which].edge(first.take() == self._pressed, t)
        self._settle(app, now_ms)

    def _settle(self, app, t):
        """Every button's press or hold that is due by `t`, to the app."""
        buttons = self._buttons
        for i in range(len(buttons)):
            ev = buttons[i].settle(t)
            if ev == PRESS:
                app.press(i)
            elif ev == HOLD:
                app.hold(i)
