"""Raspberry Pi under CPython: the same app, the OLED and controls through Adafruit Blinka.

`pip install -e '.[pi]'` and enable I2C (raspi-config). Our own oled driver talks to
Blinka's busio.I2C (it has writeto) and sends only what changed. A 7-pin SPI SSD1306 module
("display": "ssd1306-spi", SPI enabled) goes through adafruit-circuitpython-ssd1306's
SSD1306_SPI instead, which sends the whole frame each time. Pins are read with digitalio (it has
no edge callbacks): a thread samples the encoders every millisecond into quadrature Decoders, and
the switches into their edge rings (lockdown.buttons.Edges) with the time of each change, so a
press is seen even while the loop is busy saving or thinking.

Default wiring (BCM numbers; every switch and encoder common goes to GND; internal pull-ups):

| part | GPIO | header pin |
| --- | --- | --- |
| OLED SDA / SCL | GPIO2 / GPIO3 | 3 / 5 |
| OLED VCC / GND | 3V3 / GND | 1 / 9 |
| ALARM encoder A / B | GPIO17 / GPIO27 | 11 / 13 |
| ALARM push switch | GPIO22 | 15 |
| PROXIMITY encoder A / B | GPIO23 / GPIO24 | 16 / 18 |
| PROXIMITY push switch | GPIO25 | 22 |
| GO button | GPIO5 | 29 |
| SPI OLED D0 (SCLK) / D1 (MOSI) | GPIO11 / GPIO10 (SPI0) | 23 / 19 |
| SPI OLED DC / RES / CS | GPIO6 / GPIO13 / GPIO8 | 31 / 33 / 24 |

The config file is ~/.config/lockdown/config.json (or $LOCKDOWN_CONFIG); saves go to
~/.local/share/lockdown. The I2C clock is set by the OS (dtparam=i2c_arm_baudrate).
"""
import os
import threading
import time

import board
import busio
import digitalio
import framebuf

from boards.hardware import assemble
from lockdown import runloop
from lockdown.buttons import Edges
from lockdown.quadrature import Decoder

SPEC = {
    "name": "Raspberry Pi",
    "pin": "GPIO%d",
    "pins": tuple(range(2, 28)),  # GPIO0/1 hold the HAT EEPROM
    "outputs": tuple(range(2, 28)),
    "i2c": {1: ((2,), (3,))},
    "spi": {0: (11, 10), 1: (21, 20)},  # (SCLK, MOSI); SPI1 needs its dtoverlay
    "displays": ("ssd1306", "sh1106", "ssd1306-spi"),
    "wdt_max": 0,
    "defaults": {
        "display": "ssd1306", "i2c": 1, "sda": 2, "scl": 3, "freq": 400000, "addr": 0x3C,
        "spi": 0, "dc": 6, "cs": 8, "reset": 13,
        "alarm": [17, 27], "prox": [23, 24], "alarm_sw": 22, "prox_sw": 25, "go": 5,
        "divisor": 4, "alarm_reverse": False, "prox_reverse": False, "wdt_ms": 0,
    },
}
SAMPLE_S = 0.001
FRAME_BYTES = 6 + 128 * 64 // 8  # SSD1306_SPI.show(): the column and page window, then every byte


def _io(n):
    return digitalio.DigitalInOut(getattr(board, "D%d" % n))


def _input(n):
    io = _io(n)
    io.direction = digitalio.Direction.INPUT
    io.pull = digitalio.Pull.UP
    return io


class Sampler:
    """Reads every encoder's pins into its Decoder and every switch's changes into its Edges
    ring, with the loop's own clock; run() is the thread's loop."""

    def __init__(self):
        self.encoders = []
        self.switches = []

    def add(self, index, pins):
        a, b = _input(pins[0]), _input(pins[1])
        dec = Decoder(int(a.value) | int(b.value) << 1)
        self.encoders.append((dec, a, b))
        return dec

    def switch(self, n):
        io = _input(n)
        edges = Edges(int(io.value), runloop.ticks_ms())  # the loop's own clock
        self.switches.append((edges, io))
        return edges

    def sample(self):
        for dec, a, b in self.encoders:
            dec.feed(int(a.value) | int(b.value) << 1)
        for edges, io in self.switches:
            v = int(io.value)
            if v != edges.level:
                edges.record(v, runloop.ticks_ms())

    def run(self):
        while True:
            self.sample()
            time.sleep(SAMPLE_S)


def _i2c(cfg):
    return busio.I2C(board.SCL, board.SDA, frequency=cfg["freq"])


class SpiPanel:
    """adafruit_ssd1306.SSD1306_SPI behind the display contract: the app draws into the driver's
    own buffer through our framebuf, and show() sends the whole frame (SPI is fast enough)."""

    def __init__(self, dev):
        self._dev = dev
        self.fb = framebuf.FrameBuffer(dev.buffer, 128, 64, framebuf.MONO_VLSB)

    def show(self):
        self._dev.show()
        return FRAME_BYTES


def _spi(cfg):
    import adafruit_ssd1306  # only for an SPI module: the I2C default needs none of it
    clock, data = SPEC["spi"][cfg["spi"]]
    bus = busio.SPI(getattr(board, "D%d" % clock), MOSI=getattr(board, "D%d" % data))
    reset = None if cfg["reset"] is None else _io(cfg["reset"])  # None: a pin clash took it
    return SpiPanel(adafruit_ssd1306.SSD1306_SPI(128, 64, bus, _io(cfg["dc"]), reset, _io(cfg["cs"])))


def build(config=None, start=True):
    sampler = Sampler()
    path = os.environ.get("LOCKDOWN_CONFIG") or os.path.expanduser("~/.config/lockdown/config.json")
    hw = assemble("raspberry_pi", SPEC, config, sampler.add, sampler.switch, _i2c, _spi, path)
    setattr(hw, "sampler", sampler)  # the Pi's own field (tests drive the sampler), not every board's
    if start and (sampler.encoders or sampler.switches):
        threading.Thread(target=sampler.run, name="inputs", daemon=True).start()
    hw.root = os.path.expanduser("~/.local/share/lockdown")
    os.makedirs(hw.root, exist_ok=True)
    return hw
