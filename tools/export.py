"""Pulls the saved games off the board (USB, mpremote) or out of a save folder (the simulator's,
the browser page's zip) and writes them as CSV and JSON, for a spreadsheet or tools/chart.py.

    .venv/bin/python -m tools.export --board [--port a0] [--out out/games]  # out/games*.csv, .json
    .venv/bin/python -m tools.export --dir SAVE_FOLDER [--out out/games]

Each game keeps its current save and its finished games apart: Infiltration in game.json and
log/<n>.json (one CSV row per round: <out>.csv), Infiltraitors in infiltraitors.json and
infiltraitors-log/ (a row per mission: <out>-infiltraitors.csv), Infiltrate in infiltrate.json and
infiltrate-log/ (a row per game: <out>-infiltrate.csv); <out>.json holds them all. It says what it
found of each. Pulling from the board interrupts the running firmware: press reset afterwards.
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
from lockdown.games.infiltration.rules.logload import load
from lockdown.games.infiltration.rules.npc import NAMES

LOCKDOWN_V1 = 0x08  # the lockdown bit of a version 1 save's "flags"

CURRENT = "game.json"
ARCHIVE = "log"
COLUMNS = ("game", "round", "die", "alarm", "before", "after", "step", "acted", "left",
           "turn_alarm", "turn_prox")
# The other games: their save and archive folder (their packages' SAVE and ARCHIVE) and columns
OTHERS = {
    "infiltraitors": ("infiltraitors.json", "infiltraitors-log", (
        "game", "id", "end", "mission", "agents", "suits", "suspects", "identified", "remaining",
        "bullets_left", "result", "why", "time_left_s")),
    "infiltrate": ("infiltrate.json", "infiltrate-log", (
        "game", "id", "end", "opponent", "winner", "p1_pips", "p2_pips", "last_move", "settings")),
}
TITLES = {"infiltration": "Infiltration", "infiltraitors": "Infiltraitors", "infiltrate": "Infiltrate"}
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


def files_of(game):
    """A game's save and archive folder."""
    return (CURRENT, ARCHIVE) if game == "infiltration" else OTHERS[game][:2]


def from_board(port="auto", run=mpremote, game="infiltration"):
    """[(name, text)] of every saved game of `game` on the board: archived ones oldest first, then
    the current."""
    current, archive = files_of(game)
    try:
        listing = run("connect", port, "fs", "--no-verbose", "ls", ":" + archive)
    except MissingFile:
        listing = ""  # no archive folder yet
    names = sorted((w.split()[-1] for w in listing.splitlines() if w.strip().endswith(".json")),
                   key=_archive_order)
    docs = [(archive + "/" + n, run("connect", port, "fs", "cat", ":" + archive + "/" + n)) for n in names]
    try:
        return docs + [(current, run("connect", port, "fs", "cat", ":" + current))]
    except MissingFile:
        return docs  # no game started yet


def from_folder(folder, game="infiltration"):
    """The same from a folder laid out like the board's (the simulator's save folder, or a copy)."""
    current, archive = files_of(game)
    docs = []
    arch = os.path.join(folder, archive)
    if os.path.isdir(arch):
        for n in sorted((n for n in os.listdir(arch) if n.endswith(".json")), key=_archive_order):
            with open(os.path.join(arch, n)) as f:
                docs.append((archive + "/" + n, f.read()))
    path = os.path.join(folder, current)
    if os.path.exists(path):
        with open(path) as f:
            docs.append((current, f.read()))
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
            load(log, doc["log"])
        except ValueError as e:
            raise ValueError("%s: %s" % (name, e))
    rounds = []
    for row in log.dump()["rounds"]:
        r = dict(zip(FIELDS, row))  # type: dict[str, Any]
        r["step"] = r["after"] - r["before"] if r["die"] else None
        r["acted"], r["left"] = _names(r["acted"]), _names(r["left"])
        rounds.append(r)
    if rounds and not rounds[-1]["die"]:
        _unrolled(rounds, doc.get("prox"))
    lockdown = doc.get("lockdown", doc.get("flags", 0) & LOCKDOWN_V1)  # v2 names it; v1 had a flags byte
    end = "playing" if doc.get("phase") != "game_over" else "lockdown" if lockdown else "escaped"
    return {"game": name, "players": doc.get("players"), "end": end, "round": doc.get("round"),
            "prox": doc.get("prox"), "alarm": doc.get("alarm"), "faces": doc.get("faces"),
            "rounds": rounds}


def _unrolled(rounds, prox):
    """The last round when it had no roll (it ended by proximity dialled to 99, by the last
    escape, or it is still being played): the log keeps 0 / 0 there, but it began where the
    round before it ended (0 in round 1) and ended (or stands) at the saved proximity."""
    r = rounds[-1]
    before = rounds[-2]["after"] if len(rounds) > 1 and rounds[-2]["round"] == r["round"] - 1 else None
    r["before"] = 0 if r["round"] == 1 else before
    r["after"] = prox if type(prox) is int else None


