"""The game picker: the menu offers the other games, a choice restarts the device into that game,
the board remembers it, and each game keeps its own save."""
import json

from host_sim.runner import Sim
from lockdown import runloop
from lockdown.events import ALARM, GO, PROX


def start_infiltration(sim):
    sim.press(GO)  # setup: start round 1
    sim.wait(1600)
    sim.turn(PROX, 30)  # something to keep
    sim.wait(400)


def pick(sim, name):
    """From a game's menu: Other games, then `name`."""
    from lockdown.games import GAMES
    sim.hold(GO)
    sim.turn(ALARM, 20)  # the last row: Other games
    sim.press(GO)
    assert type(sim.app.stack[-1]).__name__ == "Picker"
    sim.turn(ALARM, -5)
    sim.turn(ALARM, GAMES.index(name))
    sim.press(GO)


def test_a_board_with_no_choice_starts_in_infiltration(tmp_path):
    assert Sim(1).session.PACKAGE == "lockdown.games.infiltration"
    assert Sim(1, save_dir=str(tmp_path)).session.PACKAGE == "lockdown.games.infiltration"


def test_the_picker_lists_every_game_and_marks_the_one_running():
    sim = Sim(1)
    start_infiltration(sim)
    sim.hold(GO)
    sim.turn(ALARM, 20)
    sim.press(GO)
    picker = sim.app.stack[-1]
    assert [picker.label(r) for r in picker.rows] == ["Android: Infiltration", "Infiltraitors", "Infiltrate"]
    assert picker.hint() == "GO back to this game"  # the cursor on the game running
    sim.press(GO)  # the game running: back to it, nothing restarts
    assert sim.session.PACKAGE == "lockdown.games.infiltration" and not sim.app.stack


def test_a_switch_saves_remembers_and_resumes(tmp_path):
    root = str(tmp_path)
    sim = Sim(1, save_dir=root)
    start_infiltration(sim)
    before = sim.session.dumps()
    pick(sim, "infiltrate")
    assert sim.session.PACKAGE == "lockdown.games.infiltrate"
    assert (tmp_path / "game.txt").read_text() == "infiltrate"
    assert json.loads((tmp_path / "game.json").read_text()) == json.loads(before)  # saved on the way out
    # the board restarts into the last game
    again = Sim(1, save_dir=root)
    assert again.session.PACKAGE == "lockdown.games.infiltrate"
    pick(again, "infiltration")
    assert again.session.PACKAGE == "lockdown.games.infiltration"
    assert again.session.dumps() == before  # resumed exactly


def test_switching_never_touches_another_games_save(tmp_path):
    root = str(tmp_path)
    (tmp_path / "infiltraitors.json").write_text("not a save of ours to judge")
    sim = Sim(1, save_dir=root)
    start_infiltration(sim)
    pick(sim, "infiltrate")
    sim.wait(1000)
    pick(sim, "infiltration")
    assert (tmp_path / "infiltraitors.json").read_text() == "not a save of ours to judge"


def test_a_damaged_or_unknown_choice_starts_the_default_and_says_so(tmp_path):
    padded = "infiltrate" + " " * runloop.PICKED_MAX  # a whole name, but not a file the picker writes
    for text in ("", "chess", "\xff\xfe", "infiltrate" * 100, padded, "x" * 300000):
        (tmp_path / "game.txt").write_text(text)
        sim = Sim(1, save_dir=str(tmp_path))
        assert sim.session.PACKAGE == "lockdown.games.infiltration", text[:20]
        notice = sim.app.stack[-1]
        assert type(notice).__name__ == "Notice", text[:20]
        assert " ".join(notice.lines) == "game.txt names no game: playing Android: Infiltration"
    (tmp_path / "game.txt").write_text(" infiltrate\n")  # spaces around a name are no damage
    sim = Sim(1, save_dir=str(tmp_path))
    assert sim.session.PACKAGE == "lockdown.games.infiltrate" and type(sim.app.stack[-1]).__name__ != "Notice"


MP_HUGE = """-c
from host_sim.runner import Sim
root = %r
sim = Sim(1, save_dir=root)
print('GAME', sim.session.PACKAGE)
print('NOTICE', ' '.join(sim.app.stack[-1].lines))
"""


