"""boards/pio_encoder.py's PIO program checked against the RP2040 datasheet's instruction encoding
(section 3.4, "Instructions"), independently of tests/fake_machine.py's copy of the assembler.

tests/test_pio.py runs the program as fake_machine's rp2.asm_pio assembles it: a mistake in that
copy (a wrong opcode, operand or label) would be run by the emulator as the program, and could
hide a mistake in the program. Here the expected machine words are written out by hand from the
datasheet's bit layout, the program is assembled a second time by a small encoder written from
the datasheet (and run the way MicroPython's rp2.asm_pio runs a program: its body sees the PIO
names only, two passes so labels can come later), and both must give the same 32 words, the same
wrap and the same shift and side-set configuration, and so must fake_machine's copy.

The datasheet's layout (16-bit words; bits 12:8 are delay and side-set in every instruction):
    bits 15:13  opcode: JMP 000, WAIT 001, IN 010, OUT 011, PUSH/PULL 100, MOV 101, IRQ 110, SET 111
    JMP   7:5 condition (always 000, !X 001, X-- 010, !Y 011, Y-- 100, X!=Y 101, PIN 110, !OSRE 111), 4:0 address
    IN    7:5 source (PINS 000, X 001, Y 010, NULL 011, ISR 110, OSR 111), 4:0 bit count (32 is 00000)
    OUT   7:5 destination (PINS 000, X 001, Y 010, NULL 011, PINDIRS 100, PC 101, ISR 110, EXEC 111), 4:0 bit count
    PUSH  bit 7 = 0, bit 6 IfFull, bit 5 Block, 4:0 zero      PULL  bit 7 = 1, bit 6 IfEmpty, bit 5 Block
    MOV   7:5 destination (PINS 000, X 001, Y 010, EXEC 100, PC 101, ISR 110, OSR 111),
          4:3 operation (none 00, invert 01, bit-reverse 10), 2:0 source (PINS 000, X 001, Y 010,
          NULL 011, STATUS 101, ISR 110, OSR 111)
    NOP   is MOV Y, Y (0xA042), as the SDK's and MicroPython's assemblers write it.
The state machine's registers the program sets (MicroPython's asm_pio returns them with the words):
    EXECCTRL  bit 30 SIDE_EN (optional side-set), bit 29 SIDE_PINDIR, 16:12 WRAP_TOP, 11:7 WRAP_BOTTOM
    SHIFTCTRL bit 31/30 FJOIN_RX/TX, 29:25 PULL_THRESH, 24:20 PUSH_THRESH (32 is 0), bit 19
              OUT_SHIFTDIR (1 = right), bit 18 IN_SHIFTDIR (1 = right), bit 17 AUTOPULL, bit 16 AUTOPUSH
    PINCTRL   SIDESET_COUNT: the side-set bits taken from 12:8 (0 here: all five are delay).
"""
import sys
import types

import pytest

from tests import fake_machine

# The program, word by word, from the datasheet's layout (opcode | fields | address).
UPDATE, DECREMENT, INCREMENT, INCREMENT_Y = 17, 16, 23, 25
JMP = 0b000 << 13
IN = 0b010 << 13
OUT = 0b011 << 13
PUSH = 0b100 << 13 | 0 << 7
PULL = 0b100 << 13 | 1 << 7
MOV = 0b101 << 13
Y_DEC = 0b100 << 5  # JMP condition
PINS, Y, ISR, OSR = 0b000, 0b010, 0b110, 0b111  # sources (IN, MOV)
MOV_Y, MOV_PC, MOV_ISR, MOV_OSR = 0b010 << 5, 0b101 << 5, 0b110 << 5, 0b111 << 5  # MOV destinations
OUT_ISR = 0b110 << 5
INVERT = 0b01 << 3
BLOCK = 1 << 5

TABLE = [UPDATE, INCREMENT, DECREMENT, UPDATE, DECREMENT, UPDATE, UPDATE, INCREMENT,
         INCREMENT, UPDATE, UPDATE, DECREMENT, UPDATE, DECREMENT, INCREMENT, UPDATE]
