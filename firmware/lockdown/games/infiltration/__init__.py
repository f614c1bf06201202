"""Android: Infiltration: the Security Tracker and the round guide.

rules/ holds the game (state, rules, scoring, NPCs, the save format, the log); screens/ what the
device shows. This file is what the core needs to run it: its save file, its home screen and
its other screens by name (each imported only when opened).
"""
SAVE = "game.json"
ARCHIVE = "log"  # finished games, log/<n>.json, for tools.export
HOME = ("play", "Play")
SCREENS = {  # name -> (module in screens/, class)
    "setup": ("setup", "Setup"),
    "menu": ("menu", "Menu"),
    "settings": ("menu", "Settings"),
    "about": ("menu", "About"),
    "undo": ("undo", "UndoConfirm"),
    "table": ("table", "Operatives"),
    "op": ("table", "Operative"),
    "die": ("table", "DieEntry"),
    "end": ("end", "Scoring"),
    "result": ("end", "Result"),
    "npcs": ("npc", "NpcList"),
    "risk": ("menu", "Risk"),
    "helpers": ("helpers", "Helpers"),
    "download": ("helpers", "Download"),
    "extract": ("helpers", "Extract"),
    "draft": ("helpers", "Draft"),
    "graph": ("menu", "Graph"),
    "npc": ("npc", "NpcEdit"),
    "npc_step": ("npc", "NpcStep"),
}


def before_home(session):
    """The screen shown instead of home: the setup until a game is under way (so the play screen
    is imported only once it shows)."""
    from lockdown.games.infiltration.rules.game import SETUP
    return "setup" if session.game.phase == SETUP else None


def new_session(entropy):
    from lockdown.games.infiltration.session import Session
    return Session(entropy)
