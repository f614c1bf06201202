"""Android: Infiltration: the Security Tracker and the round guide.

rules/ holds the game (state, rules, scoring, NPCs, the save format, the log); screens/ what the
device shows. This file is what the core needs to run it: its save file, its home screen and
its other screens by name (each imported only when opened).
"""
SAVE = "game.json"
ARCHIVE = "log"  # finished games, log/<n>.json, for tools.export
HOME = ("lockdown.games.infiltration.screens.play", "Play")
SCREENS = {  # name -> (module, class)
    "setup": ("lockdown.games.infiltration.screens.setup", "Setup"),
    "menu": ("lockdown.games.infiltration.screens.menu", "Menu"),
    "settings": ("lockdown.games.infiltration.screens.menu", "Settings"),
    "about": ("lockdown.games.infiltration.screens.menu", "About"),
    "undo": ("lockdown.games.infiltration.screens.undo", "UndoConfirm"),
    "table": ("lockdown.games.infiltration.screens.table", "Operatives"),
    "op": ("lockdown.games.infiltration.screens.table", "Operative"),
    "die": ("lockdown.games.infiltration.screens.table", "DieEntry"),
    "end": ("lockdown.games.infiltration.screens.end", "Scoring"),
    "result": ("lockdown.games.infiltration.screens.end", "Result"),
    "npcs": ("lockdown.games.infiltration.screens.npc", "NpcList"),
    "risk": ("lockdown.games.infiltration.screens.menu", "Risk"),
    "helpers": ("lockdown.games.infiltration.screens.helpers", "Helpers"),
    "download": ("lockdown.games.infiltration.screens.helpers", "Download"),
    "extract": ("lockdown.games.infiltration.screens.helpers", "Extract"),
    "draft": ("lockdown.games.infiltration.screens.helpers", "Draft"),
    "graph": ("lockdown.games.infiltration.screens.menu", "Graph"),
    "npc": ("lockdown.games.infiltration.screens.npc", "NpcEdit"),
    "npc_step": ("lockdown.games.infiltration.screens.npc", "NpcStep"),
}


def new_session(entropy):
    from lockdown.games.infiltration.rules.session import Session
    return Session(entropy)
