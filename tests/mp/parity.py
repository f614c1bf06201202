"""Frames step by step, the same code on CPython and on MicroPython (tests/test_parity.py).

    micropython tests/mp/parity.py golden          "NAME SCREEN HEX" for each golden state
    micropython tests/mp/parity.py script FILE     "LINE HEX" after each command, then "state JSON"

HEX is the 1024-byte frame. A script's shot commands only take the frame (no PNG on MicroPython).
"""
import json
import sys
from binascii import hexlify


def run_script(path, each, seed=1):
    """Runs a script on a fresh Sim, calling each(command, frame) after every command; the Sim."""
    from host_sim import script
    from host_sim.runner import Sim
    with open(path) as f:
        commands = script.parse(f.read(), path)
    sim = Sim(seed)
    for c in commands:
        if c.name != "shot":
            script.run([c], sim, path)
        each(c, sim.frame())
    return sim


def main(args):
    if args[0] == "golden":
        from tools import golden
        for name, _, got, frame in golden.frames():
            print(name, got, hexlify(frame).decode())
        return
    from host_sim.state_json import state
    sim = run_script(args[1], lambda c, frame: print(c.line, hexlify(frame).decode()))
    print("state", json.dumps(state(sim.session)))


if __name__ == "__main__":
    main(sys.argv[1:])
