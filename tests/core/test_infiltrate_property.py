"""Infiltrate's move generator against the independent checker (tests/infiltrate_checker.py), over
many random positions: every one of the 288 possible moves is legal for both or for neither, and
every legal move leaves the board the checker expects."""
from array import array

from lockdown.games.infiltrate import rules as R
from tests import infiltrate_checker as C
from tests.infiltrate_positions import board, random_stacks, rng, stacks_of

ALL = 36 * 8


def no_move_square(b):
    """The square of the pyramid that may not move again this turn, for the checker."""
    s = b.s
    if s[R.B_FLAGS] & R.TWICE or not s[R.B_MOVED]:
        return None
    return s[R.B_POS + s[R.B_MOVED]]


def agree(b, out):
    """Fails unless the generator, legal() and the checker agree on every move of b."""
    n = b.moves(out)
    gen = [out[i] for i in range(n)]
    assert len(set(gen)) == n, "duplicate moves"
    st = stacks_of(b)
    p = b.to_move
    ban = no_move_square(b)
    push_off = b.setting(R.PUSH_OFF)
    for m in range(ALL):
        want = C.legal(st, p, m, ban, push_off)
        assert (m in gen) == want, (m, want, st)
        assert b.legal(m) == want, m
    return gen, st


def test_generator_agrees_with_the_checker_on_random_positions():
    rnd = rng(11)
    out = array("H", [0] * R.MAX_MOVES)
    checked = legal = 0
    for i in range(250):
        stacks = random_stacks(rnd, (20, 40, 60, 80)[i % 4])
        flags = R.DEFAULT_FLAGS | (R.PUSH_OFF if rnd(3) == 0 else 0) | (R.TWICE if rnd(4) == 0 else 0)
        p = rnd(2)
        tops = [sq for sq in stacks if stacks[sq][-1][0] == p]
        moved = tops[rnd(len(tops))] if tops and rnd(2) else None
        b = board(stacks, to_move=p, left=1 if moved is not None else 2, flags=flags, moved_sq=moved)
        gen, st = agree(b, out)
        for m in gen:
            after = R.Board()
            after.s[:] = b.s
            after.apply(m)
            assert stacks_of(after) == C.result(st, m), m
        checked += ALL
        legal += len(gen)
    assert legal > 1000 and checked == 250 * ALL  # the positions were not all dead ends


def test_generator_agrees_with_the_checker_through_random_games():
    rnd = rng(5)
    out = array("H", [0] * R.MAX_MOVES)
    positions = 0
    for game in range(30):
        b = R.Board(R.DEFAULT_FLAGS | (R.TWICE if game % 3 == 1 else 0) | (R.PUSH_OFF if game % 3 == 2 else 0))
        for p in (0, 1):
            while True:
                size = 1 + rnd(3)
                if not b.army_add(p, size) and b.pips_left(p) < 3 and rnd(2):
                    break
        assert b.start_setup(rnd(2))
        while b.phase == R.SETUP:
            size, sq = 1 + rnd(3), rnd(36)
            b.place(size, sq)
        for _ in range(80):
            if b.phase != R.PLAY:
                break
            gen, st = agree(b, out)
            positions += 1
            m = gen[rnd(len(gen))]
            expect = C.result(st, m)
            assert b.play(m)
            assert stacks_of(b) == expect
    assert positions > 600
