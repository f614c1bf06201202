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
M19 = 21
GOLDENS = Goldens("infiltraitors", FOLDER)
STATES = GOLDENS.states
state = GOLDENS.state
frames = GOLDENS.frames


def start(sim, mission=0, minutes=None):
    """From the setup screen: the mission, the clock (minutes), GO, the notice gone."""
    sim.turn(PROX, mission)
    if minutes is not None:
        sim.turn(ALARM, 2)  # the cursor stops on the mission, the agents, the clock
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
    sim.turn(ALARM, 2)  # on the clock: the rule's lines above it


@state("setup_suits", "Setup")
def _setup_suits(sim):
    sim.turn(PROX, 3)  # Mission 1: four suits, the number only
    sim.turn(ALARM, 4)  # mission, agents, clock, clue board, suits
    sim.turn(PROX, 3)  # not the default
    sim.turn(ALARM, 1)  # their names below, the cursor on Start


@state("setup_menu", "Menu")
def _setup_menu(sim):
    sim.hold(GO)  # before any mission: back to the setup, or other games


@state("setup_picker", "Setup")
def _setup_picker(sim):
    sim.turn(ALARM, 99)  # the last row, Other games: the footer says so


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


def _two_clues_and_yellow(sim, number):
    """Red 7 vertical, Red 8 horizontal (Yellow 7 and Black 7 left), then Yellow `number`
    horizontal."""
    board(sim)
    sim.turn(PROX, 5)
    sim.press(GO)
    sim.press(PROX)
    sim.turn(PROX, 1)
    sim.press(GO)
    sim.turn(ALARM, 1)
    sim.turn(PROX, number - 8)
    sim.press(GO)


@state("board_wrong", "SuspectBoard")
def _board_wrong(sim):
    _two_clues_and_yellow(sim, 7)  # no card left
    sim.wait(1600)


def _board_one(sim):
    """A board with one card left (Black 7), the dial left on Red 5."""
    _two_clues_and_yellow(sim, 5)
    sim.turn(ALARM, -1)


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


@state("eliminate_named", "Eliminate")
def _eliminate_named(sim):
    _board_one(sim)
    sim.hold(GO)
    sim.turn(ALARM, 2)  # Right, was: the only card it can be, whatever the dial says


@state("eliminate_m19", "Eliminate")
def _eliminate_m19(sim):
    start(sim, M19)
    sim.press(GO)
    sim.wait(1600)
    sim.press(GO)
    sim.hold(GO)  # who shot, above Right


@state("cards", "CardList")
def _cards(sim):
    board(sim, M7)
    sim.press(GO)  # Red 2 vertical: red, or an even number
    sim.hold(PROX)  # every card it can be, a line of codes a row
    sim.turn(ALARM, 2)


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
