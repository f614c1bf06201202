"""Undo of every action, and the versioned save format."""
import json

from lockdown.games.infiltration.rules.game import BLACKMAIL, NPC, SECURITY, Game, RuleError
from lockdown.history import DEPTH
from lockdown.games.infiltration.rules.actions import A_ALARM, A_OPERATIVE, A_PROX, A_ROLL
from lockdown.games.infiltration.rules.save import SaveError, dumps, loads
from lockdown.games.infiltration.rules.session import Session
from lockdown.dice import Xorshift
from lockdown.games.infiltration.rules import npc
from tests.core.check import playing, raises, to_phase


def session(players=4, **kw):
    s = Session(Xorshift(3), playing(players, **kw))
    return s


def test_undo_restores_the_exact_previous_state():
    s = session()
    before = bytes(s.game.s)
    s.turn(A_ALARM, 3)
    assert s.game.alarm == 3
    assert s.undo() == A_ALARM
    assert bytes(s.game.s) == before


def test_undo_keeps_at_least_20_actions():
    s = session()
    states = []
    for i in range(DEPTH):
        states.append(bytes(s.game.s))
        s.turn(A_PROX, 1)
    assert DEPTH >= 20
    for i in range(DEPTH - 1, -1, -1):
        assert s.undo() == A_PROX
        assert bytes(s.game.s) == states[i]
    assert s.undo() == 0


def test_oldest_undo_entries_drop_off():
    s = session()
    for _ in range(DEPTH + 5):
        s.turn(A_PROX, 1)
    n = 0
    while s.undo():
        n += 1
    assert n == DEPTH and s.game.proximity == 5


def test_merged_turns_undo_in_one_step():
    s = session()
    s.turn(A_ALARM, 1)
    s.turn(A_ALARM, 1, True)
    s.turn(A_ALARM, 1, True)
    s.turn(A_PROX, 2, True)
    assert s.undo() == A_PROX
    assert s.undo() == A_ALARM and s.game.alarm == 0


def test_refused_action_leaves_no_undo_entry():
    s = session()
    raises(RuleError, s.act, A_OPERATIVE, s.game.set_wounded, 9)
    assert s.history.count == 0


def test_undo_of_a_roll_and_of_lockdown():
    s = session()
    to_phase(s.game, SECURITY)
    s.game.set_proximity(97)
    s.forced = 6
    assert s.roll() == 6
    assert s.game.over
    assert s.undo() == A_ROLL
    assert s.game.proximity == 97 and s.game.phase == SECURITY and not s.game.over


def test_device_roll_uses_the_die():
    s = session()
    to_phase(s.game, SECURITY)
    v = s.roll()
    assert 1 <= v <= 6 and s.game.proximity == v


def test_save_then_load_is_identity():
    g = playing(6)
    g.set_alarm(5)
    g.set_proximity(42)
    g.set_wounded(3)
    g.set_card(2, BLACKMAIL)
    g.set_score(2, 17, 8)
    g.set_npc(3, 7, True)
    to_phase(g, NPC)
    h = Game(2)
    loads(dumps(g), h)
    assert bytes(h.s) == bytes(g.s)


def test_six_player_save_is_under_1kb():
    g = playing(6)
    for op in range(6):
        g.set_score(op, 200, 99)
    for n in range(5):
        g.set_npc(n, 13)
    assert len(dumps(g)) <= 1024


def test_save_is_versioned_json():
    doc = json.loads(dumps(playing(3)))
    assert doc["v"] == 1 and doc["phase"] == "selection" and len(doc["ops"]) == 3


def bad(mutate):
    """Loading a mutated save must raise SaveError and leave the target game untouched."""
    doc = json.loads(dumps(playing(4)))
    mutate(doc)
    g = playing(3)
    g.set_alarm(4)
    before = bytes(g.s)
    e = raises(SaveError, loads, json.dumps(doc), g)
    assert bytes(g.s) == before
    return str(e)


