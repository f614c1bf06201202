"""Every game's first screen, on a fresh session (its setup, or home), reaches the game's menu
and the game picker by the controls alone (issue 24f): the picker without changing the game at
all (a board switched to a game, or whose save was set aside, must be able to switch back), the
menu by any inputs. A bounded breadth-first search over presses, holds and cursor turns, on the
simulator, each path replayed from power-on."""
import pytest

from host_sim.runner import Sim
from lockdown.events import ALARM, GO, PROX
from lockdown.games import GAMES, load

INPUTS = [("press", b) for b in (ALARM, PROX, GO)] + [("hold", b) for b in (ALARM, PROX, GO)] + \
    [("turn", ALARM, n) for n in (1, -1, 20, -20)]
DEPTH = 6


def _replay(name, path):
    sim = Sim(1, game=name)
    for step in path:
        if step[0] == "turn":
            sim.turn(step[1], step[2])
        else:
            getattr(sim, step[0])(step[1])
        sim.wait(40)
    return sim


def _key(sim):
    top = sim.app.top()
    return (sim.session.PACKAGE, type(top).__name__, getattr(top, "cur", None), len(sim.app.stack),
            sim.session.changes)


def search(name, goal, unchanged):
    """The shortest input path from power-on to a screen `goal(sim)` holds for, or None; with
    `unchanged`, only through states where the game has not changed."""
    seen = set()
    frontier = [()]
    for _ in range(DEPTH + 1):
        nxt = []
        for path in frontier:
            sim = _replay(name, path)
            if unchanged and (sim.session.changes or sim.session.PACKAGE != "lockdown.games." + name):
                continue
            if goal(sim):
                return path
            k = _key(sim)
            if k in seen:
                continue
            seen.add(k)
            nxt += [path + (i,) for i in INPUTS]
        frontier = nxt
    return None


def _is_menu(name):
    mod, cls = load(name).SCREENS["menu"]
    return lambda sim: type(sim.app.top()).__name__ == cls and sim.app.top().module.endswith(".screens." + mod)


def _is_picker(sim):
    return type(sim.app.top()).__name__ == "Picker"


@pytest.mark.parametrize("name", GAMES)
def test_the_first_screen_reaches_the_picker_without_changing_the_game(name):
    assert search(name, _is_picker, True) is not None


@pytest.mark.parametrize("name", GAMES)
def test_the_first_screen_reaches_the_games_menu(name):
    assert search(name, _is_menu(name), False) is not None

