"""Wrap-safe millisecond arithmetic, the same on every runtime.

The board's time.ticks_ms() wraps every 2**30 ms (about 12.4 days); a raw `now - then` is then
wrong once, and a deadline compared with `>=` can stay in the future for days. Every time
difference in the firmware goes through these two, on the board, the simulator and the tests.
"""
from micropython import const

_MASK = const(0x3FFFFFFF)
_HALF = const(0x20000000)


def diff(a, b):
    """a - b in ms, correct across a wrap while the two are less than 2**29 ms apart."""
    return ((a - b + _HALF) & _MASK) - _HALF


def add(t, ms):
    """The tick count `ms` after `t`, wrapped like ticks_ms."""
    return (t + ms) & _MASK
