"""Why a move is refused, in the few words the screen shows. Apart from board.py, as a legal move
needs none of it: the session imports it for a refusal and forgets it after."""
from lockdown.games.infiltrate.rules.board import NB, NONE, OWNER, PLAY, SIZE, SQUARES


def why_not(b, m):
    """Why move m is not legal on Board b now (b.legal(m) is False)."""
    if b.phase != PLAY:
        return "Not in play"
    if not 0 <= m < SQUARES * 8 or NB[m] == NONE:
        return "Off the board"
    k = b.top(m >> 3)
    if not k or OWNER[k] != b.to_move:
        return "Not your pyramid"
    if not b.may_move(k):
        return "It moved already"
    t = b.top(NB[m])
    if SIZE[k] == 1:
        return "Small: push one lone"
    if t and SIZE[k] == 2:
        return "Medium: empty only"
    if t and SIZE[t] == 2:
        return "Mediums can't be captured"
    if t and OWNER[t] == OWNER[k]:
        return "Your own pyramid"
    return "Squeezed diagonally"
