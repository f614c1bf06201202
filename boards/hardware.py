"""The steps every board builds its Hardware (boards/hw.py) with; forgotten once it is built.

A part that fails (no display answering, a pin the port refuses) becomes a message in
`problems`, logged to the console, and the rest keeps working: the app can show the list.
"""
from boards.hw import Hardware, log  # noqa: F401  (log: for the board modules)
from lockdown.inputs import Inputs

KNOBS = ("alarm", "prox")  # config keys, index = events.ALARM, PROX
SWITCHES = ("alarm_sw", "prox_sw", "go")  # index = events.ALARM, PROX, GO


def assemble(board, spec, config, encoder, switch, i2c=None, spi=None, path="/config.json"):
    """The steps every board takes: config, display, inputs; the Hardware for the board to finish.

    The board supplies `encoder(index, [a, b])` -> a running count with .value() and
    `switch(pin)` -> a level source. `i2c(cfg)` -> the display's bus with writeto; None is a
    MicroPython port: machine.I2C on the configured pins, and machine's reset and watchdog.
    `spi(cfg)` -> an SPI display (.fb, .show()), on a board whose SPEC has "spi".
    """
    from boards import forget
    from boards.config import load, wiring
    hw = Hardware(board)
    cfg = load(spec, config, path, hw.problem)
    bus, where = wiring(spec, cfg)
    forget("boards.config")  # needed only until here: its RAM comes back for the game
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


def probe(i2c, addr=0x3C):
    """True if a device ACKs `addr` (an empty write, as i2c.scan() does it)."""
    try:
        i2c.writeto(addr, b"")
        return True
    except OSError:
        return False


def open_display(hw, i2c, cfg, where):
    """The configured I2C display on `i2c`, or None (and a problem) when none answers there."""
    if i2c is None:
        return None
    from lockdown import oled
    addr = cfg["addr"]
    try:
        if probe(i2c, addr):
            if cfg["display"] == "sh1106":
                from lockdown.sh1106 import SH1106
                return SH1106(i2c, addr)
            return oled.SSD1306(i2c, addr)
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
