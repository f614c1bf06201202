"""An independent, deliberately plain referee for Infiltrate moves, written from the rules text.

It shares nothing with lockdown.games.infiltrate.rules.board but the move numbering (square * 8 +
direction; squares row * 6 + column, row 0 at the bottom; directions N NE E SE S SW W NW), so the
property tests can hold the fast generator to it. Stacks are lists of (player, pips), bottom first.
"""

STEPS = ((1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1))


def on_board(r, c):
    return 0 <= r <= 5 and 0 <= c <= 5


def occupied(board, r, c):
    return on_board(r, c) and len(board[r * 6 + c]) > 0


def squeezed(board, r, c, dr, dc):
    """A diagonal step from (r, c) passes between two pyramids."""
    return dr != 0 and dc != 0 and occupied(board, r + dr, c) and occupied(board, r, c + dc)


def legal(board, player, move, no_move_sq=None, push_off=False):
    """Is `move` legal for `player`? no_move_sq: the square of a pyramid that may not move again."""
    sq, d = divmod(move, 8)
    if d > 7 or sq > 35:
        return False
    r, c = divmod(sq, 6)
    dr, dc = STEPS[d]
    if not board[sq]:
        return False
    owner, pips = board[sq][-1]
    if owner != player or sq == no_move_sq:
        return False
    tr, tc = r + dr, c + dc
    if not on_board(tr, tc):
        return False
    if squeezed(board, r, c, dr, dc):
        return False
    target = board[tr * 6 + tc]
    if pips == 1:
        # only moves by pushing exactly one pyramid that is alone on its square
        if len(target) != 1:
            return False
        pr, pc = tr + dr, tc + dc
        if not on_board(pr, pc):
            return push_off
        if occupied(board, pr, pc):
            return False
        if squeezed(board, tr, tc, dr, dc):
            return False
        return True
    if pips == 2:
        return len(target) == 0
    # pips == 3
    if len(target) == 0:
        return True
    t_owner, t_pips = target[-1]
    return t_owner != player and t_pips in (1, 3)


def result(board, move):
    """The board after a legal move (a new list; the input is left alone)."""
    new = [list(s) for s in board]
    sq, d = divmod(move, 8)
    r, c = divmod(sq, 6)
    dr, dc = STEPS[d]
    to = (r + dr) * 6 + (c + dc)
    piece = new[sq].pop()
    if piece[1] == 1:
        pushed = new[to].pop()
        pr, pc = r + 2 * dr, c + 2 * dc
        if on_board(pr, pc):
            new[pr * 6 + pc].append(pushed)
    new[to].append(piece)
    return new


# ---- positions: what play can reach, from the rules text (not from the firmware's check) ----------------
HOME = (0, 5)  # each player's home row


def has_legal_move(board, player, no_move_sq, push_off):
    return any(legal(board, player, m, no_move_sq, push_off) for m in range(36 * 8))


def position_faults(phase, board, army, to_move, left, winner, no_move_sq=None, push_off=False):
    """What is impossible about a position: board as 36 stacks of (player, pips) bottom first;
    army[p][pips - 1] the pyramids each player chose; phase 0 army, 1 setup, 2 play, 3 over;
    winner 0 none, 1 or 2, 3 a draw. An empty list when play can reach it (as far as told)."""
    faults = []
    for p in (0, 1):
        if sum(army[p][i] * (i + 1) for i in range(3)) > 15 or max(army[p]) > 4:
            faults.append("army over 15 points or 4 of a size")
        for pips in (1, 2, 3):
            if sum(1 for st in board for x in st if x == (p, pips)) > army[p][pips - 1]:
                faults.append("more pyramids than the army")
    pieces = [x for st in board for x in st]
    if phase == 0 and pieces:
        faults.append("pyramids in the army phase")
    if phase != 3 and winner:
        faults.append("a winner before the end")
    if phase == 3 and not winner:
        faults.append("over with no result")
    for sq, st in enumerate(board):
        base = 1
        while base < len(st) and st[base][0] == st[0][0]:
            base += 1
        if base > 1 and sq // 6 != HOME[st[0][0]]:
            faults.append("own stack away from home")
        for i in range(base, len(st)):
            if st[i][1] != 3 or st[i - 1][1] == 2 or phase == 1:
                faults.append("a capture the rules forbid")
    if phase == 1:
        if any(sq // 6 != HOME[p] for sq, st in enumerate(board) for p, _ in st):
            faults.append("placed off the home row")
        if sum(army[to_move]) <= sum(1 for x in pieces if x[0] == to_move):
            faults.append("to place with nothing in hand")
    if phase == 2:
        if left not in (1, 2):
            faults.append("no moves left in play")
        if not has_legal_move(board, to_move, no_move_sq, push_off):
            faults.append("to move with no move")
    return faults
