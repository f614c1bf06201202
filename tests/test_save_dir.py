"""`python -m host_sim --save-dir DIR`: DIR holds exactly what a board's flash would.

The simulator runs the board's own boot, loop and Store (host_sim/runner.py) on a virtual clock,
so a game is saved after each action once the knobs rest, resumed at the next start, and a
finished game is archived once, when a new game replaces it, in the same run or a later one.
Each run below is one start of the simulator (or one power-on of a board) on the same folder.
"""
import asyncio
import json
import os

import pytest

from host_sim.__main__ import folder_seed, main
from host_sim.fake_hw import FakeHardware, Stop
from host_sim.runner import Sim
from lockdown.events import ALARM, GO, HOLD_MS, PROX
from lockdown.runloop import QUIET_MS
from lockdown.runloop import main as board_main
from lockdown.storage import ARCHIVE, SAVE

START = "press go\nwait 1600\n"  # the setup screen's defaults: round 1, Selection
LOCKDOWN = "turn prox +60\nturn prox +39\nwait 1600\n"  # 99: the game is over
NEW_GAME = "press go\npress go\npress go\nwait 100\n"  # scores, the result, the setup screen
FINISH_AND_START_AGAIN = LOCKDOWN + NEW_GAME + START


def run(folder, tmp_path, script, name="run"):
    """One start of the simulator on `folder`: plays `script`, returns its state JSON."""
    path = tmp_path / (name + ".txt")
    path.write_text(script)
    out = tmp_path / (name + ".json")
    assert main(["--script", str(path), "--save-dir", str(folder), "--state-json", str(out)]) == 0
    return json.loads(out.read_text())


def tree(folder):
    """Every file under `folder` (relative path -> bytes)."""
    files = {}
    for top, _, names in os.walk(folder):
        for n in names:
            p = os.path.join(top, n)
            files[os.path.relpath(p, folder)] = open(p, "rb").read()
    return files


def archived(folder):
    arch = os.path.join(str(folder), ARCHIVE)
    if not os.path.isdir(arch):
        return []
    return [json.loads(open(os.path.join(arch, n)).read())
            for n in sorted(os.listdir(arch), key=lambda n: int(n.split(".")[0]))]


def saved(folder):
    return json.loads((folder / SAVE).read_text())


@pytest.fixture
def folder(tmp_path):
    d = tmp_path / "save"
    d.mkdir()
    return d


def test_a_game_in_progress_is_resumed_at_the_next_start(folder, tmp_path):
    first = run(folder, tmp_path, START + "turn prox +7\nturn alarm +2\npress go\n", "one")
    assert (first["round"], first["phase"], first["proximity"], first["alarm"]) == (1, "resolution", 7, 2)
    assert saved(folder)["prox"] == 7
    again = run(folder, tmp_path, "wait 100\n", "two")  # no New game, no empty save over it
    assert again == first
    assert saved(folder)["prox"] == 7 and saved(folder)["phase"] == "resolution"
    on = run(folder, tmp_path, "press go\n", "three")  # GO goes on with that game
    assert (on["round"], on["phase"], on["proximity"]) == (1, "npc", 7)
    assert archived(folder) == []


