"""Draws saved games as a PNG: an Infiltration game's proximity and alarm per round, the rolls and
the NPC events; or the results of every Infiltraitors mission or Infiltrate game found.

    .venv/bin/python -m tools.chart --json out/games.json [--game log/3.json] [--out out/game.png]
    .venv/bin/python -m tools.chart --json out/games.json --game infiltraitors   # or infiltrate
    .venv/bin/python -m tools.chart --board [--port a0]            # the current game
    .venv/bin/python -m tools.chart --dir SAVE_FOLDER --game log/3.json

Without --game: the last Infiltration game, or, with none, the results of the other games found.
Needs matplotlib (.venv/bin/python -m pip install matplotlib).
"""
import argparse
import json
import os
import sys

from tools.export import OTHERS, TITLES, ToolError, add_source, describe, mpremote, need, read_all

SIZE = (8, 4.5)  # inches; at DPI a 800 x 450 image
DPI = 100
OUT = os.path.join("out", "game.png")  # git-ignored


def chart(game, path):
    """Writes the chart of `game` (a dict from tools.export.read_game) to `path`; returns the figure."""
    matplotlib = need("matplotlib", "matplotlib")
    matplotlib.use("Agg")
    from matplotlib import pyplot as plt
    from matplotlib.ticker import MaxNLocator

    rolled = [r for r in game["rounds"] if r["die"]]
    shown = [r for r in game["rounds"] if r["die"] or r["after"] is not None]  # a last round unrolled too
    fig, ax = plt.subplots(figsize=SIZE, dpi=DPI)
    x = [r["round"] for r in rolled]
    ax.plot([r["round"] for r in shown], [r["after"] for r in shown], "o-", color="tab:red",
            label="proximity after the roll (or at the end)")
    for r in rolled:
        ax.annotate(str(r["die"]), (r["round"], r["after"]), textcoords="offset points", xytext=(0, 6),
                    ha="center", fontsize=7, color="tab:red")
    for key, marker, what, dx, dy, ha in (("acted", "^", "NPC acted", -6, 6, "right"),
                                          ("left", "x", "NPC left", 6, -12, "left")):
        ev = [r for r in game["rounds"] if r[key]]
        ax.scatter([r["round"] for r in ev], [r["before"] or 0 for r in ev],
                   marker=marker, color="black", zorder=3, label=what)
        for r in ev:
            ax.annotate(r[key].replace(";", ", "), (r["round"], r["before"] or 0),
                        textcoords="offset points", xytext=(dx, dy), ha=ha, fontsize=7)
    ax.axhline(99, color="gray", linestyle="--", linewidth=1)
    ax.set_ylim(0, 105)
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    ax.set_xlabel("round (numbers on the line: the die)")
    ax.set_ylabel("proximity")
    al = ax.twinx()
    al.step(x, [r["alarm"] for r in rolled], where="mid", color="tab:blue", label="alarm at the roll")
    al.set_ylim(-1.5, 16)  # the alarm keeps to the lower half, under the proximity line
    al.set_yticks(range(-1, 9))
    al.set_ylabel("alarm")
    lines = ax.get_legend_handles_labels()
    more = al.get_legend_handles_labels()
    ax.legend(lines[0] + more[0], lines[1] + more[1], loc="upper left", fontsize=7)
    ax.set_title("%s: %s, %d rounds" % (game["game"], game["end"], len(game["rounds"])))
    fig.savefig(path, dpi=DPI)
    plt.close(fig)
    return fig


# what each result is called on the chart, and its colour: an outcome per game row
OUTCOMES = {
    "infiltraitors": ("mission", "result", (("win", "won", "tab:green"), ("lose", "lost", "tab:red"),
                                            (None, "in play", "tab:gray"))),
    "infiltrate": ("opponent", "winner", (("P1", "player 1 won", "tab:blue"), ("P2", "player 2 won", "tab:orange"),
                                          ("draw", "draw", "tab:purple"), (None, "in play", "tab:gray"))),
}


def results(game, rows, path):
    """Writes the results of every saved game of `game` (Infiltraitors or Infiltrate), a bar per
    mission or opponent split by outcome; returns the figure."""
    matplotlib = need("matplotlib", "matplotlib")
    matplotlib.use("Agg")
    from matplotlib import pyplot as plt
    from matplotlib.ticker import MaxNLocator

    by, field, outcomes = OUTCOMES[game]
    keys = list(dict.fromkeys(r[by] for r in rows))  # in the order found
    fig, ax = plt.subplots(figsize=SIZE, dpi=DPI)
    base = [0] * len(keys)
    for value, label, colour in outcomes:
        counts = [sum(1 for r in rows if r[by] == k and r[field] == value) for k in keys]
        if any(counts):
            ax.bar(keys, counts, bottom=base, color=colour, label=label)
            base = [b + c for b, c in zip(base, counts)]
    ax.yaxis.set_major_locator(MaxNLocator(integer=True))
    ax.set_xlabel(by)
    ax.set_ylabel("games")
    ax.legend(loc="upper right", fontsize=7)
    ax.set_title("%s: %d games" % (TITLES[game], len(rows)))
    fig.savefig(path, dpi=DPI)
    plt.close(fig)
    return fig


def load_export(path):
    """The games in a games.json that tools.export wrote: (Infiltration's, {other game: rows})."""
    with open(path) as f:
        doc = json.load(f)
    games = doc.get("games") if isinstance(doc, dict) else None
    if not isinstance(games, list) or not all(isinstance(g, dict) and "game" in g and "rounds" in g for g in games):
        raise ToolError("%s is not a games.json written by tools.export" % path)
    others = {g: doc.get(g) or [] for g in OTHERS}
    if not all(isinstance(rows, list) and all(isinstance(r, dict) and "game" in r for r in rows)
               for rows in others.values()):
        raise ToolError("%s is not a games.json written by tools.export" % path)
    return games, others


def pick(games, others, want):
    """What --game names: (an Infiltration game, None), or (None, another game's name)."""
    if want in OTHERS:
        return (None, want) if others[want] else None
    if want:
        for g in games:
            if g["game"] == want:
                return g, None
        return next(((None, g) for g, rows in others.items() if any(r["game"] == want for r in rows)), None)
    if games:
        return games[-1], None
    return next(((None, g) for g, rows in others.items() if rows), None)


def main(argv=None, run=mpremote):
    p = argparse.ArgumentParser(prog="python -m tools.chart", description=describe(__doc__))
    add_source(p).add_argument("--json", help="a games.json written by tools.export")
    p.add_argument("--game", help="which game, e.g. log/3.json (default: the last one), or "
                   "infiltraitors or infiltrate for the results of all of that game's")
    p.add_argument("--out", default=OUT, help="the PNG to write (default: %(default)s)")
    args = p.parse_args(argv)
    try:
        need("matplotlib", "matplotlib")  # before the board is read: it is interrupted for nothing otherwise
        games, others = load_export(args.json) if args.json else read_all(args, run)
        chosen = pick(games, others, args.game)
        if not chosen:
            p.error("no such game: %s" % (args.game or "none saved"))
        os.makedirs(os.path.dirname(args.out) or ".", exist_ok=True)
        game, other = chosen
        if game:
            chart(game, args.out)
            what = game["game"]
        else:
            assert other  # pick() names one or the other
            results(other, others[other], args.out)
            what = "%s results" % TITLES[other]
    except (ToolError, ValueError, OSError) as e:
        print("chart: %s" % e, file=sys.stderr)
        return 1
    print("%s -> %s" % (what, args.out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
