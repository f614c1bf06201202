"""Names for the controls, shared by the boards' input code, the app and the simulator."""
from micropython import const

# Knobs (encoders) and buttons. Each knob's push switch is a button with the knob's number.
ALARM = const(0)
PROX = const(1)
GO = const(2)
CONTROL_NAMES = ("alarm", "prox", "go")

HOLD_MS = const(1000)  # a press held this long is a hold
DEBOUNCE_MS = const(50)
