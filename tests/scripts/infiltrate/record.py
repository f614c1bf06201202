"""Records the Infiltrate scripts in this folder: games played through the knobs, written down.

    .venv/bin/python tests/scripts/infiltrate/record.py

Each move is chosen by the device's own opponent (Fair, no entropy: the same game every time),
then reached the way a player would, by turning the knobs to it on the board screen and pressing
GO; the script holds only those inputs. Against the device, player 2's moves are its own, waited
for. tests/test_infiltrate_device.py plays the scripts and checks their state JSON.
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.dirname(HERE))))
import host_sim  # noqa: E402,F401
from host_sim.runner import Sim  # noqa: E402
from lockdown.events import ALARM, GO, PROX  # noqa: E402
from lockdown.games.infiltrate.ai import Opponent  # noqa: E402
from lockdown.games.infiltrate.opening import placement  # noqa: E402
from lockdown.games.infiltrate.rules.board import OVER, SETUP  # noqa: E402

NAMES = {ALARM: "alarm", PROX: "prox", GO: "go"}


class Recorder:
    def __init__(self, sim):
        self.sim = sim
        self.lines = []

    def turn(self, knob, n):
        if n:
            self.sim.turn(knob, n)
            self.lines.append("turn %s %+d" % (NAMES[knob], n))

    def press(self, button):
        self.sim.press(button)
        self.lines.append("press " + NAMES[button])

    def wait(self, ms):
        self.sim.wait(ms)
        self.lines.append("wait %d" % ms)

    def note(self, text):
        self.lines.append("# " + text)

    def reach(self, square, move=None, size=0):
        """Turns ALARM to the square, PROX to the move (play) or the size (setup), presses GO."""
        home = self.sim.app.home
        home._fresh()
        self.turn(ALARM, bytes(home._squares[:home._n]).index(square) - home._sel)
        if move is None:
            target = bytes(home._sizes[:home._ns]).index(size)
        else:
            target = list(home._targets[:home._nt]).index(move)
        self.turn(PROX, target - home._tgt)
        self.press(GO)


def army(rec, device):
    """P1 (and P2 unless the device plays it): 3 medium and 3 large; P1 first."""
    if device:
        rec.note("opponent: the device (Hard by default), then 'Easy'")
        rec.turn(PROX, 1)
        rec.turn(ALARM, 1)
        rec.turn(PROX, -2)
        rec.turn(ALARM, 1)  # P1 small
    else:
        rec.turn(ALARM, 1)
    for p in range(1 if device else 2):
        rec.turn(ALARM, 1)
        rec.turn(PROX, 3)  # medium
        rec.turn(ALARM, 1)
        rec.turn(PROX, 3)  # large
        rec.turn(ALARM, 1)
    rec.turn(ALARM, 9)  # the last row: place pyramids (P1 first is the default)
    rec.press(GO)
    rec.wait(1600)


def play(rec, device):
    sim = rec.sim
    b = sim.session.board
    ai = Opponent(1)
    while b.phase != OVER:
        if device and b.to_move == 1:
            rec.wait(800)
            continue
        if b.phase == SETUP:
            size, sq = placement(b, 1)  # Fair's, as the device plays
            rec.reach(sq, size=size)
        else:
            m = ai.choose(b)
            rec.reach(m >> 3, move=m)
    return rec


def record(name, device):
    sim = Sim(1, game="infiltrate")
    rec = Recorder(sim)
    army(rec, device)
    play(rec, device)
    with open(os.path.join(HERE, name), "w") as f:
        f.write("# Infiltrate: %s, recorded by record.py\n" % ("against the device" if device else "two players"))
        f.write("\n".join(rec.lines) + "\n")
    print(name, len(rec.lines), "lines, winner", sim.session.board.winner)


if __name__ == "__main__":
    record("two_players.txt", False)
    record("vs_device.txt", True)
