"""The table: each operative's state, the first player, and entering a physical die's roll."""
from micropython import const

from lockdown.games.infiltration.rules.game import BLACKMAIL, CAPTURED, DELAYED, INSIDE, WOUNDED
from lockdown.games.infiltration.rules.actions import A_FIRST, A_OPERATIVE
from lockdown.games.infiltration.rules.helpers import op_name
from lockdown.ui import Form

_TYPING = const(False)
if _TYPING:
    from lockdown.contract import App
    from lockdown.games.infiltration.session import Session

STATUS_WORDS = ("inside", "escaped", "captured")


def status_word(game, op):
    """The same three words on every screen; "released" for a captured operative that the
    Blackmail File bought out (it scores)."""
    st = game.status(op)
    return "released" if st == CAPTURED and game.has(op, BLACKMAIL) else STATUS_WORDS[st]


def op_summary(game, op):
    s = status_word(game, op)
    if game.has(op, WOUNDED):
        s = "wnd " + s
    if game.has(op, DELAYED):
        s = "dly " + s
    return s


class Operatives(Form):
    """A row per operative (its number), then the first player."""
    app: "App[Session]"
    title = "OPERATIVES"

    def layout(self):
        return tuple(range(self.app.session.game.ops)) + ("first",)

    def label(self, row):
        return "First player" if row == "first" else op_name(self.app.session.game, row)

    def value(self, row):
        g = self.app.session.game
        return "P%d" % (g.first_player + 1) if row == "first" else op_summary(g, row)

    def editable(self, row):
        return row == "first"  # operative rows show a summary, not a dial

    def change(self, row, d):
        g = self.app.session.game
        self.app.session.act(A_FIRST, g.set_first_player, (g.first_player + d) % g.players, spin=1,
                             now=self.app.now)

    def pick(self, row):
        if row == "first":
            self.change(row, 1)
        else:
            self.app.open("op", row)


class Operative(Form):
    """One operative: what the table did to it, each change undoable. It opens on Wounded, so a
    stray GO never records a move. An escape is asked first: turning Status clockwise (or a
    press on it) asks, a press confirms; it says so when the escape would end the game."""
    app: "App[Session]"

    def __init__(self, app, op):
        self.op = op
        self.asking = False  # the Status row asks to confirm an escape
        super().__init__(app)
        self.title = "OPERATIVE " + op_name(app.session.game, op)

    _LABELS = {"moved": "Moved (wnd->dly)", "wounded": "Wounded", "delayed": "Delayed", "status": "Status"}
    _BITS = {"wounded": WOUNDED, "delayed": DELAYED}

    def layout(self):
        return ("wounded", "delayed", "status", "moved")

    def label(self, row):
        return self._LABELS[row]

    def value(self, row):
        g = self.app.session.game
        if row == "status":
            if self.asking:
                return "end game?" if self._last_inside(g) else "escape?"
            return status_word(g, self.op)
        if row == "moved":
            return None
        return "yes" if g.has(self.op, self._BITS[row]) else "no"

    def _last_inside(self, g):
        for op in range(g.ops):
            if op != self.op and g.status(op) == INSIDE:
                return False
        return True

    def change(self, row, d):
        """Wounded and Delayed: clockwise yes, anticlockwise no. Status: clockwise asks to escape."""
        g = self.app.session.game
        if row == "status":
            if g.status(self.op) != INSIDE:
                self.app.flash("Use undo to return")
            else:
                self.asking = d > 0
            return
        on = d > 0
        if g.has(self.op, self._BITS[row]) != on:
            setter = g.set_wounded if row == "wounded" else g.set_delayed
            self.app.session.act(A_OPERATIVE, setter, self.op, on)

    def pick(self, row):
        g = self.app.session.game
        if row == "moved":
            self.app.session.act(A_OPERATIVE, g.resolve_move, self.op)
            self.app.flash("Delayed" if g.has(self.op, DELAYED) else "Not wounded: fine")
        elif row != "status":
            self.change(row, -1 if g.has(self.op, self._BITS[row]) else 1)
        elif g.status(self.op) != INSIDE:
            self.app.flash("Use undo to return")
        elif not self.asking:
            self.asking = True
        else:
            self.asking = False
            self.app.session.act(A_OPERATIVE, g.escape, self.op)
            self.app.flash(op_name(g, self.op) + " escaped")
            if g.over:
                self.app.close_all()


class DieEntry(Form):
    """The group rolled its own die: dial in the face, GO applies it."""
    app: "App[Session]"
    title = "YOUR ROLL"
    footer = "GO apply  ALARM back"

    def __init__(self, app):
        super().__init__(app)
        self.face = 1

    def layout(self):
        return ("face",)

    def label(self, row):
        return "Die shows"

    def value(self, row):
        return str(self.face)

    def change(self, row, d):
        self.face = min(max(self.face + d, 1), 6)

    def pick(self, row):
        self.app.close()
        self.app.home.roll(self.face)

