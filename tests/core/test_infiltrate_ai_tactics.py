"""The Infiltrate opponent over random positions, held to a brute-force finder written here on the
independent checker (tests/infiltrate_checker.py): every level takes an immediate win of any kind
(a step or capture onto the far row, a push of an own pyramid onto it, the other side left without
a move under the stuck rule), and Fair and Hard stop a threat to win at once whenever their turn
can stop it."""
import sys

from lockdown.games.infiltrate import ai
from lockdown.games.infiltrate.order import winning_move
from lockdown.games.infiltrate.rules import board as R
from tests import infiltrate_checker as C
from tests.infiltrate_positions import board, random_stacks, rng, stacks_of

MP = sys.implementation.name == "micropython"
FAR = (5, 0)  # far row by player


def row(sq):
    return sq // 6


def pushed_home(st, m, q):
    """Legal move m is a small's push of q's pyramid onto q's far row (push_wins: q wins)."""
    sq, d = divmod(m, 8)
    dr, dc = C.STEPS[d]
    to = sq + dr * 6 + dc
    if st[sq][-1][1] != 1 or st[to][-1][0] != q:
        return False
    r, c = row(to) + dr, to % 6 + dc
    return C.on_board(r, c) and r == FAR[q]


def wins(st, p, m):
    """Does legal move m win at once for p? Its pyramid, or an own pyramid it pushes, ends on
    p's far row."""
    sq, d = divmod(m, 8)
    dr, dc = C.STEPS[d]
    return row(sq + dr * 6 + dc) == FAR[p] or pushed_home(st, m, p)


def legal_moves(st, p, ban=None):
    return [m for m in range(288) if st[m // 8] and st[m // 8][-1][0] == p and C.legal(st, p, m, ban)]


def threatens(st, p):
    """p could win with one move if its turn began now."""
    return any(wins(st, p, m) for m in legal_moves(st, p))


def stoppable(st, p, left):
    """p, to move with `left` moves (a second one must be made when there is one), can make the
    other side's threats go by the end of the turn, or win first."""
    for m in legal_moves(st, p):
        if wins(st, p, m):
            return True
        if pushed_home(st, m, 1 - p):
            continue
        after = C.result(st, m)
        sq, d = divmod(m, 8)
        second = legal_moves(after, p, sq + C.STEPS[d][0] * 6 + C.STEPS[d][1]) if left == 2 else []
        if not second and not threatens(after, 1 - p):
            return True
        for m2 in second:
            if wins(after, p, m2) or not pushed_home(after, m2, 1 - p) and not threatens(C.result(after, m2), 1 - p):
                return True
    return False


def positions(seed, count, want):
    """count random positions (no pyramid already home) that want(stacks, p, left) accepts."""
    rnd = rng(seed)
    found = 0
    while found < count:
        stacks = random_stacks(rnd, (25, 40, 55)[found % 3])
        if any(st[-1][0] == 0 and row(sq) == 5 or st[-1][0] == 1 and row(sq) == 0 for sq, st in stacks.items()):
            continue
        p = rnd(2)
        left = 1 + rnd(2)
        b = board(stacks, to_move=p, left=left)
        if not b.has_move() or not want(b, stacks_of(b), p, left):
            continue
        found += 1
        yield b, p, left


def has_win(b, st, p, left):
    return any(wins(st, p, m) for m in legal_moves(st, p))


def test_every_level_takes_an_immediate_win_of_any_kind():
    n = 0
    for b, p, _ in positions(21, 12 if MP else 90, has_win):
        for level in range(len(ai.LEVELS)):
            m = ai.Opponent(level).choose(b)
            after = R.Board()
            after.s[:] = b.s
            assert after.play(m) and after.winner == p + 1, (level, m, stacks_of(b))
        n += 1
    assert n


def test_winning_move_finds_a_win_exactly_when_there_is_one():
    # order.winning_move is the search's threat extension: a win it misses is a threat not stopped
    rnd = rng(8)
    wins_seen = 0
    for i in range(300 if MP else 600):
        stacks = random_stacks(rnd, (25, 40, 55)[i % 3])
        p = rnd(2)
        b = board(stacks, to_move=p, left=1 + rnd(2))
        st = stacks_of(b)
        m = winning_move(b)
        assert (m >= 0) == has_win(b, st, p, 2), (m, st, p)
        if m >= 0:
            assert C.legal(st, p, m) and wins(st, p, m), (m, st)
            wins_seen += 1
    assert wins_seen > 5


def test_a_win_by_leaving_the_other_side_no_move_under_the_stuck_rule():
    # player 2's only pyramid, a small at (5,0), can push only the large at (4,0) or (4,1): taking
    # the medium at (3,3) up beside... player 1's move (1,1)->(2,1) leaves (4,1) empty and the
    # small nothing to push once (4,0) moves away
    b = board({0: [(0, 2)], 24: [(0, 2)], 30: [(1, 1)], 26: [(0, 2)]}, left=1, flags=R.DEFAULT_FLAGS | R.STUCK_LOSES)
    st = stacks_of(b)
    want = [m for m in legal_moves(st, 0) if not legal_moves(C.result(st, m), 1)]
    assert want, "the position has such a win"
    for level in range(len(ai.LEVELS)):
        m = ai.Opponent(level).choose(b)
        after = R.Board()
        after.s[:] = b.s
        assert after.play(m) and after.winner == 1, (level, m)


def threat_to_stop(b, st, p, left):
    return threatens(st, 1 - p) and not has_win(b, st, p, left) and stoppable(st, p, left)


def test_fair_and_hard_stop_every_threat_their_turn_can_stop():
    n = 0
    for b, p, left in positions(33, 40, threat_to_stop):
        for level in (1, 2):
            opp = ai.Opponent(level)
            after = R.Board()
            after.s[:] = b.s
            for _ in range(left):
                if after.phase != R.PLAY or after.to_move != p:
                    break
                assert after.play(opp.choose(after))
            assert after.winner == p + 1 or not threatens(stacks_of(after), 1 - p), (level, stacks_of(b), left)
        n += 1
    assert n
