"""Infiltraitors: bullets against suspects, the clue board, the mission clock.

rules/ holds the rules (missions, table, clues, clock, specials); session.py the game in progress,
save.py and load.py its save; screens/ what the device shows. This file is what the core needs to run it.
"""
SAVE = "infiltraitors.json"
ARCHIVE = "infiltraitors-log"  # finished missions
HOME = ("home", "Home")
SCREENS = {  # name -> (module in screens/, class)
    "setup": ("setup", "Setup"),
    "new": ("menu", "NewConfirm"),
    "menu": ("menu", "Menu"),
    "rules": ("rules", "Rules"),
    "board": ("board", "SuspectBoard"),
    "seen": ("seen", "SeenCards"),
    "shoot": ("clues", "Eliminate"),
    "clues": ("lists", "ClueList"),
    "cards": ("lists", "CardList"),
}


def before_home(session):
    """The screen shown instead of home: the setup until a mission is set up."""
    return None if session.started else "setup"


def new_session(entropy):
    from lockdown.games.infiltraitors.session import Session
    return Session(entropy)
