"""A bounded random-input storm on the real App (tests/core/storm.py): 20,000 events on CPython,
5,000 on the MicroPython unix port (the same seeds give the same figures there), and each of its
checks shown to catch what it is there for. tools/soak.py runs a longer one."""
import re
import sys

import pytest

from lockdown.games.infiltration import save as save_mod
from lockdown.games.infiltration.rules import game as game_mod
from lockdown.games.infiltration.rules.game import B_PHASE, B_PROX, OVER, Game
from tests.core.storm import Storm, StormError, run
from tests.mpy import run as run_mp

ALL_PHASES = (1 << (OVER + 1)) - 1


def test_20000_random_events_on_cpython_break_nothing():
    events, undos, restarts, phases = run(range(1, 21), 1000)
    assert events == 20000
    assert undos > 500, "too few undos checked to mean anything"
    assert phases == ALL_PHASES, "the storm did not reach every phase and the end"


def test_5000_random_events_on_micropython_break_nothing_and_match_cpython(deployed):
    """The firmware as deployed (.mpy), first on the path: the storm saves and loads three times
    an event, and a board imports the save format anew for each."""
    code = ("-c import sys\nsys.path.insert(0, %r)\nimport host_sim\nfrom tests.core.storm import run\n"
            "import lockdown.runloop\nassert lockdown.runloop.__file__.endswith('.mpy'), lockdown.runloop.__file__\n"
            "for seed in range(1, 6):\n    print('STORM', seed, run((seed,), 1000))" % deployed)
    r = run_mp(code, timeout=300)
    lines = [x for x in r.stdout.splitlines() if x.startswith("STORM")]
    assert len(lines) == 5 and all(x.split(None, 2)[2].startswith("(1000, ") for x in lines), r.stdout + r.stderr
    assert lines[0] == "STORM 1 %r" % (run((1,), 1000),)  # the same storm on both runtimes


def storm_until(n=3000):
    st = Storm(1)
    for _ in range(n):
        st.event()
    return st


def _history():
    """The undo ring's class the firmware uses now: a test before may have had it imported anew
    (lockdown/modules.py forgets what no one holds), so not the one this file saw at its import."""
    from lockdown.history import History
    return History


def test_it_catches_an_undo_that_does_not_restore_the_state(monkeypatch):
    History = _history()
    undo = History.undo

    def off(self, game):
        code = undo(self, game)
        if code and game.s[B_PHASE] != OVER and game.s[B_PROX] < 90:
            game.s[B_PROX] += 1
        return code
    monkeypatch.setattr(History, "undo", off)
    with pytest.raises(StormError, match="undo did not restore"):
        storm_until()


def test_it_catches_a_save_that_does_not_load_back(monkeypatch):
    loads = save_mod.loads
    monkeypatch.setattr(save_mod, "loads", lambda text, game, log=None: loads(text, game))
    # the session forgets save.py after each save and load: keep this patched one in place
    monkeypatch.setitem(sys.modules, save_mod.__name__, save_mod)
    from tests.core.storm import Session  # the storm's session module, and the one the simulator
    # imports now (a test may have imported it anew since)
    for names in (Session.dumps.__globals__, vars(sys.modules[Session.__module__])):
        monkeypatch.setitem(names, "unload", lambda name: None)  # save.py stays: the patched one
    with pytest.raises(StormError, match="save then load"):
        storm_until()


def test_it_catches_game_over_at_the_wrong_time(monkeypatch):
    monkeypatch.setattr(Game, "over", property(lambda g: g.s[B_PHASE] == OVER and g.s[B_PROX] != 99))
    with pytest.raises(StormError, match="over is"):
        storm_until()


def test_it_catches_a_dial_out_of_range(monkeypatch):
    monkeypatch.setattr(game_mod, "PROX_MAX", 120)
    monkeypatch.setattr(Game, "set_proximity", lambda g, v: g.s.__setitem__(B_PROX, max(0, min(120, v))))
    with pytest.raises(StormError, match="dials out of range"):
        storm_until()


def test_it_catches_a_screen_that_cannot_draw(monkeypatch):
    from lockdown.games.infiltration.screens.play import Play
    draw = Play.draw

    def broken(self, fb):
        if self.session.game.proximity > 30:
            raise IndexError("drawn off the screen")
        draw(self, fb)
    monkeypatch.setattr(Play, "draw", broken)
    with pytest.raises(IndexError):
        storm_until()


def test_the_soak_tool_prints_its_figures_and_fails_on_a_broken_invariant(monkeypatch, capsys):
    from tools import soak
    assert soak.main(["--seeds", "2", "--events", "50"]) == 0
    out = capsys.readouterr().out
    assert "| events | 100 |" in out and "| failures | 0 |" in out
    monkeypatch.setattr(Game, "over", property(lambda g: g.s[B_PHASE] == OVER and g.s[B_PROX] != 99))
    assert soak.main(["--seeds", "2", "--events", "3000", "--first", "1"]) == 1
    out = capsys.readouterr().out
    assert "FAIL seed 1 after" in out and "StormError" in out
    assert re.search(r"^\| failures \| [12] \(seeds 1(, 2)?\) \|$", out, re.M), out


TWO = ("infiltration", "infiltraitors")  # the games whose every change undoes today (see below)
def games_storm(tmp_path, games, seeds=range(1, 6), events=400):
    from tests.core.storm import run_games
    return run_games(seeds, events, str(tmp_path), games)


def test_a_storm_across_the_three_games_and_their_switches_undoes_back_to_each_start(tmp_path):
    events, switches, rewinds, undos, seen = games_storm(tmp_path, None)
    assert events == 2000 and seen == 3 and switches > 20 and rewinds > 10 and undos > 100


def test_a_storm_across_infiltration_and_infiltraitors_undoes_back_to_each_start(tmp_path):
    """Switched back and forth through the picker with a save folder, as a board keeps its games."""
    events, switches, rewinds, undos, seen = games_storm(tmp_path, TWO)
    assert events == 2000 and seen == 2, (events, seen)
    assert switches > 20 and rewinds > 10 and undos > 100, (switches, rewinds, undos)


def test_the_games_storm_on_micropython_matches_cpython(tmp_path):
    code = ("-c import sys\nimport host_sim\nfrom tests.core.storm import run_games\n"
            "print('GAMES', run_games((1, 2), 300, %r, %r))" % (str(tmp_path / "mp"), TWO))
    (tmp_path / "mp").mkdir()
    (tmp_path / "py").mkdir()
    r = run_mp(code, timeout=300)
    want = "GAMES %r" % (games_storm(tmp_path / "py", TWO, (1, 2), 300),)
    assert want in r.stdout, r.stdout + r.stderr


def test_the_games_storm_catches_an_undo_that_does_not_restore(monkeypatch, tmp_path):
    from tests.core.storm import GamesStorm
    History = _history()
    undo = History.undo

    def off(self, game):
        code = undo(self, game)
        if code and len(game.s) > 2:
            game.s[1] ^= 1
        return code
    monkeypatch.setattr(History, "undo", off)
    st = GamesStorm(1, str(tmp_path), TWO)
    with pytest.raises(StormError, match="undo"):
        for _ in range(2000):
            st.event()
