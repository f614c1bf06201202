"""What a move means to the device opponent's search (ai.py), kept apart so each module is small:
what it gains at once by the position's value, by which the search orders the moves (a step, a
capture, a push either way, a pyramid freed), the root's order (shuffled by the entropy, then
by the first iteration's values), which moves can stop a threat (the rest lose at once), Hard's
judgement of the race at a leaf (runners: a pyramid near the far row the other side cannot stop
in time), and what it reads off a position: a win at once for the side to move (winning_move,
the threat extension), the other side's (threats), its value (position_value) and its key for
the transposition table (position_key). The value tables are position_value's, by level: Hard's
rewards the last rows steeply (a pyramid two rows short is half won), so it races and blocks.
Each works on the Opponent's own arrays (o) or the state's bytes, so nothing is allocated.
"""
from array import array

from micropython import const

from lockdown.games.infiltrate.rules.board import (B_BELOW, B_FLAGS, B_LEFT, B_MOVED, B_PHASE, B_POS, B_TOP, B_TURN,
                                             B_WINNER, MAX_MOVES, NB, NONE, OWNER, PIECES, PLAY, PUSH_WINS,
                                             SIZE, SQUARES, STUCK_LOSES, Board, far_row)

HINT = const(16384)  # added to the table's move's gain, to order it first (a multiple of 8192: see ai._enter)
CLEAR = bytes(256)
_ONE = array("H", bytes(16))  # one pyramid's moves (8 at most), winning_moves' scratch
_scratch = None  # _first_win's move list and board, made at its first use

# position_value tables, [pips * 6 + rows left]: index pips * 6 is a pyramid held under another
HARD = bytes((0, 0, 0, 0, 0, 0,
              2, 110, 60, 25, 15, 10,  # small: pushes
              4, 125, 75, 40, 30, 25,  # medium: cannot be captured
              4, 125, 75, 40, 30, 25))  # large: captures
PLAIN = bytes((0, 0, 0, 0, 0, 0,
               2, 50, 22, 14, 11, 10,
               4, 60, 32, 24, 21, 20,
               4, 60, 32, 24, 21, 20))


def order(o, b, ply, hint, width):
    """The node's moves; the first `width` of them the table's move, then the others by what
    they gain at once by the position's value (a step, a capture, a push either way, a
    pyramid freed), best first. Returns how many moves there are."""
    mv = o._mv
    lo = ply * MAX_MOVES
    hi = b.moves(mv, lo)
    s = b.s
    p = s[B_TURN]
    tab = o._table
    gain = o._gain
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
        gain[i] = g + HINT if m == hint else g
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

_FWD = (7, 0, 1, 3, 4, 5)  # forward directions by player: a diagonal, straight on, the other diagonal
RUN0 = const(3000)  # a runner its side to move pushes on and steps onto the far row within its turn
RUN1 = const(1000)  # a side's runners one row short that the other side cannot stop: nearly won
RUN2 = const(500)  # a runner its side to move can bring to such a square (a step, or a push and a step)
_LOST = const(9)
_CALLS = const(6)  # need() calls (and push-on checks) a leaf asks at most for runners two or three rows short (each is charged)
_SIDE = (6, 2, 2, 6)  # the side of each forward diagonal (_FWD's first and last), by player


def _step(s, x, d, prey):
    """Where a pyramid on x steps in direction d, NONE when it cannot: onto an empty square, or
    capturing a small or large of player `prey` (2: none, the pyramid is not a large)."""
    y = NB[x * 8 + d]
    if y == NONE or d & 1 and s[B_TOP + NB[x * 8 + d - 1]] and s[B_TOP + NB[x * 8 + ((d + 1) & 7)]]:
        return NONE
    t = s[B_TOP + y]
    return NONE if t and (OWNER[t] != prey or SIZE[t] == 2) else y


