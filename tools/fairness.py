"""Is the device's die fair? Prints the face counts it saved and a chi-square test against 1/6 each.

    .venv/bin/python -m tools.fairness --board [--port a0]
    .venv/bin/python -m tools.fairness --dir SAVE_FOLDER
    .venv/bin/python -m tools.fairness --counts 171,160,158,175,169,167

The counts are every roll the device's die made (physical dice typed in are not counted).
"""
import argparse
import json
import math
import sys

from tools.export import CURRENT, ToolError, add_source, describe, mpremote, source_docs

# Chi-square with 5 degrees of freedom: the value exceeded with chance p by a fair die.
CRITICAL = ((0.10, 9.236), (0.05, 11.070), (0.01, 15.086), (0.001, 20.515))


def chi_square(counts):
    n = sum(counts)
    e = n / len(counts)
    return sum((c - e) ** 2 / e for c in counts)


def p_value(x):
    """P(chi-square with 5 df >= x): exact, as 5 is odd the tail has a closed form (no scipy)."""
    if x <= 0:
        return 1.0
    return math.erfc(math.sqrt(x / 2)) + math.sqrt(2 * x / math.pi) * math.exp(-x / 2) * (1 + x / 3)


def report(counts):
    n = sum(counts)
    lines = ["face  count  share  (fair: %.1f%%)" % (100 / 6)]
    for face, c in enumerate(counts, 1):
        lines.append("%4d %6d %5.1f%%" % (face, c, 100 * c / n if n else 0))
    if n < 30:
        lines.append("%d rolls: too few for a test (30 or more, 5 per face expected)" % n)
        return "\n".join(lines)
    x = chi_square(counts)
    p = p_value(x)
    worst = [lvl for lvl, crit in CRITICAL if x > crit]
    lines.append("%d rolls, chi-square %.2f (5 df), p = %.4f" % (n, x, p))
    lines.append("a fair die rarely does this: p < %g" % worst[-1] if worst else "no sign of bias (p > 0.1)")
    return "\n".join(lines)


def main(argv=None, run=mpremote):
    p = argparse.ArgumentParser(prog="python -m tools.fairness", description=describe(__doc__))
    add_source(p).add_argument("--counts", help="six counts, faces 1 to 6, comma separated")
    args = p.parse_args(argv)
    if args.counts:
        try:
            counts = [int(v) for v in args.counts.split(",")]
        except ValueError:
            p.error("--counts takes six whole numbers, e.g. 171,160,158,175,169,167")
    else:
        try:
            docs = dict(source_docs(args, run))
            if CURRENT not in docs:
                p.error("no game.json to read the face counts from")
            counts = json.loads(docs[CURRENT]).get("faces")
        except (ToolError, ValueError, OSError) as e:
            print("fairness: %s" % e, file=sys.stderr)
            return 1
    if type(counts) is not list or len(counts) != 6 or min(counts) < 0:
        p.error("need six face counts")
    print(report(counts))
    return 0


if __name__ == "__main__":
    sys.exit(main())
