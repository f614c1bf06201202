"""An undo step in words, from its action code and argument (Session.act packs the action's
arguments: one is itself, more are four bits each). Read against the table before the undo, so
a step's slot and card are still there. Imported by the undo screen only, then forgotten."""
from lockdown.games.infiltraitors.rules.missions import DISPLAY_NAMES, LETTERS, SUITS
from lockdown.games.infiltraitors.screens.common import card_text
from lockdown.games.infiltraitors.rules.actions import (A_CLUE, A_DISPLAY, A_ELITE, A_FLIP, A_KINGPIN,
                                                  A_NAB, A_OPTION, A_REMOVE, A_SEEN, A_SHOT, A_SUITS,
                                                  A_TIME, A_GIVE_UP)


def _n(arg, k):
    return arg >> 4 * k & 0x0F


def _entry(t, j, what):
    b = t.board
    return "S%d: %s %s" % (b.owner(j) + 1, card_text(b.suit(j), b.number(j)), what)


def describe(t, code, arg):
    if code == A_NAB:
        return "A%d nabs S%d" % (arg + 1, t.holder(arg) + 1)
    if code == A_CLUE:
        return "S%d: %s %s" % (_n(arg, 0) + 1, card_text(_n(arg, 1), _n(arg, 2)),
                               "vertical" if _n(arg, 3) else "horizontal")
    if code == A_FLIP:
        return _entry(t, arg, "turned")
    if code == A_REMOVE:
        return _entry(t, arg, "removed")
    if code == A_SHOT:
        return "Shot at S%d (%s)" % (_n(arg, 0) + 1, "right" if _n(arg, 1) else "wrong")
    if code == A_SEEN:
        on = t.board.is_seen(_n(arg, 0), _n(arg, 1))  # as the step left it
        return card_text(_n(arg, 0), _n(arg, 1)) + (" face up" if on else " not face up")
    if code == A_KINGPIN:
        return "Kingpin: %s by A%d" % (card_text(_n(arg, 0), _n(arg, 1)), t.kingpin_agent + 1)
    if code == A_GIVE_UP:
        return "No action left"
    if code == A_TIME:
        return "Time up"
    if code == A_ELITE:
        return "Elite agent A%d" % (arg + 1)
    if code == A_SUITS:
        return "Suits " + "".join(LETTERS[s] for s in range(SUITS) if arg >> s & 1)
    if code == A_OPTION:
        return "Special 1: " + ("any clue" if _n(arg, 1) else "suit only")
    if code == A_DISPLAY:
        return "Clue board: " + DISPLAY_NAMES[arg]
    return "a step"


def lines(t, code, arg):
    """What the step changed besides, for the undo screen's lines under its name."""
    if code != A_SHOT:
        return ()
    out = ["Bullets back to %d" % (t.bullets + 1)]
    if _n(arg, 3):  # a number: a card was named (shoot(i, right) packs none)
        out.append("Its card named: " + card_text(_n(arg, 2), _n(arg, 3)))
    return out