def need(s, x, p, k):
    """The moves the other side needs to keep p's pyramid k on x, one row short, off the far
    row: 1 when it can capture k (a large) or push it back a row (a small ahead of it); else one
    for each way to close (straight on, which also closes a diagonal whose side square is
    taken; each diagonal, or its side square when straight on is taken), each by a pyramid of
    its own beside that square and not beside x (moving one of those could open a way), _LOST
    when it has too few (Hall's condition over the ways); 0 when there is no way on."""
    f = p * 3
    q = 1 - p
    big = SIZE[k] == 3
    prey = q if big else 2
    y = _step(s, x, _FWD[f + 1], prey)
    z1 = _step(s, x, _FWD[f], prey)
    z2 = _step(s, x, _FWD[f + 2], prey)
    w1 = w2 = NONE  # a diagonal's side square, which closes it too when straight on is taken
    if z1 != NONE:
        w1 = NB[x * 8 + _SIDE[p * 2]]
        if y != NONE:
            z1 = NONE if s[B_TOP + w1] else z1
            w1 = NONE
    if z2 != NONE:
        w2 = NB[x * 8 + _SIDE[p * 2 + 1]]
        if y != NONE:
            z2 = NONE if s[B_TOP + w2] else z2
            w2 = NONE
    if y == NONE and z1 == NONE and z2 == NONE:
        return 0
    if big and (y != NONE and s[B_TOP + y] or z1 != NONE and s[B_TOP + z1] or z2 != NONE and s[B_TOP + z2]):
        lost = _LOST  # a pyramid it would capture there: that way cannot be filled
    else:
        lost = 0
    xr = x // 6
    xc = x % 6
    ahead = 1 if p == 0 else -1
    c0 = c1 = c2 = c01 = c02 = c12 = c3 = 0  # helpers by the ways they can close (Hall's condition)
    for j in range(q * 12 + 1, q * 12 + 13):
        b = s[B_POS + j]
        if b >= SQUARES or b == x or s[B_TOP + b] != j:  # (on x: k is to capture it there)
            continue
        dr = b // 6 - xr
        dc = b % 6 - xc
        if not -1 <= dr <= 1 or not -2 <= dc <= 2:
            continue  # too far to help
        beside = -1 <= dc <= 1
        z = SIZE[j]
        if z == 1:  # it pushes k back a row from ahead of it
            if beside and dr == ahead and not s[B_BELOW + k] and 0 <= xc - dc < 6 and not s[
                    B_TOP + (xr - ahead) * 6 + xc - dc]:
                return 1
            continue
        if z == 3 and big:
            if beside:
                return 1  # it captures k
            continue  # k would capture it
        if beside and dr != -ahead or lost:
            continue  # beside x or ahead of it: moving it could open a way
        m = (1 if _near(b, y) else 0) | (2 if _near(b, z1) or _near(b, w1) else 0) | (
            4 if _near(b, z2) or _near(b, w2) else 0)
        if m:
            c0 += m & 1
            c1 += m >> 1 & 1
            c2 += m >> 2
            c01 += 1 if m & 3 else 0
            c02 += 1 if m & 5 else 0
            c12 += 1 if m & 6 else 0
            c3 += 1
    n0 = y != NONE
    n1 = z1 != NONE
    n2 = z2 != NONE
    if lost or (n0 and not c0 or n1 and not c1 or n2 and not c2 or n0 and n1 and c01 < 2 or n0 and n2 and c02 < 2
                or n1 and n2 and c12 < 2 or n0 and n1 and n2 and c3 < 3):
        return _LOST
    return n0 + n1 + n2


def _near(b, t):
    """Square b is beside square t (NONE: no square)."""
    return t != NONE and -1 <= b // 6 - t // 6 <= 1 and -1 <= b % 6 - t % 6 <= 1


def _pushes(s, a, p, moved):
    """Bits i (0-2, for _FWD[p * 3 + i]) of the ways a small of p's own behind the lone
    pyramid on a, not `moved`, can push it a row on: onto an empty square, not squeezed."""
    if s[B_BELOW + s[B_TOP + a]]:
        return 0  # a stack is not pushed
    m = 0
    for i in range(3):
        d = _FWD[p * 3 + i]
        b = NB[a * 8 + ((d + 4) & 7)]
        c = NB[a * 8 + d]
        if b == NONE or c == NONE or s[B_TOP + c]:
            continue
        t = s[B_TOP + b]
        if t and t != moved and OWNER[t] == p and SIZE[t] == 1 and not (d & 1 and (
                s[B_TOP + NB[b * 8 + d - 1]] and s[B_TOP + NB[b * 8 + ((d + 1) & 7)]]
                or s[B_TOP + NB[a * 8 + d - 1]] and s[B_TOP + NB[a * 8 + ((d + 1) & 7)]])):
            m |= 1 << i
    return m


