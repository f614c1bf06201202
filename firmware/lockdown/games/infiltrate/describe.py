"""An Infiltrate undo step in words, from its action code and argument (Session.step_arg packs a
move's: player, kind, square and direction). Imported by the undo screen only, then forgotten."""
from lockdown.games.infiltrate.rules.board import K_PLACE
from lockdown.games.infiltrate.rules.settings import SETTINGS
from lockdown.games.infiltrate.session import (A_ARMY, A_DEVICE, A_LEVEL, A_MOVE, A_PLACE, A_SETTING, A_START,
                                               LEVELS, SIZE_NAMES, step_text)

_ACTIONS = ("", "Army", "Start", "Place", "Move", "Setting", "New game", "Device", "Opponent",
            "End as a draw")  # the session's action codes by name, where no more is said


def describe(code, arg):
    if code == A_ARMY:  # "P1 +large", "P1 -2 small"
        n = arg >> 4
        return "P%d %s%s%s" % ((arg & 1) + 1, "+" if arg & 8 else "-", "%d " % n if n > 1 else "",
                               SIZE_NAMES[arg >> 1 & 3])
    if code == A_START:
        return "Start: P%d first" % (arg + 1)
    if code == A_LEVEL:
        return "Opponent: " + (LEVELS[arg - 1] if arg else "Player 2")
    if code == A_SETTING:  # its bit and on or off
        for row in SETTINGS:
            if row[1] == arg >> 1:
                return row[2] + (": on" if arg & 1 else ": off")
    if code in (A_PLACE, A_MOVE, A_DEVICE):
        size = " " + SIZE_NAMES[arg & 7] if arg >> 9 & 7 == K_PLACE else ""
        return "P%d %s%s" % ((arg >> 12) + 1, step_text(arg), size)
    return _ACTIONS[code]
