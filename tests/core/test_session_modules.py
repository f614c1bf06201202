"""Infiltration's Session keeps two modules out of RAM until needed: the game log (gamelog.py) is
imported at its first use, not with the session, and the save format (save.py) is forgotten
after each dumps and loads, so it takes no heap between saves."""
import json
import sys

from lockdown.dice import Xorshift
from lockdown.games import unload
from lockdown.games.infiltration.rules.actions import A_ALARM, A_PROX
from lockdown.games.infiltration.rules.game import SECURITY, Game, RuleError
from tests.core.check import playing, raises, to_phase

GAMELOG = "lockdown.games.infiltration.rules.gamelog"
SAVE = "lockdown.games.infiltration.save"
SESSION = "lockdown.games.infiltration.session"


def _fresh_session_module():
    """session.py and gamelog.py imported anew, as on a board just booted."""
    unload(GAMELOG)
    unload(SESSION)
    from lockdown.games.infiltration.session import Session
    return Session


def test_a_new_session_has_not_imported_the_game_log():
    Session = _fresh_session_module()
    Session(Xorshift(1))
    assert GAMELOG not in sys.modules
    Session(Xorshift(1), playing(4)).over
    assert GAMELOG not in sys.modules


def test_reading_the_log_of_a_new_session_gives_an_empty_log():
    Session = _fresh_session_module()
    from lockdown.games.infiltration.rules.gamelog import GameLog
    s = Session(Xorshift(1))
    empty = GameLog()
    assert s.log.dump() == empty.dump() and s.log.faces == empty.faces and s.log.last == 0
    assert s.log is s.log  # made once, then kept


def test_the_log_appears_at_the_first_action_and_records_it():
    Session = _fresh_session_module()
    s = Session(Xorshift(3), playing(4))
    assert GAMELOG not in sys.modules
    s.turn(A_ALARM, 2)
    assert GAMELOG in sys.modules
    from lockdown.games.infiltration.rules.gamelog import F_TURN_ALARM, F_TURN_PROX
    assert s.log.get(1, F_TURN_ALARM) == 2 and s.log.get(1, F_TURN_PROX) == 0
    to_phase(s.game, SECURITY)
    s.forced = 4
    assert s.roll() == 4
    assert s.log.dump()["rounds"][0][:2] == [1, 4] and s.log.faces[3] == 1


def test_a_refused_first_action_still_reads_as_an_empty_log():
    Session = _fresh_session_module()
    s = Session(Xorshift(3), playing(4))
    raises(RuleError, s.roll)  # not in Security: refused before anything is logged
    assert s.log.dump()["rounds"] == [] and s.history.count == 0


def test_save_is_forgotten_after_dumps_and_loads_and_a_round_trip_still_works():
    from lockdown.games.infiltration.session import Session
    s = Session(Xorshift(3), playing(4))
    s.turn(A_PROX, 5)
    to_phase(s.game, SECURITY)
    s.forced = 6
    s.roll()
    s.id = 1234
    text = s.dumps()
    assert SAVE not in sys.modules
    t = Session(Xorshift(9))
    t.loads(text)
    assert SAVE not in sys.modules
    assert t.game.same(s.game) and t.id == 1234
    assert t.log.dump() == s.log.dump() and t.log.faces == s.log.faces
    assert t.dumps() == text and SAVE not in sys.modules


def test_save_is_forgotten_when_loads_refuses_a_save():
    from lockdown.games.infiltration.session import Session
    s = Session(Xorshift(3), playing(4))
    doc = json.loads(s.dumps())
    doc["alarm"] = 99
    before = bytes(s.game.s)
    try:
        s.loads(json.dumps(doc))
    except ValueError:
        pass
    else:
        raise AssertionError("a save with alarm 99 loaded")
    assert SAVE not in sys.modules and bytes(s.game.s) == before
    try:
        s.loads("not json")
    except ValueError:
        pass
    assert SAVE not in sys.modules


def test_a_session_without_a_log_yet_saves_an_empty_log():
    Session = _fresh_session_module()
    s = Session(Xorshift(1), Game())
    doc = json.loads(s.dumps())
    assert doc["log"] == {"v": 1, "rounds": []} and doc["faces"] == [0] * 6
