"""`python -m host_sim`: the desktop simulator (terminal by default, --window, or --script).

Exit status: 0 done, 1 a script command failed, 2 bad usage or a malformed script.
"""
import argparse
import json
import os
import sys

import host_sim  # noqa: F401  (sys.path set-up)
from host_sim.paths import user_saves


def parser():
    from host_sim import script, terminal
    from lockdown.games import DEFAULT, GAMES
    p = argparse.ArgumentParser(
        prog="python -m host_sim",
        description="Lockdown simulator: the firmware's app on a virtual OLED.",
        epilog="keys (terminal and window):\n    " + "\n    ".join(terminal.HELP)
        + "\n\nscript commands (one a line, # comments):\n" + (script.__doc__ or "").split("\n\n")[1],
        formatter_class=argparse.RawDescriptionHelpFormatter)
    mode = p.add_mutually_exclusive_group()
    mode.add_argument("--script", metavar="FILE", help="run a script headless instead of interactively")
    mode.add_argument("--window", action="store_true", help="a window with knobs and button (pygame)")
    p.add_argument("--seed", type=int, help="seed of the device's die and game ids (default: 1 for a "
                   "script, or drawn from the --save-dir folder's files; a fresh one, printed, for "
                   "the terminal and the window)")
    p.add_argument("--state-json", metavar="OUT", help="write the game state as JSON at the end")
    p.add_argument("--screenshot", metavar="OUT.png", help="write the final screen as a PNG")
    p.add_argument("--game", choices=GAMES, help="the game to start (default: a script's %s; "
                   "interactively the one the save folder was left in, as a board restarts into it, "
                   "else %s); the menu's game picker switches too" % (DEFAULT, DEFAULT))
    saves = p.add_mutually_exclusive_group()
    saves.add_argument("--save-dir", metavar="DIR", help="keep the board's files in DIR: the saved game "
                       "is resumed at start and saved after each action as the board does, finished "
                       "games archived in DIR/log (for tools.export --dir). Default: none for a script; "
                       "interactively %s" % user_saves().replace(os.path.expanduser("~"), "~", 1))
    saves.add_argument("--fresh", action="store_true", help="interactively: start with no saved game "
                       "and keep nothing (the save folder is neither read nor written)")
    return p


def save_folder(args, scripted):
    """The folder that holds the board's files this run, or None: a script keeps none unless
    asked; a person's session keeps each game in the per-user folder, as a board's flash does."""
    if args.save_dir or scripted or args.fresh:
        return args.save_dir
    return user_saves()


def where_line(folder):
    if folder is None:
        return "saves: none kept"
    return "saves in %s (--fresh: start empty, keep none)" % folder


def load_script(path):
    """The parsed commands of a script, or None after saying on stderr why not."""
    from host_sim import script
    try:
        with open(path, "rb") as f:
            return script.parse(script.decode(f.read(), path), path)
    except OSError as e:
        print("%s: cannot read the script: %s" % (path, e.strerror), file=sys.stderr)
    except script.ScriptError as e:
        print(e, file=sys.stderr)
    return None


def unwritable(path):
    """Why a file cannot be written at `path` (asked before the run: no half-done output), or None."""
    if os.path.isdir(path):
        return "%s: cannot write it: a folder of that name is in the way" % path
    if os.path.exists(path):
        return None if os.access(path, os.W_OK) else "%s: cannot write it: permission denied" % path
    folder = os.path.dirname(os.path.abspath(path))
    while not os.path.exists(folder):
        folder = os.path.dirname(folder)
    if not os.path.isdir(folder):
        return "%s: cannot write it: %s is not a folder" % (path, folder)
    return None if os.access(folder, os.W_OK) else "%s: cannot write it: permission denied in %s" % (path, folder)


def write_state(path, sim):
    """Writes the state JSON in one go; a one-line message on stderr and False if it cannot."""
    from host_sim.state_json import state
    text = json.dumps(state(sim.session), indent=2) + "\n"
    try:
        folder = os.path.dirname(path)
        if folder:
            os.makedirs(folder, exist_ok=True)
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
    except OSError as e:
        print("%s: cannot write it: %s" % (path, e.strerror or e), file=sys.stderr)
        return False
    return True


def play_script(commands, sim, path):
    """Runs the commands; 1 with the traceback and the failing line if one fails."""
    from host_sim import script
    try:
        script.run(commands, sim, path)
    except script.ScriptError as e:
        import traceback
        traceback.print_exception(e.__cause__, file=sys.stderr)
        print(e, file=sys.stderr)
        return 1
    return 0


def folder_seed(folder):
    """The default seed of a script run on a save folder: 1 for an empty or missing folder, else
    drawn from what the folder holds. A board draws fresh dice and a fresh game id at every
    start (os.urandom); seed 1 at every start would give each new game the same id, and the
    Store would take a later game for the archived one changed by an undo. This keeps a
    script's run replayable (the same folder and script, the same result) and each start new."""
    import zlib
    crc = 0
    for top, dirs, names in sorted(os.walk(folder)) if folder and os.path.isdir(folder) else ():
        for name in sorted(names):
            path = os.path.join(top, name)
            crc = zlib.crc32(os.path.relpath(path, folder).encode(), crc)
            with open(path, "rb") as f:
                crc = zlib.crc32(f.read(), crc)
    return crc % 999999 + 1 if crc else 1


def main(argv=None):
    from lockdown.games import DEFAULT
    args = parser().parse_args(argv)
    commands = None
    if args.script:
        commands = load_script(args.script)
        if commands is None:
            return 2  # checked whole before the app even starts
        problem = args.state_json and unwritable(args.state_json)
        if problem:
            print(problem, file=sys.stderr)
            return 2
    elif args.window:
        from host_sim.window import no_display
        problem = no_display()
        if problem:
            print(problem, file=sys.stderr)
            return 2
    seed = args.seed
    if seed is None:  # a script replays the same game; a person gets fresh dice, and the seed
        seed = (folder_seed(args.save_dir) if commands is not None
                else int.from_bytes(os.urandom(4), "big") % 999999 + 1)
    seed_line = "seed %d (replay this session's dice with --seed %d)" % (seed, seed)
    folder = save_folder(args, commands is not None)
    if folder:
        try:
            os.makedirs(folder, exist_ok=True)
        except OSError as e:
            print("%s: cannot keep the saves there: %s" % (folder, e.strerror or e), file=sys.stderr)
            return 2
    game = args.game or (DEFAULT if commands is not None else None)  # None: the folder's choice
    from host_sim.runner import Sim
    sim = Sim(seed, game=game, save_dir=folder)
    if commands is not None:
        status = play_script(commands, sim, args.script)
    elif args.window:
        from host_sim import window
        print(seed_line + "\n" + where_line(folder), file=sys.stderr)
        status = window.run(sim)
    else:
        from host_sim import terminal
        status = terminal.run(sim, seed_line + "; " + where_line(folder))
        if status != 2:  # again: the terminal's own screen is gone
            print(seed_line + "\n" + where_line(folder), file=sys.stderr)
    if status == 2:
        return status  # nothing ran; a failed command (1) still leaves its state and screen
    if args.state_json and not write_state(args.state_json, sim):
        return 2
    if args.screenshot:
        sim.shot(args.screenshot)
    sim.close()  # a save still waiting for the knobs to rest is written, as a board would
    return status


if __name__ == "__main__":
    sys.exit(main())
