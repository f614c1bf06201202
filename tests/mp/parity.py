"""Frames step by step, the same code on CPython and on MicroPython (tests/test_parity.py).

    micropython tests/mp/parity.py golden          "NAME SCREEN HEX" for each golden state
    micropython tests/mp/parity.py script FILE     "LINE HEX" after each command, then "state JSON"

FILE holds a script's commands as CPython parsed them: JSON [[line, text, name, args], ...].
HEX is the 1024-byte frame. Shot commands only take the frame (no PNG on MicroPython).
"""
import json
import sys
from binascii import hexlify


def play(commands, each, seed=1):
    """Runs parsed script commands on a fresh Sim, calling each(command, frame) after every one."""
    from host_sim import script
    from host_sim.runner import Sim
    sim = Sim(seed)
    for c in commands:
        if c.name != "shot":
            script.run([c], sim)
        each(c, sim.frame())
    return sim


def main(args):
    if args[0] == "golden":
        from tools import golden
        for name, _, got, frame in golden.frames():
            print(name, got, hexlify(frame).decode())
        return
    from host_sim.script import Command
    from host_sim.state_json import state
    with open(args[1]) as f:
        commands = [Command(*c) for c in json.load(f)]
    sim = play(commands, lambda c, frame: print(c.line, hexlify(frame).decode()))
    print("state", json.dumps(state(sim.session)))


if __name__ == "__main__":
    main(sys.argv[1:])
