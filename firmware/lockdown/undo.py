"""Undo, the same in every game: ALARM shows what it would take back, in words, GO confirms.

The session names the step (`undo_name`, "Shot at S2 (wrong)") and, where it has `undo_lines`,
what else it changed; a game's own "undo" screen, where it has one (Infiltration's lists the
changes "now -> after"), looks and answers the same way. A step that came in game time while it
was open (the device's move) is never taken back unseen: GO then shows the new step and asks again.
"""
from micropython import const

from lockdown import draw
from lockdown.events import GO
from lockdown.ui import View, title_bar

_TYPING = const(False)
if _TYPING:
    from lockdown.contract import App, Session


class UndoConfirm(View):
    app: "App[Session]"

    def __init__(self, app: "App[Session]"):
        super().__init__(app)
        self._read()

    def _read(self):
        s = self.app.session
        self.name = s.undo_name()
        lines = getattr(s, "undo_lines", None)
        self.lines = lines() if lines else ()

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
        if button == GO and app.session.undo_name() != self.name:
            self._read()  # the game moved on under this screen (the device's move): ask again
            app.flash("Changed: look again")
            return
        if button == GO and app.session.undo():
            app.flash("Undone: " + self.name)
        app.close()  # after the undo: the screen below (or the setup, or home) sees the game as it is
