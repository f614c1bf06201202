"""Encoder decoding on the host: hypothesis walks through the Decoder and Detents, and the
RP2040 PIO program of boards/pio_encoder.py run in rp2040-pio-emulator on generated pins.

The PIO program is assembled by tests/fake_machine.py's rp2.asm_pio (MicroPython's encoding)
and emulated instruction by instruction; pin A is GPIO 0, B is GPIO 1 (the emulator's IN base).
"""
from collections import deque
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lockdown.quadrature import MISSED, STEPS, Decoder, Detents
from tests import fake_machine
from tests.core.test_quadrature import ORDER, path, states

moves = st.lists(st.integers(-4, 4).filter(bool), min_size=1, max_size=12)


def knob(moves_, divisor=4):
    """Counts visited and the rest counts after each move."""
    counts = path(moves_, divisor)
    rests = [0]
    for m in moves_:
        rests.append(rests[-1] + m * divisor)
    return counts, rests


# --- the pure decoders, on many random walks ------------------------------------------------

@given(moves, st.lists(st.integers(0, 3), min_size=1), st.sampled_from([2, 4]), st.booleans())
def test_decoder_and_detents_are_exact_at_every_rest(ms, bounces, divisor, reverse):
    dec, det = Decoder(0), Detents(divisor, reverse, 0)
    total = rest = 0
    for i, m in enumerate(ms):
        seg = path([m], divisor, rest)
        for s in states(seg, bounce=bounces[i % len(bounces)])[1:]:
            dec.feed(s)
            total += det.update(dec.value())
        rest = seg[-1]
        assert dec.value() == rest
        assert total == (-1 if reverse else 1) * rest // divisor


@given(st.lists(st.integers(-3, 3), min_size=1, max_size=200))
def test_detents_never_exceed_the_distance_travelled_and_settle_exactly(jitter):
    """Any wobble of the count (bounce anywhere, back and forth): no phantom steps, no drift."""
    det = Detents(4, False, 0)
    total = c = 0
    for j in jitter:
        c += j
        total += det.update(c)
        assert abs(total * 4 - c) < 4
    total += det.update(4 * round(c / 4))
    assert total * 4 == 4 * round(c / 4)


@st.composite
def fast_spin(draw):
    """A one-way spin with some states missed (never two in a row, never the first step)."""
    n = draw(st.integers(1, 10)) * draw(st.sampled_from([1, -1]))
    counts = path([n])
    skip = set()
    for i in range(2, len(counts) - 1):
        if i - 1 not in skip and draw(st.booleans()):
            skip.add(i)
    return counts, skip


@given(fast_spin())
def test_missed_states_in_a_fast_spin_are_counted(spin):
    counts, skip = spin
    s = states(counts, skip=skip)
    dec = Decoder(s[0])
    for x in s[1:]:
        dec.feed(x)
    assert dec.value() == counts[-1]


# --- the PIO program ------------------------------------------------------------------------

@pytest.fixture
def pio(monkeypatch):
    fake_machine.install(monkeypatch)
    from boards import pio_encoder
    return pio_encoder


def assemble(body):
    return fake_machine.Program(body, {}).instructions


def test_program_fills_pio_memory_so_it_loads_at_address_0(pio):
    assert len(pio.quadrature.instructions) == 32


def test_jump_table_is_the_steps_table(pio):
    prog = pio.quadrature
    target = {1: prog.labels["increment"], -1: prog.labels["decrement"],
              0: prog.labels["update"], MISSED: prog.labels["update"]}
    assert [op & 31 for op in prog.instructions[:16]] == [target[s] for s in STEPS]
    assert all(op >> 5 == 0 for op in prog.instructions[:16])  # unconditional jumps


class Chip:
    """One state machine in the emulator, started the way PioEncoder starts it."""

    def __init__(self, prog, bias):
        import pioemu
        self.pioemu, self.prog, self.pins = pioemu, prog, 0
        # sm.put(BIAS); sm.exec("pull()"); sm.exec("mov(y, osr)")
        init = assemble(lambda: (pull(), mov(y, osr)))  # noqa: F821
        state = pioemu.State(transmit_fifo=deque([bias]))
        for _, state in pioemu.emulate(init, stop_when=lambda op, s: s.clock >= 2,
                                       initial_state=state):
            pass
        self.state = replace(state, program_counter=0, clock=0)

    def hold(self, pins, cycles):
        """Drives the pins for `cycles` clocks."""
        self.pins = pins
        end = self.state.clock + cycles
        for _, self.state in self.pioemu.emulate(
                self.prog.instructions, initial_state=self.state,
                stop_when=lambda op, s: s.clock >= end, input_source=self._input,
                shift_isr_right=False, shift_osr_right=True,
                wrap_target=self.prog.wrap_target, wrap_top=self.prog.wrap):
            pass

    def _input(self, clock: int) -> int:  # the emulator reads the type hint
        return self.pins

    def read(self):
        """What PioEncoder.value() gets: the FIFO drained, then the next push."""
        self.state = replace(self.state, receive_fifo=deque())
        self.hold(self.pins, 12)
        return self.state.receive_fifo[0]


def test_pio_counts_each_way(pio):
    pytest.importorskip("pioemu")
    chip = Chip(pio.quadrature, pio.BIAS)
    chip.hold(0, 20)
    assert chip.read() == pio.BIAS
    for c in range(1, 9):
        chip.hold(ORDER[c % 4], 15)
    assert chip.read() - pio.BIAS == 8
    for c in range(7, -5, -1):
        chip.hold(ORDER[c % 4], 15)
    assert chip.read() - pio.BIAS == -4


def test_pio_starting_at_rest_with_both_pins_high_counts_nothing(pio):
    pytest.importorskip("pioemu")
    chip = Chip(pio.quadrature, pio.BIAS)
    chip.hold(3, 40)
    assert chip.read() == pio.BIAS


@settings(max_examples=15, deadline=None)
@given(moves, st.lists(st.integers(1, 9), min_size=1, max_size=8))
def test_pio_walk_with_bounce_is_exact_at_every_rest(ms, bounce_clocks):
    """Each step: the new state, then bounce back and forth for a few clocks, then it settles."""
    pioemu = pytest.importorskip("pioemu")  # noqa: F841
    mp = pytest.MonkeyPatch()
    try:
        fake_machine.install(mp)
        from boards import pio_encoder as pio
        chip = Chip(pio.quadrature, pio.BIAS)
        det = Detents(4, False, 0)
        total = rest = k = 0
        for m in ms:
            seg = path([m], 4, rest)
            for i in range(1, len(seg)):
                old, new = ORDER[seg[i - 1] % 4], ORDER[seg[i] % 4]
                for _ in range(2):
                    chip.hold(new, bounce_clocks[k % len(bounce_clocks)])
                    chip.hold(old, bounce_clocks[(k + 1) % len(bounce_clocks)])
                    k += 1
                chip.hold(new, 14)
                total += det.update(chip.read() - pio.BIAS)
            rest = seg[-1]
            assert chip.read() - pio.BIAS == rest
            assert total * 4 == rest
    finally:
        mp.undo()


def test_pio_encoder_reads_the_freshest_count_and_removes_the_bias(pio):
    from machine import Pin
    enc = pio.PioEncoder(0, Pin(6, Pin.IN, Pin.PULL_UP))
    sm = fake_machine.StateMachine.made[0]
    assert sm.running and sm.execs == ["pull()", "mov(y, osr)"] and sm.fifo == [("tx", pio.BIAS)]
    assert sm.in_base.id == 6
    sm.count = -5
    assert enc.value() == -5
