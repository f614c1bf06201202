"""Infiltrate's referee: each rule of the issue's point 4, the army builder, setup and undo."""
from array import array

from lockdown.games.infiltrate.order import winning_move
from lockdown.games.infiltrate.rules import board as R
from lockdown.games.infiltrate.rules.settings import SETTINGS
from tests.infiltrate_positions import board, stacks_of

N, NE, E, SE, S, SW, W, NW = range(8)


def sq(r, c):
    return r * 6 + c


def mv(r, c, d):
    return sq(r, c) * 8 + d


def moves(b):
    out = array("H", [0] * R.MAX_MOVES)
    return sorted(out[i] for i in range(b.moves(out)))


def moves_from(b, r, c):
    return sorted(m for m in moves(b) if m >> 3 == sq(r, c))


# Movement
def test_a_pyramid_moves_one_space_in_any_of_eight_directions():
    b = board({sq(2, 2): [(0, 2)]})
    assert moves(b) == [mv(2, 2, d) for d in range(8)]
    assert R.NB[sq(2, 2) * 8 + NE] == sq(3, 3)
    b = board({sq(0, 0): [(0, 3)]})  # a corner: three directions stay on the board
    assert moves(b) == [mv(0, 0, N), mv(0, 0, NE), mv(0, 0, E)]


def test_only_the_top_pyramid_of_a_stack_moves():
    b = board({sq(2, 2): [(0, 3), (0, 2)]})
    assert {m >> 3 for m in moves(b)} == {sq(2, 2)}
    assert b.play(mv(2, 2, N))
    assert b.stack(sq(3, 2)) == [[0, 2]] and b.stack(sq(2, 2)) == [[0, 3]]


def test_pyramids_stack_only_by_capturing():
    b = board({sq(2, 2): [(0, 2)], sq(3, 2): [(0, 3)], sq(2, 3): [(1, 1)]})
    assert mv(2, 2, N) not in moves(b) and mv(2, 2, E) not in moves(b)  # a medium never stacks
    assert mv(3, 2, S) not in moves(b)  # a large never climbs on its own side


def test_a_small_pyramid_moves_only_by_pushing():
    b = board({sq(2, 2): [(0, 1)]})
    assert moves(b) == []
    b = board({sq(2, 2): [(0, 1)], sq(3, 2): [(1, 2)]})
    assert moves(b) == [mv(2, 2, N)]
    assert b.play(mv(2, 2, N))
    assert b.stack(sq(3, 2)) == [[0, 1]] and b.stack(sq(4, 2)) == [[1, 2]] and not b.top(sq(2, 2))
    assert b.last_move() == (sq(2, 2), sq(3, 2), R.K_PUSH)


def test_a_small_pyramid_pushes_its_own_side_too():
    b = board({sq(2, 2): [(0, 1)], sq(2, 3): [(0, 3)]})
    assert moves_from(b, 2, 2) == [mv(2, 2, E)]


def test_a_stack_cannot_be_pushed():
    b = board({sq(2, 2): [(0, 1)], sq(3, 2): [(1, 2), (1, 1)]})
    assert moves(b) == []


def test_two_pyramids_in_a_row_cannot_be_pushed():
    b = board({sq(2, 2): [(0, 1)], sq(3, 2): [(1, 2)], sq(4, 2): [(1, 3)]})
    assert moves_from(b, 2, 2) == []


def test_nothing_is_pushed_onto_a_stack():
    b = board({sq(2, 2): [(0, 1)], sq(2, 3): [(1, 1)], sq(2, 4): [(1, 3), (0, 3)]})
    assert mv(2, 2, E) not in moves(b)
    b = board({sq(2, 2): [(0, 1)], sq(2, 3): [(1, 1)]})  # the same push onto an empty square
    assert mv(2, 2, E) in moves(b)


def test_a_pushed_pyramid_has_not_moved_this_turn():
    b = board({sq(1, 2): [(0, 1)], sq(2, 2): [(0, 2)], sq(5, 5): [(1, 2)]})
    assert b.play(mv(1, 2, N))  # the small pushes the medium from (2,2) to (3,2)
    assert b.to_move == 0 and b.moves_left == 1
    assert moves_from(b, 3, 2)  # the pushed medium may still move
    assert not moves_from(b, 2, 2)  # the small moved; it has nothing to push anyway
    assert b.play(mv(3, 2, N))
    assert b.to_move == 1


