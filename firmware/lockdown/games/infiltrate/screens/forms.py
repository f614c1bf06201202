"""The army builder, the menu, the settings and the stacks list of Infiltrate."""
from lockdown import draw
from lockdown.events import GO
from lockdown.games.infiltrate.rules.board import ARMY, SETTINGS, SQUARES, square_name
from lockdown.games.infiltrate.session import DEVICE, LEVELS
from lockdown.menu import Menu as ListMenu
from lockdown.ui import Form, View, title_bar

_COUNTS = ("0", "1", "2", "3", "4")
_SIZES = ("", "small 1pt", "medium 2pt", "large 3pt")
_FIRST = ("P1", "P2", "Draw")
_ARMY_ROWS = tuple((p, size) for p in (0, 1) for size in (1, 2, 3))


class Army(Form):
    """Each player's 15 points, the opponent (a second player or the device, whose army shows
    and cannot be changed) and who starts. ALARM press asks to undo the last change, as on the
    board; hold GO opens the menu (and the other games)."""
    footer = "GO pick  ALARM undo"

    def __init__(self, app):
        self.first = 0  # index into _FIRST: P1, P2, or drawn by the die
        Form.__init__(self, app)
        self._retitle()

    def layout(self):
        rows = ["opp"]  # type: list
        if self.app.session.level >= 0:
            rows.append("level")
        return tuple(rows + list(_ARMY_ROWS) + ["first", "go"])

    def editable(self, row):
        return row != "go" and not (type(row) is tuple and row[0] == DEVICE and self.app.session.level >= 0)

    def act(self, fn, *args):
        Form.act(self, fn, *args)
        self._retitle()

    def _retitle(self):
        """The points left, remade after a change (not per frame)."""
        b = self.app.session.board
        self.title = "LEFT P1 %d P2 %d" % (b.pips_left(0), b.pips_left(1))

    def label(self, row):
        if row == "opp":
            return "Opponent"
        if row == "level":
            return "Device level"
        if row == "first":
            return "First player"
        if row == "go":
            return "Place pyramids"
        return ("P1 ", "Dev " if self.app.session.level >= 0 else "P2 ")[row[0]] + _SIZES[row[1]]

    def value(self, row):
        s = self.app.session
        if row == "opp":
            return "Device" if s.level >= 0 else "Player 2"
        if row == "level":
            return LEVELS[s.level]
        if row == "first":
            return _FIRST[self.first]
        if row == "go":
            return None
        return _COUNTS[s.board.army(row[0], row[1])]

    def change(self, row, d):
        s = self.app.session
        if row == "opp":
            s.set_level(len(LEVELS) - 1 if d > 0 and s.level < 0 else s.level if d > 0 else -1)
            self.refresh()
        elif row == "level":
            s.set_level(min(max(s.level + d, 0), len(LEVELS) - 1))
        elif row == "first":
            self.first = min(max(self.first + d, 0), 2)
        else:
            why = s.army(row[0], row[1], d)
            if why:
                self.app.flash(why)

    def pick(self, row):
        if row == "go":
            s = self.app.session
            s.start(-1 if self.first == 2 else self.first)
            self.app.close()
            self.app.flash("P%d places first" % (s.board.to_move + 1))

    def back(self):
        self.app.home.undo()

    def hold(self, button):
        if button == GO:
            self.app.open("menu")

    def shown(self):
        if self.app.session.board.phase != ARMY:
            self.app.close()  # an undo back into the game, or a new game started elsewhere
        else:
            self.refresh()
            self._retitle()


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
