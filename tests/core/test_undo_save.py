"""Undo of every action, and the versioned save format."""
import json

from lockdown.games.infiltration.rules.game import (BLACKMAIL, NELSON_ALWAYS, NPC, NPC_NAMES as NAMES, PROTOTYPE,
                                                    SECURITY, Game, RuleError)
from lockdown.history import DEPTH
from lockdown.games.infiltration.rules.actions import A_ALARM, A_OPERATIVE, A_PROX, A_ROLL
from lockdown.games.infiltration.save import SaveError, dumps, loads
from lockdown.games.infiltration.session import Session
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
    g.set_npc(3, 7, True)
    to_phase(g, NPC)
    h = Game(2)
    loads(dumps(g), h)
    assert bytes(h.s) == bytes(g.s)
    g.set_proximity(99)  # lockdown in the NPC phase: scores, cards, the walk kept
    g.set_card(2, BLACKMAIL)
    g.set_card(4, PROTOTYPE)
    g.set_score(2, 17, 8)
    loads(dumps(g), h)
    assert bytes(h.s) == bytes(g.s)


def test_six_player_save_is_under_1_5kb():
    g = playing(6)
    for n in range(5):
        g.set_npc(n, 13, n % 2 == 0)
    for op in range(6):
        g.set_wounded(op)
        g.set_delayed(op)
    to_phase(g, NPC)
    npc.confirm(g)
    g.set_proximity(99)
    for op in range(6):
        g.set_score(op, 200, 199)
        g.set_card(op, BLACKMAIL)
        g.set_card(op, PROTOTYPE)
    assert len(dumps(g)) <= 1536


def test_save_is_versioned_json_of_named_fields():
    g = playing(3)
    g.set_wounded(1)
    g.set_npc(npc.HARRIS, 4, False)
    g.set_setting(NELSON_ALWAYS, False)
    doc = json.loads(dumps(g))
    assert doc["v"] == 2 and doc["phase"] == "selection" and len(doc["ops"]) == 3
    assert doc["ops"][1] == {"status": "inside", "wounded": True, "delayed": False, "blackmail": False,
                             "prototype": False, "data": 0, "tokens": 0}
    assert doc["npcs"] == {"Harris": {"room": 4, "face": "down"}}
    assert doc["settings"] == {"pass_skips_escaped": True, "nelson_always": False, "check_at_start": True,
                               "extract": False}
    assert doc["npc_walk"] == {"checked": [], "acted": [], "next": None}
    assert not doc["rolled"] and not doc["lockdown"] and not doc["two_player"] and "flags" not in doc


def bad(mutate, make=None):
    """Loading a mutated save must raise SaveError and leave the target game untouched."""
    doc = json.loads(dumps(make() if make else playing(4)))
    mutate(doc)
    g = playing(3)
    g.set_alarm(4)
    before = bytes(g.s)
    e = raises(SaveError, loads, json.dumps(doc), g)
    assert bytes(g.s) == before
    return str(e)


def test_malformed_saves_are_rejected_whole():
    assert "version" in bad(lambda d: d.update(v=99))
    assert "version" in bad(lambda d: d.update(v=True))
    assert "prox" in bad(lambda d: d.update(prox=100))
    assert "alarm" in bad(lambda d: d.update(alarm=9))
    assert "phase" in bad(lambda d: d.update(phase="lunch"))
    assert "ops" in bad(lambda d: d.update(ops=[d["ops"][0]]))
    assert "operative 4" in bad(lambda d: d["ops"][3].update(extra=1))
    assert "operative 4" in bad(lambda d: d["ops"][3].pop("tokens"))
    assert "status" in bad(lambda d: d["ops"][3].update(status="asleep"))
    assert "wounded" in bad(lambda d: d["ops"][3].update(wounded=1))
    assert "first" in bad(lambda d: d.update(first=4))
    assert "missing" in bad(lambda d: d.pop("round"))
    assert "unknown" in bad(lambda d: d.update(extra=1))
    assert "settings" in bad(lambda d: d["settings"].pop("extract"))
    assert "extract" in bad(lambda d: d["settings"].update(extract=None))
    assert "NPC" in bad(lambda d: d.update(npcs={"Smith": {"room": 1, "face": "up"}}))
    assert "room" in bad(lambda d: d.update(npcs={"Kent": {"room": 14, "face": "up"}}))
    assert "face" in bad(lambda d: d.update(npcs={"Kent": {"room": 3, "face": "sideways"}}))
    assert "npcs" in bad(lambda d: d.update(npcs=[0, 0, 0, 0, 0]))
    assert "prox" in bad(lambda d: d.update(prox="7"))


