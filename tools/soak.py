"""A long random-input soak: the storm of tests/test_storm.py over many seeds (tests/core/storm.py).

    .venv/bin/python -m tools.soak [--seeds N] [--events M] [--first S]

Each seed runs M random events on the real App through the simulator's Sim, every invariant
checked after each event; a seed that breaks one is reported (its seed, event and what broke)
and the soak goes on with the next. Prints the figures for BENCHMARKS.md's "Soak" section and
exits 1 if any seed failed.
"""
import argparse
import platform
import sys
import time

import host_sim  # noqa: F401  (sys.path set-up)
from tests.core.storm import Storm


def soak(first, seeds, events, out=print):
    """Runs the seeds; returns (events, undos checked, restarts, failures, seconds)."""
    t0 = time.perf_counter()
    total = undos = restarts = 0
    failures = []
    for seed in range(first, first + seeds):
        st = Storm(seed)
        try:
            for _ in range(events):
                st.event()
        except Exception as e:  # an invariant, or the app itself: report it and go on
            failures.append(seed)
            out("FAIL seed %d after %d events: %s: %s" % (seed, st.events, type(e).__name__, e))
        total += st.events
        undos += st.undos
        restarts += st.restarts
    return total, undos, restarts, failures, time.perf_counter() - t0


def main(argv=None):
    p = argparse.ArgumentParser(prog="python -m tools.soak", description=(__doc__ or "").split("\n\n")[0])
    p.add_argument("--seeds", type=int, default=100, help="how many seeds (default 100)")
    p.add_argument("--events", type=int, default=4000, help="events per seed (default 4000)")
    p.add_argument("--first", type=int, default=1000, help="the first seed (default 1000: past the "
                   "seeds the test command runs)")
    a = p.parse_args(argv)
    if a.seeds < 1 or a.events < 1:
        p.error("--seeds and --events must be at least 1")
    total, undos, restarts, failures, secs = soak(a.first, a.seeds, a.events)
    print("| figure | value |")
    print("| --- | --- |")
    print("| seeds | %d (%d..%d), %d events each |" % (a.seeds, a.first, a.first + a.seeds - 1, a.events))
    print("| events | %d |" % total)
    print("| undos checked against the state before their action | %d |" % undos)
    print("| restarts after the picker switched games | %d |" % restarts)
    print("| time, s (CPython %s) | %.1f |" % (platform.python_version(), secs))
    print("| events per second | %d |" % (total / secs))
    print("| failures | %d%s |" % (len(failures), " (seeds %s)" % ", ".join(map(str, failures)) if failures else ""))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
