"""tools.export and tools.chart on every game's saves, as the firmware writes them today: each
save here comes from playing a script through the simulator (tests/scripts), so it is whatever
format the games' code writes, and the expected values are the state JSON of the same run."""
import csv
import json
import os
import shutil

import pytest

from host_sim.__main__ import main as sim
from lockdown.games import load
from tests.mpy import ROOT
from tools import chart, export

SCRIPTS = os.path.join(ROOT, "tests", "scripts")
PLAYED = {  # game -> the scripts played, in the order their games are archived (the last stays current)
    "infiltraitors": ("infiltraitors/training1_win.txt", "infiltraitors/training1_time_up.txt",
                      "infiltraitors/mission7_lose.txt"),
    "infiltrate": ("infiltrate/two_players.txt", "infiltrate/vs_device.txt"),
}
# Infiltration: round 1 rolled, then proximity dialled to 99 in round 2: lockdown with no roll
DIALLED_TO_99 = ("press go\nwait 1600\npress go\npress go\npress go\npress go\nwait 2500\n"
                 "press go\nwait 1600\nturn prox +60\nturn prox +39\nwait 1600\n")


def play(tmp_path, game, script, n):
    """Plays `script` on a save folder of its own: (the save it leaves, the state JSON)."""
    folder, out = tmp_path / ("run%d" % n), tmp_path / ("run%d.json" % n)
    assert sim(["--script", script, "--game", game, "--save-dir", str(folder), "--state-json", str(out)]) == 0
    return (folder / load(game).SAVE).read_text(), json.loads(out.read_text())


@pytest.fixture(scope="module")
def saves(tmp_path_factory):
    """A save folder with every game's saves: finished ones in each game's archive, as a board's
    archive keeps them (n.json, oldest first), the last one as its current save; and the states."""
    tmp = tmp_path_factory.mktemp("export")
    folder = tmp / "board"
    folder.mkdir()
    states = {}
    n = 0
    for game, scripts in PLAYED.items():
        pkg = load(game)
        states[game] = []
        for i, script in enumerate(scripts):
            n += 1
            text, st = play(tmp, game, os.path.join(SCRIPTS, script), n)
            last = i == len(scripts) - 1
            path = folder / pkg.SAVE if last else folder / pkg.ARCHIVE / ("%d.json" % (i + 1))
            path.parent.mkdir(exist_ok=True)
            path.write_text(text)
            states[game].append((pkg.SAVE if last else "%s/%d.json" % (pkg.ARCHIVE, i + 1), st))
    script = tmp / "dialled.txt"
    script.write_text(DIALLED_TO_99)
    text, states["infiltration"] = play(tmp, "infiltration", str(script), n + 1)
    (folder / "game.json").write_text(text)
    return folder, states


def rows(path):
    with open(path, newline="") as f:
        return list(csv.DictReader(f))


def test_the_export_knows_each_games_save_and_archive_as_its_package_names_them():
    for game, (save, archive, _) in export.OTHERS.items():
        assert (save, archive) == (load(game).SAVE, load(game).ARCHIVE)


def test_every_games_saves_are_exported_with_their_own_columns(saves, tmp_path, capsys):
    folder, states = saves
    out = str(tmp_path / "games")
    assert export.main(["--dir", str(folder), "--out", out]) == 0
    said = capsys.readouterr().out.splitlines()
    assert said[:3] == ["Infiltration: 1 game, 2 rounds -> %s.csv" % out,
                        "Infiltraitors: 3 games (3 finished) -> %s-infiltraitors.csv" % out,
                        "Infiltrate: 2 games (2 finished) -> %s-infiltrate.csv" % out]
    missions = rows(out + "-infiltraitors.csv")
    assert list(missions[0]) == list(export.OTHERS["infiltraitors"][2])
    for row, (name, st) in zip(missions, states["infiltraitors"]):
        assert (row["game"], row["mission"], row["agents"], row["result"], row["why"]) == (
            name, st["mission"], str(st["agents"]), st["result"], st["why"])
        assert (row["identified"], row["bullets_left"], row["suits"]) == (
            str(st["identified"]), str(st["bullets"]), ";".join(st["suits"]))
    assert [r["result"] for r in missions] == ["win", "lose", "lose"]
    games = rows(out + "-infiltrate.csv")
    assert list(games[0]) == list(export.OTHERS["infiltrate"][2])
    assert [(r["game"], r["end"]) for r in games] == [("infiltrate-log/1.json", "over"), ("infiltrate.json", "over")]
    for row, (_, st) in zip(games, states["infiltrate"]):
        assert row["winner"] == ("draw" if st["winner"] == "draw" else "P%d" % st["winner"])
        assert (row["p1_pips"], row["p2_pips"]) == tuple(str(p) for p in st["armies"])
    assert [r["opponent"] for r in games] == ["player 2", "device " + states["infiltrate"][1][1]["opponent"]["level"]]
    with open(out + ".json") as f:
        doc = json.load(f)
    assert [g["game"] for g in doc["games"]] == ["game.json"]
    assert len(doc["infiltraitors"]) == 3 and len(doc["infiltrate"]) == 2


