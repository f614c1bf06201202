"""Reference players for Infiltrate, built only on the rules module (lockdown.games.infiltrate.rules.board),
sharing nothing with the device opponent (ai.py), so a match measures the opponent against an
outside yardstick, not against itself.

- Random: a random army, random placements, a uniformly random legal move.
- Greedy: wins at once when it can, else avoids any move after which the other side wins at once,
  else takes the move with the best plain evaluation (seeded ties).
- AlphaBeta(depth): plain minimax with alpha-beta over `depth` moves (a turn is two moves by one
  side, so a node maximises where this player moves and minimises where the other does), the same
  plain evaluation at the leaves, root moves shuffled by the seed.

Plain evaluation: 10 a pip plus 4 a row advanced, for each pyramid on top of its stack, own minus
the other side's; pyramids held under another count nothing. Every reference player builds one of
a few full 15-point armies (seeded) and places its pyramids at random.
"""
from array import array

from lockdown.dice import Xorshift
from lockdown.games.infiltrate.rules import board as R

WIN = 100000
ARMIES = ((3, 3, 3, 2, 2, 2), (3, 3, 2, 2, 2, 1, 1, 1), (3, 3, 3, 2, 2, 1, 1), (2, 2, 2, 2, 3, 1, 1, 1, 1))


class Random:
    name = "random"

    def __init__(self, seed):
        self.rnd = Xorshift(seed)
        self.nodes = 0
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


def plain(b, me):
    """The plain evaluation of board b for player me."""
    s = b.s
    v = 0
    for k in range(1, R.PIECES + 1):
        a = s[R.B_POS + k]
        if a >= R.SQUARES or s[R.B_TOP + a] != k:
            continue
        p = R.OWNER[k]
        w = 10 * R.SIZE[k] + 4 * (a // 6 if p == 0 else 5 - a // 6)
        v += w if p == me else -w
    return v


class Reference(Random):
    """What the searching reference players share: a sensible army, the scratch boards."""

    def __init__(self, seed):
        Random.__init__(self, seed)
        self.b = R.Board()
        self._bufs = [array("H", [0] * R.MAX_MOVES) for _ in range(12)]

    def army(self, board, p):
        for size in ARMIES[self.pick(len(ARMIES))]:
            board.army_add(p, size)

    def _moves(self, b, ply):
        out = self._bufs[ply]
        return out, b.moves(out)

    def _after(self, parent, m):
        b = self.b
        b.s[:] = parent
        b.apply(m)
        self.nodes += 1
        return b


class Greedy(Reference):
    name = "greedy"

    def choose(self, board):
        self.nodes = 0
        me = board.to_move
        out, n = self._moves(board, 0)
        if not n:
            return -1
        start = bytes(board.s)
        best, best_v = out[0], -WIN - 1
        for i in range(n):
            m = out[i]
            b = self._after(start, m)
            if b.winner == me + 1:
                return m
            v = plain(b, me) * 16 + self.pick(16)
            if b.phase == R.PLAY and b.to_move != me:
                after = bytes(b.s)
                o, k = self._moves(b, 1)
                for j in range(k):
                    if self._after(after, o[j]).winner == 2 - me:
                        v = -WIN
                        break
            elif b.winner == 2 - me:
                v = -WIN
            if v > best_v:
                best, best_v = m, v
        return best


class AlphaBeta(Reference):
    def __init__(self, seed, depth):
        Reference.__init__(self, seed)
        self.depth = depth
        self.name = "ab%d" % depth
        self._states = [bytearray(R.STATE_SIZE) for _ in range(depth + 1)]

    def choose(self, board):
        self.nodes = 0
        self.me = board.to_move
        out, n = self._moves(board, 0)
        if not n:
            return -1
        for i in range(n - 1, 0, -1):  # seeded ties
            j = self.pick(i + 1)
            out[i], out[j] = out[j], out[i]
        root = self._states[0]
        root[:] = board.s
        best, alpha = out[0], -WIN - 1
        for i in range(n):
            v = self._value(root, out[i], 1, alpha, WIN + 1)
            if v > alpha:
                best, alpha = out[i], v
        return best

    def _value(self, parent, m, ply, alpha, beta):
        b = self._after(parent, m)
        me = self.me
        if b.phase == R.OVER:
            return (WIN - ply if b.winner == me + 1 else ply - WIN) if b.winner != R.DRAW else 0
        if ply == self.depth:
            return plain(b, me)
        here = self._states[ply]
        here[:] = b.s
        mine = b.to_move == me
        out, n = self._moves(b, ply)
        for i in range(n):
            v = self._value(here, out[i], ply + 1, alpha, beta)
            if mine:
                alpha = max(alpha, v)
            else:
                beta = min(beta, v)
            if alpha >= beta:
                break
        return alpha if mine else beta
