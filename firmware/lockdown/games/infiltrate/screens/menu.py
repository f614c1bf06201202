"""Infiltrate's menu and what it opens: the settings, a new game's question and the stacks list.
Opened from the board or the armies' form (hold GO), imported then and forgotten when closed."""
from lockdown import draw
from lockdown.events import GO
from lockdown.games.infiltrate.rules.board import SQUARES, square_name
from lockdown.games.infiltrate.rules.settings import SETTINGS
from lockdown.menu import Menu as ListMenu
from lockdown.ui import Form, View, title_bar


class Menu(ListMenu):
    title = "MENU"
    ITEMS = (("Back to game", None), ("Undo", "undo"), ("Settings", "settings"), ("New game", "new"),
             ("End as a draw", "draw"), ("Stacks", "stacks"), ("Other games", "picker"))

    def go(self, name):
        app = self.app
        if name == "undo":
            app.close()
            app.home.undo()
        elif name == "draw":
            app.close()
            app.attempt(app.session.end_draw)
        elif name == "new":
            app.close()
            app.open("new_game")
        elif name:
            app.open(name)
        else:
            app.close()


class NewGame(View):
    """Asks before a new game replaces the position (menu's New game, GO on a finished game):
    GO replaces it, ALARM or PROX keeps it. Undo still brings the old position back."""

    def press(self, button):
        app = self.app
        if button == GO:
            app.attempt(app.session.new_game)
            app.close_all()  # the board then opens the army screen
        else:
            app.close()

    def draw(self, fb):
        title_bar(fb, "NEW GAME")
        draw.centre(fb, "Replace this game?", 18)
        draw.centre(fb, "Undo brings it back", 30)
        draw.text(fb, "GO new   ALARM keep", 1, 56)


class Settings(Form):
    """Where the rules are silent: each point, its setting, and below it what the setting means.
    PROX clockwise turns it on, anticlockwise off; a press flips it. Saved with the game."""
    title = "SETTINGS"

    def layout(self):
        return tuple(range(len(SETTINGS)))

    def label(self, row):
        return SETTINGS[row][2]

    def value(self, row):
        return "on" if self.app.session.board.setting(SETTINGS[row][1]) else "off"

    def change(self, row, d):
        self.app.session.setting(SETTINGS[row][1], d > 0)

    def pick(self, row):
        bit = SETTINGS[row][1]
        self.app.session.setting(bit, not self.app.session.board.setting(bit))

    @property
    def footer(self):  # pyright: ignore[reportIncompatibleVariableOverride]
        """What the row's setting means as it stands."""
        _, bit, _, off, on = SETTINGS[self.rows[self.cur]]
        return on if self.app.session.board.setting(bit) else off


_LETTER = ("", "S", "M", "L")


class Stacks(Form):
    """Every stack on the board, its top first: what holds what captured (or stacked at setup)
    underneath, which the board shows only as the top pyramid and a height."""
    title = "STACKS, TOP FIRST"
    footer = "ALARM back"

    def __init__(self, app):
        Form.__init__(self, app)
        sq = app.home.square
        if sq in self.rows:  # opened from the board: the stack under the cursor first
            self.cur = self.rows.index(sq)
            self.refresh()

    def layout(self):
        b = self.app.session.board
        return tuple(sq for sq in range(SQUARES) if b.height(sq) > 1) or ("none",)

    def label(self, row):
        if row == "none":
            return "No stacks"
        b = self.app.session.board
        parts = ["P%d%s" % (p + 1, _LETTER[pips]) for p, pips in b.stack(row)]
        parts.reverse()
        return square_name(row) + " " + parts[0] + " on " + " ".join(parts[1:])

    def editable(self, row):
        return False

    def pick(self, row):
        self.app.close()
