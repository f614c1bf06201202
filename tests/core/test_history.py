"""Undo steps: a refused action leaves the ring as it was, only a quick spin of one value merges,
and undoing a new game brings the old game and its log back without making it a new game."""
from lockdown.dice import Xorshift
from lockdown.games.infiltration.rules.actions import A_NPC, A_PHASE, A_PROX, A_SCORE, A_SETUP
from lockdown.games.infiltration.rules.game import RuleError
from lockdown.games.infiltration.session import MERGE_MS, Session
from lockdown.history import DEPTH
from tests.core.check import playing, raises


def refuse():
    raise RuleError("refused")


def test_a_refused_action_on_a_full_ring_leaves_the_history_untouched():
    s = Session(Xorshift(3), playing(4))
    states = []
    for _ in range(DEPTH + 3):  # more than the ring holds: it is full
        states.append(bytes(s.game.s))
        s.turn(A_PROX, 1)
    assert s.history.count == DEPTH
    raises(RuleError, s.act, A_PHASE, refuse)
    assert s.history.count == DEPTH
    for i in range(DEPTH):  # every entry is still the one it was
        assert s.undo() == A_PROX
        assert bytes(s.game.s) == states[-1 - i]
    assert s.undo() == 0


def score_session():
    g = playing(4)
    g.add_proximity(99)  # lockdown: the final scores are entered
    s = Session(Xorshift(3), g)
    return s


def test_scores_of_two_operatives_a_minute_apart_are_two_undo_steps():
    s = score_session()
    g = s.game
    s.act(A_SCORE, g.set_score, 0, 5, 0, spin=1, now=1000)
    s.act(A_SCORE, g.set_score, 1, 0, 3, spin=4, now=61000)
    assert s.undo() == A_SCORE
    assert g.data(0) == 5 and g.tokens(1) == 0
    assert s.undo() == A_SCORE and g.data(0) == 0


def test_a_quick_spin_of_one_value_is_one_undo_step_and_a_slow_one_is_not():
    s = score_session()
    g = s.game
    for k in range(5):  # one detent every 200 ms: one spin
        s.act(A_SCORE, g.set_score, 0, k + 1, 0, spin=1, now=1000 + 200 * k)
    s.act(A_SCORE, g.set_score, 0, 6, 0, spin=1, now=1800 + MERGE_MS)  # after a pause: a new step
    s.act(A_SCORE, g.set_score, 0, 6, 1, spin=2, now=1900 + MERGE_MS)  # the next row: a new step
    assert s.undo() == A_SCORE and (g.data(0), g.tokens(0)) == (6, 0)
    assert s.undo() == A_SCORE and g.data(0) == 5
    assert s.undo() == A_SCORE and g.data(0) == 0
    assert s.undo() == 0


def test_a_spin_across_the_tick_wrap_still_merges():
    s = score_session()
    g = s.game
    s.act(A_SCORE, g.set_score, 0, 1, 0, spin=1, now=(1 << 30) - 100)
    s.act(A_SCORE, g.set_score, 0, 2, 0, spin=1, now=100)
    assert s.undo() == A_SCORE and g.data(0) == 0


def test_bringing_an_npc_in_then_moving_it_are_two_undo_steps():
    s = Session(Xorshift(3), playing(4))
    g = s.game
    s.act(A_NPC, g.set_npc, 0, 3, True, now=1000)
    s.act(A_NPC, g.move_npc, 0, 4, spin=1, now=1100)
    assert s.undo() == A_NPC and g.npc(0)[0] == 3
    assert s.undo() == A_NPC and g.npc(0) is None


def test_a_refused_detent_does_not_let_the_next_spin_fold_into_another_value():
    s = score_session()
    g = s.game
    s.act(A_SCORE, g.set_score, 0, 5, 0, spin=1, now=1000)
    raises(RuleError, lambda: s.act(A_SCORE, refuse, spin=3, now=1100))
    s.act(A_SCORE, g.set_score, 1, 2, 0, spin=3, now=1200)
    assert s.undo() == A_SCORE and g.data(0) == 5 and g.data(1) == 0


def new_game(s, players=3):
    g = s.game

    def start():
        g.setup(players)
        g.start()
    s.act(A_SETUP, start)
    s.log.reset()


def test_undoing_a_new_game_brings_the_old_game_log_back():
    s = Session(Xorshift(3))
    new_game(s, 4)
    s.act(A_PHASE, s.game.next_phase)
    s.act(A_PHASE, s.game.next_phase)
    s.act(A_PHASE, s.game.next_phase)
    s.roll()
    s.turn(A_PROX, 5)
    kept = s.log.dump()
    assert kept["rounds"]
    new_game(s)
    assert s.log.dump()["rounds"] == []
    assert s.undo() == A_SETUP
    assert s.log.dump() == kept and s.game.players == 4


def test_only_a_new_game_is_fresh_not_an_undo_back_to_round_one():
    s = Session(Xorshift(3))
    new_game(s, 4)
    assert s.fresh
    s.turn(A_PROX, 99)
    assert s.over and not s.fresh
    s.undo()
    assert not s.over and s.game.round == 1 and not s.fresh
    s.turn(A_PROX, 99)
    new_game(s)
    assert s.fresh
    s.undo()
    assert s.over and not s.fresh
