"""Undo, the same in every game: ALARM shows what it would take back, in words, GO confirms.

The session names the step (`undo_name`, "Shot at S2 (wrong)") and may add what it changed
(`undo_lines`); a game's own "undo" screen, where it has one, looks and answers the same way.
"""
from lockdown import draw
from lockdown.events import GO
from lockdown.ui import View, title_bar


class UndoConfirm(View):
    def __init__(self, app):
        super().__init__(app)
        s = app.session
        self.name = s.undo_name()
        self.lines = s.undo_lines()

    def draw(self, fb):
        title_bar(fb, "UNDO?")
        draw.text(fb, "Take back:", 2, 11)
        draw.text(fb, self.name, 2, 20)
        for i, line in enumerate(self.lines[:3]):
            draw.text(fb, line, 2, 29 + i * 9)
        fb.fill_rect(0, 54, 128, 10, 1)
        draw.centre(fb, "GO undo  ALARM keep", 55, 0)

    def press(self, button):
        app = self.app
        if button == GO and app.session.undo():
            app.flash("Undone: " + self.name)
        app.close()  # after the undo: the screen below (or the setup, or home) sees the game as it is