def test_a_medium_pyramid_cannot_be_captured():
    b = board({sq(2, 2): [(0, 3)], sq(3, 2): [(1, 2)], sq(2, 3): [(1, 1)], sq(1, 2): [(1, 3)]})
    ms = moves_from(b, 2, 2)
    assert mv(2, 2, N) not in ms
    assert mv(2, 2, E) in ms and mv(2, 2, S) in ms


def test_a_large_pyramid_captures_a_small_or_large_one_on_any_stack():
    b = board({sq(2, 2): [(0, 3)], sq(3, 2): [(1, 2), (0, 3), (1, 3)]})
    assert mv(2, 2, N) in moves(b)
    assert b.play(mv(2, 2, N))
    assert b.stack(sq(3, 2)) == [[1, 2], [0, 3], [1, 3], [0, 3]]
    assert b.last_move()[2] == R.K_CAPTURE
    b = board({sq(2, 2): [(0, 2)], sq(3, 2): [(1, 1)]})  # a medium does not capture
    assert moves(b) == sorted(mv(2, 2, d) for d in range(8) if d != N)


def test_a_captured_pyramid_is_freed_when_the_one_above_moves_off():
    start = {sq(3, 2): [(1, 1), (0, 3)], sq(2, 3): [(0, 2)]}
    assert moves_from(board(start, to_move=1), 3, 2) == []  # player 2's small is held
    b = board(start, left=1)
    assert b.play(mv(3, 2, N))  # the large moves off; player 2's turn
    assert b.to_move == 1 and b.stack(sq(3, 2)) == [[1, 1]]
    assert moves_from(b, 3, 2) == [mv(3, 2, N), mv(3, 2, SE)]


def test_no_step_passes_diagonally_between_two_pyramids():
    b = board({sq(3, 2): [(1, 2)], sq(2, 3): [(1, 2)], sq(2, 2): [(0, 2)]})
    assert mv(2, 2, NE) not in moves(b)
    b = board({sq(2, 2): [(0, 2)], sq(3, 2): [(1, 2)]})  # one side open: it passes
    assert mv(2, 2, NE) in moves(b)


def test_no_push_passes_diagonally_between_two_pyramids():
    # the pusher's own step squeezed
    b = board({sq(1, 1): [(0, 1)], sq(2, 2): [(1, 2)], sq(2, 1): [(1, 2)], sq(1, 2): [(1, 2)]})
    assert mv(1, 1, NE) not in moves(b)
    # the pushed pyramid's step squeezed
    b = board({sq(1, 1): [(0, 1)], sq(2, 2): [(1, 2)], sq(3, 2): [(1, 3)], sq(2, 3): [(1, 3)]})
    assert mv(1, 1, NE) not in moves(b)
    b = board({sq(1, 1): [(0, 1)], sq(2, 2): [(1, 2)], sq(3, 2): [(1, 3)]})
    assert mv(1, 1, NE) in moves(b)


# Turns
def test_each_player_moves_two_pyramids_a_turn():
    b = board({sq(0, 0): [(0, 2)], sq(0, 3): [(0, 2)], sq(5, 5): [(1, 2)]})
    assert b.to_move == 0 and b.moves_left == 2
    assert b.play(mv(0, 0, N))
    assert b.to_move == 0 and b.moves_left == 1
    assert not moves_from(b, 1, 0)  # by default the same pyramid does not go again
    assert b.play(mv(0, 3, N))
    assert b.to_move == 1 and b.moves_left == 2


def test_setting_twice_lets_one_pyramid_make_both_moves():
    b = board({sq(0, 0): [(0, 2)], sq(0, 3): [(0, 2)], sq(5, 5): [(1, 2)]}, flags=R.DEFAULT_FLAGS | R.TWICE)
    assert b.play(mv(0, 0, N)) and b.play(mv(1, 0, N))
    assert b.top(sq(2, 0)) and b.to_move == 1


def test_a_pyramid_on_the_opponents_home_row_wins():
    b = board({sq(4, 2): [(0, 2)], sq(1, 1): [(1, 3)]})
    assert b.play(mv(4, 2, N))
    assert b.winner == 1 and b.phase == R.OVER and b.s[R.B_END] == R.END_ROW
    assert moves(b) == [] and not b.play(mv(1, 1, S))
    b = board({sq(1, 2): [(1, 3)], sq(4, 4): [(0, 2)]}, to_move=1)
    assert b.play(mv(1, 2, S)) and b.winner == 2


