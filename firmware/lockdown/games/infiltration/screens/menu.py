"""The menu (hold GO), the rule settings and the about screen."""
from lockdown import draw
from lockdown.games.infiltration.rules.game import CHECK_AT_START, EXTRACT, NELSON_ALWAYS, PASS_SKIPS_ESCAPED
from lockdown.games.infiltration.rules.actions import A_SETTING
from lockdown.ui import Form, View, title_bar

VERSION = "0.1"


class Menu(Form):
    title = "MENU"
    items = (("Back to game", None), ("Undo", "undo"), ("Operatives", "table"), ("NPCs", "npcs"),
             ("Lockdown odds", "risk"), ("Proximity graph", "graph"), ("Table helpers", "helpers"),
             ("Settings", "settings"),
             ("New game", "setup"), ("About", "about"), ("Other games", "picker"))

    def count(self):
        return len(self.items)

    def label(self, i):
        return self.items[i][0]

    def pick(self, i):
        name = self.items[i][1]
        app = self.app
        app.close()
        if name == "undo":
            app.home.ask_undo()
        elif name:
            app.open(name)


class Settings(Form):
    """Rule options where the sources leave room for a group's own reading (saved with the game)."""
    title = "SETTINGS"
    rows = (("Skip escaped 1st", PASS_SKIPS_ESCAPED), ("Nelson always +1", NELSON_ALWAYS),
            ("Checks at start", CHECK_AT_START), ("Extract variant", EXTRACT))

    def count(self):
        return len(self.rows)

    def label(self, i):
        return self.rows[i][0]

    def value(self, i):
        return "yes" if self.app.session.game.flag(self.rows[i][1]) else "no"

    def change(self, i, d):
        g = self.app.session.game
        bit = self.rows[i][1]
        self.app.session.act(A_SETTING, g.set_setting, bit, not g.flag(bit))

    def pick(self, i):
        self.change(i, 1)


class About(Form):
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

    def draw(self, fb):
        from lockdown.games.infiltration.screens.stats import draw_risk
        draw_risk(fb, self.app.session.game)


class Graph(View):
    """Proximity per round with the alarm under it, from the game log."""

    def draw(self, fb):
        from lockdown.games.infiltration.screens.stats import draw_graph
        draw_graph(fb, self.app.session.log, self.app.session.game)
