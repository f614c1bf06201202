"""draw() changes no state, on any screen of any game: every script in tests/scripts is played
twice, once drawing a frame whenever the app says the screen changed (after every input and
every loop pass, as a board does) and once drawing only at its shots (the script mode), and
both must end in the same state JSON and show the same frame at every shot."""
import glob
import json
import os

import pytest

from host_sim.runner import Sim
from host_sim.script import parse, run
from host_sim.state_json import state

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SCRIPTS = os.path.join(ROOT, "tests", "scripts")


class Shots(Sim):
    """Draws only at the script's shots, and keeps each shot's frame instead of a PNG."""

    def __init__(self, game):
        super().__init__(1, game=game)
        self.shots = []

    def shot(self, path):
        self.shots.append(self.frame())


class Drawing(Shots):
    """Draws whenever the screen changed, after every input and every loop pass, as a board."""

    def _step(self):
        super()._step()
        self.frame()

    def turn(self, knob, detents):
        super().turn(knob, detents)
        self.frame()

    def press(self, button):
        super().press(button)
        self.frame()

    def hold(self, button, ms=1000):
        super().hold(button, ms)
        self.frame()


def scripts():
    out = []
    for path in sorted(glob.glob(os.path.join(SCRIPTS, "**", "*.txt"), recursive=True)):
        name = os.path.relpath(path, SCRIPTS)
        out.append(pytest.param(name, id=name))
    return out


def play(sim_class, name):
    folder = os.path.dirname(name)
    sim = sim_class(folder or "infiltration")
    with open(os.path.join(SCRIPTS, name)) as f:
        run(parse(f.read(), name), sim, name)
    return json.dumps(state(sim.session), sort_keys=True), sim.shots


@pytest.mark.parametrize("name", scripts())
def test_drawing_after_every_event_changes_nothing(name):
    drawn_state, drawn_shots = play(Drawing, name)
    state_, shots = play(Shots, name)
    assert drawn_state == state_
    assert len(drawn_shots) == len(shots)
    for k, (a, b) in enumerate(zip(drawn_shots, shots)):
        assert a == b, "shot %d differs" % (k + 1)
