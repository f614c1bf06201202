"""Hard's judgement of the race to the far row at its leaves (order.runners, order.need): a
medium or large one row short that the other side cannot stop with the moves of its turn is
nearly won, one the other side can stop (filling every way on, each by a pyramid beside it, or
pushing it back) is not; one two rows short counts for the side to move when it can step to
such a square. Player 1's pyramids run down to row 0."""
from lockdown.games.infiltrate import order
from tests.infiltrate_positions import board


def sq(r, c):
    return r * 6 + c


class Leaf:
    """What runners() needs of the Opponent: where it leaves its count of need() calls."""
    _calls = 0


def judged(stacks, to_move, me=0):
    o = Leaf()
    return order.runners(o, board(stacks, to_move=to_move).s, me), o._calls


def runner(more):
    """Player 1's medium on c2 (c1, b1 and d1 ahead of it) and more."""
    stacks = {sq(1, 2): [(1, 2)]}
    stacks.update(more)
    return stacks


def test_a_medium_with_three_ways_on_is_nearly_won_against_two_moves():
    v, calls = judged(runner({sq(2, 0): [(0, 2)]}), to_move=0)
    assert v == -order.RUN1 and calls == 1
    assert judged(runner({sq(2, 0): [(0, 2)]}), to_move=0, me=1)[0] == order.RUN1


def test_a_medium_is_stopped_when_each_way_on_has_a_pyramid_beside_it():
    # a large on c1 closes straight on; b1 (or b2) and d1 (or d2) each need a move: a medium on
    # a2 is beside b1 and b2, one on e3 beside d2
    guarded = runner({sq(0, 2): [(0, 3)], sq(1, 0): [(0, 2)], sq(2, 4): [(0, 2)]})
    assert judged(guarded, to_move=0)[0] == 0
    del guarded[sq(2, 4)]  # d1 and d2 have nobody beside them
    assert judged(guarded, to_move=0)[0] == -order.RUN1
    guarded[sq(2, 4)] = [(0, 2)]
    guarded[sq(0, 2)] = [(0, 2)]  # a medium on c1 that leaves opens it again: not a helper
    del guarded[sq(1, 0)]
    assert judged(guarded, to_move=0)[0] == -order.RUN1


def test_a_small_ahead_of_it_pushes_it_back_a_row():
    pushed = runner({sq(0, 1): [(0, 1)], sq(2, 5): [(0, 2)]})  # b1 pushes it back to d3
    assert judged(pushed, to_move=0)[0] == 0
    pushed[sq(2, 3)] = [(1, 1)]  # d3 taken: no push
    assert judged(pushed, to_move=0)[0] == -order.RUN1


def test_a_large_is_not_blocked_by_what_it_can_capture():
    # player 1's large on c2, player 0's smalls on b1 and d1 (their pushes blocked by b3 and d3),
    # a medium on c1
    big = {sq(1, 2): [(1, 3)], sq(0, 1): [(0, 1)], sq(0, 3): [(0, 1)], sq(0, 2): [(0, 2)],
           sq(2, 1): [(1, 1)], sq(2, 3): [(1, 1)], sq(2, 5): [(0, 2)]}
    assert judged(big, to_move=0)[0] == -order.RUN1  # it captures on b1 or d1
    big[sq(2, 2)] = [(0, 3)]  # a large beside it captures it
    assert judged(big, to_move=0)[0] == 0


def test_two_rows_short_counts_for_the_side_to_move_that_can_step_to_an_unstoppable_square():
    two = {sq(3, 2): [(0, 2)], sq(0, 5): [(1, 2)]}  # player 0's medium on c4, nobody near row 5
    assert judged(two, to_move=0)[0] == order.RUN2
    assert judged(two, to_move=1)[0] == 0  # the other side's turn first: left to the search


def test_a_small_behind_pushes_it_on_and_it_steps_onto_the_far_row_within_the_turn():
    # player 0's large on c4 and small on c3: c3>c4 pushes it to c5 (a push is not its move),
    # then it steps onto row 6; player 1's medium on f1 is nowhere near
    pushed = {sq(3, 2): [(0, 3)], sq(2, 2): [(0, 1)], sq(0, 5): [(1, 2)]}
    assert judged(pushed, to_move=0)[0] == order.RUN0
    assert judged(pushed, to_move=0, me=1)[0] == -order.RUN0
    assert judged(pushed, to_move=1)[0] == 0  # the other side's turn first: left to the search
    pushed[sq(4, 2)] = [(1, 2)]  # c5 taken: no push there, a step only
    assert judged(pushed, to_move=0)[0] == order.RUN2
    del pushed[sq(4, 2)]
    pushed[sq(2, 2)] = [(1, 1), (0, 1)]  # the small on a stack pushes as well
    assert judged(pushed, to_move=0)[0] == order.RUN0
    pushed[sq(2, 2)] = [(1, 1)]  # a small of the other side's pushes nothing on
    assert judged(pushed, to_move=0)[0] == order.RUN2


def test_a_stack_is_not_pushed_on():
    stacked = {sq(3, 2): [(1, 1), (0, 3)], sq(2, 2): [(0, 1)], sq(0, 5): [(1, 2)]}
    assert judged(stacked, to_move=0)[0] == order.RUN2  # a step on, no push


def test_three_rows_short_a_push_and_a_step_bring_it_where_it_cannot_be_stopped():
    # player 0's medium on c3 and small on c2: pushed to c4, it steps to row 5, where player 1
    # (a medium on f1) has nobody beside its ways on
    three = {sq(2, 2): [(0, 2)], sq(1, 2): [(0, 1)], sq(0, 5): [(1, 2)]}
    assert judged(three, to_move=0)[0] == order.RUN2
    three[sq(0, 0)] = [(0, 2)]
    b = board(three, to_move=0, left=1, moved_sq=sq(0, 0))  # its turn's last move: not both
    assert order.runners(Leaf(), b.s, 0) == 0
    del three[sq(0, 0)]
    del three[sq(1, 2)]  # no small behind it: a step alone leaves it two rows short
    assert judged(three, to_move=0)[0] == 0
