"""Infiltrate's settings where the rules are silent, in words: (name, bit, label, text when off,
text when on), the bits rules/board.py's. For the settings screen, an undo step's words and the
state JSON: a game in play never loads them."""
from lockdown.games.infiltrate.rules.board import PUSH_OFF, PUSH_WINS, STACK_ANY, STUCK_LOSES, TWICE

SETTINGS = (  # (name, bit, label, text when off, text when on)
    ("twice", TWICE, "Move twice", "One move per pyramid", "Same pyramid twice ok"),
    ("push_off", PUSH_OFF, "Push off board", "No push off the board", "Pushed off: it is out"),
    ("push_wins", PUSH_WINS, "Pushed to far row", "Only a mover wins", "Push to far row wins"),
    ("stuck", STUCK_LOSES, "No legal move", "No move: turn passes", "No move: you lose"),
    ("stack_any", STACK_ANY, "Setup stacks", "Setup: 2 high at most", "Setup: any height"),
)