def test_a_pushed_pyramid_on_its_far_row_wins_by_default_but_not_when_set_off():
    start = {sq(3, 2): [(0, 1)], sq(4, 2): [(0, 2)], sq(0, 0): [(1, 2)]}
    b = board(start)
    assert b.play(mv(3, 2, N)) and b.winner == 1
    b = board(start, flags=R.DEFAULT_FLAGS & ~R.PUSH_WINS)
    assert b.play(mv(3, 2, N)) and b.winner == 0 and b.top(sq(5, 2))
    # pushing the opponent onto its own goal hands it the game
    b = board({sq(2, 2): [(0, 1)], sq(1, 2): [(1, 2)], sq(5, 5): [(1, 2)]})
    assert b.play(mv(2, 2, S)) and b.winner == 2


def test_a_push_off_the_board_only_when_set():
    start = {sq(4, 2): [(0, 1)], sq(5, 2): [(1, 2)], sq(5, 5): [(1, 2)], sq(0, 0): [(0, 2)]}
    b = board(start)
    assert mv(4, 2, N) not in moves(b)
    b = board(start, flags=R.DEFAULT_FLAGS | R.PUSH_OFF)
    assert b.play(mv(4, 2, N))
    assert b.last_move()[2] == R.K_PUSH_OFF and b.winner == 1  # the small reached the row
    assert b.pips_left(1) == 2 and b.stack(sq(5, 2)) == [[0, 1]]


def test_a_player_who_cannot_move_passes_by_default():
    b = board({sq(0, 0): [(0, 2)], sq(0, 5): [(0, 2)], sq(5, 5): [(1, 1)]})
    assert b.play(mv(0, 0, N)) and b.play(mv(0, 5, N))
    assert b.to_move == 0 and b.moves_left == 2 and b.s[R.B_PASSED] == 2 and b.winner == 0


def test_setting_stuck_makes_a_player_who_cannot_move_lose():
    b = board({sq(0, 0): [(0, 2)], sq(0, 5): [(0, 2)], sq(5, 5): [(1, 1)]},
              flags=R.DEFAULT_FLAGS | R.STUCK_LOSES)
    assert b.play(mv(0, 0, N)) and b.play(mv(0, 5, N))
    assert b.winner == 1 and b.s[R.B_END] == R.END_STUCK


def test_neither_side_able_to_move_is_a_draw():
    b = board({sq(2, 4): [(0, 1)], sq(2, 5): [(1, 1)], sq(4, 0): [(1, 1)]}, left=1,
              flags=R.DEFAULT_FLAGS | R.PUSH_OFF)
    assert b.play(mv(2, 4, E))  # pushes a small off the board; the two left are alone
    assert b.winner == R.DRAW and b.s[R.B_END] == R.END_DRAW


def test_a_turn_whose_second_move_is_impossible_ends_after_the_first():
    b = board({sq(0, 0): [(0, 2)], sq(5, 5): [(1, 2)]})
    assert b.play(mv(0, 0, N))
    assert b.to_move == 1 and b.moves_left == 2


# Army and setup
def test_the_army_builder_refuses_more_than_fifteen_points_or_four_of_a_size():
    b = R.Board()
    for _ in range(4):
        assert b.army_add(0, 3)
    assert not b.army_add(0, 3)  # only four large
    assert b.army_add(0, 2) and b.pips_left(0) == 1
    assert not b.army_add(0, 2)  # 16 points
    assert b.army_add(0, 1) and b.pips_left(0) == 0 and not b.army_add(0, 1)
    assert b.army_remove(0, 3) and b.pips_left(0) == 3 and not b.army_remove(1, 3)
    assert not b.start_setup(0)  # player 2 has no army yet
    assert b.army_add(1, 1) and b.start_setup(1)
    assert b.phase == R.SETUP and b.to_move == 1 and not b.army_add(0, 1)


