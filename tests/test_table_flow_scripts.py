"""Issue 12's table flow as a script through the simulator's script mode: wounds marked in the
NPC step and undone with it, the secret room's way out, a variant chosen on the setup screen."""
import os

from host_sim.runner import Sim
from host_sim.script import parse, run
from host_sim.state_json import state

SCRIPTS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "scripts")


def play(name):
    sim = Sim(1)
    with open(os.path.join(SCRIPTS, name)) as f:
        run(parse(f.read(), name), sim, name)
    return sim


def test_wounds_marked_in_the_step_the_undo_and_the_secret_room():
    sim = play("npc_wounds.txt")
    s = state(sim.session)
    assert s["phase"] == "npc" and s["proximity"] == 5  # the walk is done, GO goes on to Security
    assert [p["wounded"] for p in s["players"]] == [False, True, False, False]
    assert {n["name"]: n["room"] for n in s["npcs"]} == {"Harris": 2, "Kent": 9}
    assert sim.session.game.fields()["settings"]["extract"] is True
