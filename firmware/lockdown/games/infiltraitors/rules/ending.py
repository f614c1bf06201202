"""A mission lost without a shot: the group can do none of the five actions (the menu), or the
clock ran out (the session's tick, on the clock's TIME_UP). Each is an undo step like every
action; here, not in table.py, as only those moments need them."""
from lockdown.games.infiltraitors.rules.table import LOSE, WHY_STUCK, WHY_TIME


def give_up(t):
    t.playing()
    t.begin()
    t.end(LOSE, WHY_STUCK)


def time_up(t):
    t.playing()
    t.begin()
    t.end(LOSE, WHY_TIME)
