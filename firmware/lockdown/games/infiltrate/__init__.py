"""Infiltrate: pyramids on a 6x6 board, the device as referee and, for a player alone, opponent.

rules/ holds the referee (board.py), ai.py the opponent, session.py the game in progress, save.py
and load.py its save; screens/ what the device shows. This file is what the core needs to run it.
"""
SAVE = "infiltrate.json"
ARCHIVE = "infiltrate-log"
HOME = ("board", "BoardScreen")
SCREENS = {  # name -> (module in screens/, class)
    "army": ("army", "Army"),
    "menu": ("menu", "Menu"),
    "settings": ("menu", "Settings"),
    "new_game": ("menu", "NewGame"),
    "stacks": ("menu", "Stacks"),
}


def before_home(session):
    """The screen shown instead of home: the armies' form until both are placed."""
    from lockdown.games.infiltrate.rules.board import ARMY
    return "army" if session.board.phase == ARMY else None


def new_session(entropy):
    from lockdown.games.infiltrate.session import Session
    return Session(entropy)