def test_a_game_txt_larger_than_the_heap_boots_the_default_on_micropython(tmp_path):
    """Read whole, it raised MemoryError before the crash count was read: a crash at every boot."""
    from tests.mpy import run
    (tmp_path / "game.txt").write_text("infiltrate" * 60000)  # 600 KB, a 256 KB heap
    r = run((MP_HUGE % str(tmp_path)).replace("-c\n", "-c ", 1), heapsize="256K")
    assert "GAME lockdown.games.infiltration" in r.stdout, r.stdout
    assert "NOTICE game.txt names no game: playing Android: Infiltration" in r.stdout, r.stdout


def test_a_game_that_cannot_start_says_so_and_runs_the_default(tmp_path, monkeypatch):
    from lockdown import games
    monkeypatch.setattr(games, "GAMES", games.GAMES + ("broken",))
    (tmp_path / "game.txt").write_text("broken")
    sim = Sim(1, save_dir=str(tmp_path))
    assert sim.session.PACKAGE == "lockdown.games.infiltration"
    assert type(sim.app.stack[-1]).__name__ == "Notice"
    assert "broken could not start" in " ".join(sim.app.stack[-1].lines)


def test_on_a_board_the_switch_is_a_soft_reset(tmp_path):
    class SoftReset(BaseException):
        pass

    def soft_reset():
        raise SoftReset()
    sim = Sim(1, save_dir=str(tmp_path))
    sim.hw.soft_reset = soft_reset
    start_infiltration(sim)
    try:
        pick(sim, "infiltraitors")
        raise AssertionError("no soft reset")
    except SoftReset:
        pass
    assert (tmp_path / "game.txt").read_text() == "infiltraitors"
    assert (tmp_path / "game.json").exists()  # saved before the reset


def test_the_simulator_takes_game():
    for name in ("infiltration", "infiltraitors", "infiltrate"):
        assert Sim(1, game=name).session.PACKAGE == "lockdown.games." + name
    assert runloop.PICKED == "game.txt"


def test_a_new_board_reaches_the_picker_from_the_setup_screen(tmp_path):
    sim = Sim(1, save_dir=str(tmp_path))
    assert type(sim.app.stack[-1]).__name__ == "Setup"
    sim.turn(ALARM, 20)  # the last row: Other games
    sim.press(PROX)  # picks the row (GO on the setup screen starts the game)
    assert type(sim.app.stack[-1]).__name__ == "Picker"
    sim.turn(ALARM, 1)
    sim.press(GO)
    assert sim.session.PACKAGE == "lockdown.games.infiltraitors"


def test_go_on_the_setup_rows_that_open_a_screen_opens_it_and_the_footer_says_so():
    """Issue 25.2: GO on "Other games" started round 1; only PROX opened the picker."""
    import os
    from host_sim.script import parse, run
    sim = Sim(1)
    name = os.path.join(os.path.dirname(__file__), "scripts", "setup_other_games.txt")
    with open(name) as f:
        run(parse(f.read(), name), sim, name)
    assert type(sim.app.stack[-1]).__name__ == "Picker" and sim.session.game.round == 0
    sim = Sim(1)
    setup = sim.app.stack[-1]
    hints = {}
    for row in setup.rows:
        setup.cur = setup.rows.index(row)
        hints[row] = setup.hint()
    assert hints.pop("rules") == "GO rules & variants" and hints.pop("games") == "GO other games"
    assert set(hints.values()) == {"GO start game"}
    setup.cur = setup.rows.index("rules")
    sim.press(GO)
    assert type(sim.app.stack[-1]).__name__ == "Settings" and sim.session.game.round == 0


def test_a_switch_whose_save_fails_keeps_the_game_and_says_why(tmp_path):
    """Switching would lose the game in RAM: the device stays, and says so."""
    sim = Sim(1, save_dir=str(tmp_path))
    start_infiltration(sim)
    for n in ["game.tmp"] + ["game.tmp%d" % i for i in range(1, 10)]:
        (tmp_path / n).mkdir()
    pick(sim, "infiltrate")
    assert sim.session.PACKAGE == "lockdown.games.infiltration" and sim.session.game.proximity == 30
    assert sim.app._flash == "Not saved (error 21)" and not sim.app.switch_to
    assert not (tmp_path / "game.txt").exists()
    assert any(line.startswith("switch: save failed") for line in sim.hw.console)
