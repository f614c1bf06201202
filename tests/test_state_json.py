"""The state JSON: built straight from a Session, 1-based players, the result once the game ends."""
import json

import pytest

from host_sim.state_json import state
from lockdown.dice import Xorshift
from lockdown.games.infiltration.rules import npc
from lockdown.games.infiltration.rules.game import (BLACKMAIL, CHECK_AT_START, EXTRACT, NELSON_ALWAYS, NPC,
                                                    PASS_SKIPS_ESCAPED, PROTOTYPE, SECURITY, Game)
from lockdown.games.infiltration.session import Session


def session(players=4, two_player=False):
    return Session(Xorshift(1), Game(players, two_player))


def test_a_new_game_before_round_one():
    s = state(session())
    assert s == {
        "game": "infiltration", "proximity": 0, "alarm": 0, "round": 0, "phase": "setup", "die": 0,
        "player_count": 4, "two_player": False, "first_player": 1,
        "players": [{"operative": op, "player": op, "status": "inside", "wounded": False,
                     "delayed": False, "data": 0, "tokens": 0, "prototype": False,
                     "blackmail": False, "released": False} for op in range(1, 5)],
        "npcs": [], "game_over": False, "lockdown": False,
        "result": None, "decided_by": None, "winners": [],
        "settings": {"pass_skips_escaped": True, "nelson_always": True, "check_at_start": True,
                     "extract": False, "physical_die": False},
        "alarm_start": 0, "npc_step": None,
        "totals": [{"player": p, "data": 0, "tokens": 0, "counted": [], "prototype": False,
                    "blackmail": False} for p in range(1, 5)],
    }
    assert json.loads(json.dumps(s)) == s


OLD_FIELDS = ("game", "proximity", "alarm", "round", "phase", "die", "player_count", "two_player",
              "first_player", "players", "npcs", "game_over", "lockdown", "result", "decided_by",
              "winners")
OLD_OP_FIELDS = ("operative", "player", "status", "wounded", "delayed", "data", "tokens",
                 "prototype", "blackmail")


def test_every_earlier_field_is_kept_in_its_place():
    s = state(session())
    assert tuple(s)[:len(OLD_FIELDS)] == OLD_FIELDS
    assert tuple(s["players"][0])[:len(OLD_OP_FIELDS)] == OLD_OP_FIELDS


@pytest.mark.parametrize("bit, name", [(PASS_SKIPS_ESCAPED, "pass_skips_escaped"),
                                       (NELSON_ALWAYS, "nelson_always"),
                                       (CHECK_AT_START, "check_at_start"), (EXTRACT, "extract")])
def test_settings_name_every_rule_option_and_variant(bit, name):
    ses = session()
    before = state(ses)["settings"]
    ses.game.set_setting(bit, not before[name])
    after = state(ses)["settings"]
    assert after[name] is (not before[name])
    assert {k: v for k, v in after.items() if k != name} == {k: v for k, v in before.items() if k != name}


@pytest.mark.parametrize("start", [-1, 0, 1])
def test_alarm_start_and_the_die_of_the_setup(start):
    ses = Session(Xorshift(1), Game(3, alarm_start=start, physical_die=True))
    s = state(ses)
    assert s["alarm_start"] == start and s["alarm"] == start
    assert s["settings"]["physical_die"] is True
    ses.game.start()
    ses.game.add_alarm(3)
    assert state(ses)["alarm_start"] == start  # where it started, not where it is


def npc_phase(*npcs):
    ses = session()
    g = ses.game
    g.start()
    for n, room, up in npcs:
        g.set_npc(n, room, up)
    while g.phase != NPC:
        g.next_phase()
    return ses


def test_npc_step_is_null_outside_the_walk():
    ses = session()
    assert state(ses)["npc_step"] is None
    ses.game.start()
    ses.game.set_npc(npc.HARRIS, 3, True)
    assert state(ses)["npc_step"] is None  # selection: no walk yet
    ses = npc_phase((npc.KENT, 4, False))  # face down: nothing to do
    assert state(ses)["npc_step"] is None


def test_npc_step_names_the_npc_its_room_the_choices_and_the_prompt():
    ses = npc_phase((npc.HARRIS, 3, True), (npc.NELSON, 5, True), (npc.BAILEY, 1, True))
    g = ses.game
    s = state(ses)["npc_step"]
    assert (s["npc"], s["room"], s["choices"]) == ("Bailey", 1, ["Bailey"])  # the leave check first
    assert s["prompt"] == list(npc.prompt(g)) and s["prompt"][0].startswith("Bailey")
    npc.confirm(g)
    s = state(ses)["npc_step"]
    assert (s["npc"], s["room"], s["choices"], s["question"]) == ("Harris", 3, ["Harris"], False)
    assert s["prompt"][0] == "Harris, room 3"
    npc.confirm(g)
    s = state(ses)["npc_step"]
    assert (s["npc"], s["room"]) == ("Nelson", 5)
    npc.confirm(g)
    assert state(ses)["npc_step"] is None


def test_npc_step_offers_the_others_in_the_room_and_says_when_it_asks():
    ses = npc_phase((npc.KENT, 6, True), (npc.HARRIS, 6, True))
    g = ses.game
    s = state(ses)["npc_step"]
    assert (s["npc"], s["room"], s["choices"]) == ("Harris", 6, ["Harris", "Kent"])
    npc.choose(g, npc.KENT)
    assert state(ses)["npc_step"]["npc"] == "Kent"
    ses = npc_phase((npc.NELSON, 4, True))
    ses.game.set_setting(NELSON_ALWAYS, False)
    s = state(ses)["npc_step"]
    assert (s["npc"], s["question"]) == ("Nelson", True)


