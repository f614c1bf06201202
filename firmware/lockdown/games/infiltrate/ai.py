"""The device opponent for Infiltrate: an alpha-beta search in slices, in RAM fixed when it is made.

A turn is two moves by one side, so the search is minimax from the device's side (it maximises
where it moves, minimises where the player does) over moves, and deepens by whole turns: the
first iteration sees the turn through (one ply or two), then one ply more each time. Moves are
ordered by what they gain at once (captures, pushes either way, advances), the transposition
table's or the last iteration's best first; below the root only the best few are searched
(_WIDTH1, _WIDTH2), except that where the other side threatens to win at once every move that can
stop it is searched and no other (rules.threats: the rest lose at once). Every node first asks
whether the side to move wins at once (rules.winning_move: the threat extension), so an
immediate win of any kind is never missed and a stoppable threat is stopped once the turn is
seen through; past the horizon the position's value (rules.position_value, a table by size
and rows left: counted after each root move, then carried down by each move's gain from the
ordering, so a leaf deeper down does not recount it) scores it, and at Hard the threats there count too (_THREAT: the side
to move must spend its move stopping them, and two are seldom stopped by one).
The search keeps its own stack of states, move lists and bounds, so it stops after SLICE_WORK
and resumes where it was: `think` is one slice (at most SLICE_MS of RP2040 time), called once
a loop pass, and input is never held longer. Budgets are counts, not clocks, so a move is the
same on a board, in the simulator and under CPython. The RAM is by level: a ply stack as deep as
the level searches, and the transposition table and its keys for Hard alone (Easy's and Fair's
single iteration seldom meets a node twice): about 2.4 / 2.8 / 7.4 KB on 32-bit.

Levels (LEVELS in session.py): Easy looks one move ahead (4 slices, the win check after it) and
plays one of its three best moves at random (seeded by entropy), though never passing up a win:
it blunders. Fair sees its own turn through (25 slices) with a plain value and so stops every
threat it can; Hard searches 50 slices (1 s) as deep as they reach, 24 root moves but narrowly
below them (_WIDTH1 10, _WIDTH2 6: on the match ladder deeper beat wider), with a value that
rewards the last rows steeply (a pyramid two rows short is half won), so it races and blocks.
Its army and placement are opening.py's.
"""
from array import array

from micropython import const

from lockdown.games.infiltrate.rules import (B_BELOW, B_LEFT, B_PHASE, B_TOP, B_TURN, MAX_MOVES, NB, NONE, OVER, OWNER, PLAY, SIZE, STATE_SIZE, Board,
                                             position_key, position_value, threats)
from lockdown.games.infiltrate.session import LEVELS, SLICE_MS  # kept in session.py: the screens need no ai.py

SLICE_WORK = const(72)  # a slice's work: a leaf is 8 (Hard's 9: it counts threats), a node searched further 22,
# a node finished 2, sized so the slowest slice measured (tools/bench/opponent.py) stays within SLICE_MS at the
# RP2040 rate (unix x 90, BENCHMARKS.md "Infiltrate opponent")
_LEAF = (8, 8, 9)  # by level
_NODE = const(22)
_SLICES = (4, 25, 50)  # slices a move by level (Hard: 50 * SLICE_MS = 1 s); the first ply always ends
_DEPTH = (1, 2, 8)  # deepest iteration by level
_STEP = (2, 2, 1)  # plies from one iteration to the next, past the first (a whole turn)
_ROOT = (72, 72, 24)  # root moves searched past the first iteration, by level
_WIDTH1 = (72, 72, 10)  # moves searched at a turn's first move below the root, by level
_WIDTH2 = (72, 8, 6)  # at a turn's second move (all that can stop a threat, whatever the width)
_EASY_PICK = const(3)
_THREAT = const(60)  # Hard, past the horizon: the other side threatens to win at once with one move
_THREAT2 = const(150)  # with more than one
_MAX_PLY = const(8)
_WIN = const(30000)
_INF = const(32000)
_HINT = const(16384)  # added to the table's move's gain, to order it first (a multiple of 8192: see _enter)
_TT = const(256)  # transposition table entries (_CLEAR empties it)
_CLEAR = bytes(256)
_EXACT = const(0)
_LOWER = const(1)
_UPPER = const(2)

