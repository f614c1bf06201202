"""Exact lockdown odds from the Security Tracker, for the risk view.

Each Security phase adds d6 + alarm to proximity; lockdown is proximity reaching 99. With the
alarm held where it is, the chance by each coming round follows from counting roll sequences by
the proximity they lead to, one round at a time (dynamic programming over 0..98, never sampled).
Counts are integers: exact, and while they stay small ints (6**11 < 2**30 on a 32-bit board)
the count allocates nothing. Each function reuses preallocated tables.
"""
from array import array

from micropython import const

_LOCK = const(99)  # proximity that means lockdown; cells 0..98 are the games still going
_FACES = const(6)

_count = [0] * _LOCK  # roll sequences that leave proximity at each cell
# Expected rounds per cell in fixed point, E * 2**44 = hi * 2**26 + lo: two small ints a cell
# (each below 2**30, so no arithmetic on them allocates, on a 32-bit board too).
_LO_BITS = const(26)
_LO_MASK = const(0x3FFFFFF)
_ONE_HI = const(0x40000)  # 1.0 in hi units (2**18)
_hi = array("i", [0] * _LOCK)
_lo = array("i", [0] * _LOCK)


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
    At alarm -1 a 1 adds nothing, so E[j] is on both sides: E[j] = (6 + rest) / 5. In fixed
    point (2**-44, rounded at each cell: within 1e-11): only the floats of the result allocate.
    """
    if prox >= _LOCK:
        return 0.0
    hi = _hi
    lo = _lo
    step = alarm + 1
    near = step if step else 1  # the nearest cell a moving step reaches
    movers = _FACES if step else _FACES - 1
    half = movers >> 1
    s_hi = s_lo = 0  # sum of E over cells j+near .. j+step+5 (those below 99), by limb
    for j in range(_LOCK - 1, prox - 1, -1):
        k = j + near
        if k < _LOCK:
            s_hi += hi[k]
            s_lo += lo[k]
        k = j + step + _FACES
        if k < _LOCK:
            s_hi -= hi[k]
            s_lo -= lo[k]
        h = s_hi + _FACES * _ONE_HI + (s_lo >> _LO_BITS)  # (6 + s), carried into hi
        q = h // movers
        t = ((h - q * movers) << _LO_BITS) + (s_lo & _LO_MASK) + half  # rounded to nearest
        r = t // movers
        if r > _LO_MASK:
            q += 1
            r -= _LO_MASK + 1
        hi[j] = q
        lo[j] = r
    return (hi[prox] + lo[prox] / (_LO_MASK + 1)) / _ONE_HI
