"""A push switch on a pin interrupt: each edge recorded with its time the moment it happens.

The handler reads the pin and ticks_ms and writes them into the switch's ring
(lockdown.buttons.Edges): no allocation and no decision, so it runs as a hard interrupt where
the port has them. The polled Inputs debounce from those records, however long the loop was
busy in between (the split of Peter Hinch's micropython-async primitives: the handler only
notes, the poll decides).
"""
from time import ticks_ms

from lockdown.buttons import Edges


class IrqSwitch(Edges):
    def __init__(self, pin):
        super().__init__(pin.value(), ticks_ms())
        self._pin = pin
        trigger = pin.IRQ_RISING | pin.IRQ_FALLING
        try:
            pin.irq(self._edge, trigger, hard=True)
        except (TypeError, ValueError):  # a port without hard interrupts: scheduled ones still note the time
            pin.irq(self._edge, trigger)

    def _edge(self, pin):
        self.record(pin.value(), ticks_ms())
