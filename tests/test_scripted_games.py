"""Whole games played through the simulator's script mode, checked through the state JSON, and
a simulator game's log turned into CSV and a chart by the desktop tools."""
import csv
import json
import os
import subprocess
import sys

import pytest

from host_sim.runner import Sim
from host_sim.script import parse, run
from host_sim.state_json import state

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SCRIPTS = os.path.join(ROOT, "tests", "scripts")


def play(name, seed=1):
    sim = Sim(seed)
    with open(os.path.join(SCRIPTS, name)) as f:
        run(parse(f.read(), name), sim, name)
    return state(sim.session)


def test_tie_on_data_goes_to_the_most_tokens():
    s = play("tie_tokens.txt")
    assert (s["result"], s["decided_by"], s["winners"]) == ("win", "tokens", [1])


def test_tie_on_data_and_tokens_goes_to_the_blackmail_file():
    s = play("tie_blackmail.txt")
    assert (s["result"], s["decided_by"], s["winners"]) == ("win", "blackmail", [2])
    assert s["players"][1]["blackmail"] is True


def test_a_full_tie_is_a_draw():
    s = play("tie_draw.txt")
    assert (s["result"], s["winners"]) == ("draw", [1, 2, 3])


def test_tie_on_data_goes_to_the_prototype():
    s = play("game4.txt")
    assert (s["result"], s["decided_by"], s["winners"]) == ("win", "prototype", [3])


def test_lockdown_during_the_npc_phase_ends_the_game_at_once():
    s = play("npc_lockdown.txt")
    assert s["phase"] == "game_over" and s["lockdown"] and s["proximity"] == 99
    assert [p["status"] for p in s["players"]] == ["captured"] * 3
    assert s["npcs"] == [] and s["result"] == "nobody"


def test_every_npc_and_helper_in_the_six_player_game():
    s = play("full6.txt")
    assert s["game_over"] and s["winners"] == [3] and s["player_count"] == 6


def test_a_simulator_game_exports_to_csv_and_charts(tmp_path):
    pytest.importorskip("matplotlib")
    saves = tmp_path / "saves"
    r = subprocess.run([sys.executable, "-m", "host_sim", "--script", os.path.join(SCRIPTS, "game4.txt"),
                        "--save-dir", str(saves)], cwd=ROOT, capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    doc = json.loads((saves / "game.json").read_text())
    rounds = doc["log"]["rounds"]
    assert len(rounds) == 5 and all(row[1] for row in rounds)  # five rounds, each rolled
    out = tmp_path / "games"
    r = subprocess.run([sys.executable, "-m", "tools.export", "--dir", str(saves), "--out", str(out)],
                       cwd=ROOT, capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    with open(str(out) + ".csv") as f:
        rows = list(csv.DictReader(f))
    assert [int(row["die"]) for row in rows] == [row[1] for row in rounds]
    assert int(rows[-1]["after"]) == 99  # the game ended in lockdown on the last roll
    png = tmp_path / "game.png"
    r = subprocess.run([sys.executable, "-m", "tools.chart", "--json", str(out) + ".json", "--out", str(png)],
                       cwd=ROOT, capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    from PIL import Image
    img = Image.open(png)
    assert img.size[0] > 400 and len(img.convert("L").getcolors(65536)) > 10
