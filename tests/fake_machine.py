"""Fake `machine`, `rp2` and `esp32` modules, so board modules import and build on CPython.

install() puts them in sys.modules (pytest's monkeypatch undoes it), with `time.ticks_ms` (and
the loop's CPython stand-in, which the Raspberry Pi's sampler reads) on the settable `TICKS`, so
the interrupt handlers note the test's time. Pins keep a level that a test sets; I2C answers at the addresses in `devices`; `rp2.asm_pio` really assembles, the way
MicroPython's rp2 module does, so tests can run the PIO program in an emulator.
"""
import sys
import types

# --- machine -----------------------------------------------------------------------------


class Ticks:
    """time.ticks_ms for the fakes: the ms a test sets."""

    def __init__(self):
        self.t = 0

    def __call__(self):
        return self.t


TICKS = Ticks()


class Pin:
    IN, OUT, OPEN_DRAIN = 0, 1, 2
    PULL_UP, PULL_DOWN = 1, 2
    IRQ_FALLING, IRQ_RISING = 4, 8
    refused = set()  # pin numbers the "port" rejects, as a real port rejects a flash pin
    made = {}

    def __init__(self, id, mode=-1, pull=-1, value=None):
        if id in Pin.refused:
            raise ValueError("invalid pin")
        self.id, self.mode, self.pull = id, mode, pull
        self.level = 1 if pull == Pin.PULL_UP else 0
        self.handler = None
        self.trigger = 0
        self.hard = False
        Pin.made[id] = self

    def value(self, v=None):
        if v is None:
            return self.level
        self.level = v

    __call__ = value

    def irq(self, handler=None, trigger=0, hard=False):
        self.handler, self.trigger, self.hard = handler, trigger, hard

    def set(self, level):
        """Test side: drive the pin; fires the interrupt handler like an edge would."""
        changed = level != self.level
        self.level = level
        if changed and self.handler:
            self.handler(self)


class I2C:
    devices = {0x3C}  # addresses that answer
    made = []

    def __init__(self, id, scl=None, sda=None, freq=400000):
        self.id, self.scl, self.sda, self.freq = id, scl, sda, freq
        self.writes = []
        I2C.made.append(self)

    def writeto(self, addr, buf, stop=True):
        if addr not in I2C.devices:
            raise OSError(19)  # ENODEV, as a bus with nobody answering
        self.writes.append((addr, bytes(buf)))
        return 1

    def scan(self):
        return sorted(I2C.devices)


class WDT:
    def __init__(self, id=0, timeout=5000):
        self.timeout = timeout
        self.fed = 0

    def feed(self):
        self.fed += 1


class Encoder:
    """ESP32 machine.Encoder (PCNT): a count the test sets."""

    def __init__(self, id, phase_a=None, phase_b=None, **kw):
        self.id, self.phase_a, self.phase_b, self.kw = id, phase_a, phase_b, kw
        self.count = 0

    def value(self, v=None):
        if v is not None:
            self.count = v
        return self.count


# --- rp2 ---------------------------------------------------------------------------------

_COND = {None: 0, "not_x": 1, "x_dec": 2, "not_y": 3, "y_dec": 4, "x_not_y": 5, "pin": 6, "not_osre": 7}
_SRC = {"pins": 0, "x": 1, "y": 2, "null": 3, "pindirs": 4, "pc": 5, "status": 5, "isr": 6, "osr": 7}


class _Inv(str):
    """invert(y) in mov()."""


class Program:
    def __init__(self, fn, settings):
        self.instructions, self.labels, self.fixups = [], {}, []
        self.wrap_target, self.wrap = 0, None
        self.settings = settings
        a = self._asm()
        types.FunctionType(fn.__code__, a)()
        for at, name in self.fixups:
            self.instructions[at] |= self.labels[name]
        if self.wrap is None:
            self.wrap = len(self.instructions) - 1

    def _asm(self):
        ins = self.instructions

        def jmp(cond, label=None):
            if label is None:
                cond, label = None, cond
            self.fixups.append((len(ins), label))
            ins.append(0x0000 | _COND[cond] << 5)

        def mov(dest, src):
            op = 1 if isinstance(src, _Inv) else 0
            dest_code = {"pins": 0, "x": 1, "y": 2, "exec": 4, "pc": 5, "isr": 6, "osr": 7}[dest]
            ins.append(0xA000 | dest_code << 5 | op << 3 | _SRC[str(src)])

        def in_(src, n):
            ins.append(0x4000 | _SRC[src] << 5 | (n & 31))

        def out(dest, n):
            dest_code = {"pins": 0, "x": 1, "y": 2, "null": 3, "pindirs": 4, "pc": 5, "isr": 6, "exec": 7}[dest]
            ins.append(0x6000 | dest_code << 5 | (n & 31))

        def push(block=0x20):
            ins.append(0x8000 | block)

        def pull(block=0x20):
            ins.append(0x8080 | block)

        def label(name):
            self.labels[name] = len(ins)

        def wrap_target():
            self.wrap_target = len(ins)

        def wrap():
            self.wrap = len(ins) - 1

        names = dict(jmp=jmp, mov=mov, in_=in_, out=out, push=push, pull=pull, label=label,
                     wrap_target=wrap_target, wrap=wrap, nop=lambda: mov("y", "y"),
                     invert=_Inv, block=0x20, noblock=0x00)
        names.update({k: k for k in _COND if k} | {k: k for k in _SRC})
        return names


