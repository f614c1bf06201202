"""Matches for Infiltrate: any two players over N seeded games, sides and first player alternating.

    python tools/match.py A B [--games 100] [--seed 1]
    python tools/match.py --ladder [--games 100] [--seed 1] [--only P | --without P]   (BENCHMARKS)

Players: easy, fair, hard (the device opponent, lockdown/games/infiltrate/ai.py) and random,
greedy, ab2, ab3, ab4 ... (tools/ref_players.py: built on the rules alone; abN searches N moves).
Game g gives both players seeds from (seed, g), so a match replays exactly; g % 2 says which side A
plays and g // 2 % 2 who moves first. A game still going after 400 moves is a draw. For the device
opponent the time per move is also given as board time: its slices times ai.SLICE_MS.
"""
import argparse
import os
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path[:0] = [ROOT, os.path.join(ROOT, "firmware"), os.path.join(ROOT, "host_sim", "shims")]

from lockdown.dice import Xorshift  # noqa: E402
from lockdown.games.infiltrate import ai, opening  # noqa: E402
from lockdown.games.infiltrate.rules import board as R  # noqa: E402
from tools import ref_players as ref  # noqa: E402

MAX_MOVES_A_GAME = 400
LADDER = (("hard", "random"), ("hard", "greedy"), ("hard", "ab2"), ("hard", "ab3"), ("hard", "ab4"),
          ("fair", "greedy"), ("fair", "ab2"), ("fair", "ab3"), ("easy", "greedy"), ("easy", "random"),
          ("hard", "fair"), ("hard", "easy"), ("fair", "easy"))


class Device:
    """The device opponent as a match player, with its nodes and slices (think calls) a move."""

    def __init__(self, level, seed):
        self.opp = ai.Opponent(level, Xorshift(seed))
        self.name = ai.LEVELS[level].lower()
        self.nodes = self.slices = 0

    def army(self, board, p):
        opening.army(self.opp.level, board, p)

    def placement(self, board):
        return opening.placement(board, self.opp.level)

    def choose(self, board):
        opp = self.opp
        m = opp.choose(board)
        self.nodes, self.slices = opp.nodes, opp.slices
        return m


def player(name, seed):
    levels = [n.lower() for n in ai.LEVELS]
    if name in levels:
        return Device(levels.index(name), seed)
    if name == "random":
        return ref.Random(seed)
    if name == "greedy":
        return ref.Greedy(seed)
    if name.startswith("ab") and name[2:].isdigit():
        return ref.AlphaBeta(seed, int(name[2:]))
    raise SystemExit("unknown player %r" % name)


class Tally:
    """One side's moves: count, seconds (total, worst), nodes, slices."""

    def __init__(self):
        self.moves = self.nodes = self.slices = self.worst_slices = 0
        self.secs = self.worst = 0.0

    def add(self, p, dt):
        self.moves += 1
        self.secs += dt
        self.worst = max(self.worst, dt)
        self.nodes += p.nodes
        s = getattr(p, "slices", 0)
        self.slices += s
        self.worst_slices = max(self.worst_slices, s)

    def text(self):
        n = max(self.moves, 1)
        out = "%.1f ms/move (max %.0f), %.0f nodes" % (1000 * self.secs / n, 1000 * self.worst, self.nodes / n)
        if self.slices:
            out += ", board %.0f ms (max %d)" % (self.slices * ai.SLICE_MS / n, self.worst_slices * ai.SLICE_MS)
        return out


def play(players, first, tallies):
    """One game; players[p] plays side p. Returns the winner (0 none, player + 1, or R.DRAW)."""
    b = R.Board()
    for p in (0, 1):
        players[p].army(b, p)
    assert b.start_setup(first)
    while b.phase == R.SETUP:
        size, sq = players[b.to_move].placement(b)
        assert b.place(size, sq), "illegal placement"
    before, after = bytearray(R.STATE_SIZE), bytearray(R.STATE_SIZE)  # the board before and after a choice
    for _ in range(MAX_MOVES_A_GAME):
        if b.phase != R.PLAY:
            break
        p = b.to_move
        b.copy_into(before)
        t = time.perf_counter()
        m = players[p].choose(b)
        tallies[p].add(players[p], time.perf_counter() - t)
        b.copy_into(after)
        assert after == before, "a player changed the board"
        assert b.play(m), "illegal move %d" % m
    return b.winner


def match(a, b, games, seed):
    """a against b: (a's wins, b's wins, draws, a's Tally, b's Tally)."""
    won = lost = 0
    ta, tb = Tally(), Tally()
    for g in range(games):
        side = g % 2
        pa, pb = player(a, seed * 7919 + 2 * g), player(b, seed * 7919 + 2 * g + 1)
        players = [pb, pb]
        players[side] = pa
        tallies = [tb, tb]
        tallies[side] = ta
        w = play(players, g // 2 % 2, tallies)
        if w == side + 1:
            won += 1
        elif w == 2 - side:
            lost += 1
    return won, lost, games - won - lost, ta, tb


def main():
    ap = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    ap.add_argument("players", nargs="*", help="two players")
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--ladder", action="store_true", help="every pairing of the BENCHMARKS table")
    ap.add_argument("--only", help="with --ladder: only pairings with this player")
    ap.add_argument("--without", help="with --ladder: only pairings without this player")
    a = ap.parse_args()
    if a.ladder:
        print("| A | B | A won | B won | drawn | A per move | B per move |")
        print("| --- | --- | --- | --- | --- | --- | --- |")
        for x, y in LADDER:
            if a.only in (None, x, y) and a.without not in (x, y):
                w, l, d, ta, tb = match(x, y, a.games, a.seed)
                print("| %s | %s | %d | %d | %d | %s | %s |" % (x, y, w, l, d, ta.text(), tb.text()), flush=True)
        return
    if len(a.players) != 2:
        ap.error("name two players, or --ladder")
    x, y = a.players
    w, l, d, ta, tb = match(x, y, a.games, a.seed)
    print("%s %d, %s %d, drawn %d over %d games" % (x, w, y, l, d, a.games))
    print("  %s: %s" % (x, ta.text()))
    print("  %s: %s" % (y, tb.text()))


if __name__ == "__main__":
    main()
