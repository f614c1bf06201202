"""What a move means to the device opponent's search (ai.py), kept apart so each module is small:
what it gains at once by the position's value, by which the search orders the moves (a step, a
capture, a push either way, a pyramid freed), the root's order (shuffled by the entropy, then
by the first iteration's values), and which moves can stop a threat (the rest lose at once). The value tables are rules.position_value's, by level: Hard's rewards the last rows
steeply (a pyramid two rows short is half won), so it races and blocks. Each works on the
Opponent's own arrays (o), so nothing is allocated.
"""
from micropython import const

from lockdown.games.infiltrate.rules.board import B_BELOW, B_TOP, B_TURN, MAX_MOVES, NB, NONE, OWNER, SIZE

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