WORDS = [JMP | a for a in TABLE] + [
    JMP | Y_DEC | UPDATE,  # 16 decrement: jmp(y_dec, "update")
    MOV | MOV_ISR | Y,  # 17 update (wrap target): mov(isr, y)
    PUSH,  # 18 push(noblock): Block = 0
    OUT | OUT_ISR | 2,  # 19 out(isr, 2)
    IN | PINS << 5 | 2,  # 20 in_(pins, 2)
    MOV | MOV_OSR | ISR,  # 21 mov(osr, isr)
    MOV | MOV_PC | ISR,  # 22 mov(pc, isr)
    MOV | MOV_Y | INVERT | Y,  # 23 increment: mov(y, invert(y))
    JMP | Y_DEC | INCREMENT_Y,  # 24 jmp(y_dec, "increment_y")
    MOV | MOV_Y | INVERT | Y,  # 25 increment_y: mov(y, invert(y)); wrap()
] + [0xA042] * 6  # 26-31 nop()
HEX = [  # the same words in hex, as a PIO disassembly lists them
    0x0011, 0x0017, 0x0010, 0x0011, 0x0010, 0x0011, 0x0011, 0x0017,
    0x0017, 0x0011, 0x0011, 0x0010, 0x0011, 0x0010, 0x0017, 0x0011,
    0x0091, 0xA0C2, 0x8000, 0x60C2, 0x4002, 0xA0E6, 0xA0A6, 0xA04A,
    0x0099, 0xA04A, 0xA042, 0xA042, 0xA042, 0xA042, 0xA042, 0xA042,
]
WRAP_TARGET, WRAP = UPDATE, INCREMENT_Y
EXECCTRL = WRAP << 12 | WRAP_TARGET << 7  # no side-set: SIDE_EN and SIDE_PINDIR 0
SHIFTCTRL = 1 << 19  # OUT shifts right, IN left; thresholds 32 (0); no autopush/pull; no join
# PioEncoder's sm.exec() strings: pull() blocks; mov(y, osr)
EXEC_WORDS = {"pull()": PULL | BLOCK, "mov(y, osr)": MOV | MOV_Y | OSR}


class Datasheet:
    """A PIO encoder written from the datasheet's tables (not from fake_machine's copy), used the
    way MicroPython's rp2.asm_pio is: the decorated body is run twice (labels, then words) in a
    namespace holding only the PIO names, and the result holds EXECCTRL and SHIFTCTRL."""

    SHIFT_LEFT, SHIFT_RIGHT = 0, 1
    SOURCES = {"pins": 0, "x": 1, "y": 2, "null": 3, "status": 5, "isr": 6, "osr": 7}
    MOV_DEST = {"pins": 0, "x": 1, "y": 2, "exec": 4, "pc": 5, "isr": 6, "osr": 7}
    OUT_DEST = {"pins": 0, "x": 1, "y": 2, "null": 3, "pindirs": 4, "pc": 5, "isr": 6, "exec": 7}
    IN_SRC = {"pins": 0, "x": 1, "y": 2, "null": 3, "isr": 6, "osr": 7}
    CONDITIONS = {"not_x": 1, "x_dec": 2, "not_y": 3, "y_dec": 4, "x_not_y": 5, "pin": 6, "not_osre": 7}

    def __init__(self, in_shiftdir=0, out_shiftdir=0, autopush=False, autopull=False,
                 push_thresh=32, pull_thresh=32, **unused):
        assert not unused, unused  # side-set, pins, FIFO join: not used by this program
        self.shiftctrl = ((pull_thresh & 31) << 25 | (push_thresh & 31) << 20 | out_shiftdir << 19
                          | in_shiftdir << 18 | autopull << 17 | autopush << 16)
        self.wrap_target = 0
        self.wrap = None

    def assemble(self, fn):
        self.labels = {}
        for self.pass_ in (0, 1):
            self.words = []
            fn_ = types.FunctionType(fn.__code__, self.namespace())
            fn_()
        if self.wrap is None:
            self.wrap = len(self.words) - 1
        self.execctrl = self.wrap << 12 | self.wrap_target << 7
        return self

    def namespace(self):
        names = {name: name for name in set(self.SOURCES) | set(self.OUT_DEST) | set(self.CONDITIONS)}
        names.update(invert=lambda src: ("invert", src), noblock="noblock", block="block")
        for name in ("jmp", "in_", "out", "push", "pull", "mov", "nop", "label", "wrap_target", "wrap"):
            names[name] = getattr(self, "_" + name.rstrip("_"))
        return names

    def _emit(self, word):
        self.words.append(word)

    def _label(self, name):
        if self.pass_ == 0:
            assert name not in self.labels, "label %s twice" % name
            self.labels[name] = len(self.words)

    def _wrap_target(self):
        self.wrap_target = len(self.words)

    def _wrap(self):
        self.wrap = len(self.words) - 1

    def _jmp(self, cond, label=None):
        if label is None:
            cond, label = None, cond
        address = self.labels[label] if self.pass_ else 0
        assert 0 <= address < 32
        self._emit(0b000 << 13 | (self.CONDITIONS[cond] if cond else 0) << 5 | address)

    def _in(self, src, bits):
        assert 1 <= bits <= 32
        self._emit(0b010 << 13 | self.IN_SRC[src] << 5 | bits % 32)

    def _out(self, dest, bits):
        assert 1 <= bits <= 32
        self._emit(0b011 << 13 | self.OUT_DEST[dest] << 5 | bits % 32)

    def _push(self, how="block"):
        self._emit(0b100 << 13 | 0 << 7 | (how == "block") << 5)

    def _pull(self, how="block"):
        self._emit(0b100 << 13 | 1 << 7 | (how == "block") << 5)

    def _mov(self, dest, src):
        op, src = src if isinstance(src, tuple) else (None, src)
        self._emit(0b101 << 13 | self.MOV_DEST[dest] << 5 | (op == "invert") << 3 | self.SOURCES[src])

    def _nop(self):
        self._mov("y", "y")


