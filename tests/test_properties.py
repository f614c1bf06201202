"""Property-based checks of the core's invariants (CPython only: hypothesis)."""
import os

from hypothesis import given, settings
from hypothesis import strategies as st

from lockdown.dice import Die, Xorshift
from lockdown.games.infiltration.rules.game import ALARM_MAX, ALARM_MIN, PROX_MAX, SECURITY, Game, RuleError
from lockdown.games.infiltration.rules import npc
from lockdown.games.infiltration.rules.actions import A_ALARM, A_NPC, A_OPERATIVE, A_PHASE, A_PROX
from lockdown.games.infiltration.save import dumps, loads
from lockdown.games.infiltration.session import Session
from tests.core.test_dice import chi_square

# One step of play: (what, argument)
steps = st.lists(
    st.one_of(
        st.tuples(st.just("alarm"), st.integers(-12, 12)),
        st.tuples(st.just("prox"), st.integers(-120, 120)),
        st.tuples(st.just("phase"), st.just(0)),
        st.tuples(st.just("roll"), st.integers(1, 6)),
        st.tuples(st.just("wound"), st.integers(0, 5)),
        st.tuples(st.just("move"), st.integers(0, 5)),
        st.tuples(st.just("escape"), st.integers(0, 5)),
        st.tuples(st.just("undo"), st.just(0)),
        st.tuples(st.just("npc"), st.tuples(st.integers(0, 4), st.integers(0, 13), st.booleans())),
        st.tuples(st.just("npc_step"), st.booleans()),
        st.tuples(st.just("npc_pick"), st.integers(0, 4)),
        st.tuples(st.just("npc_skip"), st.just(0)),
    ),
    max_size=60,
)


def apply(s, what, arg):
    g = s.game
    if what == "alarm":
        s.turn(A_ALARM, arg)
    elif what == "prox":
        s.turn(A_PROX, arg)
    elif what == "phase":
        s.act(A_PHASE, g.next_phase)
    elif what == "roll":
        s.roll(arg)
    elif what == "wound":
        s.act(A_OPERATIVE, g.set_wounded, arg)
    elif what == "move":
        s.act(A_OPERATIVE, g.resolve_move, arg)
    elif what == "escape":
        s.act(A_OPERATIVE, g.escape, arg)
    elif what == "npc":
        s.act(A_NPC, g.set_npc, *arg)
    elif what == "npc_step":
        s.act(A_NPC, npc.confirm, g, arg)
    elif what == "npc_pick":
        s.act(A_NPC, npc.choose, g, arg)
    elif what == "npc_skip":
        s.act(A_NPC, npc.skip, g)
    else:
        s.undo()


def new_session(players, two):
    g = Game(players if not two else 2, two_player=two)
    g.start()
    return Session(Xorshift(1), g)


@settings(max_examples=200, deadline=None)
@given(st.integers(2, 6), st.booleans(), steps)
def test_dials_stay_in_range_and_undo_restores_exactly(players, two, plan):
    s = new_session(players, two)
    for what, arg in plan:
        before = bytes(s.game.s)
        depth = s.history.count
        try:
            apply(s, what, arg)
        except RuleError:
            assert bytes(s.game.s) == before and s.history.count == depth
            continue
        g = s.game
        assert 0 <= g.proximity <= PROX_MAX and ALARM_MIN <= g.alarm <= ALARM_MAX
        assert g.over == (g.proximity == PROX_MAX or all(g.status(o) != 0 for o in range(g.ops)))
        if what != "undo":
            scratch = Game(2)
            s.history.peek_into(scratch)  # what undo would restore now
            assert bytes(scratch.s) == before


@settings(max_examples=200, deadline=None)
@given(st.integers(2, 6), st.booleans(), steps)
def test_save_then_load_is_the_identity(players, two, plan):
    s = new_session(players, two)
    for what, arg in plan:
        try:
            apply(s, what, arg)
        except RuleError:
            pass
        text = dumps(s.game)
        assert len(text) <= 1536  # named fields (save format v2)
        g = Game(3)
        loads(text, g)
        assert bytes(g.s) == bytes(s.game.s)


def test_die_over_os_urandom_is_uniform():
    d = Die(os.urandom)
    # 5 degrees of freedom; 20.52 is the 0.999 quantile, so a fair die fails one run in a thousand
    assert chi_square([d.roll() for _ in range(60000)]) < 20.52


def test_die_over_many_seeds_is_uniform():
    rolls = []
    for seed in range(1, 201):
        d = Die(Xorshift(seed))
        rolls.extend(d.roll() for _ in range(300))
    assert chi_square(rolls) < 20.52
