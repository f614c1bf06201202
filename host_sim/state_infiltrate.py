"""Infiltrate's state JSON: the board as people read it, players numbered from 1.

"board" is 6 rows of 6 squares, row 1 (player 1's home row) first, column a first; each square
lists its pyramids [player, pips] from the bottom up. "armies" is rules.Board.pips_left: points
still to spend in the army phase, pips still to place in setup, pips on the board after.
"passes" counts each player's passes (a turn with no move), "passed" is who just passed (until
the next move), "result" the end in words, "thinking" the device searching for its move.
"""
from lockdown.games.infiltrate.rules.board import (DRAW, K_CAPTURE, K_PLACE, K_PUSH, K_PUSH_OFF,
                                             K_STEP, NONE, OVER, PHASE_NAMES, PLAY, square_name)
from lockdown.games.infiltrate.rules.settings import SETTINGS
from lockdown.games.infiltrate.screens.board import result
from lockdown.games.infiltrate.session import LEVELS

KINDS = {K_PLACE: "place", K_STEP: "step", K_PUSH: "push", K_PUSH_OFF: "push_off", K_CAPTURE: "capture"}


def state(session):
    b = session.board
    frm, to, kind = b.last_move()
    last = None
    if kind:
        last = {"from": None if frm == NONE else square_name(frm), "to": square_name(to), "kind": KINDS[kind]}
    winner = None
    if b.phase == OVER:
        winner = "draw" if b.winner == DRAW else b.winner
    return {
        "game": "infiltrate",
        "phase": PHASE_NAMES[b.phase],
        "armies": [b.pips_left(0), b.pips_left(1)],
        "board": [[[[p + 1, pips] for p, pips in b.stack(r * 6 + c)] for c in range(6)] for r in range(6)],
        "to_move": None if b.phase == OVER else b.to_move + 1,
        "moves_left": b.moves_left if b.phase == PLAY else 0,
        "last_move": last,
        "winner": winner,
        "settings": {name: b.setting(bit) for name, bit, _, _, _ in SETTINGS},
        "opponent": None if session.level < 0 else {"player": 2, "level": LEVELS[session.level]},
        "passes": [b.passes(0), b.passes(1)],
        "passed": b.passed or None,
        "result": result(b) if b.phase == OVER else None,
        "thinking": session.thinking,
    }
