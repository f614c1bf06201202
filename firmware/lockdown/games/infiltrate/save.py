"""Infiltrate's save written: the position's named fields (load.py says what each holds).

Apart from load.py (the loader and its checks), so that writing a save, as often as play
changes, imports only this and builds the fields with no list made twice: the empty squares
share one empty list and each stack is made at its height. The save's name and version are
here, not on the session, which is in RAM from boot.
"""
from micropython import const

from lockdown.games.infiltrate.rules.board import (B_ARMY, B_BELOW, B_END, B_FIRST, B_FLAGS, B_LAST_FROM,
                                             B_LAST_KIND, B_LAST_TO, B_LEFT, B_PASSED, B_PASSES, B_PHASE,
                                             B_TOP, B_TURN, B_WINNER, NONE, OWNER, PHASE_NAMES, SIZE,
                                             SQUARES)

NAME = "infiltrate"
VERSION = const(2)


def dumps(session):
    """The save text: the session's board and level in the core's envelope."""
    from lockdown.savefile import write
    return write(fields(session.board, session.level), NAME, VERSION, session.id)


def status(session):
    """The console's line after a save."""
    b = session.board
    return "infiltrate %s, P%d to move, %d left" % (PHASE_NAMES[b.phase], b.to_move + 1, b.moves_left)


def fields(b, level):
    """The named fields of Board b (by the rules' layout: the save's names for its bytes) and the
    device's level."""
    st = b.s
    a = B_ARMY
    frm, to = st[B_LAST_FROM], st[B_LAST_TO]
    empty = []  # type: list
    board = [empty] * SQUARES
    for sq in range(SQUARES):
        k = st[B_TOP + sq]
        n = 0
        while k:
            n += 1
            k = st[B_BELOW + k]
        if not n:
            continue
        stack = board[sq] = [0] * n
        k = st[B_TOP + sq]
        while k:  # top first, into the list from its end: bottom first
            n -= 1
            stack[n] = OWNER[k] * 3 + SIZE[k]
            k = st[B_BELOW + k]
    return {"level": level, "phase": PHASE_NAMES[st[B_PHASE]], "settings": st[B_FLAGS],
            "passes": [st[B_PASSES], st[B_PASSES + 1]],
            "army": [[st[a], st[a + 1], st[a + 2]], [st[a + 3], st[a + 4], st[a + 5]]],
            "first": st[B_FIRST], "turn": st[B_TURN], "left": st[B_LEFT], "winner": st[B_WINNER],
            "end": st[B_END], "passed": st[B_PASSED],
            "last": [-1 if frm == NONE else frm, -1 if to == NONE else to, st[B_LAST_KIND]], "board": board}
