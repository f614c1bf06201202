"""The menu (hold GO on the table) and the undo question."""
from lockdown import draw
from lockdown.events import GO
from lockdown.ui import Form, View, title_bar

_LABELS = {"back": "Back to table", "undo": "Undo", "rules": "Mission rules",
           "seen": "Face-up cards", "give_up": "No action left", "setup": "New mission",
           "picker": "Other games"}


class Menu(Form):
    title = "MENU"
    PROX_MOVES = True

    def layout(self):
        rows = ("back", "undo", "rules", "seen")
        if self.app.session.table.clock.limit_ms:
            rows += ("clock",)
        return rows + ("give_up", "setup", "picker")

    def label(self, r):
        if r == "clock":
            return "Pause clock" if self.app.session.table.clock.running else "Resume clock"
        return _LABELS[r]

    def pick(self, r):
        app = self.app
        app.close()
        if r == "clock":
            app.attempt(app.home.toggle_clock)
        elif r == "give_up":
            app.attempt(self._give_up)
        elif r == "undo":
            app.home.press(0)  # as the ALARM switch on the table: asks first
        elif r != "back":
            app.open(r)

    def _give_up(self):
        s = self.app.session
        s.act(s.table.give_up)
        self.app.flash("Mission lost")


class UndoConfirm(View):
    """Says what an undo takes back; GO does it, ALARM keeps it."""

    def __init__(self, app):
        super().__init__(app)
        self.name = app.session.undo_name()

    def press(self, button):
        app = self.app
        app.close()
        if button == GO:
            app.session.undo()
            app.flash("Undone: " + self.name)

    def draw(self, fb):
        title_bar(fb, "UNDO")
        draw.centre(fb, "Take back the", 18)
        draw.centre(fb, self.name + "?", 28)
        draw.text(fb, "GO undo   ALARM keep", 1, 56)
