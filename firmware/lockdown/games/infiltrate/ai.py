"""The device opponent for Infiltrate: an alpha-beta search in slices, in RAM fixed when it is made.

A turn is two moves by one side, so the search is minimax from the device's side (it maximises
where it moves, minimises where the player does) over moves, and deepens by whole turns: the
first iteration sees the turn through (one ply or two), then one ply more each time. Moves are
ordered by what they gain at once (order.py), the transposition table's or the last iteration's
best first; below the root only the best few are searched (_WIDTH1, _WIDTH2), except that where
the other side threatens to win at once every move that can stop it is searched and no other
(order.threats and relevant: the rest lose at once). Every node first asks whether the side
to move wins at once (order.winning_move: the threat extension), so an immediate win of any
kind is never missed and a stoppable threat is stopped once the turn is seen through; past the
horizon the position's value (order.position_value, a table by size and rows left: counted
after each root move, then carried down by each move's gain from the ordering, so a leaf deeper
down does not recount it) scores it, and at Hard the race to the far row counts too
(order.runners: a medium or large one to three rows short that the other side's moves cannot
stop in time is nearly won, a small's push on counted as a way on; seeing that by search takes
about three turns, more than Hard reaches).
The search keeps its own stack of states, move lists and bounds (tables.py, by level), so it
stops after SLICE_WORK and resumes where it was: `think` is one slice (at most
SLICE_MS of RP2040 time), called once a loop pass, and input is never held longer. Budgets are counts, not
clocks, so a move is the same on a board, in the simulator and under CPython.

Levels (LEVELS in session.py): Easy looks one move ahead (4 slices, the win check after it) and
plays one of its three best moves at random (seeded by entropy), though never passing up a win:
it blunders. Fair sees its own turn through (25 slices) with a plain value and so stops every
threat it can; Hard searches 50 slices (1 s) as deep as they reach, 24 root moves but narrowly
below them (_WIDTH1 10, _WIDTH2 6: on the match ladder deeper beat wider), with a value that
rewards the last rows steeply (order.HARD), so it races and blocks.
Its army and placement are opening.py's.
"""
# pyright: reportAttributeAccessIssue=false
# (the search's arrays are made by tables.make, which pyright does not follow into the instance)
from micropython import const

from lockdown.games import unload
from lockdown.games.infiltrate.order import (HARD, PLAIN, order, position_key, position_value, relevant,
                                             runners, shuffle, sort_root, threats, winning_move)
from lockdown.games.infiltrate.rules.board import B_LEFT, B_PHASE, B_TURN, MAX_MOVES, NONE, OVER, PLAY
from lockdown.games.infiltrate.session import LEVELS, SLICE_MS  # kept in session.py: the screens need no ai.py

SLICE_WORK = const(72)  # a slice's work: a leaf is 8 (Hard's 11 and 3 for each need() its runners ask), a node searched further 22
# (none is begun past SLICE_WORK less that), a node finished 2, sized so the slowest slice measured
# (tools/bench/opponent.py) stays within SLICE_MS at the RP2040 rate (unix x 90, BENCHMARKS.md "Infiltrate opponent")
_LEAF = (8, 8, 11)  # by level
_NODE = const(22)
_NEED = const(3)  # each need() a Hard leaf asks (order.runners)
_SLICES = (4, 25, 50)  # slices a move by level (Hard: 50 * SLICE_MS = 1 s); the first ply always ends
_DEPTH = (1, 2, 8)  # deepest iteration by level
_STEP = (2, 2, 1)  # plies from one iteration to the next, past the first (a whole turn)
_ROOT = (72, 72, 24)  # root moves searched past the first iteration, by level
_WIDTH1 = (72, 72, 10)  # moves searched at a turn's first move below the root, by level
_WIDTH2 = (72, 8, 6)  # at a turn's second move (all that can stop a threat, whatever the width)
_EASY_PICK = const(3)
_MAX_PLY = const(8)
_WIN = const(30000)
_INF = const(32000)
_TT = const(128)  # transposition table entries (128, not 256: the same games on the ladder, 896 B less)
_TT_BITS = const(7)  # log2(_TT): a key's low bits are its slot, the 16 above them its check (_tkey)
_EXACT = const(0)
_LOWER = const(1)
_UPPER = const(2)
_TABLES = "lockdown.games.infiltrate.tables"