def test_each_action_is_saved_once_the_knobs_rest_not_only_at_quit(folder):
    sim = Sim(1, save_dir=str(folder))
    sim.press(GO)
    sim.wait(QUIET_MS + 40)
    assert saved(folder)["phase"] == "selection"
    sim.turn(PROX, 5)
    sim.wait(QUIET_MS // 2)
    assert saved(folder)["prox"] == 0  # the knob may still be turning
    sim.wait(QUIET_MS)
    assert saved(folder)["prox"] == 5  # written while the simulator runs on, as a board does
    assert (folder / SAVE).read_text() == sim.session.dumps()
    assert sorted(os.listdir(folder)) == [SAVE]  # no game.tmp left behind


def test_a_finished_game_is_archived_once_when_a_new_one_starts_in_the_same_run(folder, tmp_path):
    s = run(folder, tmp_path, START + "turn prox +5\n" + FINISH_AND_START_AGAIN)
    assert (s["round"], s["phase"], s["proximity"], s["game_over"]) == (1, "selection", 0, False)
    games = archived(folder)
    assert len(games) == 1
    assert (games[0]["phase"], games[0]["prox"], games[0]["lockdown"]) == ("game_over", 99, True)
    assert saved(folder)["phase"] == "selection"
    run(folder, tmp_path, LOCKDOWN + NEW_GAME + START, "second")
    assert len(archived(folder)) == 2
    assert archived(folder)[0] == games[0]


def test_a_finished_game_is_archived_once_across_runs(folder, tmp_path):
    run(folder, tmp_path, START + LOCKDOWN, "finish")
    assert saved(folder)["phase"] == "game_over" and archived(folder) == []
    over = run(folder, tmp_path, "wait 100\n", "restart")  # the finished game comes back, unarchived
    assert over["game_over"] and archived(folder) == []
    run(folder, tmp_path, "wait 100\n", "restart-again")
    assert archived(folder) == []
    run(folder, tmp_path, NEW_GAME + START, "new")
    assert len(archived(folder)) == 1 and archived(folder)[0]["prox"] == 99
    run(folder, tmp_path, "wait 100\n", "after")  # starting again archives nothing more
    run(folder, tmp_path, "press go\nwait 400\n", "playing")
    assert len(archived(folder)) == 1
    assert saved(folder)["phase"] == "resolution"


def test_a_script_on_a_save_folder_draws_new_dice_and_ids_at_each_start(folder, tmp_path):
    assert folder_seed(str(folder)) == folder_seed(str(tmp_path / "none")) == 1  # as without a folder
    run(folder, tmp_path, START, "one")
    seeds = [folder_seed(str(folder))]
    ids = [saved(folder)["id"]]
    run(folder, tmp_path, LOCKDOWN + NEW_GAME + START, "two")
    seeds.append(folder_seed(str(folder)))
    ids.append(saved(folder)["id"])
    assert seeds[0] != seeds[1] and 1 not in seeds
    assert ids[0] != ids[1]  # two games, two ids, as on a board
    assert archived(folder)[0]["id"] == ids[0]
    assert folder_seed(str(folder)) == seeds[1]  # the same folder, the same seed: a replay


def test_two_games_started_in_separate_runs_of_the_same_script_are_both_archived(folder, tmp_path):
    run(folder, tmp_path, START + LOCKDOWN, "a")
    run(folder, tmp_path, NEW_GAME + START + LOCKDOWN, "b")
    run(folder, tmp_path, NEW_GAME + START, "c")
    assert [g["prox"] for g in archived(folder)] == [99, 99]
    assert len({g["id"] for g in archived(folder)}) == 2


def test_tools_export_counts_each_game_once(folder, tmp_path):
    from tools import export
    run(folder, tmp_path, START + "turn prox +3\n" + FINISH_AND_START_AGAIN, "a")  # game 1 over
    run(folder, tmp_path, "turn prox +20\n" + LOCKDOWN, "b")  # game 2 over, not replaced yet
    run(folder, tmp_path, "wait 100\n", "c")  # a restart with game 2 over
    run(folder, tmp_path, NEW_GAME + START + "turn prox +4\n", "d")  # game 3 in progress
    out = tmp_path / "export" / "games"
    assert export.main(["--dir", str(folder), "--out", str(out)]) == 0
    games = json.loads(open(str(out) + ".json").read())
    games = games["games"] if isinstance(games, dict) else games
    assert [(g["end"], g["prox"]) for g in games] == [("lockdown", 99), ("lockdown", 99), ("playing", 4)]
    assert len(archived(folder)) == 2


# ----- the same inputs on the board's own main() (the firmware's loop on fake hardware) ---------
def board_inputs(script):
    """The script's commands as the fake board's input queue, with the total time they take."""
    queue, total = [], 0
    controls = {"alarm": ALARM, "prox": PROX, "go": GO}
    for line in script.splitlines():
        words = line.split("#")[0].split()
        if not words:
            continue
        if words[0] == "wait":
            queue.append(("wait", int(words[1])))
            total += int(words[1])
        elif words[0] == "turn":
            queue.append(("turn", controls[words[1]], int(words[2])))
        elif words[0] == "press":
            queue.append(("press", controls[words[1]]))
        elif words[0] == "hold":  # down for HOLD_MS, then the hold fires (as Sim.hold)
            queue.extend([("wait", HOLD_MS), ("hold", controls[words[1]])])
            total += HOLD_MS
        else:
            raise ValueError(line)
    return queue, total


def power_on(folder, script, seed):
    """A board with this flash runs the inputs of `script`, then rests a while and is unplugged."""
    hw = FakeHardware(root=str(folder), seed=seed)
    queue, total = board_inputs(script)
    hw.inputs.add(*queue)
    hw.clock.end = total + 2000
    try:
        asyncio.run(board_main(hw, hw.clock))
    except Stop:
        pass
    assert not os.path.exists(os.path.join(str(folder), "errors.log")), hw.lines


RUNS = [START + "turn prox +7\nturn alarm +2\n",  # a game in progress
        "press go\npress go\n",  # resumed: Resolution, then the NPC phase
        "press go\npress go\nwait 1600\npress go\n" + LOCKDOWN,  # a Security roll, then lockdown
        "wait 100\n",  # the finished game restored
        NEW_GAME + START + "turn prox +12\n",  # archived once; the new game in progress
        "hold go\nhold go\n" + LOCKDOWN + NEW_GAME + START]  # the menu and back; archived again


def test_the_save_dir_holds_byte_for_byte_what_a_boards_flash_would(tmp_path):
    sim_dir, board_dir = tmp_path / "sim", tmp_path / "board"
    sim_dir.mkdir()
    board_dir.mkdir()
    for i, script in enumerate(RUNS):
        seed = folder_seed(str(sim_dir))  # the board's os.urandom, as the simulator draws it
        run(sim_dir, tmp_path, script, "run%d" % i)
        power_on(board_dir, script, seed)
        assert tree(sim_dir) == tree(board_dir), "after run %d" % i
    assert len(archived(sim_dir)) == 2 and saved(sim_dir)["phase"] == "selection"


# ----- the interactive simulator keeps each game, as a board does -------------------------------
def session_of(monkeypatch, plays, argv=()):
    """One interactive start (the terminal's loop replaced by `plays(sim)`): (sim, stderr lines)."""
    from host_sim import terminal
    seen = {}

    def fake_run(sim, status=""):
        seen["sim"], seen["status"] = sim, status
        plays(sim)
        return 0
    monkeypatch.setattr(terminal, "run", fake_run)
    assert main(list(argv)) == 0
    return seen["sim"], seen["status"]


@pytest.fixture
def home(tmp_path, monkeypatch):
    """A user's data folder of its own (XDG_DATA_HOME): the simulator's saves go to lockdown-sim in it."""
    data = tmp_path / "data"
    monkeypatch.setenv("XDG_DATA_HOME", str(data))
    return data / "lockdown-sim"


def to_37(sim):
    sim.press(GO)
    sim.wait(1600)
    sim.turn(PROX, 37)


def test_quit_and_start_again_and_the_game_is_still_there(home, monkeypatch, capsys):
    sim, status = session_of(monkeypatch, to_37)
    assert sim.hw.root == str(home) and saved(home)["prox"] == 37
    assert "saves in %s" % home in status  # said on start, on the status line
    assert "saves in %s" % home in capsys.readouterr().err  # and again after the terminal's screen
    again, _ = session_of(monkeypatch, lambda sim: None)
    assert (again.session.game.proximity, again.session.game.round) == (37, 1)


def test_fresh_starts_empty_and_leaves_the_kept_game_alone(home, monkeypatch, capsys):
    session_of(monkeypatch, to_37)
    kept = tree(home)
    sim, status = session_of(monkeypatch, lambda sim: (sim.press(GO), sim.turn(PROX, 5)), ["--fresh"])
    assert sim.hw.root is None and sim.session.game.proximity == 5
    assert "saves: none kept" in status
    assert tree(home) == kept


def test_save_dir_overrides_the_per_user_folder(home, tmp_path, monkeypatch):
    other = tmp_path / "other"
    sim, status = session_of(monkeypatch, to_37, ["--save-dir", str(other)])
    assert saved(other)["prox"] == 37 and not home.exists()
    assert "saves in %s" % other in status


def test_the_interactive_simulator_restarts_in_the_game_the_picker_left(home, monkeypatch):
    from lockdown.runloop import PICKED
    from lockdown.storage import Store
    session_of(monkeypatch, lambda sim: None)
    Store(str(home), print).write(PICKED, "infiltrate")
    sim, _ = session_of(monkeypatch, lambda sim: None)
    assert sim.session.PACKAGE.endswith("infiltrate")
    sim, _ = session_of(monkeypatch, lambda sim: None, ["--game", "infiltration"])  # --game still picks
    assert sim.session.PACKAGE.endswith("infiltration")


def test_a_script_still_keeps_no_folder_unless_asked(home, tmp_path):
    script = tmp_path / "s.txt"
    script.write_text(START)
    assert main(["--script", str(script)]) == 0
    assert not home.exists()


def test_the_window_keeps_the_games_too_and_says_where(home, monkeypatch, capsys):
    from host_sim import window
    monkeypatch.setattr(window, "no_display", lambda: None)
    monkeypatch.setattr(window, "run", lambda sim: to_37(sim) or 0)
    assert main(["--window"]) == 0
    assert saved(home)["prox"] == 37
    assert "saves in %s" % home in capsys.readouterr().err
