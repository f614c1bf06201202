"""Draws one saved game as a PNG: proximity and alarm per round, the rolls, the NPC events.

    .venv/bin/python -m tools.chart --json out/games.json [--game log/3.json] [--out out/game.png]
    .venv/bin/python -m tools.chart --board [--port a0]            # the current game
    .venv/bin/python -m tools.chart --dir SAVE_FOLDER --game log/3.json

Needs matplotlib (.venv/bin/python -m pip install matplotlib).
"""
import argparse
import json
import os
import sys

from tools.export import ToolError, add_source, describe, mpremote, need, read_game, source_docs

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
    fig, ax = plt.subplots(figsize=SIZE, dpi=DPI)
    x = [r["round"] for r in rolled]
    ax.plot(x, [r["after"] for r in rolled], "o-", color="tab:red", label="proximity after the roll")
    for r in rolled:
        ax.annotate(str(r["die"]), (r["round"], r["after"]), textcoords="offset points", xytext=(0, 6),
                    ha="center", fontsize=7, color="tab:red")
    for key, marker, what, dx, dy, ha in (("acted", "^", "NPC acted", -6, 6, "right"),
                                          ("left", "x", "NPC left", 6, -12, "left")):
        ev = [r for r in game["rounds"] if r[key]]
        ax.scatter([r["round"] for r in ev], [r["before"] if r["die"] else 0 for r in ev],
                   marker=marker, color="black", zorder=3, label=what)
        for r in ev:
            ax.annotate(r[key].replace(";", ", "), (r["round"], r["before"] if r["die"] else 0),
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


def load_export(path):
    """The games in a games.json that tools.export wrote."""
    with open(path) as f:
        doc = json.load(f)
    games = doc.get("games") if isinstance(doc, dict) else None
    if not isinstance(games, list) or not all(isinstance(g, dict) and "game" in g and "rounds" in g for g in games):
        raise ToolError("%s is not a games.json written by tools.export" % path)
    return games


def main(argv=None, run=mpremote):
    p = argparse.ArgumentParser(prog="python -m tools.chart", description=describe(__doc__))
    add_source(p).add_argument("--json", help="a games.json written by tools.export")
    p.add_argument("--game", help="which game, e.g. log/3.json (default: the last one)")
    p.add_argument("--out", default=OUT, help="the PNG to write (default: %(default)s)")
    args = p.parse_args(argv)
    try:
        need("matplotlib", "matplotlib")  # before the board is read: it is interrupted for nothing otherwise
        if args.json:
            games = load_export(args.json)
        else:
            games = [read_game(n, t) for n, t in source_docs(args, run)]
        pick = [g for g in games if g["game"] == args.game] if args.game else games[-1:]
        if not pick:
            p.error("no such game: %s" % (args.game or "none saved"))
        os.makedirs(os.path.dirname(args.out) or ".", exist_ok=True)
        chart(pick[0], args.out)
    except (ToolError, ValueError, OSError) as e:
        print("chart: %s" % e, file=sys.stderr)
        return 1
    print("%s -> %s" % (pick[0]["game"], args.out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
