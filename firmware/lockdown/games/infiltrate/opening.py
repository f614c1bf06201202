"""The device opponent's army and placement: what it does before play, chosen for the rules'
dynamics and needing none of the search's tables (ai.py), so a level chosen or passed on the
form and the device's placements import this alone.

Armies (15 points, _ARMIES, by level): Easy 3 large + 3 medium: one row, no stacks and nothing to
push with, a beginner's army. Fair and Hard 2 large, 3 medium, 3 small: mediums cannot be
captured and walk to the goal, smalls push (an own pyramid forward, an enemy one back) and
larges capture the other side's smalls and larges.
Placement (_PLACING, by level), each size in turn on the first free column it prefers: Easy and
Fair put the mediums in the middle, the larges beside them and the smalls last, stacked on top,
so they are the first to move. Hard puts its smalls first, on the edge columns and beside one
(a, f, e), the mediums in the middle (c, d, b) and the larges last, on top of the small at e and
the medium at c: no medium waits under a small (which moves only by pushing), the larges move
off first to capture, and the smalls stay home, where a runner one row short meets them (a
medium cannot take their square; a small beside it pushes it back). On the match ladder this
beat Fair's placement for Hard against ab3, ab4 and Fair alike (BENCHMARKS.md).
"""
_ARMIES = ((3, 3, 3, 2, 2, 2), (2, 2, 2, 3, 3, 1, 1, 1), (2, 2, 2, 3, 3, 1, 1, 1))  # pips, by level
_MIDDLE = (2, 3, 1, 4, 0, 5)  # columns, middle first
_RACE = ((2, _MIDDLE), (3, _MIDDLE), (1, _MIDDLE))  # (size, columns it prefers), in the order placed
_PLACING = (_RACE, _RACE, ((1, (0, 5, 4, 1, 2, 3)), (2, _MIDDLE), (3, (4, 2, 0, 5, 1, 3))))  # by level


def army(level, board, p):
    """Builds player p's army for the device's level."""
    for size in _ARMIES[level]:
        board.army_add(p, size)


def placement(board, level):
    """(size, square) for the side placing at the device's level (_PLACING): each size in turn,
    on the first column it prefers where it may go."""
    p = board.to_move
    home = 0 if p == 0 else 30
    for size, columns in _PLACING[level]:
        if board.in_hand(p, size):
            for c in columns:
                if board.can_place(size, home + c):
                    return size, home + c
    return 0, 0