class Opponent:
    """begin(board), then think() once a loop pass until it returns True: `move` is the move."""

    def __init__(self, level=len(LEVELS) - 1, entropy=None):
        self.level = level
        self.entropy = entropy
        self.nodes = 0  # nodes searched for the last move
        self.depth = 0  # deepest finished iteration for the last move
        self.slices = 0  # think() calls for the last move
        self.move = -1
        try:
            from lockdown.games.infiltrate.tables import make
            make(self, _DEPTH[level] + 1, _TT if _DEPTH[level] > 2 else 0)  # Hard's alone: see tables.py
        finally:
            unload(_TABLES)
        self._table = PLAIN if level < 2 else HARD
        self._me = 0
        self._ply = 0
        self._iter = 0
        self._done = True
        self._calls = 0  # need() calls at the last leaf (order.runners)

    # ---- the search, in slices -------------------------------------------------------------------
    def choose(self, board):
        """The move to play (board is left as it was); -1 when the side to move has none."""
        self.begin(board)
        while not self.think():
            pass
        return self.move

    def begin(self, board):
        """Starts thinking about board's position for the side to move (board is left as it was)."""
        b = self._b
        root = self._st[0]
        board.copy_into(root)
        b.swap(root)
        self._me = b.to_move
        self._clear()  # the table starts empty: a move depends on the position alone
        self.nodes = self.depth = self.slices = 0
        self.move = -1
        n = b.moves(self._mv, 0) if b.phase == PLAY else 0
        self._done = not n
        if n:
            e = self.entropy
            if e:
                shuffle(self, n, e)
            t = threats(b, self._thr)
            if t > 0:
                relevant(self, 0, n, t)  # first, but every root move is searched
            self._n[0] = n
            self.move = self._mv[0]
            self._iter = 2 if self.level and b.moves_left == 2 else 1  # deepening by whole turns
            self._start_root()

    def think(self):
        """One slice of the search (SLICE_WORK); True once `move` holds the move."""
        if self._done:
            return True
        b = self._b
        st = self._st
        mv = self._mv
        nn = self._n
        ii = self._i
        self.slices += 1
        work = 0
        leaf = _LEAF[self.level]
        while work < SLICE_WORK:
            ply = self._ply
            i = ii[ply]
            if i < nn[ply]:
                if work > SLICE_WORK - _NODE and self._left[ply] > 1:
                    break  # a node searched further would run the slice past its work: the next one takes it
                m = mv[ply * MAX_MOVES + i]
                ii[ply] = i + 1
                c = st[ply + 1]
                c[:] = st[ply]
                b.swap(c)
                b.apply(m)
                self.nodes += 1
                v = self._enter(ply + 1)
                if v > -_INF:
                    work += leaf + _NEED * self._calls
                    self._calls = 0
                    b.swap(st[ply])
                    self._back(ply, m, v)
                else:
                    work += _NODE
            elif ply:  # every move of this node searched, or cut off
                work += 2
                v = self._best[ply]
                self._store(ply, v)
                self._ply = ply - 1
                b.swap(st[ply - 1])
                self._back(ply - 1, mv[(ply - 1) * MAX_MOVES + ii[ply - 1] - 1], v)
            else:
                work += 2
                self._store(0, self._best[0])
                if self._end_iteration(self._best[0]):
                    return True
        if self.slices >= _SLICES[self.level] and self.depth:
            self._finish()
            return True
        return False

    def _start_root(self):
        """An iteration of depth self._iter over the root's moves, best so far first."""
        ply = 0
        self._ply = ply
        self._left[ply] = self._iter
        self._i[ply] = 0
        self._alpha[ply] = self._a0[ply] = -_INF
        self._beta[ply] = self._b0[ply] = _INF
        self._best[ply] = -_INF
        self._bm[ply] = self._mv[0]
        self._keep_key(0)

    def _end_iteration(self, v):
        """An iteration finished: its best move is the move; True when the search is done. After
        the first, whose root values are exact, the root's moves are sorted by them and only the
        best _ROOT of them are searched deeper."""
        mv = self._mv
        best = self._bm[0]
        self.move = best
        first = not self.depth
        self.depth = self._iter
        if v >= _WIN - _MAX_PLY or v <= _MAX_PLY - _WIN or self._iter + _STEP[self.level] > _DEPTH[self.level]:
            if not self.level and self.entropy and v < _WIN - _MAX_PLY:
                sort_root(self)
                self.move = mv[self.entropy(1)[0] % min(self._n[0], _EASY_PICK)]
            self._done = True
            return True
        if first:
            sort_root(self)
            self._n[0] = min(self._n[0], _ROOT[self.level])
        else:
            i = 0
            while mv[i] != best:
                i += 1
            mv[i] = mv[0]
            mv[0] = best
        self._iter += _STEP[self.level]
        self._start_root()
        return False

    def _finish(self):
        """The budget is spent: the best of the unfinished iteration counts once its first move
        (the last iteration's best) has been searched through, as it is then better founded."""
        if self._i[0] > (0 if self._ply == 0 else 1):
            self.move = self._bm[0]
        self._done = True

    def _enter(self, ply):
        """The node just made at ply: its value, or -_INF once it is set up to be searched."""
        b = self._b
        s = b.s  # read directly: the Board's properties are calls, and this runs at every node
        if s[B_PHASE] == OVER:
            w = b.winner
            if w == self._me + 1:
                return _WIN - ply
            return ply - _WIN if w == 2 - self._me else 0
        mine = s[B_TURN] == self._me
        if winning_move(b) >= 0:
            return _WIN - ply - 1 if mine else ply + 1 - _WIN
        depth = self._left[ply - 1] - 1
        if ply == 1:  # the root's moves are not ordered by gain
            v = position_value(b, self._me, self._table)
        else:
            g = ((self._gain[(ply - 1) * MAX_MOVES + self._i[ply - 1] - 1] + 4096) & 8191) - 4096  # less HINT
            v = self._val[ply - 1] + (g if self._st[ply - 1][B_TURN] == self._me else -g)
        if depth <= 0 or ply >= _MAX_PLY:
            if self.level == 2:
                v += runners(self, s, self._me)
            return v
        if self._probe(ply, depth):
            return self._hit
        self._ply = ply
        self._left[ply] = depth
        self._val[ply] = v
        width = (_WIDTH2 if s[B_LEFT] == 1 else _WIDTH1)[self.level]
        n = order(self, b, ply, self._hint, width)
        t = threats(b, self._thr) if s[B_LEFT] == 1 else 0
        n = relevant(self, ply, n, t) if t > 0 else min(n, width)
        self._n[ply] = n
        self._i[ply] = 0
        self._alpha[ply] = self._a0[ply] = self._alpha[ply - 1]
        self._beta[ply] = self._b0[ply] = self._beta[ply - 1]
        self._best[ply] = -_INF if mine else _INF
        self._bm[ply] = self._mv[ply * MAX_MOVES]
        return -_INF

    def _back(self, ply, m, v):
        """A child's value v (through move m) back at ply: the best so far, the bounds, a cutoff."""
        if self._b.s[B_TURN] == self._me:
            if v > self._best[ply]:
                self._best[ply] = v
                self._bm[ply] = m
                if v > self._alpha[ply]:
                    self._alpha[ply] = v
        elif v < self._best[ply]:
            self._best[ply] = v
            self._bm[ply] = m
            if v < self._beta[ply]:
                self._beta[ply] = v
        if not ply and not self.depth:
            self._score[self._i[0] - 1] = v
        if self._alpha[ply] >= self._beta[ply]:
            self._i[ply] = self._n[ply]

    def _clear(self):
        """Empties the table (in place: a slice of CLEAR would be garbage a move)."""
        if self._z is not None:
            t = self._tdepth
            for i in range(_TT):
                t[i] = 0

    def _keep_key(self, ply):
        """The key of the node at ply, for _store (the table's alone)."""
        if self._z is not None:
            self._key[ply] = position_key(self._b, self._z)

    def _probe(self, ply, depth):
        """The table at the node just made at ply, `depth` to search below it (its key kept for
        _store): True when its entry settles the node within its parent's bounds (the value in
        _hit); else its move, if any, in _hint (NONE: none) to be searched first."""
        self._hint = NONE
        if self._z is None:
            return False
        key = self._key[ply] = position_key(self._b, self._z)
        slot = key & (_TT - 1)
        if self._tkey[slot] == key >> _TT_BITS & 0xFFFF and self._tdepth[slot]:
            self._hint = self._tmove[slot]
            if (self._tdepth[slot] & 63) > depth:
                v = self._hit = self._tval[slot]
                bound = self._tdepth[slot] >> 6
                return bound == _EXACT or (bound == _LOWER and v >= self._beta[ply - 1]) or (
                    bound == _UPPER and v <= self._alpha[ply - 1])
        return False

    def _store(self, ply, v):
        """The node at ply is searched: its value v, bound by its entry's alpha and beta, and its best move."""
        if self._z is None:
            return
        key = self._key[ply]
        slot = key & (_TT - 1)
        if v <= self._a0[ply]:
            bound = _UPPER
        elif v >= self._b0[ply]:
            bound = _LOWER
        else:
            bound = _EXACT
        self._tkey[slot] = key >> _TT_BITS & 0xFFFF
        self._tval[slot] = v
        self._tmove[slot] = self._bm[ply]
        self._tdepth[slot] = bound << 6 | (self._left[ply] + 1)
