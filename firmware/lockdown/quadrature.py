"""Rotary encoders: A/B pin states to a running count, and a running count to detents.

A pin state is `A | B << 1`. Turning clockwise goes 0, 1, 3, 2, 0 (A leads B): one count per
state, four per full cycle. Encoders with one detent per cycle need divisor 4, those with two
detents per cycle divisor 2. Whatever counts (PIO, PCNT, an interrupt Decoder) gives a running
count; Detents turns it into whole detents for app.turn. Nothing here allocates once built.
"""
from micropython import const

MISSED = const(2)  # both pins changed at once: one state was not seen

# STEPS[old << 2 | new]: +1 clockwise, -1 anticlockwise, 0 no change, MISSED.
# The PIO program in boards/pio_encoder.py is the same table as jumps.
STEPS = (0, 1, -1, MISSED,
         -1, 0, MISSED, 1,
         1, MISSED, 0, -1,
         MISSED, -1, 1, 0)


class Decoder:
    """Pin states to a running count, for encoders read on pin interrupts.

    A bouncing contact only flips between two neighbouring states, so it adds +1 -1 and nets
    to nothing. Both pins changed means an edge was missed during a fast spin: it counts as two
    steps the way the knob was last going (unknowable right at a reversal: then it is lost).
    """

    def __init__(self, state=0):
        self.state = state & 3
        self.count = 0
        self._dir = 0

    def feed(self, state):
        """Takes the current pin state; cheap and allocation-free, safe in an interrupt handler."""
        d = STEPS[(self.state << 2) | state]
        if d == MISSED:
            d = self._dir + self._dir
        elif d:
            self._dir = d
        self.count += d
        self.state = state

    def value(self):
        return self.count


class Detents:
    """A running quadrature count to whole detents, with hysteresis.

    The knob rests where the count was when this was made, and every `divisor` counts from
    there. Moving on needs `divisor // 2 + 1` counts past the detent (3 of 4, 2 of 2); moving
    back needs as many past the next one, so a contact chattering anywhere never makes a
    phantom step, and at rest the detents are exact: count = detents * divisor.
    """

    def __init__(self, divisor=4, reverse=False, count=0):
        self._div = divisor
        self._span = divisor // 2 + 1
        self._sign = -1 if reverse else 1
        self._base = count
        self.detents = 0

    def update(self, count):
        """Returns the detents turned (clockwise +) since the last call."""
        p = (count - self._base) * self._sign
        d = self.detents
        if p >= d * self._div + self._span:
            n = (p - self._span) // self._div + 1
        elif p <= d * self._div - self._span:
            n = -((-p - self._span) // self._div) - 1
        else:
            return 0
        self.detents = n
        return n - d
