"""The armies' form of Infiltrate: the first screen of every game, until both armies are placed."""
from lockdown.events import GO
from lockdown.games.infiltrate.rules.board import ARMY
from lockdown.games.infiltrate.session import DEVICE, LEVELS
from lockdown.ui import Form

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
