"""Infiltraitors' table: bullets, the end of a mission, undo, and each mission's own rules (played
through the session, as the screens do: tests/core/infiltraitors_play.py)."""
import gc

from lockdown.games.infiltraitors.rules import missions as ms
from lockdown.games.infiltraitors.rules.clues import HORIZONTAL, VERTICAL
from lockdown.games.infiltraitors.rules.actions import A_CLUE
from lockdown.games.infiltraitors.rules.table import (ASIDE, COUNT_ONLY, FULL, HIDDEN, IDENTIFIED, LOSE,
                                                      OPT_ONE_DIVIDES, SHOT_BALANCE, SHOT_KINGPIN_NOW,
                                                      SHOT_KINGPIN_WAITS, SHOT_OK, SHOT_ORDER, WHY_ALL,
                                                      WHY_BULLETS, WHY_STUCK, WHY_TIME, WIN, RuleError)
from tests.core.infiltraitors_play import Played
from tests.core.check import raises

RED, BLUE, GREEN, YELLOW, BLACK = range(5)


def mission(n):
    return ms.TRAINING + n - 1


def state(t):
    """Everything an undo must give back: the state, the board's small state and its live log."""
    b = t.board
    return bytes(t.s) + bytes(b.s) + bytes(b.log[:2 * b.n])


def test_training_1_setup_and_a_win():
    t = Played(0, 3)
    assert (t.bullets, t.total, t.pile, t.remaining, t.suits) == (5, 2, 2, 2, 0b11001)
    a = t.nab(0)
    b = t.nab(2)
    assert (t.agent_of(a), t.agent_of(b), t.pile) == (0, 2, 0)
    t.shoot(a, True, RED, 5)
    assert t.status(a) == IDENTIFIED and t.bullets == 4 and not t.result
    t.shoot(b, True, BLACK, 9)
    assert (t.result, t.why, t.bullets, t.remaining) == (WIN, WHY_ALL, 3, 0)
    raises(RuleError, t.nab, 1)  # the mission is over


def test_no_win_while_the_pile_still_holds_suspects():
    t = Played(1, 2)  # Training #2, 2 agents: 2 suspects, 5 bullets
    assert (t.total, t.bullets) == (2, 5)
    t.shoot(t.nab(0), True)
    assert not t.result and t.pile == 1 and t.remaining == 1
    t.shoot(t.nab(0), True)
    assert t.result == WIN


def test_every_shot_costs_a_bullet_and_fewer_bullets_than_suspects_loses_at_once():
    t = Played(mission(7), 3)  # 6 suspects, 7 bullets
    suits = (RED, BLUE, YELLOW, BLACK)
    i = t.nab(0)
    for k in range(4):
        t.clue(i, suits[k], 2 + k, k & 1)
    t.shoot(i, False)
    assert (t.bullets, t.result) == (6, 0)
    t.shoot(i, True)  # 5 bullets, 5 suspects left: still on
    assert (t.bullets, t.remaining, t.result) == (5, 5, 0)
    j = t.nab(1)
    for k in range(4):
        t.clue(j, suits[k], 3 + k, k & 1)
    t.shoot(j, False)  # 4 bullets for 5 suspects
    assert (t.result, t.why) == (LOSE, WHY_BULLETS)
    t.undo()
    assert not t.result and t.bullets == 5


def test_a_miss_loses_at_once_when_bullets_equal_suspects():
    t = Played(mission(12), 3)  # 6 and 6
    t.shoot(t.nab(0), False)
    assert (t.result, t.why) == (LOSE, WHY_BULLETS)


def test_no_action_possible_and_time_up_lose():
    t = Played(mission(1), 4)
    t.give_up()
    assert (t.result, t.why) == (LOSE, WHY_STUCK)
    t = Played(mission(1), 4)
    t.time_up()
    assert (t.result, t.why) == (LOSE, WHY_TIME)


