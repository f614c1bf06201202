"""Infiltraitors: bullets against suspects, the clue board, the mission clock.

missions.py, clues.py, table.py and clock.py hold the rules; session.py the game and its save;
screens/ what the device shows. This file is what the core needs to run it.
"""
SAVE = "infiltraitors.json"
ARCHIVE = "infiltraitors-log"  # finished missions
HOME = ("lockdown.games.infiltraitors.screens.home", "Home")
SCREENS = {  # name -> (module, class)
    "setup": ("lockdown.games.infiltraitors.screens.setup", "Setup"),
    "menu": ("lockdown.games.infiltraitors.screens.menu", "Menu"),
    "undo": ("lockdown.games.infiltraitors.screens.menu", "UndoConfirm"),
    "rules": ("lockdown.games.infiltraitors.screens.rules", "Rules"),
    "board": ("lockdown.games.infiltraitors.screens.board", "SuspectBoard"),
    "seen": ("lockdown.games.infiltraitors.screens.board", "SeenCards"),
    "shoot": ("lockdown.games.infiltraitors.screens.clues", "Eliminate"),
    "clues": ("lockdown.games.infiltraitors.screens.clues", "ClueList"),
}


def new_session(entropy):
    from lockdown.games.infiltraitors.session import Session
    return Session(entropy)
