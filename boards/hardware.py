"""What a board hands the run loop, and the steps every board builds it with.

A part that fails (no display answering, a pin the port refuses) becomes a message in
`problems`, logged to the console, and the rest keeps working: the app can show the list.
"""
import os
import sys

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
        self.soft_reset = None  # restarts MicroPython with a clean heap (a game switch), or None
        self.log = log
        self.problems = []

    def problem(self, msg):
        self.problems.append(msg)
        self.log(msg)


def assemble(board, spec, config, encoder, switch, i2c=None, spi=None, path="/config.json"):
    """The steps every board takes: config, display, inputs; the Hardware for the board to finish.

    The board supplies `encoder(index, [a, b])` -> a running count with .value() and
    `switch(pin)` -> a level source. `i2c(cfg)` -> the display's bus with writeto; None is a
    MicroPython port: machine.I2C on the configured pins, and machine's reset and watchdog.
    `spi(cfg)` -> an SPI display (.fb, .show()), on a board whose SPEC has "spi".
    """
    from boards.config import load, wiring
    hw = Hardware(board)
    cfg = load(spec, config, path, hw.problem)
    bus, where = wiring(spec, cfg)
    _forget("boards.config")  # needed only until here: its RAM comes back for the game
    port = None
    if i2c is None:
        import machine as port
        i2c = _machine_i2c
    if bus == "spi":
        hw.display = _opened(hw, cfg["display"] + " on " + where, spi, cfg)
    elif bus:
        hw.display = open_display(hw, _opened(hw, where, i2c, cfg), cfg, where)
    hw.inputs = open_inputs(hw, cfg, encoder, switch)
    if port:
        hw.reset = port.reset
        hw.soft_reset = getattr(port, "soft_reset", None)  # machine.soft_reset: MicroPython 1.20 on
        if cfg["wdt_ms"]:
            hw.wdt = port.WDT(timeout=cfg["wdt_ms"])
    return hw


def _forget(name):
    sys.modules.pop(name, None)
    try:
        delattr(sys.modules["boards"], name.rpartition(".")[2])
    except (KeyError, AttributeError):
        pass


def _machine_i2c(cfg):
    from machine import I2C, Pin
    return I2C(cfg["i2c"], sda=Pin(cfg["sda"]), scl=Pin(cfg["scl"]), freq=cfg["freq"])


def _opened(hw, where, make, cfg):
    """make(cfg), or None and a problem naming `where` when the port or the driver refuses."""
    try:
        return make(cfg)
    except Exception as e:  # no display, the rest runs
        hw.problem("%s: %s" % (where, e))
        return None


def open_display(hw, i2c, cfg, where):
    """The configured I2C display on `i2c`, or None (and a problem) when none answers there."""
    if i2c is None:
        return None
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
