"""Golden screens of Infiltraitors: every screen, reached from power-on through the simulator.

    python tools/golden_infiltraitors.py [NAME ...]   rewrites tests/golden/infiltraitors/NAME.bin/.png

Each state names the screen it must end on (the top screen's class, or "saver") and the inputs
that reach it on Sim(1, game="infiltraitors"). tests/test_infiltraitors_device.py holds the app
to the .bin files byte for byte; the .png files are for people to look at.
"""
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)
import host_sim  # noqa: F401,E402  (firmware/ and the shims on sys.path)
from lockdown.events import ALARM, GO, PROX  # noqa: E402
from tools.goldens import Goldens  # noqa: E402

FOLDER = os.path.join(ROOT, "tests", "golden", "infiltraitors")
M7 = 9  # Mission 7's index (after the three Training missions)
M15 = 17
GOLDENS = Goldens("infiltraitors", FOLDER)
STATES = GOLDENS.states
state = GOLDENS.state
frames = GOLDENS.frames


def start(sim, mission=0, minutes=None):
    """From the setup screen: the mission, the clock (minutes), GO, the notice gone."""
    sim.turn(PROX, mission)
    if minutes is not None:
        setup = sim.app.top()
        sim.turn(ALARM, setup.rows.index("clock"))
        sim.turn(PROX, -99)
        sim.turn(PROX, minutes)
    sim.press(GO)
    sim.wait(1600)


def board(sim, mission=0):
    """Started, A1 nabs, its clue board open, the nab notice gone."""
    start(sim, mission)
    sim.press(GO)
    sim.wait(1600)
    sim.press(GO)


@state("setup", "Setup")
def _setup(sim):
    pass


@state("setup_rule", "Setup")
def _setup_rule(sim):
    sim.turn(PROX, M7)
    sim.turn(ALARM, 5)


@state("setup_suits", "Setup")
def _setup_suits(sim):
    sim.turn(PROX, 3)  # Mission 1: four suits, the number only
    sim.turn(ALARM, sim.app.top().rows.index("suits"))
    sim.turn(PROX, 3)  # not the default
    sim.turn(ALARM, 1)  # their names below


@state("new_confirm", "NewConfirm")
def _new_confirm(sim):
    _home(sim)
    sim.hold(GO)
    sim.turn(ALARM, sim.app.top().rows.index("setup"))
    sim.press(GO)
    sim.press(GO)


@state("home", "Home")
def _home(sim):
    start(sim)
    sim.press(GO)
    sim.wait(1600)


@state("home_clock", "Home")
def _home_clock(sim):
    start(sim, 2)  # Training #3: 15 minutes
    sim.press(GO)
    sim.wait(60000)


@state("home_won", "Home")
def _home_won(sim):
    board(sim)
    sim.hold(GO)
    sim.press(GO)
    sim.wait(1600)
    sim.turn(ALARM, 1)
    sim.press(GO)
    sim.press(GO)
    sim.hold(GO)
    sim.press(GO)
    sim.wait(1600)


@state("home_lost", "Home")
def _home_lost(sim):
    start(sim, 0, 1)
    sim.wait(61000)


@state("board", "SuspectBoard")
def _board(sim):
    board(sim)
    sim.turn(PROX, 5)
    sim.press(GO)  # Red 7 vertical
    sim.press(PROX)
    sim.turn(ALARM, 1)


@state("board_wrong", "SuspectBoard")
def _board_wrong(sim):
    board(sim)
    sim.turn(PROX, 5)
    sim.press(GO)
    sim.press(PROX)
    sim.turn(PROX, 1)
    sim.press(GO)
    sim.turn(ALARM, 1)
    sim.turn(PROX, -1)
    sim.press(GO)
    sim.wait(1600)


@state("board_balance", "SuspectBoard")
def _board_balance(sim):
    board(sim, M7)
    sim.press(GO)
    sim.press(PROX)
    sim.turn(PROX, 1)
    sim.press(GO)
    sim.turn(ALARM, 3)


@state("eliminate", "Eliminate")
def _eliminate(sim):
    board(sim)
    sim.turn(PROX, 3)
    sim.hold(GO)


@state("clues", "ClueList")
def _clues(sim):
    _board(sim)
    sim.turn(PROX, -2)
    sim.press(GO)  # Yellow 5 horizontal
    sim.hold(GO)
    sim.turn(ALARM, 4)
    sim.press(GO)


@state("seen", "SeenCards")
def _seen(sim):
    start(sim)
    sim.hold(ALARM)
    sim.turn(PROX, 9)
    sim.press(GO)
    sim.turn(ALARM, 2)
    sim.turn(PROX, -6)
    sim.press(GO)


@state("rules", "Rules")
def _rules(sim):
    start(sim, M7)
    sim.press(GO)
    sim.wait(1600)
    sim.press(PROX)
    sim.turn(ALARM, 5)


@state("rules_specials", "Rules")
def _rules_specials(sim):
    start(sim, M15)
    sim.press(PROX)
    sim.turn(ALARM, 5)


@state("menu", "Menu")
def _menu(sim):
    start(sim, 2)
    sim.hold(GO)
    sim.turn(ALARM, 3)


@state("undo", "UndoConfirm")
def _undo(sim):
    _home(sim)
    sim.press(ALARM)


@state("saver", "saver")
def _saver(sim):
    start(sim, 2)
    sim.wait(200000)


if __name__ == "__main__":
    GOLDENS.write(sys.argv[1:])
