"""Action codes of Infiltraitors' undo steps: which action a step was, for its name in words
(describe.py). The screens that play most often (home, the clue board, the shot) keep copies of
theirs (tests/test_copied_constants.py holds them equal), so a mission in play seldom needs this.
"""
from micropython import const

A_NAB = const(1)
A_CLUE = const(2)
A_FLIP = const(3)
A_REMOVE = const(4)
A_SHOT = const(5)
A_SEEN = const(6)
A_KINGPIN = const(7)
A_GIVE_UP = const(8)
A_TIME = const(9)
A_ELITE = const(10)
A_SUITS = const(11)
A_OPTION = const(12)
A_DISPLAY = const(13)