def test_malformed_saves_are_rejected_whole():
    assert "version" in bad(lambda d: d.update(v=99))
    assert "prox" in bad(lambda d: d.update(prox=100))
    assert "alarm" in bad(lambda d: d.update(alarm=9))
    assert "phase" in bad(lambda d: d.update(phase="lunch"))
    assert "ops" in bad(lambda d: d.update(ops=[[0, 0, 0]]))
    assert "operative" in bad(lambda d: d["ops"][3].append(1))
    assert "first" in bad(lambda d: d.update(first=4))
    assert "missing" in bad(lambda d: d.pop("round"))
    assert "unknown" in bad(lambda d: d.update(extra=1))
    assert "NPC" in bad(lambda d: d.update(npcs=[0, 0, 0, 0, 14]))
    assert "prox" in bad(lambda d: d.update(prox="7"))


def npc_phase_game():
    """A save taken in the middle of an NPC phase: one NPC acted, one picked to go next."""
    g = playing(4)
    g.set_npc(3, 2)
    g.set_npc(0, 5)
    g.set_npc(4, 5)
    to_phase(g, NPC)
    npc.confirm(g)
    npc.choose(g, 4)
    return g


def test_save_keeps_the_npc_phase_progress():
    g = npc_phase_game()
    h = Game(2)
    loads(dumps(g), h)
    assert bytes(h.s) == bytes(g.s)
    assert npc.current(h) == npc.current(g) == (4, npc.KENT_GO)
    assert json.loads(dumps(g))["npc_walk"] == [0, 1 << 3, 5]


def test_save_after_a_lockdown_in_the_npc_phase_loads():
    g = playing(3)
    g.set_npc(1, 4)
    g.set_proximity(97)
    to_phase(g, NPC)
    npc.confirm(g)
    assert g.over
    h = Game(2)
    loads(dumps(g), h)
    assert bytes(h.s) == bytes(g.s)


def test_bad_npc_phase_progress_is_rejected():
    assert "npc_walk" in bad(lambda d: d.pop("npc_walk"))
    assert "npc_walk" in bad(lambda d: d.update(npc_walk=[0, 0]))
    assert "npc_walk" in bad(lambda d: d.update(npc_walk=[0, 0, "1"]))
    assert "npc_walk" in bad(lambda d: d.update(npc_walk=[0, 0, True]))
    assert "npc_walk" in bad(lambda d: d.update(npc_walk={"a": 1}))
    for walk in ([32, 0, 0], [0, 32, 0], [0, 0, 6], [-1, 0, 0]):
        assert "range" in bad(lambda d: d.update(phase="npc", npc_walk=walk))
    for phase in ("setup", "selection", "resolution", "security"):
        assert "outside" in bad(lambda d: d.update(phase=phase, npc_walk=[0, 1, 0]))
    for walk, step in (([31, 31, 5], None), ([0, 0, 0], (3, npc.NELSON_GO))):
        g = Game(2)
        doc = json.loads(dumps(npc_phase_game()))
        doc["npc_walk"] = walk
        loads(json.dumps(doc), g)
        assert npc.current(g) == step


def test_garbage_is_rejected():
    g = playing(3)
    for text in ("", "{", "[]", "null", "{\"v\": 1"):
        raises(SaveError, loads, text, g)


def test_save_carries_the_game_log_and_face_counts():
    s = session()
    to_phase(s.game, SECURITY)
    s.forced = 4
    s.roll()
    text = dumps(s.game, s.log)
    t = Session(Xorshift(1))
    loads(text, t.game, t.log)
    assert bytes(t.game.s) == bytes(s.game.s)
    assert t.log.dump() == s.log.dump() and t.log.faces == s.log.faces and t.log.faces[3] == 1


def test_a_bad_log_rejects_the_whole_save():
    s = session()
    doc = json.loads(dumps(s.game, s.log))
    doc["faces"] = [1, 2, 3]
    t = Session(Xorshift(1))
    before = bytes(t.game.s)
    e = raises(SaveError, loads, json.dumps(doc), t.game, t.log)
    assert "faces" in str(e) and bytes(t.game.s) == before