def _on(s, a, p, m, prey):
    """Pushed on from a by one of the pushes m (_pushes), p's pyramid steps onto the far row
    from there (prey: whose pyramids it captures, as in _step)."""
    f = p * 3
    for i in range(3):
        if m >> i & 1:
            c = NB[a * 8 + _FWD[f + i]]
            for j in range(f, f + 3):
                if _step(s, c, _FWD[j], prey) != NONE:
                    return True
    return False


def runners(o, s, me):
    """Hard's judgement of a leaf's race to the far row, which the search sees too late (a
    medium cannot be captured, and the threat is made a turn before it is a threat): me's side
    less the other's. RUN1 for a side whose mediums and larges one row short the other side,
    to move, cannot stop (need: more moves than its turn has left, all counted). RUN0 for the
    side to move with both moves left when a small of its own pushes one two rows short a row
    on, from where it steps onto the far row (a push is not a move of the pushed: a runner
    with a small behind it goes two rows a turn). RUN2 for each on the side to move that it
    can bring to where the other side's next turn could not stop it: from two rows short by a
    step or, on its turn's last move, a push; from three rows short, with both moves left, by
    a push and a step (at most _CALLS such squares asked). o._calls: how many need() and
    push-on checks it asked, by which the search charges the leaf."""
    top = B_TOP
    pos = B_POS
    turn = s[B_TURN]
    moved = s[B_MOVED]
    v = n = 0
    for p in range(2):
        lo = 12 if p == 0 else 6  # the rows three, two and one short
        mine = turn == p
        f = p * 3
        total = w = 0
        for k in range(p * 12 + 5, p * 12 + 13):
            a = s[pos + k]
            if not lo <= a < lo + 18 or s[top + a] != k:
                continue
            r = 5 - a // 6 if p == 0 else a // 6  # rows short
            if r == 1:
                if not mine or moved == k:
                    n += 1
                    total += need(s, a, p, k)
                continue
            if not mine or moved == k or r == 3 and moved:
                continue
            m = _pushes(s, a, p, moved)
            if r == 3 and not m:
                continue
            prey = 1 - p if SIZE[k] == 3 else 2
            if r == 2 and m and not moved and _on(s, a, p, m, prey):
                n += 1
                w += RUN0
                continue
            for i in range(f, f + 3):
                c = NB[a * 8 + _FWD[i]] if m >> (i - f) & 1 else NONE
                if r == 3:  # pushed on, then it steps on
                    e = 0
                    for j in range(f, f + 3):
                        y = _step(s, c, _FWD[j], prey) if c != NONE and n < _CALLS else NONE
                        if y != NONE:
                            n += 1
                            e = need(s, y, p, k)
                            if e > 2:
                                w += RUN2
                                break
                    if e > 2:
                        break
                    continue
                if c != NONE and moved and n < _CALLS:  # pushed on by its turn's last move
                    n += 1
                    if need(s, c, p, k) > 2:
                        w += RUN2
                        break
                y = _step(s, a, _FWD[i], prey) if n < _CALLS else NONE
                if y != NONE:
                    n += 1
                    if need(s, y, p, k) > 2:
                        w += RUN2
                        break
        if total > (2 if mine else s[B_LEFT]):
            w += RUN1
        v += w if p == me else -w
    o._calls = n
    return v


def relevant(o, ply, n, t):
    """The other side threatens to win (its t winning moves in o._thr): only a move onto,
    off or pushing onto a square those moves use can stop them (the rest lose at once), so
    they alone are searched, in their order; returns how many (1 when none can)."""
    mark = o._mark
    mark[:] = CLEAR
    s = o._b.s
    thr = o._thr
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
    mv = o._mv
    gain = o._gain
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


def sort_root(o):
    """The root's moves by their first iteration's values, best first (insertion sort, once)."""
    mv = o._mv
    score = o._score
    for i in range(1, o._n[0]):
        m = mv[i]
        v = score[i]
        j = i
        while j and score[j - 1] < v:
            score[j] = score[j - 1]
            mv[j] = mv[j - 1]
            j -= 1
        score[j] = v
        mv[j] = m


def shuffle(o, n, e):
    """The root's moves in a random order (ties then go by entropy): two bytes of it seed a
    small generator, so a move asks the entropy source (os.urandom on a board) only twice."""
    mv = o._mv
    x = e(1)[0] << 8 | e(1)[0]
    for i in range(n - 1, 0, -1):
        x = (x * 75 + 74) % 65537
        j = x % (i + 1)
        mv[i], mv[j] = mv[j], mv[i]