class PIO:
    SHIFT_LEFT, SHIFT_RIGHT = 0, 1
    IN_LOW, IN_HIGH, OUT_LOW, OUT_HIGH = 0, 1, 2, 3


def asm_pio(**settings):
    return lambda fn: Program(fn, settings)


class StateMachine:
    refused = set()  # state machine ids whose program load fails (PIO memory taken)
    made = {}

    def __init__(self, id, program, freq=-1, in_base=None, **kw):
        if id in StateMachine.refused:
            raise OSError(12)  # ENOMEM, as when PIO instruction memory is full
        self.id, self.program, self.in_base, self.kw = id, program, in_base, kw
        self.fifo, self.execs, self.running = [], [], False
        self.count = 0  # what the program would push: tests set it
        StateMachine.made[id] = self

    def put(self, v):
        self.fifo.append(("tx", v))

    def exec(self, instr):
        self.execs.append(instr)

    def active(self, v=None):
        if v is not None:
            self.running = bool(v)
        return self.running

    def rx_fifo(self):
        return 3  # stale entries waiting

    def get(self):
        return (self.count + (1 << 29)) & 0xFFFFFFFF


# --- Adafruit Blinka (board, busio, digitalio) and adafruit_ssd1306 on a Raspberry Pi --------


class DigitalInOut:
    made = {}

    def __init__(self, pin):
        if pin in Pin.refused:
            raise ValueError("GPIO%d is busy" % pin)
        self.pin, self.direction, self.pull, self.value = pin, None, None, True
        DigitalInOut.made[pin] = self

    def switch_to_output(self, value=False):
        self.direction, self.value = "output", value


class SPI:
    """busio.SPI: the clock and data pins it was opened on, and every write (bytes)."""
    made = []

    def __init__(self, clock, MOSI=None, MISO=None):
        self.clock, self.mosi, self.miso = clock, MOSI, MISO
        self.writes = []
        SPI.made.append(self)

    def try_lock(self):
        return True

    def unlock(self):
        pass

    def configure(self, baudrate=100000, polarity=0, phase=0, bits=8):
        self.baudrate = baudrate

    def write(self, buf, start=0, end=None):
        self.writes.append(bytes(buf[start:end]))


class SSD1306_SPI:
    """adafruit_ssd1306.SSD1306_SPI as the board uses it: its buffer, and the frames show() sent."""
    made = []

    def __init__(self, width, height, spi, dc, reset, cs, **kw):
        self.width, self.height, self.spi, self.dc, self.reset, self.cs = width, height, spi, dc, reset, cs
        self.buffer = bytearray(width * height // 8)
        self.frames = []
        SSD1306_SPI.made.append(self)

    def show(self):
        self.frames.append(bytes(self.buffer))


def adafruit_modules():
    """A fake adafruit_ssd1306 (the real one is only in the `pi` extra)."""
    SSD1306_SPI.made = []
    mod = types.ModuleType("adafruit_ssd1306")
    mod.SSD1306_SPI = SSD1306_SPI
    return {"adafruit_ssd1306": mod}


def blinka_modules():
    DigitalInOut.made, SPI.made = {}, []
    board = types.ModuleType("board")
    for n in range(28):
        setattr(board, "D%d" % n, n)
    board.SDA, board.SCL = 2, 3
    busio = types.ModuleType("busio")
    busio.I2C = lambda scl, sda, frequency=100000: I2C(1, scl, sda, frequency)
    busio.SPI = SPI
    digitalio = types.ModuleType("digitalio")
    digitalio.DigitalInOut = DigitalInOut
    digitalio.Direction = types.SimpleNamespace(INPUT="input", OUTPUT="output")
    digitalio.Pull = types.SimpleNamespace(UP="up", DOWN="down")
    return {"board": board, "busio": busio, "digitalio": digitalio}


# --- install -----------------------------------------------------------------------------


def modules(encoder=True):
    """Fresh fake modules; encoder=False is a port without machine.Encoder."""
    Pin.made, I2C.made, StateMachine.made = {}, [], {}
    Pin.refused, StateMachine.refused, I2C.devices = set(), set(), {0x3C}
    machine = types.ModuleType("machine")
    for cls in (Pin, I2C, WDT) + ((Encoder,) if encoder else ()):
        setattr(machine, cls.__name__, cls)
    machine.SoftI2C = I2C
    machine.reset = lambda: None
    rp2 = types.ModuleType("rp2")
    rp2.PIO, rp2.StateMachine, rp2.asm_pio = PIO, StateMachine, asm_pio
    esp32 = types.ModuleType("esp32")
    return {"machine": machine, "rp2": rp2, "esp32": esp32}


def install(monkeypatch, encoder=True):
    """Injects the fakes for one test and forgets board modules imported with other fakes."""
    import time

    import lockdown.runloop
    mods = modules(encoder)
    mods.update(blinka_modules())
    for name, mod in mods.items():
        monkeypatch.setitem(sys.modules, name, mod)
    TICKS.t = 0
    monkeypatch.setattr(time, "ticks_ms", TICKS, raising=False)
    monkeypatch.setattr(lockdown.runloop, "ticks_ms", TICKS)
    for name in list(sys.modules):
        if name.startswith("boards"):
            monkeypatch.delitem(sys.modules, name)
    return sys.modules["machine"]
