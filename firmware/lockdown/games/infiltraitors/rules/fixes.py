"""Corrections of the clue board: a clue laid the wrong way turned, one entered by mistake taken
off. Each is checked first and is an undo step like every action (the session's act, the entry
the step's argument: describe.py names it). Here, not in table.py: only the clue list (lists.py)
makes them, so the table a mission plays on leaves them out of RAM.
"""
from lockdown.games.infiltraitors.rules.clues import HORIZONTAL, VERTICAL
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


def _entry(t, j):
    """A live clue of a suspect still hidden."""
    t.playing()
    b = t.board
    if not 0 <= j < b.n or b.kind(j) not in (VERTICAL, HORIZONTAL):
        raise RuleError("No such clue")
    t.hidden(b.owner(j))
