"""The device opponent for Infiltrate, in three levels, in RAM fixed when it is made.

Easy takes one of the three moves that look best at once (at random, given entropy); Fair takes
the best of them and also sees a win the other side could take next
move. Hard searches: a turn is two moves by one side, so it is plain minimax with alpha-beta from
its own side (max where it moves, min where the player does), not negamax. Its root moves are
ordered by Fair's look, the best _WIDTH of them searched deeper by iterative deepening until the
node budget NODES is spent; the best move of the last finished depth is played. NODES comes from
the rate measured on the MicroPython unix port and the unix-to-RP2040 ratio in BENCHMARKS.md
("Infiltrate opponent"), for about 2 s a move on an RP2040 (3 s asked for).
One state and one move list per ply are made up front, so a search allocates nothing per node.
"""
from array import array

from micropython import const

from lockdown.games.infiltrate.rules import MAX_MOVES, OVER, STATE_SIZE, Board
from lockdown.games.infiltrate.session import LEVELS  # kept in session.py: the screens need no ai.py

NODES = const(200)  # Hard's budget per move
SLICE_MS = const(20)  # board time one think() stands for (the session charges it as busy_ms)
_EASY_PICK = const(3)  # Easy picks among this many best-looking moves
_WIDTH = const(6)  # root moves Hard searches past the first look
_MAX_PLY = const(6)
_WIN = const(30000)
_VALUE = (0, 10, 24, 30)  # by pips: a medium cannot be captured, a large captures
_ADVANCE = (0, 60, 30, 12, 4, 0)  # by rows left to the goal


class Opponent:
    """choose(board) -> a legal move for the side to move; entropy (like os.urandom) breaks ties."""

    def __init__(self, level=len(LEVELS) - 1, entropy=None):
        self.level = level
        self.entropy = entropy
        self.nodes = 0  # nodes searched by the last choose()
        self.depth = 0  # deepest finished iteration of the last choose()
        self._b = Board()
        self._st = [bytearray(STATE_SIZE) for _ in range(_MAX_PLY + 1)]
        self._mv = array("H", [0] * (MAX_MOVES * (_MAX_PLY + 1)))
        self._score = array("i", [0] * MAX_MOVES)
        self._me = 0
        self._stop = False
        self._threats = False
        self.move = -1  # the move `begin` and `think` arrived at

    def army(self, board, p):
        """Builds player p's army: three large and three medium, 15 points, one row without stacks."""
        for size in (3, 3, 3, 2, 2, 2):
            board.army_add(p, size)

    def placement(self, board):
        """(size, square) for the side placing: larges in the middle, the rest outward."""
        p = board.to_move
        home = 0 if p == 0 else 30
        for size in (3, 2, 1):
            if board.in_hand(p, size):
                for c in (2, 3, 1, 4, 0, 5):
                    if board.can_place(size, home + c):
                        return size, home + c
        return 0, 0

    def begin(self, board):
        """Starts thinking about board's position (board is left as it was): `think` until ready."""
        self.move = self.choose(board)

    def think(self):
        """One slice of the search; True once `move` holds the move to play (-1: none)."""
        return True

    def choose(self, board):
        """The move to play (board is left as it was); -1 when the side to move has none."""
        b = self._b
        root = self._st[0]
        board.copy_into(root)
        b.swap(root)
        self._me = b.to_move
        self.nodes = 0
        self.depth = 0
        self._stop = False
        self._threats = self.level > 0
        mv = self._mv
        n = b.moves(mv, 0)
        if not n:
            return -1
        e = self.entropy
        if e:
            self._shuffle(n, e)
        score = self._score
        for i in range(n):
            score[i] = self._child(0, mv[i], 0, -_WIN - 1, _WIN + 1)
        self._sort(n)
        self.depth = 1
        best = mv[0]
        if not self.level and self.entropy and n > 1:
            return mv[self.entropy(1)[0] % min(n, _EASY_PICK)]
        if self.level < 2:
            return best
        width = min(n, _WIDTH)
        for depth in range(2, _MAX_PLY + 1):
            found = self._root(width, depth)
            if self._stop:
                break
            best = found
            self.depth = depth
            i = 0
            while mv[i] != best:
                i += 1
            mv[i] = mv[0]
            mv[0] = best  # searched first next time
        return best

    def _shuffle(self, n, e):
        mv = self._mv
        for i in range(n - 1, 0, -1):
            j = e(1)[0] % (i + 1)
            mv[i], mv[j] = mv[j], mv[i]

    def _sort(self, n):
        """Root moves by their first-look score, best first (insertion sort: n <= 72, once a move)."""
        mv = self._mv
        score = self._score
        for i in range(1, n):
            m = mv[i]
            v = score[i]
            j = i
            while j and score[j - 1] < v:
                score[j] = score[j - 1]
                mv[j] = mv[j - 1]
                j -= 1
            score[j] = v
            mv[j] = m

    def _root(self, width, depth):
        mv = self._mv
        best = mv[0]
        alpha = -_WIN - 1
        for i in range(width):
            v = self._child(0, mv[i], depth - 1, alpha, _WIN + 1)
            if self._stop:
                break
            if v > alpha:
                alpha = v
                best = mv[i]
        return best

    def _child(self, ply, m, depth, alpha, beta):
        b = self._b
        c = self._st[ply + 1]
        b.copy_into(c)
        parent = b.swap(c)
        b.apply(m)
        self.nodes += 1
        if self.nodes >= NODES and self.level > 1:
            self._stop = True
        v = self._search(ply + 1, depth, alpha, beta)
        b.swap(parent)
        return v

    def _search(self, ply, depth, alpha, beta):
        b = self._b
        if b.phase == OVER:
            w = b.winner
            if w == self._me + 1:
                return _WIN - ply
            return ply - _WIN if w == 2 - self._me else 0
        mine = b.to_move == self._me
        if self._threats and b.winning_move() >= 0:
            return _WIN - ply - 1 if mine else ply + 1 - _WIN
        if not depth or self._stop or ply == _MAX_PLY:
            return b.material(self._me, _VALUE, _ADVANCE)
        mv = self._mv
        base = ply * MAX_MOVES
        for i in range(base, b.moves(mv, base)):
            v = self._child(ply, mv[i], depth - 1, alpha, beta)
            if mine:
                if v > alpha:
                    alpha = v
            elif v < beta:
                beta = v
            if alpha >= beta or self._stop:
                break
        return alpha if mine else beta
