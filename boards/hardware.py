"""What a board hands the run loop, and the steps every board builds it with.

A part that fails (no display answering, a pin the port refuses) becomes a message in
`problems`, logged to the console, and the rest keeps working: the app can show the list.
"""
import os

from boards.config import load
from lockdown.inputs import Inputs

KNOBS = ("alarm", "prox")  # config keys, index = events.ALARM, PROX
SWITCHES = ("alarm_sw", "prox_sw", "go")  # index = events.ALARM, PROX, GO


def log(msg):
    print("lockdown:", msg)


class Hardware:
    def __init__(self, board, log=log):
        self.board = board  # the board's name, for messages
        self.display = None  # .fb and .show(), or None
        self.inputs = Inputs()  # .poll(app, now_ms); no controls until the board adds them
        self.entropy = os.urandom  # n -> n random bytes
        self.root = "/"  # folder for save files
        self.wdt = None  # .feed(), or None
        self.reset = None  # restarts the board (machine.reset), or None
        self.log = log
        self.problems = []

    def problem(self, msg):
        self.problems.append(msg)
        self.log(msg)


def assemble(board, spec, config, i2c, encoder, switch, path="/config.json"):
    """The steps every board takes: config, display, inputs. Returns (hw, validated config).

    The board supplies `i2c(cfg)` -> a bus with writeto, `encoder(index, [a, b])` -> a running
    count with .value(), `switch(pin)` -> a level source; the board fills in the rest of hw.
    """
    hw = Hardware(board)
    cfg = load(spec, config, path, hw.problem)
    if cfg["sda"] is not None:
        where = "I2C%d (SDA %s, SCL %s)" % (cfg["i2c"], spec["pin"] % cfg["sda"], spec["pin"] % cfg["scl"])
        try:
            hw.display = open_display(hw, i2c(cfg), cfg, where)
        except Exception as e:  # the port refused the bus
            hw.problem("%s: %s" % (where, e))
    hw.inputs = open_inputs(hw, cfg, encoder, switch)
    return hw, cfg


def open_display(hw, i2c, cfg, where):
    """The configured display on `i2c`, or None (and a problem) when none answers there."""
    from lockdown import oled
    addr = cfg["addr"]
    try:
        if oled.probe(i2c, addr):
            cls = oled.SH1106 if cfg["display"] == "sh1106" else oled.SSD1306
            return cls(i2c, addr)
        hw.problem("no display answers at 0x%02X on %s" % (addr, where))
    except Exception as e:  # a bus error must not stop the device
        hw.problem("display at 0x%02X on %s: %s" % (addr, where, e))
    return None


def open_inputs(hw, cfg, encoder, switch):
    """Inputs from the board's `encoder(index, [a, b])` and `switch(pin)`; a part that fails is left out."""
    encoders = [_part(hw, key, cfg[key], encoder, i) for i, key in enumerate(KNOBS)]
    switches = [_part(hw, key, cfg[key], switch) for key in SWITCHES]
    return Inputs(encoders, switches, cfg["divisor"], (cfg["alarm_reverse"], cfg["prox_reverse"]))


def _part(hw, key, pins, make, *index):
    if pins is None:
        return None
    try:
        return make(*(index + (pins,)))
    except Exception as e:
        hw.problem("%s on %s: %s" % (key, pins, e))
        return None