def test_one_suspect_an_agent_and_the_pile_runs_out():
    t = Played(0, 3)
    t.nab(0)
    raises(RuleError, t.nab, 0)
    raises(RuleError, t.nab, 3)  # 3 agents: 0-2
    t.nab(1)
    raises(RuleError, t.nab, 2)  # the pile is empty
    assert t.holder(1) == 1 and t.holder(2) == -1


def test_clue_board_flags_a_wrong_clue_at_once_and_a_flip_mends_it():
    t = Played(0, 3)
    i = t.nab(0)
    assert t.candidates(i) == 36  # 3 suits of 2-13
    assert t.clue(i, RED, 13, True) > 0
    assert t.clue(i, RED, 2, False) == 2  # yellow or black 13
    assert t.candidate_list(i) == [(YELLOW, 13), (BLACK, 13)]
    assert t.clue(i, YELLOW, 13, False) == 0  # nothing fits: a clue lies the wrong way
    t.flip(2)
    assert t.candidate_list(i) == [(BLACK, 13)]
    t.undo()
    assert t.candidates(i) == 0
    t.remove(2)
    assert t.candidates(i) == 2
    raises(RuleError, t.clue, i, GREEN, 5, True)  # green is not in Training #1
    raises(RuleError, t.clue, i, RED, 14, True)  # nor 14


def test_seen_cards_hits_and_misses_narrow_the_others():
    t = Played(mission(1), 3)
    a, b = t.nab(0), t.nab(1)
    n = t.candidates(b)
    t.seen(RED, 7)
    assert t.candidates(b) == n - 1 and (RED, 7) not in t.candidate_list(a)
    raises(RuleError, t.seen, RED, 7)  # entered already
    t.shoot(a, False, BLUE, 4)
    assert (BLUE, 4) not in t.candidate_list(a) and (BLUE, 4) in t.candidate_list(b)
    t.shoot(a, True, BLUE, 5)
    assert t.candidate_list(a) == [(BLUE, 5)] and (BLUE, 5) not in t.candidate_list(b)
    t.seen(RED, 7, False)
    assert t.candidates(b) == n - 1  # Blue 5 is out now, Red 7 back in


def undo_all(t, steps):
    before = []
    for step in steps:
        before.append(state(t))
        step()
    for k in range(len(steps) - 1, -1, -1):
        assert t.undo()
        assert state(t) == before[k], k
    assert t.undo() == 0


def test_undo_takes_every_step_back_exactly():
    t = Played(mission(20), 3)
    undo_all(t, [
        lambda: t.nab(0), lambda: t.clue(0, RED, 6, True), lambda: t.clue(0, BLUE, 9, False),
        lambda: t.flip(0), lambda: t.seen(GREEN, 15), lambda: t.shoot(0, False, RED, 7),
        lambda: t.nab(1), lambda: t.remove(1), lambda: t.flip(0), lambda: t.remove(0),
        lambda: t.shoot(0, True, RED, 6), lambda: t.set_display(2),
        lambda: t.seen(GREEN, 15, False), lambda: t.give_up(),
    ])
    t = Played(mission(19), 2)
    undo_all(t, [
        lambda: t.nab(0), lambda: t.shoot(1, True, -1, 0, 1), lambda: t.kingpin_clue(RED, 5, True),
        lambda: t.kingpin_clue(RED, 6, False), lambda: t.shoot(0, True),
    ])


def test_undo_keeps_twenty_steps_and_names_them():
    t = Played(mission(20), 5)
    i = t.nab(0)
    assert t.undo_name() == "A1 nabs S1"
    marks = []
    for k in range(24):
        marks.append(state(t))
        t.clue(i, k % 5, 2 + k % 14, k & 1)
    assert t.undo_name() == "S1: Yel 11 vertical"  # the 24th: k = 23
    for k in range(23, 3, -1):
        assert t.undo() == A_CLUE
        assert state(t) == marks[k]