def read_other(game, name, text):
    """One saved Infiltraitors or Infiltrate document as a row of its columns. The game's own
    Session reads it (so every save format it reads, older ones too, is read the same way) and
    the simulator's state JSON, whose names are kept, says what it holds."""
    from host_sim.state_json import state
    from lockdown.dice import Xorshift
    from lockdown.games import load
    try:
        doc = json.loads(text)
    except ValueError as e:
        raise ValueError("%s: not JSON (%s)" % (name, e))
    session = load(game).new_session(Xorshift(1))
    try:
        session.loads(text)
    except ValueError as e:  # SaveError: the save is damaged, or of a format this code cannot read
        raise ValueError("%s: not a saved %s game (%s)" % (name, TITLES[game], e))
    st = state(session)
    row = {"game": name, "id": doc.get("id") if type(doc) is dict else None}
    row.update(_traitors(st) if game == "infiltraitors" else _pyramids(st))
    return row


def _traitors(st):
    return {"end": "over" if st.get("result") else "playing", "mission": st.get("mission"),
            "agents": st.get("agents"), "suits": ";".join(st.get("suits") or ()),
            "suspects": st.get("suspects_total"), "identified": st.get("identified"),
            "remaining": st.get("remaining"), "bullets_left": st.get("bullets"),
            "result": st.get("result"), "why": st.get("why"), "time_left_s": st.get("timer_left_s")}


def _pyramids(st):
    opp = st.get("opponent")
    last = st.get("last_move") or {}
    pips = st.get("armies") or (None, None)
    winner = st.get("winner")
    return {"end": "over" if st.get("phase") == "over" else "playing",
            "opponent": "device %s" % opp.get("level") if opp else "player 2",
            "winner": winner if winner == "draw" or winner is None else "P%d" % winner,
            "p1_pips": pips[0], "p2_pips": pips[1],
            "last_move": "%s-%s" % (last.get("from") or "", last.get("to")) if last else None,
            "settings": ";".join(k for k, on in sorted((st.get("settings") or {}).items()) if on)}


def write_rows(rows, columns, path):
    with open(path, "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(columns)
        for r in rows:
            w.writerow(["" if r.get(c) is None else r[c] for c in columns])


def write(games, out, others=None):
    """Writes <out>.csv (a row per round of every Infiltration game), <out>-<game>.csv for each
    other game found (a row per game) and <out>.json (all of them as read)."""
    others = others or {}
    os.makedirs(os.path.dirname(out) or ".", exist_ok=True)
    write_rows([dict(r, game=g["game"]) for g in games for r in g["rounds"]], COLUMNS, out + ".csv")
    for game, rows in others.items():
        if rows:
            write_rows(rows, OTHERS[game][2], "%s-%s.csv" % (out, game))
    with open(out + ".json", "w") as f:
        json.dump(dict({"games": games}, **others), f, indent=1)


def add_source(parser):
    src = parser.add_mutually_exclusive_group(required=True)
    src.add_argument("--board", action="store_true", help="pull from the board over USB")
    src.add_argument("--dir", help="a save folder (the simulator's, or a copy of the board's)")
    parser.add_argument("--port", default="auto", help="mpremote device, e.g. a0 or /dev/ttyACM0")
    return src


def source_docs(args, run=mpremote, game="infiltration"):
    return from_board(args.port, run, game) if args.board else from_folder(args.dir, game)


def read_all(args, run=mpremote):
    """(Infiltration's games, {other game: its rows}) from the board or the folder."""
    games = [read_game(n, t) for n, t in source_docs(args, run)]
    others = {g: [read_other(g, n, t) for n, t in source_docs(args, run, g)] for g in OTHERS}
    return games, others


def found(games, others, out):
    """What the export found of each game, and where it went."""
    rounds = sum(len(g["rounds"]) for g in games)
    lines = ["%s: %s" % (TITLES["infiltration"], "%s, %s -> %s.csv" % (
        _count(games, "game"), _count(rounds, "round"), out) if games else "none found")]
    for game, rows in others.items():
        done = sum(1 for r in rows if r["end"] == "over")
        lines.append("%s: %s" % (TITLES[game], "%s (%d finished) -> %s-%s.csv" % (
            _count(rows, "game"), done, out, game) if rows else "none found"))
    return lines + ["all of them -> %s.json" % out]


def _count(n, what):
    n = n if type(n) is int else len(n)
    return "%d %s%s" % (n, what, "" if n == 1 else "s")


def main(argv=None, run=mpremote):
    p = argparse.ArgumentParser(prog="python -m tools.export", description=describe(__doc__))
    add_source(p)
    p.add_argument("--out", default=OUT, help="output path without extension (default: %(default)s)")
    args = p.parse_args(argv)
    try:
        games, others = read_all(args, run)
        if not games and not any(others.values()):
            p.error("no saved games found")
        write(games, args.out, others)
    except (ToolError, ValueError, OSError) as e:
        print("export: %s" % e, file=sys.stderr)
        return 1
    print("\n".join(found(games, others, args.out)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
