"""The game log: one entry per round, bounded, overwritten on re-roll, strict to load."""
import json

from lockdown.dice import Xorshift
from lockdown.games.infiltration.rules.game import B_FLAGS, NPC, PHYSICAL_DIE, SECURITY
from lockdown.games.infiltration.rules.gamelog import (
    ACTED, CAP, F_AFTER, F_ALARM, F_BEFORE, F_DIE, F_LEFT, F_ACTED, F_TURN_ALARM, F_TURN_PROX,
    LEFT, GameLog, in_play,
)
from lockdown.games.infiltration.rules.logload import LogError, load, load_faces
from lockdown.games.infiltration.rules.actions import A_ALARM, A_PHASE, A_PROX
from lockdown.games.infiltration.session import Session
from tests.core.check import raises, to_phase


def new(seed=5):
    s = Session(Xorshift(seed))
    s.game.start()
    return s, GameLog()


def roll(s, log, value=0):
    to_phase(s.game, SECURITY)
    before = s.game.proximity
    face = s.roll(value)
    log.on_roll(s.game, before)
    return face


def next_round(s):
    s.act(A_PHASE, s.game.next_phase)


def test_a_round_records_roll_turns_and_npcs():
    s, log = new()
    s.turn(A_ALARM, 2)
    log.on_manual(s.game, A_ALARM, 2)
    s.turn(A_PROX, 10)
    log.on_manual(s.game, A_PROX, 10)
    s.turn(A_PROX, -3)
    log.on_manual(s.game, A_PROX, -3)
    to_phase(s.game, NPC)
    log.on_npc(s.game, 3, ACTED)
    log.on_npc(s.game, 1, LEFT)
    log.on_npc(s.game, 0, ACTED)
    roll(s, log, 4)
    assert log.last == 1 and log.has(1) and not log.has(2)
    got = [log.get(1, f) for f in (F_DIE, F_ALARM, F_BEFORE, F_AFTER, F_ACTED, F_LEFT, F_TURN_ALARM, F_TURN_PROX)]
    assert got == [4, 2, 7, 13, 0b1001, 0b10, 2, 7]
    assert log.faces == [0, 0, 0, 1, 0, 0]


def test_npc_step_marks_the_actor_and_every_npc_that_left():
    s, log = new()
    g = s.game
    for n, room in ((0, 3), (2, 3), (4, 5)):
        g.set_npc(n, room)
    was = in_play(g)
    assert was == 0b10101
    g.remove_npc(2)  # CSX-13 clears his room...
    g.set_npc(0, 2)  # ...and goes back one
    log.on_npc_step(g, 0, was)
    assert log.get(1, F_ACTED) == 0b1 and log.get(1, F_LEFT) == 0b100
    was = in_play(g)
    g.remove_npc(4)  # Kent leaves from the entry room
    log.on_npc_step(g, 4, was)
    assert log.get(1, F_ACTED) == 0b10001 and log.get(1, F_LEFT) == 0b10100


def test_undone_roll_rolled_again_overwrites_its_round():
    s, log = new()
    roll(s, log, 6)
    s.undo()
    log.sync(s.game)
    assert log.has(1) and log.get(1, F_DIE) == 0 and log.get(1, F_AFTER) == 0
    roll(s, log, 2)
    assert log.get(1, F_DIE) == 2 and log.get(1, F_AFTER) == 2
    assert log.dump()["rounds"] == [[1, 2, 0, 0, 2, 0, 0, 0, 0]]
    # both device rolls count toward the die's fairness: undoing does not hide a face
    assert log.faces == [0, 1, 0, 0, 0, 1]


def test_undo_back_into_an_earlier_round_drops_the_later_one():
    s, log = new()
    roll(s, log, 3)
    next_round(s)
    s.turn(A_PROX, 5)
    log.on_manual(s.game, A_PROX, 5)
    assert log.last == 2
    s.undo()
    s.undo()  # back before "next phase": round 1, Security, rolled
    log.sync(s.game)
    assert log.last == 1 and not log.has(2) and log.get(1, F_DIE) == 3
    # without sync, the next hook in round 1 drops round 2 as well
    next_round(s)
    log.on_manual(s.game, A_PROX, 1)
    s.undo()
    log.on_npc(s.game, 0, ACTED)
    assert log.last == 1 and not log.has(2) and log.get(1, F_ACTED) == 1


def test_log_keeps_the_last_cap_rounds():
    s, log = new()
    for r in range(1, CAP + 6):
        s.game.set_proximity(0)  # keep the game going
        roll(s, log, r % 6 + 1)
        next_round(s)
    rounds = log.dump()["rounds"]
    assert len(rounds) == CAP and log.first() == 6 and log.last == CAP + 5
    assert [row[0] for row in rounds] == list(range(6, CAP + 6))
    assert not log.has(5) and log.has(6)
    assert rounds[-1][1] == (CAP + 5) % 6 + 1
    assert sum(log.faces) == CAP + 5


