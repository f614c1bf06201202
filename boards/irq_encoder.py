"""A quadrature counter on pin interrupts, for ports without a hardware counter.

The handler reads both pins and feeds lockdown.quadrature.Decoder: a table lookup and an
add, no allocation, nothing else. Detents and every decision are left to the polled Inputs.
"""
from lockdown.quadrature import Decoder


class IrqEncoder:
    def __init__(self, pin_a, pin_b):
        self._a = pin_a
        self._b = pin_b
        self._dec = Decoder(self._state())
        trigger = pin_a.IRQ_RISING | pin_a.IRQ_FALLING
        pin_a.irq(self._edge, trigger)
        pin_b.irq(self._edge, trigger)

    def _state(self):
        return self._a.value() | (self._b.value() << 1)

    def _edge(self, _pin):
        self._dec.feed(self._state())

    def value(self):
        return self._dec.count
