"""The device opponent's memory (ai.py's search), made by level when an Opponent is made and
this module forgotten again: a stack of states, move lists and bounds as deep as the level
searches, and for Hard alone a transposition table and its keys (Easy's and Fair's single
iteration seldom meets a node twice): about 2.4 / 2.7 / 6.2 KB on 32-bit. Nothing is allocated
per node.
"""
from array import array

from lockdown.games.infiltrate.rules.board import MAX_MOVES, NONE, STATE_SIZE, Board


def make(o, n, tt):
    """Opponent o's arrays (see ai.py for their use): n plies on the stack, a table of tt entries (0: none).
    The arrays are made from ranges, in place: from a bytes object each would leave its size in
    garbage, about as much again as the whole at Hard, in the pass that makes them (the heap's raw
    peak). Their values are written before they are read; the table's emptiness is _tdepth's.
    Values and bounds are 16-bit, as the table's (_tval): within +-32000 (ai._INF)."""
    o._b = Board()
    o._st = [bytearray(STATE_SIZE) for _ in range(n)]
    o._mv = array("H", range(MAX_MOVES * n))
    o._n = bytearray(n)  # moves at each ply, and the next one to search
    o._i = bytearray(n)
    o._left = bytearray(n)  # depth left below each ply
    o._alpha = array("h", range(n))
    o._beta = array("h", range(n))
    o._best = array("h", range(n))  # best value so far, and its move
    o._bm = array("H", range(n))
    o._score = array("h", range(MAX_MOVES))  # root moves' values in the first iteration
    o._gain = array("h", range(MAX_MOVES * n))  # each move's gain, beside it in _mv
    o._val = array("h", range(n))  # position_value at each ply, kept by the gains
    o._thr = array("H", range(MAX_MOVES))  # the other side's winning moves (threats)
    o._mark = bytearray(256)  # squares those moves use, by square (NONE: off the board)
    o._a0 = array("h", range(n))  # alpha and beta on entry, for the table's bound
    o._b0 = array("h", range(n))
    o._key = array("i", range(n))
    o._z = None  # the transposition table's keys
    if tt:
        o._z = array("i", range(258))
        x = 0x2545F491
        for i in range(258):
            x = o._z[i] = _next_key(x)
        o._tkey = array("H", range(tt))  # 16 bits of each key past its slot (ai._probe)
        o._tval = array("h", range(tt))
        o._tmove = array("H", range(tt))
        o._tdepth = bytearray(tt)  # depth + 1 (0: empty), and the bound in the top two bits
    o._hint = NONE  # _probe's findings
    o._hit = 0


def _next_key(x):
    """(x * 1103515245 + 12345) mod 2**30, in 15-bit halves: on a 32-bit board the product itself
    would be a big integer, and the 258 keys' products about 25 KB of garbage."""
    lo = x & 0x7FFF
    t = lo * 0x4E6D  # 1103515245 = 0x41C64E6D: bits 0-14 0x4E6D, bits 15-29 0x038C (bit 30 drops out)
    u = ((x >> 15) * 0x4E6D & 0x7FFF) + (lo * 0x038C & 0x7FFF) + (t >> 15) & 0x7FFF
    x = u << 15 | t & 0x7FFF
    return x - 0x3FFFCFC7 if x >= 0x3FFFCFC7 else x + 12345  # + 12345 mod 2**30, never past it
