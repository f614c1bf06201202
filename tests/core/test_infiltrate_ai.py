"""The Infiltrate opponent: always legal (checked by the independent checker too), at every level,
over many games; it takes a win it has and stops one it sees; its search is bounded in slices, and
a search in slices makes the same move as one run through, allocating nothing."""
import gc
from array import array

from lockdown.dice import Xorshift
from lockdown.games.infiltrate import ai, opening
from lockdown.games.infiltrate.order import winning_move
from lockdown.games.infiltrate.rules import board as R
from tests import infiltrate_checker as C
from tests.infiltrate_positions import board, rng, stacks_of


def sq(r, c):
    return r * 6 + c


def random_army_and_setup(b, p, rnd):
    while b.pips_left(p) and rnd(6):
        b.army_add(p, 1 + rnd(3))
    if not b.points(p):
        b.army_add(p, 2)


def test_the_opponent_only_makes_legal_moves_over_many_games():
    rnd = rng(3)
    out = array("H", [0] * R.MAX_MOVES)
    moves = 0
    for game in range(12):
        level = game % len(ai.LEVELS)
        opp = ai.Opponent(level, Xorshift(game + 1))
        side = game // 3 % 2
        flags = R.DEFAULT_FLAGS | (R.TWICE if game % 4 == 1 else 0) | (R.PUSH_OFF if game % 4 == 2 else 0)
        b = R.Board(flags)
        opening.army(level, b, side)
        assert 0 < b.points(side) <= R.BUDGET
        random_army_and_setup(b, 1 - side, rnd)
        assert b.start_setup(game % 2)
        while b.phase == R.SETUP:
            if b.to_move == side:
                size, where = opening.placement(b, level)
                assert b.place(size, where)
            else:
                b.place(1 + rnd(3), (0 if b.to_move == 0 else 30) + rnd(6))
        for _ in range(120):
            if b.phase != R.PLAY:
                break
            if b.to_move == side:
                before = bytes(b.s)
                m = opp.choose(b)
                assert bytes(b.s) == before  # it thinks on its own copy
                ban = None
                if b.moves_left == 1 and not b.setting(R.TWICE):
                    ban = b.last_move()[1]
                assert C.legal(stacks_of(b), side, m, ban, b.setting(R.PUSH_OFF)), m
                assert opp.slices * ai.SLICE_MS <= 1000 or opp.depth == 1, (opp.slices, opp.depth)
                moves += 1
            else:
                n = b.moves(out)
                m = out[rnd(n)]
            assert b.play(m)
    assert moves > 60


def test_it_takes_a_win_it_has():
    b = board({sq(4, 2): [(0, 2)], sq(1, 1): [(0, 3)], sq(3, 3): [(1, 3)], sq(5, 5): [(1, 2)]})
    for level in range(len(ai.LEVELS)):
        m = ai.Opponent(level).choose(b)
        assert R.far_row(0, R.NB[m]), level


def test_fair_and_hard_stop_a_win_the_player_has_next():
    # player 2's medium at (1,3) wins next turn unless (0,2), (0,3) and (0,4) are all taken;
    # player 1 has a medium at (0,0) ... one move left: only filling (0,3) saves the game
    b = board({sq(1, 3): [(1, 2)], sq(0, 2): [(0, 2)], sq(0, 4): [(0, 2)], sq(1, 2): [(0, 3)],
               sq(5, 0): [(1, 2)]}, left=1)
    for level in (1, 2):
        m = ai.Opponent(level).choose(b)
        after = R.Board()
        after.s[:] = b.s
        assert after.play(m)
        assert winning_move(after) == -1, (level, m)


def test_no_move_gives_minus_one():
    b = board({sq(2, 2): [(0, 1)], sq(5, 5): [(1, 2)]})
    assert ai.Opponent().choose(b) == -1


def rows_full(extra):
    """Both home rows full (mediums and larges in turn) and the stacks in extra."""
    stacks = {}
    for c in range(6):
        stacks[sq(0, c)] = [(0, 2 if c % 2 else 3)]
        stacks[sq(5, c)] = [(1, 3 - c % 2)]
    stacks.update(extra)
    return board(stacks)


def test_hard_answers_within_a_second_of_slices_and_thinks_one_slice_at_a_time():
    b = rows_full({sq(1, 2): [(0, 1)], sq(4, 3): [(1, 1)], sq(2, 2): [(0, 2)]})
    opp = ai.Opponent(2)
    opp.begin(b)
    slices = 1
    while not opp.think():
        slices += 1
        assert opp.move >= 0 and b.legal(opp.move)  # a move is held all along
    assert slices == opp.slices and slices * ai.SLICE_MS <= 1000 and opp.depth >= 2, (slices, opp.depth)
    again = ai.Opponent(2)
    assert again.choose(b) == opp.move and again.nodes == opp.nodes  # budgets are counts, not clocks


def test_a_search_allocates_nothing():
    b = rows_full({sq(1, 2): [(0, 1)], sq(4, 3): [(1, 1)]})
    opp = ai.Opponent(2, Xorshift(3))
    opp.choose(b)
    mem = getattr(gc, "mem_alloc", None)
    if mem is None:  # CPython: nothing to measure
        return
    opp.begin(b)  # asks the entropy source, which may allocate
    gc.collect()
    before = mem()
    while not opp.think():
        pass
    assert mem() - before == 0


def test_armies_spend_the_15_points_and_fair_and_hard_bring_smalls_to_push():
    for level in range(len(ai.LEVELS)):
        b = R.Board()
        opening.army(level, b, 1)
        assert b.points(1) == R.BUDGET
        assert (b.army(1, 1) > 0) == (level > 0)
        assert b.army(1, 2) >= 3  # mediums cannot be captured


def home_rows_after_setup(level, first):
    """Both sides placed by opening.placement (player 1 at `level`, player 0 as Fair with Fair's
    army, placing first when first is 0): each home row as [pips, bottom first] by column."""
    b = R.Board()
    opening.army(1, b, 0)
    opening.army(level, b, 1)
    assert b.start_setup(first)
    while b.phase == R.SETUP:
        size, where = opening.placement(b, level if b.to_move else 1)
        assert b.place(size, where)
    return [[[pips for _, pips in b.stack(sq(r, c))] for c in range(6)] for r in (0, 5)]


def test_hard_keeps_its_smalls_home_and_its_larges_on_top_and_fair_stacks_smalls_on_its_mediums():
    b = R.Board()
    opening.army(2, b, 1)
    assert [b.army(1, size) for size in (1, 2, 3)] == [3, 3, 2]  # 3 small, 3 medium, 2 large
    for first in (0, 1):
        fair, hard = home_rows_after_setup(2, first)
        assert fair == [[3], [2], [2, 1], [2, 1], [3], [1]], first  # mediums middle, smalls on top
        assert hard == [[1], [2], [2, 3], [2], [1, 3], [1]], first  # smalls home, larges on top


def test_easy_and_fair_are_made_without_hards_transposition_table():
    mem = getattr(gc, "mem_alloc", None)
    if mem is None:  # CPython: nothing to measure
        return
    ram = []
    for level in range(len(ai.LEVELS)):
        gc.collect()
        before = mem()
        opp = ai.Opponent(level)
        gc.collect()
        ram.append(mem() - before)
        del opp
    table = 128 * 7 + 258 * 4  # Hard's table (a check, value, move and depth an entry) and its keys, B
    assert ram[0] < ram[1] and ram[2] - ram[1] > table, ram  # a ply stack by its depth, the table Hard's alone
