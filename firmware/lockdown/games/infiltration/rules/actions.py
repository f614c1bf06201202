"""Action codes of Infiltration's undo entries: what the user did, for "Take back <name>?"."""
from micropython import const

A_ALARM = const(1)
A_PROX = const(2)
A_PHASE = const(3)
A_ROLL = const(4)
A_FIRST = const(5)
A_OPERATIVE = const(6)
A_NPC = const(7)
A_SCORE = const(8)
A_SETUP = const(9)
A_SETTING = const(10)
ACTION_NAMES = ("", "alarm", "proximity", "phase", "roll", "first player", "operative",
                "NPC", "score", "new game", "setting")
