"""What a move means to the device opponent's search (ai.py), kept apart so each module is small:
what it gains at once by the position's value, by which the search orders the moves (a step, a
capture, a push either way, a pyramid freed), the root's order (shuffled by the entropy, then
by the first iteration's values), which moves can stop a threat (the rest lose at once), and
Hard's judgement of the race at a leaf (runners: a pyramid near the far row the other side
cannot stop in time). The value tables are rules.position_value's, by level: Hard's rewards the
last rows steeply (a pyramid two rows short is half won), so it races and blocks. Each works on
the Opponent's own arrays (o) or the state's bytes, so nothing is allocated.
"""
from micropython import const

from lockdown.games.infiltrate.rules.board import B_BELOW, B_LEFT, B_MOVED, B_POS, B_TOP, B_TURN, MAX_MOVES, NB, NONE, OWNER, SIZE, SQUARES

HINT = const(16384)  # added to the table's move's gain, to order it first (a multiple of 8192: see ai._enter)
CLEAR = bytes(256)

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
RUN1 = const(1000)  # a side's runners one row short that the other side cannot stop: nearly won
RUN2 = const(500)  # a runner two rows short its side to move can step on to such a square
_LOST = const(9)
_CALLS = const(4)  # need() calls a leaf asks at most for steps two rows short (each is charged)
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


def runners(o, s, me):
    """Hard's judgement of a leaf's race to the far row, which the search sees too late (a
    medium cannot be captured, and the threat is made a turn before it is a threat): me's side
    less the other's. RUN1 for a side whose mediums and larges one row short the other side,
    to move, cannot stop (need: more moves than its turn has left, all counted); RUN2 for each
    two rows short on the side to move that it can step to where the other side's next turn
    could not stop it (at most _CALLS such steps asked). o._calls: how many need() it asked,
    by which the search charges the leaf."""
    top = B_TOP
    pos = B_POS
    turn = s[B_TURN]
    moved = s[B_MOVED]
    v = n = 0
    for p in range(2):
        lo = 18 if p == 0 else 6  # the rows two and one short
        mine = turn == p
        total = w = 0
        for k in range(p * 12 + 5, p * 12 + 13):
            a = s[pos + k]
            if not lo <= a < lo + 12 or s[top + a] != k:
                continue
            if a >= 24 if p == 0 else a < 12:
                if not mine or moved == k:
                    n += 1
                    total += need(s, a, p, k)
            elif mine and moved != k:
                prey = 1 - p if SIZE[k] == 3 else 2
                for i in range(p * 3, p * 3 + 3):
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
