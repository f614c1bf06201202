"""An Infiltration undo step in words: its action's name (the undo screen lists what it changed
below it). Imported by the core for the moment (GameSession.part), as every game's describe.py."""
from lockdown.games.infiltration.rules.actions import ACTION_NAMES


def describe(code, arg):
    return ACTION_NAMES[code]