def test_physical_die_is_logged_but_not_counted_as_a_device_face():
    s, log = new()
    s.game.s[B_FLAGS] |= PHYSICAL_DIE
    roll(s, log, 5)
    assert log.get(1, F_DIE) == 5 and log.faces == [0] * 6


def test_setup_changes_are_not_logged_and_reset_keeps_faces():
    s = Session(Xorshift(1))
    log = GameLog()
    log.on_manual(s.game, A_ALARM, 1)  # round 0: setup
    assert log.last == 0 and log.dump()["rounds"] == []
    s.game.start()
    roll(s, log, 1)
    log.reset()
    assert log.last == 0 and log.dump()["rounds"] == [] and log.faces[0] == 1


def test_turns_saturate_in_a_signed_byte():
    s, log = new()
    for _ in range(3):
        log.on_manual(s.game, A_PROX, -99)
    assert log.get(1, F_TURN_PROX) == -127


def test_json_round_trip():
    s, log = new()
    s.game.set_alarm(-1)
    for face in (1, 6, 3):
        s.turn(A_PROX, 2)
        log.on_manual(s.game, A_PROX, 2)
        log.on_npc(s.game, 4, LEFT)
        roll(s, log, face)
        next_round(s)
    log.on_manual(s.game, A_ALARM, 1)
    text = json.dumps(log.dump())
    back = GameLog()
    load(back, json.loads(text))
    assert back.dump() == log.dump() and back.last == 4
    assert back.get(1, F_ALARM) == -1 and back.get(1, F_LEFT) == 16
    assert json.loads(text)["rounds"][0] == [1, 1, -1, 2, 2, 0, 16, 0, 2]
    other = GameLog()
    load_faces(other, log.faces)
    assert other.faces == [1, 0, 1, 0, 0, 1]


def test_strict_loading_names_the_fault_and_changes_nothing():
    s, log = new()
    roll(s, log, 4)
    keep = log.dump()
    good = [1, 4, 0, 0, 4, 0, 0, 0, 0]
    bad = [
        ("[1]", "keys"),
        ('{"v": 1}', "keys"),
        ('{"v": 2, "rounds": []}', "version"),
        ('{"v": 1, "rounds": {}}', "rounds"),
        ('{"v": 1, "rounds": [[1, 4, 0]]}', "9 numbers"),
        ('{"v": 1, "rounds": [[1, 7, 0, 0, 4, 0, 0, 0, 0]]}', "die"),
        ('{"v": 1, "rounds": [[1, 4, 9, 0, 4, 0, 0, 0, 0]]}', "alarm"),
        ('{"v": 1, "rounds": [[1, 4, 0, 100, 4, 0, 0, 0, 0]]}', "before"),
        ('{"v": 1, "rounds": [[1, 4, 0, 0, 4, 32, 0, 0, 0]]}', "acted"),
        ('{"v": 1, "rounds": [[1, 4, 0, 0, 4, 0, 0, 0, 1.5]]}', "turn_prox"),
        ('{"v": 1, "rounds": [[0, 4, 0, 0, 4, 0, 0, 0, 0]]}', "round"),
        ('{"v": 1, "rounds": [[1, 0, 0, 0, 4, 0, 0, 0, 0]]}', "no roll"),
        (json.dumps({"v": 1, "rounds": [good, good]}), "order"),
        (json.dumps({"v": 1, "rounds": [good, [41] + good[1:]]}), "span"),
        (json.dumps({"v": 1, "rounds": [[r] + good[1:] for r in range(1, 42)]}), "at most"),
    ]
    for text, why in bad:
        e = raises(LogError, load, log, json.loads(text))
        assert why in str(e), (text, str(e))
        assert log.dump() == keep
    for faces in ([1, 2], [1, 2, 3, 4, 5, -6], "123456", [1, 2, 3, 4, 5, 6.0]):
        raises(LogError, load_faces, log, faces)


def test_an_undone_card_effect_leaves_the_log_too():
    """A dial turn taken back by undo is no longer in the round's net turns (issue 12: 13)."""
    s = Session(Xorshift(1))
    s.game.start()
    s.turn(A_ALARM, 2)
    s.turn(A_PROX, 5)
    s.turn(A_PROX, 3, True)  # the same spin: one undo step
    assert (s.log.get(1, F_TURN_ALARM), s.log.get(1, F_TURN_PROX)) == (2, 8)
    s.undo()
    assert (s.log.get(1, F_TURN_ALARM), s.log.get(1, F_TURN_PROX)) == (2, 0)
    s.undo()
    assert (s.log.get(1, F_TURN_ALARM), s.log.get(1, F_TURN_PROX)) == (0, 0)
    assert (s.game.alarm, s.game.proximity) == (0, 0)
