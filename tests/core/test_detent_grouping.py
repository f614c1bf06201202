"""Same knob, same result: turn(k, a) then turn(k, b) leaves the same state and frame as
turn(k, a + b) when a and b have the same sign, on every screen a script can reach (the golden
states), on CPython and on MicroPython. A board's poll hands the app whatever detents arrived
since the last pass, so a slow turn and a fast spin must not differ.
"""
from host_sim.runner import Sim
from lockdown.events import ALARM, PROX
from tools import golden


class _Rand:
    """A tiny LCG: the same sequences on every runtime."""

    def __init__(self, seed):
        self.x = seed * 2654435761 + 1

    def below(self, n):
        self.x = (self.x * 1103515245 + 12345) & 0x7FFFFFFF
        return (self.x >> 8) % n


def _groups(rand, n):
    """n split into random groups of n's sign."""
    sign = 1 if n > 0 else -1
    left = abs(n)
    out = []
    while left:
        k = 1 + rand.below(left)
        out.append(sign * k)
        left -= k
    return out


def _turns(rand, count):
    out = []
    for _ in range(count):
        n = 1 + rand.below(5)
        out.append((ALARM if rand.below(2) else PROX, n if rand.below(2) else -n))
    return out


def _replay(fn, turns, rand=None):
    sim = Sim(1)
    fn(sim)
    for knob, n in turns:
        if rand is None:
            sim.turn(knob, n)
        else:
            for part in _groups(rand, n):
                sim.turn(knob, part)
    return sim


def _same(whole, split, name, turns):
    a, b = whole.session, split.session
    assert a.dumps() == b.dumps(), "%s %r: the state differs" % (name, turns)
    assert a.history.count == b.history.count, "%s %r: the undo steps differ" % (name, turns)
    assert golden.screen(whole) == golden.screen(split), "%s %r: another screen" % (name, turns)
    assert whole.frame() == split.frame(), "%s %r: the frame differs" % (name, turns)


def test_split_detents_give_the_same_state_and_frame_on_every_screen():
    rand = _Rand(7)
    for name, _, fn in golden.STATES:
        for _ in range(2):
            turns = _turns(rand, 3)
            _same(_replay(fn, turns), _replay(fn, turns, rand), name, turns)


def test_single_detents_give_the_same_result_as_one_spin():
    """The slowest turn: every detent on its own."""
    rand = _Rand(11)
    one = _Rand(0)
    one.below = lambda n: 0  # groups of one detent each
    for name, _, fn in golden.STATES:
        turns = _turns(rand, 2)
        _same(_replay(fn, turns), _replay(fn, turns, one), name, turns)