def test_a_refused_step_leaves_no_trace():
    t = Played(mission(3), 3)
    i = t.nab(0)
    t.nab(1)
    snap, count = state(t), t.history.count
    raises(RuleError, t.shoot, 1, True)  # token order
    raises(RuleError, t.clue, i, RED, 16, True)
    raises(RuleError, t.nab, 0)
    raises(RuleError, t.flip, 5)
    assert state(t) == snap and t.history.count == count


def test_mission_3_and_14_shoot_in_token_order():
    for n, count in ((3, 8), (14, 9)):
        t = Played(mission(n), 3)
        assert t.next_token() == 1
        a, b, c = t.nab(0), t.nab(1), t.nab(2)
        assert t.may_shoot(b) == SHOT_ORDER and t.may_shoot(a) == SHOT_OK
        raises(RuleError, t.shoot, c, True)
        t.shoot(a, False)
        assert t.next_token() == 1  # a miss leaves it next
        t.shoot(a, True)
        assert t.next_token() == 2 and t.may_shoot(b) == SHOT_OK and t.may_shoot(c) == SHOT_ORDER
        assert t.total == count


def test_facedown_missions_take_no_face_up_cards():
    raises(RuleError, Played(mission(2), 3).seen, RED, 5)
    raises(RuleError, Played(mission(14), 3).seen, RED, 5)
    t = Played(mission(3), 3)
    t.seen(RED, 5)
    assert t.board.is_seen(RED, 5)


def test_mission_7_and_13_need_four_clues_as_many_each_way():
    for n in (7, 13):
        t = Played(mission(n), 3)
        i = t.nab(0)
        for k, vertical in enumerate((True, False, True)):
            t.clue(i, RED, 2 + k, vertical)
            assert t.may_shoot(i) == SHOT_BALANCE
        raises(RuleError, t.shoot, i, True)
        t.clue(i, BLUE, 9, True)  # 3 vertical, 1 horizontal
        assert t.may_shoot(i) == SHOT_BALANCE
        t.undo()
        t.clue(i, BLUE, 9, False)  # 2 and 2
        assert t.balanced(i) and t.may_shoot(i) == SHOT_OK
        t.clue(i, BLUE, 10, False)
        t.clue(i, BLUE, 11, True)  # 3 and 3
        assert t.may_shoot(i) == SHOT_OK
        t.shoot(i, True)
    assert Played(mission(1), 3).may_shoot(0) != SHOT_BALANCE


def test_mission_12_one_elite_agent_never_nabs():
    t = Played(mission(12), 4)
    assert t.elite == ASIDE
    t.nab(2)
    raises(RuleError, t.set_elite, 2)  # holds a suspect already
    t.set_elite(1)
    raises(RuleError, t.nab, 1)
    t.nab(0)
    raises(RuleError, Played(mission(11), 4).set_elite, 1)


def test_mission_15_special_cards_are_suspects_worth_1():
    t = Played(mission(15), 3)
    i = t.nab(0)
    assert t.candidates(i) == 75  # 5 suits of 1-15
    t.clue(i, RED, 6, False)  # not red, not 2, 3, 6, 12
    cards = t.candidate_list(i)
    assert (BLUE, 1) in cards and (RED, 1) not in cards  # the default: a 1 matches by suit only
    t.set_option(OPT_ONE_DIVIDES, True)
    assert not [c for c in t.candidate_list(i) if c[1] == 1]  # 1 divides 6: a match, not horizontal
    t.undo()
    t.clue(i, GREEN, 1, True)  # a special clue: the suit only
    want = set((GREEN, n) for n in range(1, 16) if n not in (1, 2, 3, 6, 12))
    assert set(t.candidate_list(i)) == want
    assert (GREEN, 1) not in t.candidate_list(t.nab(1))  # it is on the table, face up