# ---- what the search reads off a position: a win at once, the threats, its value and key ----------

def winning_move(board):
    """A move that wins at once for the side to move, or -1: a step or capture onto the far row,
    a small's push of an own pyramid onto it (push_wins), a turn's last move that leaves the
    other side without a move (stuck); see winning_moves."""
    if board.s[B_FLAGS] & STUCK_LOSES:
        return _first_win(board)
    return winning_moves(board, None)


def winning_moves(board, out):
    """The side to move's moves that reach the far row (a step, a capture, or a small's push of
    an own pyramid there with push_wins): how many, written into out (room for MAX_MOVES), or
    the first of them (-1: none) when out is None. Only pyramids within two rows are scanned (one
    freed on the far row, its captor gone, steps along it); the stuck rule's wins are not seen
    here (winning_move sees them)."""
    s = board.s
    if s[B_PHASE] != PLAY:
        return -1 if out is None else 0
    p = s[B_TURN]
    lo = 18 if p == 0 else 0
    pushes = s[B_FLAGS] & PUSH_WINS
    one = _ONE
    n = 0
    for k in range(1 + p * 12, 13 + p * 12):
        a = s[B_POS + k]
        if not lo <= a < lo + 18 or not board.may_move(k):
            continue
        small = SIZE[k] == 1
        if not (a >= 24 if p == 0 else a < 12) and not (small and pushes):
            continue
        for i in range(board.pyramid_moves(k, one, 0)):
            m = one[i]
            b = NB[m]
            if not far_row(p, b):
                if not small or not pushes or OWNER[s[B_TOP + b]] != p:
                    continue
                c = NB[b * 8 + (m & 7)]
                if c == NONE or not far_row(p, c):
                    continue
            if out is None:
                return m
            out[n] = m
            n += 1
    return -1 if out is None else n


def threats(board, out):
    """winning_moves() of the side not to move, as if its turn began now (the board is left as it
    was); -1 under the stuck rule, where a threat is more than a move."""
    s = board.s
    if s[B_FLAGS] & STUCK_LOSES:
        return -1
    turn, left, moved = s[B_TURN], s[B_LEFT], s[B_MOVED]
    s[B_TURN], s[B_LEFT], s[B_MOVED] = 1 - turn, 2, 0
    n = winning_moves(board, out)
    s[B_TURN], s[B_LEFT], s[B_MOVED] = turn, left, moved
    return n


def _first_win(board):
    """winning_move() by playing each move on a scratch board (for the settings a scan misses);
    the scratch is made at the first use and kept, so a search allocates nothing per node."""
    global _scratch
    if _scratch is None:
        _scratch = (array("H", bytes(2 * MAX_MOVES)), Board())
    out, scratch = _scratch
    s = board.s
    p = s[B_TURN]
    for i in range(board.moves(out)):
        scratch.s[:] = s
        scratch.apply(out[i])
        if scratch.s[B_WINNER] == p + 1:
            return out[i]
    return -1


def position_value(board, me, table):
    """Player me's side of the position: each pyramid on the board counts table[pips * 6 + rows it
    has left to its goal] while on top of its stack and table[pips * 6] while held under another,
    for me and against."""
    s = board.s
    v = 0
    for k in range(1, PIECES + 1):
        a = s[B_POS + k]
        if a >= SQUARES:
            continue
        p = OWNER[k]
        if s[B_TOP + a] == k:
            w = table[SIZE[k] * 6 + (5 - a // 6 if p == 0 else a // 6)]
        else:
            w = table[SIZE[k] * 6]
        v += w if p == me else -w
    return v


def position_key(board, z):
    """A hash of the position for a transposition table: z holds 30-bit randoms, 36 by kind of
    pyramid (player * 3 + pips - 1), then 36 for the square of the one that moved this turn,
    then 6 for the player to move and the moves left. Pyramids of a kind are interchangeable."""
    s = board.s
    h = z[252 + s[B_TURN] * 3 + s[B_LEFT]]
    for k in range(1, PIECES + 1):
        a = s[B_POS + k]
        if a < SQUARES:
            h ^= z[((k - 1) >> 2) * 36 + a]
    k = s[B_MOVED]
    if k and s[B_POS + k] < SQUARES:
        h ^= z[216 + s[B_POS + k]]
    return h
