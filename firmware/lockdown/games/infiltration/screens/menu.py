"""The menu (hold GO), the rule settings and the about screen."""
from micropython import const

from lockdown import draw
from lockdown.games.infiltration.rules.game import CHECK_AT_START, EXTRACT, NELSON_ALWAYS, PASS_SKIPS_ESCAPED
from lockdown.games.infiltration.rules.actions import A_SETTING
from lockdown.menu import Menu as ListMenu
from lockdown.ui import Form, View, title_bar

_TYPING = const(False)
if _TYPING:
    from lockdown.contract import App
    from lockdown.games.infiltration.session import Session

VERSION = "0.1"


class Menu(ListMenu):
    app: "App[Session]"
    title = "MENU"
    ITEMS = (("Back to game", None), ("Undo", "undo"), ("Operatives", "table"), ("NPCs", "npcs"),
             ("Lockdown odds", "risk"), ("Proximity graph", "graph"), ("Table helpers", "helpers"),
             ("Settings", "settings"), ("New game", "setup"), ("About", "about"), ("Other games", "picker"))

    def go(self, name):
        """Opens a place over the menu, so its back (ALARM) returns here."""
        app = self.app
        if name is None:
            app.close()
        elif name == "undo":
            app.home.ask_undo()
        else:
            app.open(name)


class Settings(Form):
    """Rule options where the sources leave room for a group's own reading, and the Extract
    variant (saved with the game). Opened from the setup screen it sets them for the game about
    to start (setup.settings, applied with the start); from the menu, for the game in play.
    PROX clockwise says yes, anticlockwise no; a press flips."""
    app: "App[Session]"
    title = "SETTINGS"
    _LABELS = {PASS_SKIPS_ESCAPED: "Skip escaped 1st", NELSON_ALWAYS: "Nelson always +1",
               CHECK_AT_START: "Checks at start", EXTRACT: "Extract variant"}

    def __init__(self, app, setup=None):
        self.setup = setup
        super().__init__(app)

    def layout(self):
        return (PASS_SKIPS_ESCAPED, NELSON_ALWAYS, CHECK_AT_START, EXTRACT)

    def label(self, row):
        return self._LABELS[row]

    def _on(self, bit):
        if self.setup:
            return bool(self.setup.settings & bit)
        return self.app.session.game.flag(bit)

    def value(self, row):
        return "yes" if self._on(row) else "no"

    def change(self, row, d):
        self._set(row, d > 0)

    def pick(self, row):
        self._set(row, not self._on(row))

    def _set(self, bit, on):
        if self._on(bit) == on:
            return
        if self.setup:
            self.setup.settings ^= bit
            return
        g = self.app.session.game
        self.app.session.act(A_SETTING, g.set_setting, bit, on)


class About(Form):
    app: "App[Session]"
    title = "ABOUT"
    lines = ("Lockdown " + VERSION, "Security tracker and", "round guide for", "Android: Infiltration",
             "Open source. Not an", "official product.")

    def draw(self, fb):
        title_bar(fb, self.title)
        for i, line in enumerate(self.lines):
            draw.text(fb, line, 2, 10 + i * 9)

    def turn(self, knob, n):
        pass

    def press(self, button):
        self.back()


class Risk(View):
    """The lockdown odds, only on request: some groups would rather not know."""
    app: "App[Session]"

    def draw(self, fb):
        from lockdown.games.infiltration.screens.stats import draw_risk
        draw_risk(fb, self.app.session.game)


class Graph(View):
    """Proximity per round with the alarm under it, from the game log."""
    app: "App[Session]"

    def draw(self, fb):
        from lockdown.games.infiltration.screens.stats import draw_graph
        draw_graph(fb, self.app.session.log, self.app.session.game)
