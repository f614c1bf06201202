"""End of game: who counts, the sole escapee, totals and the tie-breaks."""
from lockdown.games.infiltration.rules.game import BLACKMAIL, PROTOTYPE
from lockdown.games.infiltration.rules.score import (BY_BLACKMAIL, BY_DATA, BY_NONE, BY_PROTOTYPE, BY_SOLE_ESCAPE,
                                                     BY_TOKENS, DRAW, NOBODY, WIN, counts, result)
from tests.core.check import playing


def ended(players, escaped, scores, two_player=False, cards=()):
    """A finished game: `escaped` escape, the rest are captured by a lockdown."""
    g = playing(players, two_player=two_player)
    for op, (data, tokens) in enumerate(scores):
        g.set_score(op, data, tokens)
    for op, bit in cards:
        g.set_card(op, bit)
    for op in escaped:
        g.escape(op)
    if not g.over:
        g.set_proximity(99)
    return g


def test_captured_operatives_are_out():
    g = ended(3, [0, 1], [(1, 1), (2, 1), (50, 9)])
    assert not counts(g, 2)
    assert result(g) == (WIN, [1], BY_DATA)


def test_blackmail_file_releases_a_captured_operative():
    g = ended(3, [0, 1], [(1, 1), (2, 1), (50, 9)], cards=[(2, BLACKMAIL)])
    assert counts(g, 2)
    assert result(g) == (WIN, [2], BY_DATA)


def test_sole_escapee_wins_whatever_the_data():
    g = ended(3, [1], [(30, 9), (1, 1), (30, 9)], cards=[(0, BLACKMAIL)])
    assert result(g) == (WIN, [1], BY_SOLE_ESCAPE)


def test_highest_total_wins():
    g = ended(4, [0, 1, 2, 3], [(5, 3), (9, 4), (7, 2), (8, 8)])
    assert result(g) == (WIN, [1], BY_DATA)


def test_tie_goes_to_prototype_holder():
    g = ended(3, [0, 1, 2], [(9, 5), (9, 3), (2, 1)], cards=[(1, PROTOTYPE)])
    assert result(g) == (WIN, [1], BY_PROTOTYPE)


def test_prototype_only_breaks_ties_among_the_tied():
    g = ended(3, [0, 1, 2], [(9, 5), (9, 6), (2, 1)], cards=[(2, PROTOTYPE)])
    assert result(g) == (WIN, [1], BY_TOKENS)


def test_then_most_tokens():
    g = ended(3, [0, 1, 2], [(9, 5), (9, 3), (2, 1)])
    assert result(g) == (WIN, [0], BY_TOKENS)


def test_then_blackmail_file_holder():
    g = ended(3, [0, 1, 2], [(9, 4), (9, 4), (2, 1)], cards=[(0, BLACKMAIL)])
    assert result(g) == (WIN, [0], BY_BLACKMAIL)


def test_data_compares_every_scorer_and_decides_alone():
    g = ended(4, [0, 1, 2, 3], [(9, 1), (8, 9), (7, 9), (9, 2)], cards=[(1, PROTOTYPE), (2, BLACKMAIL)])
    assert result(g) == (WIN, [3], BY_TOKENS)  # P2's prototype and P3's file are outside the tie


# Issue 11 point 13: a player outside the tie has more of the criterion that breaks it; compared
# among every scorer instead of the tied ones, each of these would name the outsider or nobody.
def test_prototype_outside_the_tie_next_to_one_inside():
    g = ended(3, [0, 1, 2], [(9, 5), (9, 3), (2, 1)], cards=[(1, PROTOTYPE), (2, PROTOTYPE)])
    assert result(g) == (WIN, [1], BY_PROTOTYPE)


def test_tokens_outside_the_tie_do_not_count():
    g = ended(3, [0, 1, 2], [(9, 3), (9, 5), (2, 8)])
    assert result(g) == (WIN, [1], BY_TOKENS)


def test_tokens_after_prototype_holders_only():
    # P1 and P2 hold a Prototype and tie; P3 ties on data with more tokens but no Prototype
    g = ended(3, [0, 1, 2], [(9, 3), (9, 4), (9, 7)], cards=[(0, PROTOTYPE), (1, PROTOTYPE)])
    assert result(g) == (WIN, [1], BY_TOKENS)


def test_blackmail_file_outside_the_tie_leaves_a_draw():
    g = ended(3, [0, 1, 2], [(9, 4), (9, 4), (2, 9)], cards=[(2, BLACKMAIL)])
    assert result(g) == (DRAW, [0, 1], BY_NONE)


def test_blackmail_file_inside_the_tie_next_to_one_outside():
    g = ended(3, [0, 1, 2], [(9, 4), (9, 4), (2, 9)], cards=[(1, BLACKMAIL), (2, BLACKMAIL)])
    assert result(g) == (WIN, [1], BY_BLACKMAIL)


# Issue 11 point 11: the file buys a captured operative's release and is given up for it.
def test_released_holder_scores_but_no_longer_holds_the_file():
    g = ended(3, [0, 2], [(9, 4), (9, 4), (2, 1)], cards=[(1, BLACKMAIL)])
    assert counts(g, 1)
    assert result(g) == (DRAW, [0, 1], BY_NONE)


def test_released_holder_can_still_win_on_an_earlier_criterion():
    g = ended(3, [0, 2], [(9, 4), (9, 5), (2, 1)], cards=[(1, BLACKMAIL)])
    assert result(g) == (WIN, [1], BY_TOKENS)
    g = ended(3, [0, 2], [(9, 4), (9, 4), (2, 1)], cards=[(1, BLACKMAIL), (1, PROTOTYPE)])
    assert result(g) == (WIN, [1], BY_PROTOTYPE)


def test_an_escaped_holder_keeps_the_file_for_the_tie_break():
    # two-player: player 1's op 2 escapes with the file, op 3 is captured; player 0 both out
    g = ended(2, [0, 1, 2], [(4, 2), (5, 2), (9, 4), (0, 0)], two_player=True, cards=[(2, BLACKMAIL)])
    assert result(g) == (WIN, [1], BY_BLACKMAIL)


def test_else_a_draw():
    g = ended(4, [0, 1, 2, 3], [(9, 4), (9, 4), (9, 4), (2, 1)])
    assert result(g) == (DRAW, [0, 1, 2], BY_NONE)


def test_nobody_out_means_no_winner():
    g = ended(3, [], [(9, 4), (9, 4), (2, 1)])
    assert result(g)[0] == NOBODY


def test_two_player_score_sums_escaped_operatives():
    # player 0: ops 0 and 1 escape with 4 + 5 = 9; player 1: op 2 escapes with 8, op 3 captured with 7
    g = ended(2, [0, 1, 2], [(4, 2), (5, 2), (8, 3), (7, 3)], two_player=True)
    assert result(g) == (WIN, [0], BY_DATA)


def test_two_player_sole_escaping_player_wins():
    g = ended(2, [2, 3], [(9, 2), (9, 2), (1, 1), (1, 1)], two_player=True)
    assert result(g) == (WIN, [1], BY_SOLE_ESCAPE)
