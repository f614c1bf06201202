"""Pulls the saved games off the board (USB, mpremote) or out of the simulator's save folder and
writes them as CSV (one row per round) and JSON, for a spreadsheet or tools/chart.py.

    .venv/bin/python -m tools.export --board [--port a0] [--out out/games]  # out/games.csv, .json
    .venv/bin/python -m tools.export --dir SAVE_FOLDER [--out out/games]

Where the games are: the current one in game.json, finished ones in log/<n>.json (the board keeps
the last few); each document holds the game log under "log" and the die's face counts under
"faces". Pulling from the board interrupts the running firmware: press reset afterwards.
Run from the repository root; what goes wrong (no board, mpremote missing) is one line, status 1.
"""
import argparse
import csv
import importlib
import json
import os
import subprocess
import sys
from typing import Any

import host_sim  # noqa: F401  (firmware/ and the MicroPython shims on sys.path)
from lockdown.games.infiltration.rules.gamelog import FIELDS, GameLog
from lockdown.games.infiltration.rules.npc import NAMES

LOCKDOWN_V1 = 0x08  # the lockdown bit of a version 1 save's "flags"

CURRENT = "game.json"
ARCHIVE = "log"
COLUMNS = ("game", "round", "die", "alarm", "before", "after", "step", "acted", "left",
           "turn_alarm", "turn_prox")
OUT = os.path.join("out", "games")  # git-ignored


class ToolError(Exception):
    """What the user has to fix, in one line: what is missing and how to get it."""


class MissingFile(OSError):
    """The board answered, but has no such file."""


def python():
    """The running Python as the user would type it: .venv/bin/python from the repository root."""
    rel = os.path.relpath(sys.executable)
    return sys.executable if rel.startswith("..") else rel


def need(module, package):
    """Imports `module`, or says which package is missing and the command that installs it."""
    try:
        return importlib.import_module(module)
    except ImportError:
        raise ToolError("%s is not installed: %s -m pip install %s" % (package, python(), package)) from None


def describe(doc):
    """A parser's description: the first paragraph of a tool's docstring, whole."""
    return " ".join(doc.split("\n\n")[0].split())


def mpremote(*args):
    """Runs one mpremote command and returns what it printed: the only code that touches the board."""
    need("mpremote", "mpremote")
    r = subprocess.run([sys.executable, "-m", "mpremote"] + list(args), capture_output=True, text=True)
    if r.returncode:
        lines = (r.stderr or r.stdout).strip().splitlines()
        why = lines[-1] if lines else "mpremote exited %d" % r.returncode
        if "No such file" in why or "ENOENT" in why:
            raise MissingFile(why)
        raise ToolError("the board did not answer (%s): plug it in over USB, or name its port with --port" % why)
    return r.stdout


def _archive_order(name):
    stem = name.rpartition(".")[0]
    return (0, int(stem), "") if stem.isdigit() else (1, 0, name)


def from_board(port="auto", run=mpremote):
    """[(name, text)] of every saved game on the board: archived ones oldest first, then the current."""
    try:
        listing = run("connect", port, "fs", "--no-verbose", "ls", ":" + ARCHIVE)
    except MissingFile:
        listing = ""  # no archive folder yet
    names = sorted((w.split()[-1] for w in listing.splitlines() if w.strip().endswith(".json")),
                   key=_archive_order)
    docs = [(ARCHIVE + "/" + n, run("connect", port, "fs", "cat", ":" + ARCHIVE + "/" + n)) for n in names]
    try:
        return docs + [(CURRENT, run("connect", port, "fs", "cat", ":" + CURRENT))]
    except MissingFile:
        return docs  # no game started yet


def from_folder(folder):
    """The same from a folder laid out like the board's (the simulator's save folder, or a copy)."""
    docs = []
    arch = os.path.join(folder, ARCHIVE)
    if os.path.isdir(arch):
        for n in sorted((n for n in os.listdir(arch) if n.endswith(".json")), key=_archive_order):
            with open(os.path.join(arch, n)) as f:
                docs.append((ARCHIVE + "/" + n, f.read()))
    path = os.path.join(folder, CURRENT)
    if os.path.exists(path):
        with open(path) as f:
            docs.append((CURRENT, f.read()))
    return docs


def _names(mask):
    return ";".join(NAMES[n] for n in range(len(NAMES)) if mask >> n & 1)


def read_game(name, text):
    """One saved document as a plain dict: the game's outcome and its rounds, checked strictly."""
    try:
        doc = json.loads(text)
    except ValueError as e:
        raise ValueError("%s: not JSON (%s)" % (name, e))
    if type(doc) is not dict:
        raise ValueError("%s: not a saved game" % name)
    log = GameLog()
    if "log" in doc:
        try:
            log.load(doc["log"])
        except ValueError as e:
            raise ValueError("%s: %s" % (name, e))
    rounds = []
    for row in log.dump()["rounds"]:
        r = dict(zip(FIELDS, row))  # type: dict[str, Any]
        r["step"] = r["after"] - r["before"] if r["die"] else None
        r["acted"], r["left"] = _names(r["acted"]), _names(r["left"])
        rounds.append(r)
    lockdown = doc.get("lockdown", doc.get("flags", 0) & LOCKDOWN_V1)  # v2 names it; v1 had a flags byte
    end = "playing" if doc.get("phase") != "game_over" else "lockdown" if lockdown else "escaped"
    return {"game": name, "players": doc.get("players"), "end": end, "round": doc.get("round"),
            "prox": doc.get("prox"), "alarm": doc.get("alarm"), "faces": doc.get("faces"),
            "rounds": rounds}


def write(games, out):
    """Writes <out>.csv (a row per round of every game) and <out>.json (the games as read)."""
    os.makedirs(os.path.dirname(out) or ".", exist_ok=True)
    with open(out + ".csv", "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(COLUMNS)
        for g in games:
            for r in g["rounds"]:
                w.writerow([g["game"]] + ["" if r[c] is None else r[c] for c in COLUMNS[1:]])
    with open(out + ".json", "w") as f:
        json.dump({"games": games}, f, indent=1)


def add_source(parser):
    src = parser.add_mutually_exclusive_group(required=True)
    src.add_argument("--board", action="store_true", help="pull from the board over USB")
    src.add_argument("--dir", help="a save folder (the simulator's, or a copy of the board's)")
    parser.add_argument("--port", default="auto", help="mpremote device, e.g. a0 or /dev/ttyACM0")
    return src


def source_docs(args, run=mpremote):
    return from_board(args.port, run) if args.board else from_folder(args.dir)


def main(argv=None, run=mpremote):
    p = argparse.ArgumentParser(prog="python -m tools.export", description=describe(__doc__))
    add_source(p)
    p.add_argument("--out", default=OUT, help="output path without extension (default: %(default)s)")
    args = p.parse_args(argv)
    try:
        docs = source_docs(args, run)
        if not docs:
            p.error("no saved games found")
        games = [read_game(n, t) for n, t in docs]
        write(games, args.out)
    except (ToolError, ValueError, OSError) as e:
        print("export: %s" % e, file=sys.stderr)
        return 1
    print("%d games, %d rounds -> %s.csv, %s.json" % (
        len(games), sum(len(g["rounds"]) for g in games), args.out, args.out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
