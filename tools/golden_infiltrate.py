"""Golden screens of Infiltrate, reached from power-on through the simulator's inputs.

    python tools/golden_infiltrate.py [NAME ...]   rewrites tests/golden/infiltrate/NAME.bin and .png

Each state drives a fresh Sim(1, game="infiltrate"); the .bin is the raw 1024-byte frame that
tests/test_infiltrate_golden.py holds the app to, the .png is for people to look at.
"""
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)
import host_sim  # noqa: F401,E402
from host_sim.script import parse, run  # noqa: E402
from lockdown.events import ALARM, GO, PROX  # noqa: E402
from tools.goldens import Goldens  # noqa: E402

FOLDER = os.path.join(ROOT, "tests", "golden", "infiltrate")
GOLDENS = Goldens("infiltrate", FOLDER)
STATES = GOLDENS.states
state = GOLDENS.state
frames = GOLDENS.frames


def row(sim, r):
    sim.turn(ALARM, r - sim.app.top().cur)


def armies(sim, p1=(0, 3, 3), p2=(0, 3, 3)):
    for i, n in enumerate(p1 + p2):
        row(sim, 1 + i)
        sim.turn(PROX, n)
    row(sim, 8)
    sim.press(GO)
    sim.wait(1600)


def script(sim, name, upto=None):
    with open(os.path.join(ROOT, "tests", "scripts", "infiltrate", name)) as f:
        lines = f.read().splitlines()
    run(parse("\n".join(lines[:upto]), name), sim, name)


@state("army", "Army")
def _army(sim):
    row(sim, 3)
    sim.turn(PROX, 2)  # two large: 9 points left


@state("army_device", "Army")
def _army_device(sim):
    sim.turn(PROX, 1)
    row(sim, 1)
    sim.turn(PROX, -1)  # Fair


@state("setup", "BoardScreen")
def _setup(sim):
    armies(sim)
    for _ in range(3):
        sim.press(GO)
    sim.turn(PROX, 1)
    sim.turn(ALARM, 2)


@state("stacks", "BoardScreen")
def _stacks(sim):
    """Nine pyramids a side: three stack (2 high) on each full row, of each size, one stack selected."""
    armies(sim, (4, 4, 1), (4, 4, 1))
    picks = ([(5, 0), (5, 2), (1, 1)], [(0, 1), (4, 0), (4, 0)])  # (square, size) of each stacked one
    b = sim.session.board
    while b.phase == 1:
        p = b.to_move
        if b.in_hand(p, 1) + b.in_hand(p, 2) + b.in_hand(p, 3) <= 3:
            sq, size = picks[p].pop(0)
            sim.turn(ALARM, -9)  # clamps at the first square
            sim.turn(ALARM, sq)
            sim.turn(PROX, -9)
            sim.turn(PROX, size)
        sim.press(GO)


@state("play", "BoardScreen")
def _play(sim):
    script(sim, "two_players.txt", 40)
    sim.turn(ALARM, 2)
    sim.turn(PROX, 1)


@state("over", "BoardScreen")
def _over(sim):
    script(sim, "two_players.txt")


@state("new_game", "NewGame")
def _new_game(sim):
    script(sim, "two_players.txt")
    sim.press(GO)  # on the finished game: asks first


@state("device_thinks", "BoardScreen")
def _thinks(sim):
    script(sim, "vs_device.txt", 42)  # in play, the player's turn: two moves, then the device's
    while not sim.session.device_due():
        sim.press(GO)
    sim.wait(20)  # one tick: it has begun


@state("device_moved", "BoardScreen")
def _device_moved(sim):
    """Both of the device's moves listed and marked, until the player acts."""
    _thinks(sim)
    sim.wait(3000)  # two moves, each up to 50 slices of 20 ms


@state("undo", "UndoConfirm")
def _undo(sim):
    script(sim, "two_players.txt", 40)
    sim.press(ALARM)


@state("drawn", "BoardScreen")
def _drawn(sim):
    script(sim, "two_players.txt", 40)
    sim.hold(GO)
    sim.turn(ALARM, 4)  # End as a draw
    sim.press(GO)


@state("stacks_list", "Stacks")
def _stacks_list(sim):
    _stacks(sim)
    sim.press(PROX)


@state("menu", "Menu")
def _menu(sim):
    armies(sim)
    sim.hold(GO)


@state("settings", "Settings")
def _settings(sim):
    sim.hold(GO)
    sim.turn(ALARM, 2)
    sim.press(GO)
    sim.turn(ALARM, 1)


if __name__ == "__main__":
    GOLDENS.write(sys.argv[1:])