def test_setup_alternates_on_the_home_row_and_stacks_only_when_it_is_full():
    b = R.Board()
    for _ in range(4):
        b.army_add(0, 1)
        b.army_add(0, 2)
        b.army_add(1, 2)
    b.army_add(0, 3)  # player 1: 9 pyramids, 15 points; player 2: 4 mediums
    assert b.start_setup(0)
    assert not b.can_place(2, sq(1, 0)) and not b.can_place(2, sq(5, 0))  # home row only
    assert not b.can_place(3, sq(0, 0)) or b.in_hand(0, 3) == 1
    assert b.place(2, sq(0, 0)) and b.to_move == 1 and b.last_move() == (R.NONE, sq(0, 0), R.K_PLACE)
    assert not b.place(2, sq(0, 1))  # player 2 places on its own row
    assert b.place(2, sq(5, 0)) and b.to_move == 0
    assert not b.can_place(1, sq(0, 0))  # stacking waits for a full row
    for c in range(1, 4):
        assert b.place(1, sq(0, c)) and b.place(2, sq(5, c))
    assert b.to_move == 0 and b.pips_left(1) == 0  # player 2 is done: player 1 places the rest
    assert b.place(2, sq(0, 4)) and b.to_move == 0
    assert not b.can_place(2, sq(0, 1))
    assert b.place(2, sq(0, 5)) and b.can_place(3, sq(0, 1))
    assert b.place(3, sq(0, 1)) and b.phase == R.SETUP
    assert b.why_not_place(2, sq(0, 1)) == "2 high at most"  # the rest go on top of the first six
    assert b.place(2, sq(0, 2)) and b.in_hand(0, 2) == 0
    assert b.place(1, sq(0, 3))
    assert b.phase == R.PLAY and b.to_move == 0 and b.moves_left == 2
    assert b.stack(sq(0, 1)) == [[0, 1], [0, 3]] and max(b.height(q) for q in range(36)) == 2
    assert b.pips_left(0) == 15 and b.pips_left(1) == 8


def test_setup_stacks_any_height_only_with_the_setting():
    b = R.Board(R.DEFAULT_FLAGS | R.STACK_ANY)
    for _ in range(4):
        b.army_add(0, 1)
        b.army_add(0, 2)
    b.army_add(0, 3)
    b.army_add(1, 1)
    assert b.start_setup(1)
    assert b.place(1, sq(5, 0))
    for c in range(6):
        assert b.place(1 if c < 4 else 2, sq(0, c))
    for size in (2, 2, 3):
        assert b.place(size, sq(0, 0))  # 4 high: allowed with stack_any
    assert b.height(sq(0, 0)) == 4 and b.phase == R.PLAY


def test_every_move_can_be_undone():
    from lockdown.history import History
    b = board({sq(1, 2): [(0, 1)], sq(2, 2): [(1, 3)], sq(4, 4): [(1, 3)], sq(3, 3): [(0, 3)]})
    h = History(R.STATE_SIZE)
    seen = [bytes(b.s)]
    out = array("H", [0] * R.MAX_MOVES)
    for _ in range(6):
        n = b.moves(out)
        if not n:
            break
        h.record(b, 1)
        assert b.play(out[0])
        seen.append(bytes(b.s))
    while len(seen) > 1:
        seen.pop()
        assert h.undo(b) == 1
        assert bytes(b.s) == seen[-1]


def test_legal_refuses_moves_from_nowhere_and_of_the_other_side():
    b = board({sq(2, 2): [(0, 2)], sq(4, 4): [(1, 2)]})
    assert not b.legal(-1) and not b.legal(36 * 8) and not b.legal(mv(4, 4, S))
    assert not b.legal(mv(0, 0, N)) and not b.play(mv(5, 5, S))
    assert b.legal(mv(2, 2, N)) and stacks_of(b)[sq(2, 2)] == [(0, 2)]


def test_settings_have_short_texts_and_distinct_bits():
    bits = 0
    for name, bit, label, off, on in SETTINGS:
        assert not bits & bit and max(len(label), len(off), len(on)) <= 21, name
        bits |= bit
    b = R.Board()
    assert b.setting(R.PUSH_WINS) and not b.setting(R.TWICE)
    b.set_setting(R.TWICE, True)
    b.set_setting(R.PUSH_WINS, False)
    assert b.s[R.B_FLAGS] == R.TWICE


def test_winning_move_finds_a_move_onto_the_far_row():
    b = board({sq(4, 2): [(0, 2)], sq(5, 1): [(1, 2)], sq(5, 2): [(1, 2)], sq(0, 0): [(1, 3)]})
    assert winning_move(b) == mv(4, 2, NE)
    b = board({sq(4, 2): [(0, 2)], sq(5, 1): [(1, 2)], sq(5, 2): [(1, 2)], sq(5, 3): [(1, 3)]})
    assert winning_move(b) == -1  # a medium cannot take the large in its way
    b = board({sq(4, 2): [(0, 3)], sq(5, 1): [(1, 2)], sq(5, 2): [(1, 2)], sq(5, 3): [(1, 3)]})
    assert winning_move(b) == mv(4, 2, NE)  # a large captures its way onto the row
    b = board({sq(3, 2): [(0, 2)], sq(1, 1): [(1, 3)]}, to_move=1)
    m = winning_move(b)
    assert m >> 3 == sq(1, 1) and R.far_row(1, R.NB[m])