# position_value tables, [pips * 6 + rows left]: index pips * 6 is a pyramid held under another
_HARD = bytes((0, 0, 0, 0, 0, 0,
               2, 110, 60, 25, 15, 10,  # small: pushes
               4, 125, 75, 40, 30, 25,  # medium: cannot be captured
               4, 125, 75, 40, 30, 25))  # large: captures
_PLAIN = bytes((0, 0, 0, 0, 0, 0,
                2, 50, 22, 14, 11, 10,
                4, 60, 32, 24, 21, 20,
                4, 60, 32, 24, 21, 20))


class Opponent:
    """begin(board), then think() once a loop pass until it returns True: `move` is the move."""

    def __init__(self, level=len(LEVELS) - 1, entropy=None):
        self.level = level
        self.entropy = entropy
        self.nodes = 0  # nodes searched for the last move
        self.depth = 0  # deepest finished iteration for the last move
        self.slices = 0  # think() calls for the last move
        self.move = -1
        self._b = Board()
        n = _DEPTH[level] + 1  # plies on the stack: Easy 2, Fair 3, Hard 9
        self._st = [bytearray(STATE_SIZE) for _ in range(n)]
        self._mv = array("H", bytes(2 * MAX_MOVES * n))  # from bytes: no list on the way
        self._n = bytearray(n)  # moves at each ply, and the next one to search
        self._i = bytearray(n)
        self._left = bytearray(n)  # depth left below each ply
        self._alpha = array("i", bytes(4 * n))
        self._beta = array("i", bytes(4 * n))
        self._best = array("i", bytes(4 * n))  # best value so far, and its move
        self._bm = array("H", bytes(2 * n))
        self._score = array("i", bytes(4 * MAX_MOVES))  # root moves' values in the first iteration
        self._gain = array("h", bytes(2 * MAX_MOVES * n))  # each move's gain, beside it in _mv
        self._val = array("i", bytes(4 * n))  # position_value at each ply, kept by the gains
        self._thr = array("H", bytes(2 * MAX_MOVES))  # the other side's winning moves (threats)
        self._mark = bytearray(256)  # squares those moves use, by square (NONE: off the board)
        self._a0 = array("i", bytes(4 * n))  # alpha and beta on entry, for the table's bound
        self._b0 = array("i", bytes(4 * n))
        self._key = array("i", bytes(4 * n))
        self._z = None  # the transposition table and its keys, Hard's alone: Easy and Fair search one
        if _DEPTH[level] > 2:  # iteration, in which a node seldom comes again
            self._z = array("i", bytes(4 * 258))
            x = 0x2545F491
            for i in range(258):
                x = self._z[i] = _next_key(x)
            self._tkey = array("i", bytes(4 * _TT))
            self._tval = array("h", bytes(2 * _TT))
            self._tmove = array("H", bytes(2 * _TT))
            self._tdepth = bytearray(_TT)  # depth + 1 (0: empty), and the bound in the top two bits
        self._table = _PLAIN if level < 2 else _HARD
        self._me = 0
        self._ply = 0
        self._iter = 0
        self._done = True

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
        if self._z is not None:
            self._tdepth[:] = _CLEAR  # the table starts empty: a move depends on the position alone
        self.nodes = self.depth = self.slices = 0
        self.move = -1
        n = b.moves(self._mv, 0) if b.phase == PLAY else 0
        self._done = not n
        if n:
            e = self.entropy
            if e:
                self._shuffle(n, e)
            t = threats(b, self._thr)
            if t > 0:
                self._relevant(0, n, t)  # first, but every root move is searched
            self._n[0] = n
            self.move = self._mv[0]
            self._iter = 2 if self.level and b.moves_left == 2 else 1  # deepening by whole turns
            self._start_root()

    def think(self):
        """One slice of the search (SLICE_NODES nodes at most); True once `move` holds the move."""
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
                m = mv[ply * MAX_MOVES + i]
                ii[ply] = i + 1
                c = st[ply + 1]
                c[:] = st[ply]
                b.swap(c)
                b.apply(m)
                self.nodes += 1
                v = self._enter(ply + 1)
                if v > -_INF:
                    work += leaf
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
        if self._z is not None:
            self._key[ply] = position_key(self._b, self._z)

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
                self._sort()
                self.move = mv[self.entropy(1)[0] % min(self._n[0], _EASY_PICK)]
            self._done = True
            return True
        if first:
            self._sort()
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

    def _sort(self):
        """The root's moves by their first iteration's values, best first (insertion sort, once)."""
        mv = self._mv
        score = self._score
        for i in range(1, self._n[0]):
            m = mv[i]
            v = score[i]
            j = i
            while j and score[j - 1] < v:
                score[j] = score[j - 1]
                mv[j] = mv[j - 1]
                j -= 1
            score[j] = v
            mv[j] = m

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
        if b.winning_move() >= 0:
            return _WIN - ply - 1 if mine else ply + 1 - _WIN
        depth = self._left[ply - 1] - 1
        if ply == 1:  # the root's moves are not ordered by gain
            v = position_value(b, self._me, self._table)
        else:
            g = ((self._gain[(ply - 1) * MAX_MOVES + self._i[ply - 1] - 1] + 4096) & 8191) - 4096  # less _HINT
            v = self._val[ply - 1] + (g if self._st[ply - 1][B_TURN] == self._me else -g)
        if depth <= 0 or ply >= _MAX_PLY:
            if self.level == 2:
                t = threats(b, self._thr)
                if t > 0:
                    w = _THREAT if t == 1 else _THREAT2
                    v += -w if mine else w
            return v
        hint = NONE
        if self._z is not None:
            key = self._key[ply] = position_key(b, self._z)
            slot = key & (_TT - 1)
            if self._tkey[slot] == key and self._tdepth[slot]:
                hint = self._tmove[slot]
                if (self._tdepth[slot] & 63) > depth:
                    v = self._tval[slot]
                    bound = self._tdepth[slot] >> 6
                    if bound == _EXACT or (bound == _LOWER and v >= self._beta[ply - 1]) or (
                            bound == _UPPER and v <= self._alpha[ply - 1]):
                        return v
        self._ply = ply
        self._left[ply] = depth
        self._val[ply] = v
        width = (_WIDTH2 if s[B_LEFT] == 1 else _WIDTH1)[self.level]
        n = self._order(b, ply, hint, width)
        t = threats(b, self._thr) if s[B_LEFT] == 1 else 0
        n = self._relevant(ply, n, t) if t > 0 else min(n, width)
        self._n[ply] = n
        self._i[ply] = 0
        self._alpha[ply] = self._a0[ply] = self._alpha[ply - 1]
        self._beta[ply] = self._b0[ply] = self._beta[ply - 1]
        self._best[ply] = -_INF if mine else _INF
        self._bm[ply] = self._mv[ply * MAX_MOVES]
        return -_INF

    def _order(self, b, ply, hint, width):
        """The node's moves; the first `width` of them the table's move, then the others by what
        they gain at once by the position's value (a step, a capture, a push either way, a
        pyramid freed), best first. Returns how many moves there are."""
        mv = self._mv
        lo = ply * MAX_MOVES
        hi = b.moves(mv, lo)
        s = b.s
        p = s[B_TURN]
        tab = self._table
        gain = self._gain
        for i in range(lo, hi):
            m = mv[i]
            a = m >> 3
            d = m & 7
            t = NB[m]
            k = s[B_TOP + a]
            z = SIZE[k] * 6
            push = z == 6
            g = tab[z + (5 - t // 6 if p == 0 else t // 6)] - tab[z + (5 - a // 6 if p == 0 else a // 6)]
            u = s[B_BELOW + k]
            if u:  # freed
                z = SIZE[u] * 6
                v = tab[z + (5 - a // 6 if OWNER[u] == 0 else a // 6)] - tab[z]
                g += v if OWNER[u] == p else -v
            u = s[B_TOP + t]
            if u:
                q = OWNER[u]
                z = SIZE[u] * 6
                v = -tab[z + (5 - t // 6 if q == 0 else t // 6)]
                if push:  # a small pushes u on
                    c = NB[t * 8 + d]
                    if c != NONE:
                        v += tab[z + (5 - c // 6 if q == 0 else c // 6)]
                else:  # captured
                    v += tab[z]
                g += v if q == p else -v
            gain[i] = g + _HINT if m == hint else g
        n = hi - lo
        for i in range(lo, lo + min(width, n)):  # selection of the best `width`
            j = i
            for k in range(i + 1, hi):
                if gain[k] > gain[j]:
                    j = k
            if j != i:
                gain[i], gain[j] = gain[j], gain[i]
                mv[i], mv[j] = mv[j], mv[i]
        return n

    def _relevant(self, ply, n, t):
        """The other side threatens to win (its t winning moves in self._thr): only a move onto,
        off or pushing onto a square those moves use can stop them (the rest lose at once), so
        they alone are searched, in their order; returns how many (1 when none can)."""
        mark = self._mark
        mark[:] = _CLEAR
        s = self._b.s
        thr = self._thr
        for i in range(t):
            w = thr[i]
            a = w >> 3
            d = w & 7
            b = NB[w]
            mark[a] = mark[b] = 1
            if d & 1:
                mark[NB[a * 8 + d - 1]] = mark[NB[a * 8 + ((d + 1) & 7)]] = 1
            if SIZE[s[B_TOP + a]] == 1:
                c = NB[b * 8 + d]
                if c != NONE:
                    mark[c] = 1
                    if d & 1:
                        mark[NB[b * 8 + d - 1]] = mark[NB[b * 8 + ((d + 1) & 7)]] = 1
        mv = self._mv
        gain = self._gain
        lo = ply * MAX_MOVES
        j = lo
        for i in range(lo, lo + n):
            m = mv[i]
            a = m >> 3
            b = NB[m]
            if mark[a] or mark[b] or SIZE[s[B_TOP + a]] == 1 and mark[NB[b * 8 + (m & 7)]]:
                mv[i] = mv[j]
                mv[j] = m
                gain[i], gain[j] = gain[j], gain[i]
                j += 1
        return max(j - lo, 1)

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

    def _store(self, ply, v):
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
        self._tkey[slot] = key
        self._tval[slot] = v
        self._tmove[slot] = self._bm[ply]
        self._tdepth[slot] = bound << 6 | (self._left[ply] + 1)

    def _shuffle(self, n, e):
        """The root's moves in a random order (ties then go by entropy): two bytes of it seed a
        small generator, so a move asks the entropy source (os.urandom on a board) only twice."""
        mv = self._mv
        x = e(1)[0] << 8 | e(1)[0]
        for i in range(n - 1, 0, -1):
            x = (x * 75 + 74) % 65537
            j = x % (i + 1)
            mv[i], mv[j] = mv[j], mv[i]


def _next_key(x):
    """(x * 1103515245 + 12345) mod 2**30, in 15-bit halves: on a 32-bit board the product itself
    would be a big integer, and the 258 keys' products about 25 KB of garbage."""
    lo = x & 0x7FFF
    t = lo * 0x4E6D  # 1103515245 = 0x41C64E6D: bits 0-14 0x4E6D, bits 15-29 0x038C (bit 30 drops out)
    u = ((x >> 15) * 0x4E6D & 0x7FFF) + (lo * 0x038C & 0x7FFF) + (t >> 15) & 0x7FFF
    x = u << 15 | t & 0x7FFF
    return x - 0x3FFFCFC7 if x >= 0x3FFFCFC7 else x + 12345  # + 12345 mod 2**30, never past it

