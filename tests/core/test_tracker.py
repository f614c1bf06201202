"""Security Tracker rules: the two dials, the Security roll and lockdown."""
from lockdown.games.infiltration.rules.game import (ALARM_MAX, CAPTURED, ESCAPED, END_LOCKDOWN, NPC, OVER, SECURITY,
                           SELECTION, Game, RuleError)
from tests.core.check import playing, raises, to_phase


def test_dials_start_at_zero():
    g = Game(4)
    assert g.proximity == 0 and g.alarm == 0


def test_alarm_start_variant_shorter_and_longer_game():
    assert Game(4, alarm_start=1).alarm == 1
    assert Game(4, alarm_start=-1).alarm == -1
    raises(RuleError, Game, 4, False, 2)


def test_alarm_clamps_at_8_and_minus_1():
    g = playing()
    g.add_alarm(20)
    assert g.alarm == ALARM_MAX == 8
    g.add_alarm(-30)
    assert g.alarm == -1
    g.set_alarm(3)
    assert g.alarm == 3


def test_proximity_clamps_at_0():
    g = playing()
    g.add_proximity(5)
    g.add_proximity(-50)
    assert g.proximity == 0


def test_proximity_stops_at_99_and_locks_down():
    g = playing()
    g.add_proximity(150)
    assert g.proximity == 99 and g.over and g.end_reason() == END_LOCKDOWN


def test_security_roll_adds_die_plus_alarm():
    g = playing()
    g.set_alarm(3)
    g.set_proximity(10)
    to_phase(g, SECURITY)
    g.security(4)
    assert g.proximity == 17 and g.die == 4


def test_security_roll_at_alarm_minus_1_adds_die_minus_1():
    g = playing(alarm_start=-1)
    to_phase(g, SECURITY)
    g.security(1)
    assert g.proximity == 0


def test_security_roll_stops_at_99_and_locks_down():
    g = playing()
    g.set_proximity(95)
    g.set_alarm(8)
    to_phase(g, SECURITY)
    g.security(6)
    assert g.proximity == 99 and g.phase == OVER
    assert all(g.status(op) == CAPTURED for op in range(g.ops))


def test_lockdown_from_a_manual_change_captures_those_inside():
    g = playing(3)
    g.escape(0)
    g.set_proximity(99)
    assert g.over and g.end_reason() == END_LOCKDOWN
    assert g.status(0) == ESCAPED and g.status(1) == CAPTURED and g.status(2) == CAPTURED


def test_lockdown_during_npc_phase_ends_at_once():
    g = playing()
    to_phase(g, NPC)
    g.add_proximity(99)
    assert g.phase == OVER
    raises(RuleError, g.next_phase)


def test_roll_only_in_security_and_once():
    g = playing()
    raises(RuleError, g.security, 3)
    to_phase(g, SECURITY)
    raises(RuleError, g.security, 7)
    raises(RuleError, g.security, 0)
    g.security(2)
    raises(RuleError, g.security, 2)


def test_security_needs_a_roll_before_next_round():
    g = playing()
    to_phase(g, SECURITY)
    raises(RuleError, g.next_phase)
    g.security(3)
    g.next_phase()
    assert g.phase == SELECTION and g.round == 2 and g.die == 0


def test_nothing_changes_after_game_over():
    g = playing()
    g.set_proximity(99)
    raises(RuleError, g.add_alarm, 1)
    raises(RuleError, g.set_proximity, 5)
