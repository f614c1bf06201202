"""The README's Infiltrate section says the order the knobs walk in play, and the device walks it:
ALARM the pyramids that can move in board order (a1..f1, a2.., clamped at the ends), PROX that
pyramid's targets clockwise from straight up the screen. Checked by what a move plays (the state
JSON's last move), not by the screen's insides."""
import os
from array import array

from host_sim import script
from host_sim.runner import Sim
from host_sim.state_json import state
from lockdown.events import ALARM, GO, PROX
from lockdown.games.infiltrate.rules.board import NB, square_name
from tests.mpy import ROOT

WALK = ("row 1 from a to f, then row 2, and so on up", "clockwise, starting straight up",
        "up, up-right, right, down-right, down, down-left, left, up-left")


def readme_infiltrate():
    with open(os.path.join(ROOT, "README.md"), encoding="utf-8") as f:
        text = f.read()
    return " ".join(text[text.index("## Infiltrate"):text.index("## The hardware")].split())


def in_play():
    """A two-player game just past setup (tests/scripts/infiltrate/two_players.txt's armies and
    placements), player 1 to move."""
    sim = Sim(1, game="infiltrate")
    path = os.path.join(ROOT, "tests", "scripts", "infiltrate", "two_players.txt")
    with open(path) as f:
        for c in script.parse(f.read(), path):
            if state(sim.session)["phase"] == "play":
                return sim
            script.run([c], sim, path)
    raise AssertionError("two_players.txt never reaches play")


def walk(board):
    """The pyramids that can move in board order and each one's targets in direction order."""
    out = array("H", [0] * 8)
    found = []
    for sq in range(36):
        n = board.targets(sq, out)
        if n:
            found.append((sq, [NB[m] for m in out[:n]]))
    return found


def test_the_readme_says_the_walk_order():
    text = readme_infiltrate()
    for words in WALK:
        assert words in text


def test_alarm_walks_the_pyramids_in_board_order_and_prox_their_targets_clockwise_from_up():
    for pick in range(4):
        sim = in_play()
        movable = walk(sim.session.board)
        assert [sq for sq, _ in movable] == sorted(sq for sq, _ in movable)
        assert len(movable) > 1
        sq, targets = movable[min(pick, len(movable) - 1)]
        dirs = [d for d in range(8) if NB[sq * 8 + d] in targets]
        assert dirs == sorted(dirs)  # N, NE, E, SE, S, SW, W, NW: clockwise from straight up
        j = pick % len(targets)
        sim.turn(ALARM, pick)
        sim.turn(PROX, j)
        sim.press(GO)
        last = state(sim.session)["last_move"]
        assert (last["from"], last["to"]) == (square_name(sq), square_name(targets[j]))


def test_the_walk_stops_at_either_end():
    sim = in_play()
    movable = walk(sim.session.board)
    sim.turn(ALARM, 99)
    sim.turn(ALARM, 1)  # past the last: still the last
    sim.turn(PROX, 99)
    sim.press(GO)
    sq, targets = movable[-1]
    last = state(sim.session)["last_move"]
    assert (last["from"], last["to"]) == (square_name(sq), square_name(targets[-1]))
