"""Encoder decoding: pin states to counts (Decoder), counts to detents (Detents).

The helpers build quadrature pin-state streams from a walk of detents, with contact bounce and
skipped states; tests/test_pio.py reuses them for hypothesis walks and the PIO program.
"""
from lockdown.dice import Xorshift
from lockdown.quadrature import MISSED, STEPS, Decoder, Detents

ORDER = (0, 1, 3, 2)  # pin states in clockwise order: A leads B


def states(counts, bounce=0, skip=()):
    """Pin states for a path of counts (consecutive counts differ by 1).

    `bounce` repeats old/new that many times before each new state settles (one contact
    chattering); a step whose index is in `skip` is not seen (a fast spin missing an edge).
    """
    out = [ORDER[counts[0] % 4]]
    for i in range(1, len(counts)):
        new = ORDER[counts[i] % 4]
        if i in skip:
            continue
        old = ORDER[counts[i - 1] % 4]
        for _ in range(bounce):
            out.append(new)
            out.append(old)
        out.append(new)
    return out


def path(moves, divisor=4, start=0):
    """Counts visited by a knob making the given detent moves (+n / -n)."""
    counts = [start]
    for m in moves:
        step = 1 if m > 0 else -1
        for _ in range(abs(m) * divisor):
            counts.append(counts[-1] + step)
    return counts


def decode(stream):
    d = Decoder(stream[0])
    for s in stream[1:]:
        d.feed(s)
    return d.value()


def detents_of(counts, divisor=4, reverse=False):
    """Feeds counts one by one; returns the list of nonzero detent reports."""
    det = Detents(divisor, reverse, counts[0])
    out = []
    for c in counts[1:]:
        n = det.update(c)
        if n:
            out.append(n)
    return out


def test_table_is_the_gray_code_both_ways():
    for i in range(4):
        a, b = ORDER[i], ORDER[(i + 1) % 4]
        assert STEPS[a << 2 | b] == 1
        assert STEPS[b << 2 | a] == -1
        assert STEPS[a << 2 | a] == 0
        assert STEPS[a << 2 | ORDER[(i + 2) % 4]] == MISSED


def test_decoder_counts_four_per_cycle_each_way():
    assert decode(states(path([1]))) == 4
    assert decode(states(path([-3]))) == -12


def test_bounce_nets_to_nothing():
    counts = path([2, -1, 3, -5])
    assert decode(states(counts, bounce=3)) == counts[-1]


def test_a_missed_state_in_a_fast_spin_still_counts():
    counts = path([5])
    assert decode(states(counts, skip=(3, 6, 11, 17))) == 20
    counts = path([-5])
    assert decode(states(counts, skip=(2, 9, 14))) == -20


def test_a_missed_state_with_no_direction_yet_is_ignored():
    d = Decoder(0)
    d.feed(3)
    assert d.value() == 0 and d.state == 3


def test_detents_divisor_4_each_way():
    assert detents_of(path([1, 1, 1])) == [1, 1, 1]
    assert detents_of(path([-2])) == [-1, -1]


def test_detents_divisor_2():
    assert detents_of(path([3, -1], divisor=2), divisor=2) == [1, 1, 1, -1]


def test_reverse_flips_the_sign():
    assert detents_of(path([2]), reverse=True) == [-1, -1]


def test_chatter_at_the_switching_point_is_one_step():
    # 3 counts past the detent moves on; bouncing around there and back to 2 is no phantom
    assert detents_of([0, 1, 2, 3, 2, 3, 2, 3, 2, 3, 4]) == [1]
    assert detents_of([0, -1, -2, -3, -2, -3, -2, -3, -4]) == [-1]


def test_a_half_turn_and_back_is_nothing():
    assert detents_of([0, 1, 2, 1, 0, -1, -2, -1, 0]) == []


def test_chatter_at_rest_is_nothing():
    assert detents_of([0, 1, 0, 1, 0, -1, 0, -1, 0]) == []


def test_a_big_jump_in_one_poll_counts_every_detent():
    det = Detents(4, False, 100)
    assert det.update(140) == 10
    assert det.update(99) == -10
    assert det.update(100) == 0


def test_no_step_lost_on_reversals():
    counts = path([3, -5, 1, -1, 4])
    assert detents_of(counts) == [1, 1, 1, -1, -1, -1, -1, -1, 1, -1, 1, 1, 1, 1]


def test_long_walk_with_bounce_does_not_drift():
    rnd = Xorshift(99)
    counts = [0]
    det = Detents(4, False, 0)
    dec = Decoder(0)
    total = 0
    for _ in range(300):
        m = rnd(1)[0] % 7 - 3
        seg = path([m], start=counts[-1]) if m else [counts[-1]]
        for s in states(seg, bounce=rnd(1)[0] % 3)[1:]:
            dec.feed(s)
            total += det.update(dec.value())
        counts.append(seg[-1])
        assert dec.value() == counts[-1]
        assert total * 4 == counts[-1]
