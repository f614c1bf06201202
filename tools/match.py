"""Matches for the Infiltrate opponent: its strongest level against a random mover and against its
weakest level, with the score and the time and nodes per move.

    python tools/match.py [--games 100] [--seed 1] [--only random|weakest]
    python tools/match.py --micropython [--moves 60]   (the opponent's speed and RAM on the
                                                        MicroPython unix port, scaled to an RP2040)

Sides and the first player alternate game by game; a game still going after 400 moves is a draw.
The script also runs under MicroPython itself (that is what --micropython does), so it keeps to
the MicroPython subset outside main().
"""
import gc
import sys
import time
from array import array

HERE = __file__.rpartition("/")[0] or "."
ROOT = HERE.rpartition("/")[0] or "."
sys.path.insert(0, ROOT + "/firmware")
if sys.implementation.name != "micropython":
    sys.path.insert(0, ROOT + "/host_sim/shims")

from lockdown.dice import Xorshift  # noqa: E402
from lockdown.games.infiltrate import ai  # noqa: E402
from lockdown.games.infiltrate import rules as R  # noqa: E402

RP2040_RATIO = 100  # unix port on this machine / RP2040 at 125 MHz: an assumption (BENCHMARKS.md)
MAX_MOVES_A_GAME = 400

# MicroPython's time.ticks_us and gc.mem_alloc (speed() runs on the unix port only): this file is
# checked as CPython, whose typeshed has neither, hence the pyright ignores on those lines.
if sys.implementation.name == "micropython":
    def clock():
        return time.ticks_us() / 1e6  # pyright: ignore[reportAttributeAccessIssue]
else:
    clock = time.perf_counter


class Random:
    """The random mover: a random army, random placements, a uniformly random legal move."""

    def __init__(self, seed):
        self.rnd = Xorshift(seed)
        self._out = array("H", [0] * R.MAX_MOVES)

    def pick(self, n):
        r = self.rnd
        return (r(1)[0] << 8 | r(1)[0]) % n

    def army(self, board, p):
        while board.pips_left(p) and self.pick(8):
            board.army_add(p, 1 + self.pick(3))
        if not board.points(p):
            board.army_add(p, 1 + self.pick(3))

    def placement(self, board):
        p = board.to_move
        while True:
            size, sq = 1 + self.pick(3), (0 if p == 0 else 30) + self.pick(6)
            if board.can_place(size, sq):
                return size, sq

    def choose(self, board):
        n = board.moves(self._out)
        return self._out[self.pick(n)] if n else -1


def play(players, first, stats):
    """One game; players[p] has army(board, p), placement(board), choose(board). Returns the winner
    (0 none, player + 1, or R.DRAW) and adds each player's move times and nodes to stats[p]."""
    b = R.Board()
    for p in (0, 1):
        players[p].army(b, p)
    b.start_setup(first)
    while b.phase == R.SETUP:
        size, sq = players[b.to_move].placement(b)
        assert b.place(size, sq)
    for _ in range(MAX_MOVES_A_GAME):
        if b.phase != R.PLAY:
            break
        p = b.to_move
        t = clock()
        m = players[p].choose(b)
        dt = clock() - t
        st = stats[p]
        st[0] += 1
        st[1] += dt
        st[2] = max(st[2], dt)
        st[3] += getattr(players[p], "nodes", 0)
        assert b.play(m), "illegal move %d" % m
    return b.winner


def report(name, won, lost, drawn, st):
    moves, total, worst, nodes = st
    print("%-28s %3d won %3d lost %3d drawn | %d moves, %.1f ms/move (max %.0f), %.0f nodes/move"
          % (name, won, lost, drawn, moves, 1000 * total / max(moves, 1), 1000 * worst,
             nodes / max(moves, 1)))