def test_mission_6_special_clues_ask_the_suit():
    t = Played(mission(6), 3)
    i = t.nab(0)
    assert t.candidates(i) == 4 * 14
    t.clue(i, BLUE, 1, True)
    assert t.candidates(i) == 14 and (BLUE, 1) not in t.candidate_list(i)
    t = Played(mission(5), 3)
    raises(RuleError, t.clue, t.nab(0), BLUE, 1, True)  # no specials in Mission 5


def test_mission_16_a_suspect_takes_its_suit_from_a_second_card():
    t = Played(mission(16), 3)
    i = t.nab(0)
    t.clue(i, RED, 6, True)  # Red 6 is face up, yet a suspect can still be "Red 6": 6 of blue,
    assert (RED, 6) in t.candidate_list(i)  # suit from another red
    for s in (BLUE, GREEN, YELLOW, BLACK):
        t.seen(s, 6)
    assert (RED, 6) not in t.candidate_list(i)  # no 6 left unseen
    t.shoot(i, True, RED, 7)
    assert (RED, 7) in t.candidate_list(t.nab(1))  # a hit's cards go back into the deck


def test_mission_18_the_last_suspect_waits_for_eight_hits():
    t = Played(mission(18), 3)
    assert (t.total, t.bullets, t.final()) == (9, 9, 8)
    assert t.pile == 8  # the last one aside is not in the pile, as Mission 19's Kingpin
    for k in range(8):
        t.shoot(t.nab(k % 3), True)
        assert t.pile == 7 - k
    assert t.identified == 8 and t.pile == 0 and t.can_nab() and not t.result
    f = t.nab(1)  # the 8th shooter takes it
    assert f == 8 and t.final_cards_left() == 8
    for k in range(8):
        t.clue(f, k % 5, 2 + k, True)
    assert t.final_cards_left() == 0
    raises(RuleError, t.clue, f, RED, 15, True)
    t.shoot(f, True)
    assert t.result == WIN


def test_mission_18_last_suspect_refused_before_eight_hits():
    t2 = Played(mission(18), 4)
    for k in range(8):
        i = t2.nab(k % 4)
        if k < 7:
            t2.shoot(i, True)
    assert t2.slots == 8 and t2.identified == 7
    raises(RuleError, t2.nab, 0)  # the 8th is still hidden


def test_mission_19_kingpin():
    t = Played(mission(19), 3)
    assert t.kingpin() == 0 and t.agent_of(0) == ASIDE and t.pile == 8 and t.total == 9
    assert t.may_shoot(0) == SHOT_KINGPIN_WAITS
    raises(RuleError, t.clue, 0, RED, 5, True)
    a = t.nab(0)
    raises(RuleError, t.kingpin_clue, RED, 5, True)  # only after a hit
    raises(RuleError, t.shoot, a, True)  # who shot must be named
    t.shoot(a, True, -1, 0, 1)  # A2 shot
    assert t.kingpin_clues_left() == 1 and t.kingpin_agent == 1
    t.kingpin_clue(RED, 5, True)
    assert t.is_out(1) and t.agents_in_play() == 2 and t.board.count(0, VERTICAL) == 1
    raises(RuleError, t.nab, 1)  # sits out
    raises(RuleError, t.kingpin_clue, RED, 6, True)  # one clue a hit with 3 agents
    b = t.nab(2)
    raises(RuleError, t.shoot, b, True, -1, 0, 1)  # A2 sits out: not the shooter
    t.shoot(b, True, -1, 0, 2)
    t.seen(RED, 9)  # any other step ends the chance to clue the Kingpin
    raises(RuleError, t.kingpin_clue, RED, 6, False)
    assert not t.kingpin_now()
    c = t.nab(0)
    t.shoot(c, True, -1, 0, 2)
    t.kingpin_clue(BLUE, 3, False)
    assert t.agents_in_play() == 1 and t.kingpin_now()
    assert t.may_shoot(0) == SHOT_OK
    raises(RuleError, t.nab, 0)  # the last agent must shoot the Kingpin now
    t.shoot(0, True)
    assert t.status(0) == IDENTIFIED and not t.result  # five suspects still in the pile


