"""The six-sided die, drawn without bias from an injected entropy source.

The core owns no randomness: the board passes os.urandom, the simulator and the tests a seeded
Xorshift, so a seeded game replays exactly.
"""
from micropython import const

_LIMIT = const(252)  # the largest multiple of 6 that fits in a byte: 252 = 42 * 6


class Die:
    """d6 by rejection sampling: bytes 252..255 are thrown away, so each face is exactly 42/252."""

    def __init__(self, entropy):
        self._entropy = entropy  # callable: n -> bytes, like os.urandom

    def roll(self):
        while True:
            b = self._entropy(1)[0]
            if b < _LIMIT:
                return b % 6 + 1


class Xorshift:
    """A small seeded byte source with the os.urandom call shape, for replayable games."""

    def __init__(self, seed=1):
        self._x = (seed & 0xFFFFFFFF) or 0x9E3779B9
        self._buf = bytearray(1)

    def __call__(self, n):
        out = self._buf if n == 1 else bytearray(n)
        for i in range(n):
            x = self._x
            x ^= (x << 13) & 0xFFFFFFFF
            x ^= x >> 17
            x ^= (x << 5) & 0xFFFFFFFF
            self._x = x
            out[i] = x >> 24
        return out
