"""The state JSON: built straight from a Session, 1-based players, the result once the game ends."""
import json

from host_sim.state_json import state
from lockdown.dice import Xorshift
from lockdown.games.infiltration.rules.game import BLACKMAIL, PROTOTYPE, SECURITY, Game
from lockdown.games.infiltration.rules.session import Session


def session(players=4, two_player=False):
    return Session(Xorshift(1), Game(players, two_player))


def test_a_new_game_before_round_one():
    s = state(session())
    assert s == {
        "game": "infiltration", "proximity": 0, "alarm": 0, "round": 0, "phase": "setup", "die": 0,
        "player_count": 4, "two_player": False, "first_player": 1,
        "players": [{"operative": op, "player": op, "status": "inside", "wounded": False,
                     "delayed": False, "data": 0, "tokens": 0, "prototype": False,
                     "blackmail": False} for op in range(1, 5)],
        "npcs": [], "game_over": False, "lockdown": False,
        "result": None, "decided_by": None, "winners": [],
    }
    assert json.loads(json.dumps(s)) == s


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
