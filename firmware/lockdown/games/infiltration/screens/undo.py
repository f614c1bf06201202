"""Undo, after saying what it will take back: the action's name and what it changed."""
from lockdown import draw
from lockdown.events import GO
from lockdown.games.infiltration.rules.game import PHASE_NAMES, Game
from lockdown.games.infiltration.rules.actions import ACTION_NAMES
from lockdown.ui import View, title_bar


def changes(before, after):
    """Up to three short lines naming what differs between two games (undo shows before <- after)."""
    out = []
    if before.proximity != after.proximity:
        out.append("Prox %02d -> %02d" % (after.proximity, before.proximity))
    if before.alarm != after.alarm:
        out.append("Alarm %d -> %d" % (after.alarm, before.alarm))
    if before.phase != after.phase or before.round != after.round:
        out.append("R%d %s -> R%d %s" % (after.round, PHASE_NAMES[after.phase][:6],
                                         before.round, PHASE_NAMES[before.phase][:6]))
    if before.first_player != after.first_player:
        out.append("1st P%d -> P%d" % (after.first_player + 1, before.first_player + 1))
    if not out and not before.same(after):
        out.append("Table details")
    return out[:3]


class UndoConfirm(View):
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