def load_program(monkeypatch, asm_pio, PIO):
    """Imports boards/pio_encoder.py with an rp2 module whose asm_pio is the one given."""
    rp2 = types.ModuleType("rp2")
    rp2.asm_pio, rp2.PIO = asm_pio, PIO
    monkeypatch.setitem(sys.modules, "rp2", rp2)
    monkeypatch.delitem(sys.modules, "boards.pio_encoder", raising=False)
    import boards.pio_encoder
    monkeypatch.delitem(sys.modules, "boards.pio_encoder")
    return boards.pio_encoder


@pytest.fixture
def datasheet_program(monkeypatch):
    return load_program(monkeypatch, lambda **kw: Datasheet(**kw).assemble, Datasheet).quadrature


@pytest.fixture
def copy_program(monkeypatch):
    fake_machine.install(monkeypatch)
    return load_program(monkeypatch, fake_machine.asm_pio, fake_machine.PIO).quadrature


def test_the_hand_encoded_words_are_the_hex_listing():
    assert WORDS == HEX
    assert all(0 <= w < 1 << 16 and w >> 8 & 31 == 0 for w in WORDS)  # no delay, no side-set


def test_each_instruction_encodes_as_the_datasheet_says():
    asm = Datasheet()
    asm.labels = {"here": 5}
    asm.pass_ = 1
    for call, want in [
            (lambda: asm._jmp("here"), 0x0005),
            (lambda: asm._jmp("y_dec", "here"), 0b000_00000_100_00101),
            (lambda: asm._jmp("not_x", "here"), 0b000_00000_001_00101),
            (lambda: asm._in("pins", 2), 0b010_00000_000_00010),
            (lambda: asm._in("x", 32), 0b010_00000_001_00000),
            (lambda: asm._out("isr", 2), 0b011_00000_110_00010),
            (lambda: asm._push("noblock"), 0b100_00000_0_0_0_00000),
            (lambda: asm._push(), 0b100_00000_0_0_1_00000),
            (lambda: asm._pull(), 0b100_00000_1_0_1_00000),
            (lambda: asm._mov("isr", "y"), 0b101_00000_110_00_010),
            (lambda: asm._mov("osr", "isr"), 0b101_00000_111_00_110),
            (lambda: asm._mov("pc", "isr"), 0b101_00000_101_00_110),
            (lambda: asm._mov("y", ("invert", "y")), 0b101_00000_010_01_010),
            (lambda: asm._mov("y", "osr"), 0b101_00000_010_00_111),
            (lambda: asm._nop(), 0xA042)]:
        asm.words = []
        call()
        assert asm.words == [want]


def test_the_program_assembles_to_the_hand_encoded_words(datasheet_program):
    prog = datasheet_program
    assert prog.words == WORDS
    assert prog.labels == {"decrement": DECREMENT, "update": UPDATE, "increment": INCREMENT,
                           "increment_y": INCREMENT_Y}
    assert (prog.wrap_target, prog.wrap) == (WRAP_TARGET, WRAP)
    assert prog.execctrl == EXECCTRL
    assert prog.shiftctrl == SHIFTCTRL


def test_the_assembler_copy_gives_the_same_program(copy_program):
    prog = copy_program
    assert prog.instructions == WORDS
    assert (prog.wrap_target, prog.wrap) == (WRAP_TARGET, WRAP)
    s = prog.settings
    # the copy keeps the settings as given: they must be the datasheet's SHIFTCTRL above
    shiftctrl = s.get("out_shiftdir", 0) << 19 | s.get("in_shiftdir", 0) << 18
    assert shiftctrl == SHIFTCTRL and not set(s) - {"in_shiftdir", "out_shiftdir"}
    assert (fake_machine.PIO.SHIFT_LEFT, fake_machine.PIO.SHIFT_RIGHT) == (0, 1)


def test_the_exec_strings_encode_as_the_datasheet_says():
    """PioEncoder primes Y with sm.exec("pull()") and sm.exec("mov(y, osr)"); the real rp2 encodes
    those strings itself, so check our reading of them and the copy's (test_pio.py runs it)."""
    asm = Datasheet()
    asm.pass_ = 1
    for text, want in EXEC_WORDS.items():
        asm.words = []
        eval(text, asm.namespace())
        assert asm.words == [want], text
    copy = fake_machine.Program(lambda: (pull(), mov(y, osr)), {}).instructions  # noqa: F821
    assert copy == list(EXEC_WORDS.values())

