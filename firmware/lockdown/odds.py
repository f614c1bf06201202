"""Exact lockdown odds from the Security Tracker, for the risk view.

Each Security phase adds d6 + alarm to proximity; lockdown is proximity reaching 99. With the
alarm held where it is, the chance by each coming round follows from the distribution of
proximity, advanced one round at a time by dynamic programming over 0..98 (never sampled).
Both functions work in one preallocated array, so a call allocates only float temporaries.
"""
from array import array

from micropython import const

_LOCK = const(99)  # proximity that means lockdown; cells 0..98 hold the not-yet-locked mass
_FACES = const(6)

# Doubles where the port has them; single-precision boards store floats in half the RAM.
_work = array("d" if 1.0 + 2.0 ** -40 != 1.0 else "f", [0.0] * _LOCK)


def chance_by_round(prox, alarm, n, out):
    """Fills out[0..n-1] with the chance that lockdown has come by the end of the Security phase
    k+1 rounds from now (out[0]: this round), counting this round's roll as still to come.
    Returns out."""
    w = _work
    for i in range(_LOCK):
        w[i] = 0.0
    locked = 1.0 if prox >= _LOCK else 0.0
    if prox < _LOCK:
        w[prox] = 1.0
    lo = alarm + 1  # the smallest step, 0 at alarm -1
    for k in range(n):
        # In place, highest cell first: a cell only reads cells at or below itself, still old.
        for j in range(_LOCK - 1, -1, -1):
            p = w[j]
            if p:
                # faces whose step from j reaches 99 lock down; the rest move mass upward
                hit = j + lo + _FACES - _LOCK
                if hit > 0:
                    locked += p * (hit if hit < _FACES else _FACES) / _FACES
            s = 0.0
            for f in range(_FACES):
                src = j - lo - f
                if src >= 0:
                    s += w[src]
            w[j] = s / _FACES
        out[k] = locked
    return out


def expected_rounds(prox, alarm):
    """The expected number of Security phases until lockdown, this round's included.

    Backwards from 98: E[j] = 1 + mean of E[j + step] over the six faces, with E = 0 from 99 up.
    At alarm -1 the step can be 0 (a 1 on the die), so E[j] appears on both sides: solved for.
    """
    if prox >= _LOCK:
        return 0.0
    w = _work
    lo = alarm + 1
    for j in range(_LOCK - 1, prox - 1, -1):
        s = float(_FACES)
        stay = 0
        for f in range(_FACES):
            t = j + lo + f
            if t == j:
                stay += 1
            elif t < _LOCK:
                s += w[t]
        w[j] = s / (_FACES - stay)
    return w[prox]
