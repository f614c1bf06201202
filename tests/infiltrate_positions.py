"""Builds Infiltrate boards for the tests: any position written as stacks, and random ones."""
from lockdown.games.infiltrate.rules import board as R


def board(stacks, to_move=0, left=2, flags=R.DEFAULT_FLAGS, moved_sq=None):
    """A Board in play with stacks {square: [(player, pips), ...] bottom first}; moved_sq: the
    pyramid on top there has moved this turn."""
    b = R.Board(flags)
    s = b.s
    s[R.B_PHASE] = R.PLAY
    s[R.B_TURN] = to_move
    s[R.B_LEFT] = left
    used = set()
    for sq in sorted(stacks):
        below = 0
        for player, pips in stacks[sq]:
            k = next(k for k in range(1 + player * 12 + (pips - 1) * 4, 1 + player * 12 + pips * 4)
                     if k not in used)
            used.add(k)
            s[R.B_BELOW + k] = below
            s[R.B_POS + k] = sq
            below = k
        s[R.B_TOP + sq] = below
    if moved_sq is not None:
        s[R.B_MOVED] = s[R.B_TOP + moved_sq]
    return b


def stacks_of(b):
    """The board as 36 lists of (player, pips), bottom first, read through the public API."""
    return [[tuple(x) for x in b.stack(sq)] for sq in range(36)]


def random_stacks(rnd, dense):
    """Random legal-looking material: up to 4 of each size a side, some of them stacked.
    rnd(n) gives 0..n-1; dense: percent chance a square gets a pyramid."""
    stacks = {}
    pool = [(p, size) for p in (0, 1) for size in (1, 2, 3) for _ in range(4)]
    for sq in range(36):
        if pool and rnd(100) < dense:
            st = [pool.pop(rnd(len(pool)))]
            while pool and rnd(100) < 15:
                st.append(pool.pop(rnd(len(pool))))
            stacks[sq] = st
    return stacks


def rng(seed):
    """A small deterministic source, the same on CPython and MicroPython: rnd(n) -> 0..n-1."""
    from lockdown.dice import Xorshift
    x = Xorshift(seed)

    def rnd(n):
        v = x(1)[0] << 16 | x(1)[0] << 8 | x(1)[0]
        return v % n
    return rnd
