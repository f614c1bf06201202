"""The MicroPython unix port (the real C framebuf) draws every frame the CPython simulator draws.

Whole scripted games compare the frame after every command, and every golden state compares its
frame with the stored golden; one MicroPython process per run (tests/mp/parity.py). A mismatch names the first differing command or state and writes both
frames as PNGs. The scripted games' final states are checked here too.
"""
import json
import os

import pytest

from host_sim.png import save_png
from host_sim.state_json import state
from tests import mpy
from tests.mp import parity
from tools import golden

SCRIPTS = os.path.join(mpy.ROOT, "tests", "scripts")
GAMES = ("full6.txt", "game4.txt", "four_players.txt", "escape.txt", "lockdown.txt")


def on_micropython(*args):
    return mpy.run(os.path.join("tests", "mp", "parity.py"), *args).stdout.splitlines()


def mismatch(tmp_path, stem, label, cpython, micropython):
    """Fails naming `label` and the two frames, written as STEM.cpython.png and STEM.micropython.png."""
    paths = []
    for side, frame in (("cpython", cpython), ("micropython", micropython)):
        paths.append(str(tmp_path / ("%s.%s.png" % (stem, side))))
        save_png(frame, paths[-1])
    pytest.fail("%s: the frames differ\n  CPython     %s\n  MicroPython %s" % (label, paths[0], paths[1]))


def run(name):
    """(command, frame) after each command on CPython, and the final state."""
    steps = []
    sim = parity.run_script(os.path.join(SCRIPTS, name), lambda c, frame: steps.append((c, frame)))
    return steps, state(sim.session)


@pytest.mark.parametrize("name", GAMES)
def test_every_frame_of_a_game_is_the_same_on_micropython(name, tmp_path):
    steps, final = run(name)
    lines = on_micropython("script", os.path.join(SCRIPTS, name))
    assert len(lines) == len(steps) + 1, lines[-3:]
    for (c, frame), line in zip(steps, lines):
        number, hexed = line.split()
        assert int(number) == c.line
        if bytes.fromhex(hexed) != frame:
            mismatch(tmp_path, "%s-line%d" % (name[:-4], c.line), 'first difference at %s:%d "%s"'
                     % (name, c.line, c.text), frame, bytes.fromhex(hexed))
    assert lines[-1].startswith("state ")
    assert json.loads(lines[-1][6:]) == final


def test_every_golden_state_is_the_same_on_micropython(tmp_path):
    """Against the stored goldens (and CPython for the held states): the shim is the C framebuf."""
    cpython = {name: (got, frame) for name, _, got, frame in golden.frames()}
    lines = on_micropython("golden")
    assert [line.split()[0] for line in lines] == [name for name, _, _ in golden.STATES]
    for line in lines:
        name, got, hexed = line.split()
        assert got == cpython[name][0], name
        want = cpython[name][1]
        if name not in golden.HELD:
            with open(os.path.join(golden.FOLDER, name + ".bin"), "rb") as f:
                want = f.read()
        if bytes.fromhex(hexed) != want:
            mismatch(tmp_path, name, "golden state " + name, want, bytes.fromhex(hexed))


def summary(final):
    ops = [(p["status"], p["data"], p["tokens"], p["prototype"]) for p in final["players"]]
    return {k: final[k] for k in ("round", "phase", "proximity", "alarm", "lockdown", "result",
                                  "decided_by", "winners")}, ops, final["npcs"]


def test_the_four_player_game_ends_in_lockdown_won_on_the_prototype():
    top, ops, npcs = summary(run("game4.txt")[1])
    assert top == {"round": 5, "phase": "game_over", "proximity": 99, "alarm": 6, "lockdown": True,
                   "result": "win", "decided_by": "prototype", "winners": [3]}
    assert ops == [("escaped", 6, 2, False), ("captured", 0, 0, False), ("escaped", 6, 2, True),
                   ("captured", 0, 0, False)]
    assert npcs == [{"name": "Nelson", "room": 6, "face": "up"}]  # Harris and Bailey left at the entry


def test_the_six_player_game_ends_in_lockdown_won_on_data():
    top, ops, npcs = summary(run("full6.txt")[1])
    assert top == {"round": 4, "phase": "game_over", "proximity": 99, "alarm": 4, "lockdown": True,
                   "result": "win", "decided_by": "data", "winners": [3]}
    assert [o[:3] for o in ops] == [("captured", 0, 0), ("captured", 0, 0), ("escaped", 5, 0),
                                    ("captured", 0, 0), ("escaped", 3, 2), ("captured", 0, 0)]
    assert npcs == [{"name": "CSX-13", "room": 2, "face": "down"},
                    {"name": "Nelson", "room": 6, "face": "up"}]
