"""The device opponent's army and placement: what it does before play, chosen for the rules'
dynamics and needing none of the search's tables (ai.py), so a level chosen or passed on the
form and the device's placements import this alone.

Armies (15 points, _ARMIES, by level): Easy 3 large + 3 medium: one row, no stacks and nothing to
push with, a beginner's army. Fair and Hard 2 large, 3 medium, 3 small: mediums cannot be
captured and walk to the goal, smalls push (an own pyramid forward, an enemy one back) and
larges capture the other side's smalls and larges. Placement puts the mediums in the middle
columns, the larges beside them and the smalls last, stacked on top, so they are the first to
move.
"""
_ARMIES = ((3, 3, 3, 2, 2, 2), (2, 2, 2, 3, 3, 1, 1, 1), (2, 2, 2, 3, 3, 1, 1, 1))  # pips, by level


def army(level, board, p):
    """Builds player p's army for the device's level."""
    for size in _ARMIES[level]:
        board.army_add(p, size)


def placement(board):
    """(size, square) for the side placing: mediums in the middle, larges at the sides, smalls
    last (stacked on the others)."""
    p = board.to_move
    home = 0 if p == 0 else 30
    for size in (2, 3, 1):
        if board.in_hand(p, size):
            for c in (2, 3, 1, 4, 0, 5):
                if board.can_place(size, home + c):
                    return size, home + c
    return 0, 0