def test_totals_add_up_only_the_operatives_that_count():
    ses = session(3)
    g = ses.game
    g.start()
    g.set_score(0, 4, 2)
    g.set_score(1, 9, 9)  # captured below: counts for nothing
    g.set_score(2, 5, 1)
    g.set_card(2, BLACKMAIL)
    g.set_card(0, PROTOTYPE)
    g.set_card(0, BLACKMAIL)  # escaped with the file: it still holds it, and is not "released"
    g.escape(0)
    assert [t["counted"] for t in state(ses)["totals"]] == [[1], [], []]
    g.set_proximity(99)  # lockdown: 2 and 3 captured, 3 released by the Blackmail File
    s = state(ses)
    assert s["totals"] == [
        {"player": 1, "data": 4, "tokens": 2, "counted": [1], "prototype": True, "blackmail": True},
        {"player": 2, "data": 0, "tokens": 0, "counted": [], "prototype": False, "blackmail": False},
        {"player": 3, "data": 5, "tokens": 1, "counted": [3], "prototype": False, "blackmail": False},
    ]
    assert [(p["status"], p["released"]) for p in s["players"]] == [
        ("escaped", False), ("captured", False), ("captured", True)]
    assert s["players"][2]["blackmail"]  # the card is still named; it bought the release


def test_two_player_totals_sum_both_operatives_of_a_player():
    ses = session(2, two_player=True)
    g = ses.game
    g.start()
    for op, (data, tokens) in enumerate([(3, 1), (4, 2), (6, 0), (1, 1)]):
        g.set_score(op, data, tokens)
    g.escape(0)
    g.escape(1)
    g.escape(3)
    g.set_card(2, BLACKMAIL)
    g.set_proximity(99)
    s = state(ses)
    assert [(t["player"], t["data"], t["tokens"], t["counted"]) for t in s["totals"]] == [
        (1, 7, 3, [1, 2]), (2, 7, 1, [3, 4])]
    assert [p["released"] for p in s["players"]] == [False, False, True, False]


def test_play_shows_in_the_state():
    ses = session()
    g = ses.game
    g.start()
    g.next_phase()
    g.set_wounded(2)
    g.set_delayed(3)
    g.set_npc(0, 3, True)
    g.set_npc(3, 13, False)
    g.add_alarm(2)
    g.set_first_player(2)
    s = state(ses)
    assert (s["round"], s["phase"], s["alarm"], s["first_player"]) == (1, "resolution", 2, 3)
    assert [(p["wounded"], p["delayed"]) for p in s["players"]] == [
        (False, False), (False, False), (True, False), (False, True)]
    assert s["npcs"] == [{"name": "CSX-13", "room": 3, "face": "up"},
                         {"name": "Nelson", "room": 13, "face": "down"}]


def test_phase_names_follow_the_round():
    ses = session()
    g = ses.game
    seen = []
    for _ in range(5):
        g.next_phase()
        seen.append(state(ses)["phase"])
        if g.phase == SECURITY:
            ses.forced = 4
            ses.roll()
            seen.append(state(ses)["die"])
    assert seen == ["selection", "resolution", "npc", "security", 4, "selection"]


def test_two_player_game_lists_two_operatives_per_player():
    s = state(session(2, two_player=True))
    assert s["two_player"] and s["player_count"] == 2
    assert [(p["operative"], p["player"]) for p in s["players"]] == [(1, 1), (2, 1), (3, 2), (4, 2)]


def test_lockdown_captures_and_nobody_wins():
    ses = session(3)
    ses.game.start()
    ses.game.set_proximity(99)
    s = state(ses)
    assert s["game_over"] and s["lockdown"] and s["phase"] == "game_over"
    assert [p["status"] for p in s["players"]] == ["captured"] * 3
    assert (s["result"], s["decided_by"], s["winners"]) == ("nobody", None, [])


def test_winner_is_numbered_from_one():
    ses = session(3)
    g = ses.game
    g.start()
    g.escape(1)
    g.set_score(1, 7, 5)
    g.set_card(2, BLACKMAIL)
    g.set_proximity(99)  # player 3 is captured with the Blackmail File: released, but only one escaped
    s = state(ses)
    assert [p["status"] for p in s["players"]] == ["captured", "escaped", "captured"]
    assert (s["result"], s["decided_by"], s["winners"]) == ("win", "sole_escape", [2])
    assert s["players"][1]["data"] == 7 and s["players"][2]["blackmail"]


def test_draw_lists_every_tied_player():
    ses = session(3)
    g = ses.game
    g.start()
    for op in (0, 2):
        g.set_score(op, 6, 3)
    g.escape(0)
    g.escape(2)
    g.escape(1)
    s = state(ses)
    assert s["lockdown"] is False and s["game_over"]
    assert (s["result"], s["winners"]) == ("draw", [1, 3])


def test_prototype_breaks_the_tie():
    ses = session(2)
    g = ses.game
    g.start()
    g.set_card(1, PROTOTYPE)
    g.escape(0)
    g.escape(1)
    s = state(ses)
    assert (s["result"], s["decided_by"], s["winners"]) == ("win", "prototype", [2])