def test_cross_field_checks_refuse_states_play_cannot_reach():
    """Issue 11 point 3: each of these loaded before; each is one field off a real save."""
    def over():
        g = playing(4)
        g.set_proximity(99)
        return g

    def rolled():
        g = playing(4)
        to_phase(g, SECURITY)
        g.security(3)
        return g

    assert "over" in bad(lambda d: d.update(phase="game_over", prox=10))  # everyone inside
    assert "everyone out" in bad(lambda d: [o.update(status="escaped") for o in d["ops"]])
    assert "lockdown" in bad(lambda d: d.update(lockdown=True))  # at proximity 0
    assert "lockdown" in bad(lambda d: d.update(prox=99))  # 99 without the lockdown
    assert "round 0" in bad(lambda d: d.update(round=0))  # in Selection
    assert "round 0" in bad(lambda d: d.update(round=7, phase="setup"))
    assert "rolled" in bad(lambda d: d.update(die=4))  # no rolled flag
    assert "rolled" in bad(lambda d: d.update(die=0), rolled)  # the rolled flag, die 0
    assert "rolled outside" in bad(lambda d: d.update(phase="selection"), rolled)
    assert "captured" in bad(lambda d: d["ops"][1].update(status="captured"))
    assert "scored" in bad(lambda d: d["ops"][1].update(data=3))
    assert "scored" in bad(lambda d: d["ops"][1].update(prototype=True))
    assert "captured" in bad(lambda d: d.update(phase="security", lockdown=False, prox=98), over)
    assert "over with someone inside" in bad(lambda d: d["ops"][0].update(status="inside"), over)


def test_check_names_the_first_broken_invariant():
    g = playing(4)
    assert g.check() is None
    to_phase(g, SECURITY)
    g.security(2)
    assert g.check() is None
    g.set_proximity(99)
    assert g.check() is None and Game().check() is None


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
    assert json.loads(dumps(g))["npc_walk"] == {"checked": [], "acted": ["Nelson"], "next": "Kent"}


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


def walk(checked=(), acted=(), next=None):
    return {"checked": list(checked), "acted": list(acted), "next": next}


def test_bad_npc_phase_progress_is_rejected():
    assert "npc_walk" in bad(lambda d: d.pop("npc_walk"))
    assert "npc_walk" in bad(lambda d: d.update(npc_walk=[0, 0, 0]))
    assert "npc_walk" in bad(lambda d: d.update(npc_walk={"checked": []}))
    assert "npc_walk" in bad(lambda d: d.update(npc_walk=walk(acted=["Kent", "Kent"])), npc_phase_game)
    assert "npc_walk" in bad(lambda d: d.update(npc_walk=walk(acted="Kent")), npc_phase_game)
    assert "NPC" in bad(lambda d: d.update(npc_walk=walk(acted=["Smith"])), npc_phase_game)
    assert "NPC" in bad(lambda d: d.update(npc_walk=walk(next=3)), npc_phase_game)
    for phase in ("selection", "resolution", "security"):
        assert "outside" in bad(lambda d: d.update(phase=phase, npc_walk=walk(acted=["CSX-13"])))
    every = NAMES
    for w, step in ((walk(every, every, "Kent"), None), (walk(), (3, npc.NELSON_GO))):
        g = Game(2)
        doc = json.loads(dumps(npc_phase_game()))
        doc["npc_walk"] = w
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


def test_a_v1_save_from_the_previous_firmware_loads():
    """tests/fixtures/save_v1.json was written by the firmware before save format 2."""
    root = __file__.rpartition("/")[0].rpartition("/")[0]
    with open(root + "/fixtures/save_v1.json") as f:
        text = f.read()
    s = Session(Xorshift(1))
    s.loads(text)
    g = s.game
    assert (g.players, g.round, g.phase, g.proximity, g.alarm, g.first_player) == (5, 3, NPC, 52, 3, 4)
    assert g.npc(npc.CSX) == (6, False) and g.npc(npc.NELSON) == (2, True) and g.npc(npc.BAILEY) is None
    assert npc.current(g) == (npc.NELSON, npc.NELSON_ASK) and not g.flag(NELSON_ALWAYS)
    assert s.log.last == 3 and json.loads(s.dumps())["v"] == 2
