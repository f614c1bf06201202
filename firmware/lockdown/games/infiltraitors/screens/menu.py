"""The menu (hold GO on the table, or on the setup before any mission) and its question, a new
mission over one in play (asked by the setup; here so the setup's module, a board's first frame,
does not carry it). Undo is the core's screen (lockdown/undo.py)."""
from lockdown import draw
from lockdown.events import GO
from lockdown.games.infiltraitors.rules import missions as ms
from lockdown.ui import Form, View, title_bar

_LABELS = {"back": "Back to table", "back_setup": "Back to setup", "undo": "Undo",
           "rules": "Mission rules",
           "seen": "Face-up cards", "give_up": "No action left", "setup": "New mission",
           "picker": "Other games"}


class Menu(Form):
    title = "MENU"
    PROX_MOVES = True

    def layout(self):
        if not self.app.session.started:  # the first setup: nothing to play yet
            return ("back_setup", "picker")
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
        elif r not in ("back", "back_setup"):
            app.open(r)

    def _give_up(self):
        from lockdown.games.infiltraitors.rules import ending
        from lockdown.games.infiltraitors.rules.actions import A_GIVE_UP
        s = self.app.session
        s.act(A_GIVE_UP, ending.give_up, s.table)
        self.app.flash("Mission lost")


class NewConfirm(View):
    """Starting over a mission still in progress: GO replaces it (undo brings it back), ALARM keeps
    it and goes back to the setup."""

    def __init__(self, app, setup):
        super().__init__(app)
        self.setup = setup
        self.name = ms.name(app.session.table.mission)

    def press(self, button):
        app = self.app
        app.close()
        if button == GO:
            app.attempt(self.setup.start, True)

    def draw(self, fb):
        title_bar(fb, "NEW MISSION")
        draw.centre(fb, self.name, 12)
        draw.centre(fb, "is still in play.", 22)
        draw.centre(fb, "Start a new one?", 32)
        draw.centre(fb, "(undo brings it back)", 42)
        draw.text(fb, "GO new    ALARM keep", 1, 56)
