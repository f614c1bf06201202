"""Raspberry Pi Pico (RP2040): the OLED on I2C0, two encoders counted by PIO, three switches.

Default wiring (every switch and encoder common goes to GND; internal pull-ups):

| part | GPIO | Pico pin |
| --- | --- | --- |
| OLED SDA | GP4 | 6 |
| OLED SCL | GP5 | 7 |
| OLED VCC / GND | 3V3(OUT) / GND | 36 / 38 |
| ALARM encoder A / B | GP6 / GP7 | 9 / 10 |
| ALARM push switch | GP8 | 11 |
| PROXIMITY encoder A / B | GP10 / GP11 | 14 / 15 |
| PROXIMITY push switch | GP12 | 16 |
| GO button | GP15 | 20 |
| encoder commons, switch grounds | GND | 8, 13, 18 |

Each encoder is counted by a PIO state machine (boards/pio_encoder.py: A and B must be
consecutive GPIOs); with other pins, or no free PIO memory, it falls back to interrupts.
Each switch records its edges from a pin interrupt (boards/irq_switch.py), so a press is seen
even while the loop is busy saving or thinking.
"""
from machine import Pin

from boards.hardware import assemble, log
from boards.irq_switch import IrqSwitch

SPEC = {
    "name": "Pico",
    "pin": "GP%d",
    "pins": tuple(range(23)) + (26, 27, 28),  # GP23-25 are on-board (power, VBUS, LED)
    "outputs": tuple(range(23)) + (26, 27, 28),
    "i2c": {0: ((0, 4, 8, 12, 16, 20), (1, 5, 9, 13, 17, 21)),  # (SDA pins, SCL pins)
            1: ((2, 6, 10, 14, 18, 26), (3, 7, 11, 15, 19, 27))},
    "wdt_max": 8388,
    "defaults": {
        "display": "ssd1306", "i2c": 0, "sda": 4, "scl": 5, "freq": 400000, "addr": 0x3C,
        "alarm": [6, 7], "prox": [10, 11], "alarm_sw": 8, "prox_sw": 12, "go": 15,
        "divisor": 4, "alarm_reverse": False, "prox_reverse": False, "wdt_ms": 0,
    },
}


def _encoder(index, pins):
    a = Pin(pins[0], Pin.IN, Pin.PULL_UP)
    b = Pin(pins[1], Pin.IN, Pin.PULL_UP)
    if pins[1] == pins[0] + 1:
        try:
            from boards.pio_encoder import PioEncoder
            return PioEncoder(index, a)
        except Exception as e:  # PIO memory taken by another program
            log("encoder %d: no PIO (%s), using interrupts" % (index, e))
    else:
        log("encoder %d: GP%d, GP%d are not consecutive, using interrupts" % (index, pins[0], pins[1]))
    from boards.irq_encoder import IrqEncoder
    return IrqEncoder(a, b)


def _switch(pin):
    return IrqSwitch(Pin(pin, Pin.IN, Pin.PULL_UP))


def build(config=None):
    return assemble("pico", SPEC, config, _encoder, _switch)