def speed(moves, seed):
    """The strongest level's nodes/s and RAM on this interpreter, over `moves` moves of games
    against the random mover."""
    gc.collect()
    before = gc.mem_alloc()  # pyright: ignore[reportAttributeAccessIssue]
    opp = ai.Opponent(len(ai.LEVELS) - 1, Xorshift(seed))
    gc.collect()
    own = gc.mem_alloc() - before  # pyright: ignore[reportAttributeAccessIssue]
    rnd = Random(seed + 1)
    nodes = 0
    spent = worst = 0.0
    grow = 0
    done = 0
    game = 0
    while done < moves:
        b = R.Board()
        opp.army(b, 0)
        rnd.army(b, 1)
        b.start_setup(game % 2)
        game += 1
        while b.phase == R.SETUP:
            size, sq = (opp if b.to_move == 0 else rnd).placement(b)
            b.place(size, sq)
        while b.phase == R.PLAY and done < moves:
            if b.to_move == 0:
                gc.collect()
                t = clock()
                m0 = gc.mem_alloc()  # pyright: ignore[reportAttributeAccessIssue]
                m = opp.choose(b)
                m0 = gc.mem_alloc() - m0  # pyright: ignore[reportAttributeAccessIssue]
                dt = clock() - t
                grow = max(grow, m0)
                spent += dt
                worst = max(worst, dt)
                nodes += opp.nodes
                done += 1
            else:
                m = rnd.choose(b)
            b.play(m)
    rate = nodes / spent
    print("%s: %d moves, %.0f nodes/move, %.0f nodes/s, %.1f ms/move (max %.1f)"
          % (sys.implementation.name, done, nodes / done, rate, 1000 * spent / done, 1000 * worst))
    print("opponent RAM %d B; allocated during a move (max) %d B" % (own, grow))
    print("at 1/%d of this speed (RP2040, assumed): %.2f s/move, worst %.2f s; budget %d nodes"
          % (RP2040_RATIO, spent / done * RP2040_RATIO, worst * RP2040_RATIO, ai.NODES))


def main():
    import argparse
    import os
    import subprocess
    ap = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--only", choices=("random", "weakest"))
    ap.add_argument("--micropython", action="store_true", help="time the opponent on the unix port")
    ap.add_argument("--moves", type=int, default=60, help="moves to time with --micropython")
    a = ap.parse_args()
    if a.micropython:
        exe = os.path.join(os.path.dirname(sys.executable), "micropython")
        sys.exit(subprocess.call([exe, "-X", "heapsize=2M", os.path.abspath(__file__),
                                  str(a.moves), str(a.seed)]))
    top = len(ai.LEVELS) - 1
    if a.only != "weakest":
        strong = ai.Opponent(top, Xorshift(a.seed))
        r = match_stats(strong, Random(a.seed + 100), a.games)
        report("%s vs random" % ai.LEVELS[top], *r)
    if a.only != "random":
        strong = ai.Opponent(top, Xorshift(a.seed + 1))
        weak = ai.Opponent(0, Xorshift(a.seed + 2))
        r = match_stats(strong, weak, a.games)
        report("%s vs %s" % (ai.LEVELS[top], ai.LEVELS[0]), *r)
    print("for the speed and RAM on MicroPython: tools/match.py --micropython")


def match_stats(strong, weak, games):
    """strong against weak: (won, lost, drawn, [moves, seconds, worst, nodes] of strong)."""
    won = lost = drawn = 0
    mine = [0, 0.0, 0.0, 0]
    for g in range(games):
        side = g % 2
        players = [weak, weak]
        players[side] = strong
        stats = [[0, 0.0, 0.0, 0], [0, 0.0, 0.0, 0]]
        w = play(players, (g // 2) % 2, stats)
        st = stats[side]
        mine[0] += st[0]
        mine[1] += st[1]
        mine[2] = max(mine[2], st[2])
        mine[3] += st[3]
        if w == side + 1:
            won += 1
        elif w in (1, 2):
            lost += 1
        else:
            drawn += 1
    return won, lost, drawn, mine


if __name__ == "__main__":
    if sys.implementation.name == "micropython":
        speed(int(sys.argv[1]) if len(sys.argv) > 1 else 60, int(sys.argv[2]) if len(sys.argv) > 2 else 1)
    else:
        main()
