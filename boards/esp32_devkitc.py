"""ESP32 DevKitC: the OLED on I2C0, two encoders on the pulse counters (PCNT), three switches.

Default wiring (every switch and encoder common goes to GND; internal pull-ups):

| part | GPIO | DevKitC header |
| --- | --- | --- |
| OLED SDA | GPIO21 | right, 6th from top |
| OLED SCL | GPIO22 | right, 3rd |
| OLED VCC / GND | 3V3 / GND | left 1st / right 1st |
| ALARM encoder A / B | GPIO32 / GPIO33 | left 7th / 8th |
| ALARM push switch | GPIO25 | left 9th |
| PROXIMITY encoder A / B | GPIO26 / GPIO27 | left 10th / 11th |
| PROXIMITY push switch | GPIO14 | left 12th |
| GO button | GPIO13 | left 15th |

Encoders use machine.Encoder (PCNT, counts on while Python is busy) where the firmware has
it, else pin interrupts (boards/irq_encoder.py); switches record their edges from pin
interrupts (boards/irq_switch.py). Not allowed: GPIO1/3 (the USB serial),
6-11 (flash), 12 (a pull-up there at reset stops the boot). GPIO34-39 are inputs without
pull-ups: only with external resistors, never for the display.
"""
import machine
from machine import Pin

from boards.hardware import assemble, log
from boards.irq_switch import IrqSwitch

_INPUT_ONLY = (34, 35, 36, 39)
_OUTPUTS = (0, 2, 4, 5, 13, 14, 15, 16, 17, 18, 19, 21, 22, 23, 25, 26, 27, 32, 33)
SPEC = {
    "name": "ESP32",
    "pin": "GPIO%d",
    "pins": _OUTPUTS + _INPUT_ONLY,
    "outputs": _OUTPUTS,
    "i2c": {0: None, 1: None},  # any output pin
    "wdt_max": 60000,
    "defaults": {
        "display": "ssd1306", "i2c": 0, "sda": 21, "scl": 22, "freq": 400000, "addr": 0x3C,
        "alarm": [32, 33], "prox": [26, 27], "alarm_sw": 25, "prox_sw": 14, "go": 13,
        "divisor": 4, "alarm_reverse": False, "prox_reverse": False, "wdt_ms": 0,
    },
}


def _pin(n):
    # The stubs type pull as int; the port (and the stubs' own docs) take None for no pull.
    return Pin(n, Pin.IN, None if n in _INPUT_ONLY else Pin.PULL_UP)  # pyright: ignore[reportArgumentType]


def _encoder(index, pins):
    a, b = _pin(pins[0]), _pin(pins[1])
    if hasattr(machine, "Encoder"):
        try:
            return machine.Encoder(index, a, b, phases=4, filter_ns=10000)
        except Exception as e:  # an older firmware without these options
            log("encoder %d: no PCNT (%s), using interrupts" % (index, e))
    from boards.irq_encoder import IrqEncoder
    return IrqEncoder(a, b)


def _switch(n):
    return IrqSwitch(_pin(n))


def build(config=None):
    return assemble("esp32", SPEC, config, _encoder, _switch)
