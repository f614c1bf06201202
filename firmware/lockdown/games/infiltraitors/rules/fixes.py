"""The clue board's entries besides the play's clues and shots: corrections (a clue laid the wrong
way turned, one entered by mistake taken off) and the face-up cards the table saw. Each is checked
first and is an undo step like every action (the session's act, describe.py naming it). Here, not
in table.py: only the clue list (lists.py) and the face-up cards screen (seen.py) make them, so
the table a mission plays on leaves them out of RAM.
"""
from lockdown.games.infiltraitors.rules.clues import HORIZONTAL, VERTICAL
from lockdown.games.infiltraitors.rules.specials import F_FACEDOWN
from lockdown.games.infiltraitors.rules.table import CARD_USED
from lockdown.session import RuleError


def entries(t, i):
    """The board entries of suspect `i`'s clues, oldest first (for flip and remove)."""
    b = t.board
    return [j for j in range(b.n) if b.owner(j) == i and b.kind(j) in (VERTICAL, HORIZONTAL)]


def flip(t, j):
    """Turns clue entry `j` the other way (it was laid wrongly)."""
    _entry(t, j)
    t.begin()
    t.board.flip(j)


def remove(t, j):
    """Takes clue entry `j` off the board (entered by mistake)."""
    _entry(t, j)
    t.begin()
    t.board.remove(j)


def seen(t, suit, number, on=True):
    """A card the table saw face up (a face-up discard), or `on`=False to take one back."""
    t.playing()
    if t.flags & F_FACEDOWN:
        raise RuleError("Discards face down")
    if not t.valid_card(suit, number, False):
        raise RuleError("Not in this mission")
    if on and t.board.used(suit, number):
        raise RuleError(CARD_USED)
    if not on and not t.board.is_seen(suit, number):
        raise RuleError("Not marked face up")
    t.begin()
    t.board.set_seen(suit, number, on)


def _entry(t, j):
    """A live clue of a suspect still hidden."""
    t.playing()
    b = t.board
    if not 0 <= j < b.n or b.kind(j) not in (VERTICAL, HORIZONTAL):
        raise RuleError("No such clue")
    t.hidden(b.owner(j))