def test_a_round_ended_by_dialling_proximity_to_99_exports_its_real_values(saves, tmp_path):
    folder, states = saves
    assert states["infiltration"]["lockdown"] and states["infiltration"]["round"] == 2
    out = str(tmp_path / "games")
    assert export.main(["--dir", str(folder), "--out", out]) == 0
    first, dialled = rows(out + ".csv")
    assert (dialled["round"], dialled["die"], dialled["step"]) == ("2", "0", "")  # no roll
    assert (dialled["before"], dialled["after"]) == (first["after"], "99")  # where round 1 left it, then 99
    assert first["after"] != "0"


def test_the_chart_shows_the_lockdown_of_a_round_ended_by_the_dial(saves, tmp_path):
    pytest.importorskip("matplotlib")
    folder, _ = saves
    out = str(tmp_path / "games")
    export.main(["--dir", str(folder), "--out", out])
    game = chart.load_export(out + ".json")[0][0]
    fig = chart.chart(game, str(tmp_path / "g.png"))
    line = fig.axes[0].lines[0]
    assert list(line.get_xdata()) == [1, 2] and list(line.get_ydata())[-1] == 99


@pytest.mark.parametrize("game, bars", [("infiltraitors", {"won": 1, "lost": 2}),
                                        ("infiltrate", {"player 1 won": 2})])
def test_the_chart_draws_the_results_of_the_other_games(saves, tmp_path, game, bars, capsys):
    pytest.importorskip("matplotlib")
    folder, _ = saves
    out = str(tmp_path / "games")
    export.main(["--dir", str(folder), "--out", out])
    png = str(tmp_path / ("%s.png" % game))
    assert chart.main(["--json", out + ".json", "--game", game, "--out", png]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "%s results -> %s" % (export.TITLES[game], png)
    games, others = chart.load_export(out + ".json")
    fig = chart.results(game, others[game], png)
    ax = fig.axes[0]
    drawn = {label: sum(p.get_height() for p in c.patches)
             for c, label in zip(ax.containers, [t.get_text() for t in ax.get_legend().get_texts()])}
    assert drawn == bars
    assert chart.main(["--dir", str(folder), "--game", "%s" % others[game][0]["game"], "--out", png]) == 0


def test_without_infiltration_games_the_chart_draws_what_there_is(saves, tmp_path, capsys):
    pytest.importorskip("matplotlib")
    folder, _ = saves
    only = tmp_path / "only"
    shutil.copytree(str(folder), str(only))
    os.remove(str(only / "game.json"))
    png = str(tmp_path / "c.png")
    assert chart.main(["--dir", str(only), "--out", png]) == 0
    assert capsys.readouterr().out.strip() == "Infiltraitors results -> %s" % png


def test_a_damaged_save_of_another_game_is_one_line_naming_it(saves, tmp_path, capsys):
    folder, _ = saves
    bad = tmp_path / "bad"
    shutil.copytree(str(folder), str(bad))
    (bad / "infiltrate-log" / "1.json").write_text('{"v": 1, "state": [1]}')
    assert export.main(["--dir", str(bad), "--out", str(tmp_path / "g")]) == 1
    err = capsys.readouterr().err
    assert err.startswith("export: infiltrate-log/1.json: not a saved Infiltrate game") and err.count("\n") == 1


def test_the_board_gives_every_games_saves_through_mpremote(saves, tmp_path):
    from tests.test_export import fake_mpremote
    folder, _ = saves
    files = {os.path.relpath(os.path.join(top, n), str(folder)): open(os.path.join(top, n)).read()
             for top, _, names in os.walk(str(folder)) for n in names}
    calls = []
    out = str(tmp_path / "games")
    assert export.main(["--board", "--out", out], run=fake_mpremote(files, calls)) == 0
    assert ("connect", "auto", "fs", "cat", ":infiltraitors-log/2.json") in calls
    assert [r["game"] for r in rows(out + "-infiltraitors.csv")] == [
        "infiltraitors-log/1.json", "infiltraitors-log/2.json", "infiltraitors.json"]
