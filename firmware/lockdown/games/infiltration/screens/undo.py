"""Undo, after saying what it will take back: the action's name and what it changed, each line
"now -> after the undo" (the arrow glyph keeps the longest within the 21 columns of the screen).
"""
from micropython import const

from lockdown import draw
from lockdown.events import GO
from lockdown.games.infiltration.rules.game import (BLACKMAIL, CHECK_AT_START, DELAYED, EXTRACT, NELSON_ALWAYS,
                                                    NPC_COUNT, NPC_NAMES, PASS_SKIPS_ESCAPED, PROTOTYPE,
                                                    SECRET_ROOM, WOUNDED, Game)
from lockdown.games.infiltration.rules.actions import ACTION_NAMES
from lockdown.games.infiltration.rules.helpers import op_name
from lockdown.games.infiltration.screens.table import STATUS_WORDS
from lockdown.ui import View, title_bar

_TYPING = const(False)
if _TYPING:
    from lockdown.contract import App
    from lockdown.games.infiltration.session import Session

_TO = "\x1a"  # the right arrow (font.py): "now -> after the undo"
_PHASES = ("Setup", "Selection", "Resolution", "NPC phase", "Security", "Game over")
_MARKS = ((WOUNDED, "wounded"), (DELAYED, "delayed"), (PROTOTYPE, "Prototype"), (BLACKMAIL, "Blackmail"))
_SETTINGS = ((PASS_SKIPS_ESCAPED, "Skip escaped"), (NELSON_ALWAYS, "Nelson +1"), (CHECK_AT_START, "Start checks"),
             (EXTRACT, "Extract"))


def _yes(on):
    return "yes" if on else "no"


def _where(at):
    return "out" if not at else "secret" if at[0] == SECRET_ROOM else "room %d" % at[0]


def _npc_line(name, now, then):
    """Where NPC `name` is now and after the undo (out of play, a room), or its face."""
    if now and then and now[0] == then[0]:
        return "%s face %s%s%s" % (name, "up" if now[1] else "down", _TO, "up" if then[1] else "down")
    return name + " " + _where(now) + _TO + _where(then)


def changes(before, after):
    """Up to three short lines naming what differs between two games: `after` is the game now,
    `before` the one undo brings back."""
    out = []
    if before.round != after.round:
        out.append("Round %d%s%d" % (after.round, _TO, before.round))
    if before.phase != after.phase:
        out.append(_PHASES[after.phase] + _TO + _PHASES[before.phase])
    if before.proximity != after.proximity:
        out.append("Prox %02d%s%02d" % (after.proximity, _TO, before.proximity))
    if before.alarm != after.alarm:
        out.append("Alarm %+d%s%+d" % (after.alarm, _TO, before.alarm))
    if before.first_player != after.first_player:
        out.append("1st P%d%sP%d" % (after.first_player + 1, _TO, before.first_player + 1))
    if before.ops == after.ops:
        for op in range(after.ops):
            name = op_name(after, op)
            if before.status(op) != after.status(op):
                out.append(name + " " + STATUS_WORDS[after.status(op)] + _TO + STATUS_WORDS[before.status(op)])
            for bit, word in _MARKS:
                if before.has(op, bit) != after.has(op, bit):
                    out.append("%s %s: %s%s%s" % (name, word, _yes(after.has(op, bit)), _TO,
                                                  _yes(before.has(op, bit))))
            if before.data(op) != after.data(op):
                out.append("%s data %d%s%d" % (name, after.data(op), _TO, before.data(op)))
            if before.tokens(op) != after.tokens(op):
                out.append("%s tokens %d%s%d" % (name, after.tokens(op), _TO, before.tokens(op)))
    for n in range(NPC_COUNT):
        if before.npc(n) != after.npc(n):
            out.append(_npc_line(NPC_NAMES[n], after.npc(n), before.npc(n)))
    for bit, word in _SETTINGS:
        if before.flag(bit) != after.flag(bit):
            out.append("%s: %s%s%s" % (word, _yes(after.flag(bit)), _TO, _yes(before.flag(bit))))
    if not out:
        for n in range(NPC_COUNT):  # an NPC step that moved nothing: a check answered no
            if (before.npc_checked ^ after.npc_checked | before.npc_acted ^ after.npc_acted) >> n & 1:
                out.append(NPC_NAMES[n] + "'s step again")
        if before.npc_pick != after.npc_pick and after.npc_pick >= 0:
            out.append(NPC_NAMES[after.npc_pick] + " sent first")
    if not out and not before.same(after):
        out.append("Table details")
    return out[:3]


class UndoConfirm(View):
    app: "App[Session]"
    def __init__(self, app):
        super().__init__(app)
        h = app.session.history
        self.name = ACTION_NAMES[h.last_code()]
        prev = Game(2)
        h.peek_into(prev)
        self.lines = changes(prev, app.session.game)

    def draw(self, fb):
        title_bar(fb, "UNDO?")
        draw.text(fb, "Take back: " + self.name, 2, 11)
        for i, line in enumerate(self.lines):
            draw.text(fb, line, 2, 22 + i * 9)
        fb.fill_rect(0, 54, 128, 10, 1)
        draw.centre(fb, "GO undo  ALARM keep", 55, 0)

    def press(self, button):
        self.app.close()
        if button == GO:
            self.app.home.undo(self.name)
