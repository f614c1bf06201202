"""Exact lockdown odds from the Security Tracker, for the risk view.

Each Security phase adds d6 + alarm to proximity; lockdown is proximity reaching 99. With the
alarm held where it is, the chance by each coming round follows from counting roll sequences by
the proximity they lead to, one round at a time (dynamic programming over 0..98, never sampled).
Counts are integers: exact, and while they stay small ints (6**11 < 2**30 on a 32-bit board)
the count allocates nothing. Both functions reuse one preallocated table.
"""
from array import array

from micropython import const

_LOCK = const(99)  # proximity that means lockdown; cells 0..98 are the games still going
_FACES = const(6)

_count = [0] * _LOCK  # roll sequences that leave proximity at each cell
# Expected rounds per cell: doubles where the port has them, else single floats (half the RAM).
_rounds = array("d" if 1.0 + 2.0 ** -40 != 1.0 else "f", [0.0] * _LOCK)


def _ratio(a, b):
    """a / b for 0 <= a <= b, b possibly huge: shifted below 2**100 first so that single-precision
    boards (max ~3e38) never see inf; the error is at most 2**-99."""
    while b >> 100:
        a >>= 32
        b >>= 32
    return a / b


def chance_by_round(prox, alarm, n, out):
    """Fills out[0..n-1] with the chance that lockdown has come by the end of the Security phase
    k+1 rounds from now (out[0]: this round's roll, still to come). Returns out."""
    if prox >= _LOCK:
        for k in range(n):
            out[k] = 1.0
        return out
    c = _count
    for i in range(_LOCK):
        c[i] = 0
    c[prox] = 1
    locked = 0  # sequences that reached 99; after k+1 rounds all sequences number 6**(k+1)
    total = 1
    lo = alarm + 1  # the smallest step: 0 at alarm -1
    for k in range(n):
        locked *= _FACES  # a locked sequence goes on six ways, all locked
        total *= _FACES
        # In place, highest cell first: a cell reads only cells at or below itself, still old.
        for j in range(_LOCK - 1, -1, -1):
            hit = j + lo + _FACES - _LOCK  # faces whose step from j reaches 99
            if hit > 0 and c[j]:
                locked += c[j] * (hit if hit < _FACES else _FACES)
            s = 0
            low = j - lo - _FACES + 1  # the cells that step to j: low .. j - lo
            for src in range(low if low > 0 else 0, j - lo + 1):
                s += c[src]
            c[j] = s
        out[k] = _ratio(locked, total)
    return out


def expected_rounds(prox, alarm):
    """The expected number of Security phases until lockdown, this round's included.

    Backwards from 98: E[j] = 1 + the mean of E[j + step] over the six faces, E = 0 from 99 up.
    At alarm -1 a 1 adds nothing, so E[j] is on both sides: E[j] = (6 + rest) / 5.
    """
    if prox >= _LOCK:
        return 0.0
    e = _rounds
    lo = alarm + 1
    near = lo if lo else 1  # the nearest cell a moving step reaches
    movers = _FACES if lo else _FACES - 1
    s = 0.0  # sum of E over cells j+near .. j+lo+5 (those below 99)
    for j in range(_LOCK - 1, prox - 1, -1):
        if j + near < _LOCK:
            s += e[j + near]
        if j + lo + _FACES < _LOCK:
            s -= e[j + lo + _FACES]
        e[j] = (_FACES + s) / movers
    return e[prox]
