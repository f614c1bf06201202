"""The Infiltrate opponent's time and RAM on the MicroPython unix port, scaled to an RP2040.

    .venv/bin/micropython tools/bench/opponent.py [MOVES] [SEED]   prints one JSON line
    tools/bench.py --game infiltrate                               runs it and adds the rows

Each level plays MOVES moves of seeded games against the greedy reference player
(tools/ref_players.py); every think() (one slice) is timed with time.ticks_us. RAM is what
gc.mem_alloc grows by when an Opponent of each level is made (its states, move lists, Hard's
transposition table),
and what it grows by over a whole move (0: nothing is allocated per node). RP2040 figures are the
unix ones times RATIO (unix port here -> RP2040 at 125 MHz, BENCHMARKS.md "Infiltrate opponent").
"""
import gc
import json
import sys
import time

HERE = __file__.rpartition("/")[0] or "."
ROOT = (HERE.rpartition("/")[0] or ".").rpartition("/")[0] or "."
sys.path.insert(0, ROOT + "/firmware")
sys.path.insert(0, ROOT)

RATIO = 90  # unix port -> RP2040 for this code (BENCHMARKS.md)
ROWS = (
    ("Infiltrate opponent: RAM of one Opponent (states, move lists, Hard's transposition table), Easy / Fair / "
     "Hard, 64-bit (unix) / 32-bit by the live-peak ratio, B; allocated during a move, B",
     "{opp_ram64_easy} / {opp_ram64_fair} / {opp_ram64} (64-bit), {opp_ram32_easy} / {opp_ram32_fair} / "
     "{opp_ram32} (32-bit); {opp_alloc}"),
    ("Infiltrate opponent, unix port: us a slice mean / worst, nodes/s (Hard)",
     "{opp_slice_us_mean} / {opp_slice_us_max}, {opp_nodes_s}"),
    ("Infiltrate opponent, RP2040 (unix x RATIO): ms a slice mean / worst (SLICE_MS allowed); Hard s a move "
     "mean / worst (1 s allowed)", "{opp_slice_ms_rp2040} / {opp_slice_ms_rp2040_max} ({opp_slice_ms}); "
                                   "{opp_move_s_rp2040} / {opp_move_s_rp2040_max}"),
)


def measure(moves, seed, runs=5):
    """Figures over `moves` moves of each level against the greedy player (MicroPython only).
    The games are played `runs` times: the search is the same each time (its budgets are counts),
    so each slice's time is the least of its runs, which leaves out the other processes' share."""
    from array import array
    from lockdown.games.infiltrate import ai
    out = {"opp_alloc": 0, "opp_slice_ms": ai.SLICE_MS}  # type: dict
    for level, name in enumerate(("opp_ram64_easy", "opp_ram64_fair", "opp_ram64")):
        gc.collect()
        before = gc.mem_alloc()  # pyright: ignore[reportAttributeAccessIssue]
        opp = ai.Opponent(level)
        gc.collect()
        out[name] = gc.mem_alloc() - before  # pyright: ignore[reportAttributeAccessIssue]
        del opp
    times, owner, nodes = play(moves, seed, out)
    for _ in range(runs - 1):
        t = play(moves, seed, out)[0]
        times = array("I", [min(x, y) for x, y in zip(times, t)])
    hard = moves_us = worst = 0
    at = 0
    move_us = 0
    for i in range(len(times)):
        if owner[i] & 1:  # a move's first slice
            move_us = 0
        move_us += times[i]
        if owner[i] & 2:  # Hard's
            hard += times[i]
            if owner[i] & 4:  # its last slice
                worst = max(worst, move_us)
                moves_us += 1
        at += times[i]
    mean = at // len(times)
    top = max(times)
    out.update({"opp_slice_us_mean": mean, "opp_slice_us_max": top,
                "opp_nodes_s": nodes * 1000000 // max(hard, 1),
                "opp_slice_ms_rp2040": round(mean * RATIO / 1000, 1),
                "opp_slice_ms_rp2040_max": round(top * RATIO / 1000, 1),
                "opp_move_s_rp2040": round(hard / max(moves_us, 1) * RATIO / 1e6, 2),
                "opp_move_s_rp2040_max": round(worst * RATIO / 1e6, 2)})
    return out


def play(moves, seed, out):
    """One pass of the games: each slice's time in us, its bits (1 a move's first slice, 2 Hard's,
    4 a move's last) and Hard's nodes."""
    from array import array
    from lockdown.games.infiltrate import ai, opening
    from lockdown.games.infiltrate.rules import board as R
    from lockdown.dice import Xorshift
    from tools.ref_players import Greedy
    ticks, diff = time.ticks_us, time.ticks_diff  # pyright: ignore[reportAttributeAccessIssue]
    mem = gc.mem_alloc  # pyright: ignore[reportAttributeAccessIssue]
    times = array("I", bytes(4 * moves * len(ai.LEVELS) * 64))  # made once: a move allocates nothing
    owner = bytearray(len(times))
    n = nodes = 0
    for level in range(len(ai.LEVELS)):
        opp = ai.Opponent(level, Xorshift(seed + level))
        other = Greedy(seed + 10 + level)
        done = game = 0
        while done < moves:
            b = R.Board()
            opening.army(level, b, 0)
            other.army(b, 1)
            b.start_setup(game % 2)
            game += 1
            while b.phase == R.SETUP:
                size, sq = opening.placement(b, level) if b.to_move == 0 else other.placement(b)
                b.place(size, sq)
            while b.phase == R.PLAY and done < moves:
                if b.to_move:
                    b.play(other.choose(b))
                    continue
                gc.collect()
                m0 = mem()
                opp.begin(b)
                bits = 1
                while True:
                    t = ticks()
                    ready = opp.think()
                    times[n] = diff(ticks(), t)
                    owner[n] = bits | (2 if level == 2 else 0) | (4 if ready else 0)
                    n += 1
                    bits = 0
                    if ready:
                        break
                out["opp_alloc"] = max(out["opp_alloc"], mem() - m0)
                if level == 2:
                    nodes += opp.nodes
                done += 1
                b.play(opp.move)
    return times[:n], owner, nodes


def figures(exe, ratio_64_32, moves=60, seed=1):
    """Runs measure() on the unix port `exe` (from CPython); ratio_64_32 scales the RAM to 32-bit."""
    import subprocess
    r = subprocess.run([exe, "-X", "heapsize=2M", __file__, str(moves), str(seed)], capture_output=True,
                       text=True, timeout=900)
    if r.returncode:
        raise RuntimeError("the opponent bench failed:\n%s\n%s" % (r.stdout, r.stderr))
    f = json.loads(r.stdout.strip().splitlines()[-1])
    for level in ("_easy", "_fair", ""):
        f["opp_ram32" + level] = int(f["opp_ram64" + level] / ratio_64_32)
    return f


if __name__ == "__main__" and sys.implementation.name == "micropython":
    print(json.dumps(measure(int(sys.argv[1]) if len(sys.argv) > 1 else 60, int(sys.argv[2]) if len(sys.argv) > 2 else 1)))