def test_mission_19_two_agents_give_two_kingpin_clues():
    t = Played(mission(19), 2)
    t.shoot(t.nab(0), True, -1, 0, 1)
    assert t.kingpin_clues_left() == 2
    t.kingpin_clue(RED, 5, True)
    assert not t.kingpin_now()  # one clue still due, from the same agent
    t.kingpin_clue(RED, 6, False)
    assert t.is_out(1) and not t.is_out(0)
    assert t.kingpin_now() and t.may_shoot(0) == SHOT_OK
    t.shoot(0, False)
    assert t.result == LOSE  # no bullet to spare in Mission 19


def test_mission_19_kingpin_shot_by_the_last_agent_only():
    t = Played(mission(19), 3)
    a, b, c = t.nab(0), t.nab(1), t.nab(2)
    assert t.may_shoot(a) == SHOT_OK and t.may_shoot(0) == SHOT_KINGPIN_WAITS
    t.shoot(a, True, -1, 0, 1)
    t.kingpin_clue(RED, 5, True)
    t.shoot(b, True, -1, 0, 2)
    t.kingpin_clue(RED, 7, True)
    assert t.agents_in_play() == 1 and t.may_shoot(c) == SHOT_KINGPIN_NOW
    raises(RuleError, t.shoot, c, True)
    raises(RuleError, t.clue, c, RED, 9, True)


def test_suits_are_the_groups_choice_before_play():
    t = Played(mission(1), 3)
    assert t.suits == 0b11011  # red, blue, yellow, black
    raises(RuleError, t.set_suits, 0b00111)  # 3 suits for a 4-suit mission
    t.set_suits(0b01111)
    cards = t.candidate_list(t.nab(0))
    assert (GREEN, 5) in cards and (BLACK, 5) not in cards
    t.undo()
    t.seen(GREEN, 5)
    raises(RuleError, t.set_suits, 0b11011)  # a card is entered
    raises(RuleError, Played(0, 3).set_suits, 0b00111)  # Training #1's are fixed


def test_adding_a_clue_to_the_table_allocates_nothing():
    if not hasattr(gc, "mem_alloc"):
        return  # measured on MicroPython
    t = Played(mission(20), 5)
    i = t.nab(0)
    for k in range(6):
        t.clue(i, k % 5, 2 + k, k & 1)
    table = t.session.table  # the rules' own work (the session's act makes an argument tuple)
    gc.collect()
    gc.disable()
    before = gc.mem_alloc()
    table.clue(i, BLUE, 12, True)
    table.candidates(i)
    used = gc.mem_alloc() - before
    gc.enable()
    assert used == 0, used


def test_what_screens_and_the_state_json_read():
    t = Played(mission(1), 3)
    a, b = t.nab(2), t.nab(0)
    t.clue(a, RED, 6, True)
    t.clue(b, BLUE, 9, False)
    t.clue(a, BLACK, 4, False)
    t.seen(YELLOW, 11)
    t.shoot(b, True, RED, 3)
    assert t.entries(a) == [0, 2] and t.entries(b) == [1]
    assert [(t.board.suit(j), t.board.number(j), t.board.kind(j)) for j in t.entries(a)] == [
        (RED, 6, VERTICAL), (BLACK, 4, HORIZONTAL)]
    assert t.identity(b) == (RED, 3) and t.identity(a) is None
    assert t.seen_list() == [(YELLOW, 11)]
    assert (t.slots - t.identified, t.remaining, t.pile, t.identified) == (1, 6, 5, 1)  # 1 out, hidden
    assert (t.status(a), t.status(b), t.agent_of(a), t.agent_of(b)) == (HIDDEN, IDENTIFIED, 2, 0)
    assert t.display == FULL
    t.set_display(COUNT_ONLY)
    assert t.display == COUNT_ONLY and t.undo_name() == "Clue board: count"
    raises(RuleError, t.set_display, 3)
    t.remove(2)
    assert t.entries(a) == [0]
