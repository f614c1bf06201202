"""The round: phases in order, the first player, player counts, operatives."""
from lockdown.games.infiltration.rules.game import (DELAYED, ESCAPED, INSIDE, NPC, OVER, PASS_SKIPS_ESCAPED, RESOLUTION,
                           SECURITY, SELECTION, SETUP, WOUNDED, END_ESCAPED, Game, RuleError)
from tests.core.check import playing, raises, to_phase


def full_round(g, die=1):
    to_phase(g, SECURITY)
    g.security(die)
    g.next_phase()


def test_phases_run_selection_resolution_npc_security():
    g = Game(4)
    assert g.phase == SETUP and g.round == 0
    seen = []
    for _ in range(5):
        g.next_phase()
        seen.append(g.phase)
        if g.phase == SECURITY:
            g.security(1)
    assert seen == [SELECTION, RESOLUTION, NPC, SECURITY, SELECTION]
    assert g.round == 2


def test_two_to_six_players():
    for n in range(2, 7):
        assert Game(n).ops == n
    raises(RuleError, Game, 1)
    raises(RuleError, Game, 7)


def test_two_player_game_runs_two_operatives_each():
    g = Game(2, two_player=True)
    assert g.ops == 4
    assert [g.owner(op) for op in range(4)] == [0, 0, 1, 1]
    raises(RuleError, Game, 3, True)


def test_first_player_passes_left_every_round():
    g = playing(3)
    seen = [g.first_player]
    for _ in range(4):
        full_round(g)
        seen.append(g.first_player)
    assert seen == [0, 1, 2, 0, 1]


def test_first_player_skips_escaped_players_by_default():
    g = playing(4)
    g.escape(1)
    full_round(g)
    assert g.first_player == 2


def test_first_player_may_pass_to_escaped_players_when_set():
    g = playing(4)
    g.set_setting(PASS_SKIPS_ESCAPED, False)
    g.escape(1)
    full_round(g)
    assert g.first_player == 1


def test_group_can_choose_the_first_player():
    g = playing(5)
    g.set_first_player(3)
    full_round(g)
    assert g.first_player == 4
    raises(RuleError, g.set_first_player, 5)


def test_two_player_first_player_skips_only_when_both_operatives_escaped():
    g = playing(2, two_player=True)
    g.escape(2)
    full_round(g)
    assert g.first_player == 1
    g.escape(3)
    full_round(g)
    assert g.first_player == 0
    full_round(g)
    assert g.first_player == 0


def test_delayed_operative_may_not_advance_or_retreat():
    g = playing()
    assert g.may_move(0)
    g.set_delayed(0)
    assert not g.may_move(0)


def test_delays_clear_at_end_of_selection():
    g = playing()
    g.set_delayed(0)
    g.set_delayed(2)
    g.next_phase()
    assert g.phase == RESOLUTION
    assert not g.has(0, DELAYED) and not g.has(2, DELAYED)


def test_wounded_operative_that_moves_becomes_delayed():
    g = playing()
    to_phase(g, RESOLUTION)
    g.set_wounded(1)
    g.resolve_move(1)
    g.resolve_move(2)
    assert g.has(1, DELAYED) and g.has(1, WOUNDED)
    assert not g.has(2, DELAYED)


def test_delay_from_resolution_lasts_through_next_selection():
    g = playing()
    to_phase(g, RESOLUTION)
    g.set_wounded(0)
    g.resolve_move(0)
    full_round(g)
    assert g.phase == SELECTION and not g.may_move(0)
    g.next_phase()
    assert g.may_move(0)


def test_everyone_escaped_ends_the_game():
    g = playing(3)
    for op in range(3):
        assert g.status(op) == INSIDE
        g.escape(op)
    assert g.status(2) == ESCAPED and g.phase == OVER and g.end_reason() == END_ESCAPED


def test_operative_numbers_are_checked():
    g = playing(3)
    raises(RuleError, g.set_wounded, 3)
    raises(RuleError, g.escape, -1)
