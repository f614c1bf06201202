"""The table: each operative's state, the first player, and entering a physical die's roll."""
from lockdown.games.infiltration.rules.game import DELAYED, INSIDE, WOUNDED
from lockdown.games.infiltration.rules.actions import A_FIRST, A_OPERATIVE
from lockdown.games.infiltration.rules.helpers import op_name
from lockdown.ui import Form

STATUS_SHORT = ("in", "out", "caught")


def op_summary(game, op):
    s = STATUS_SHORT[game.status(op)]
    if game.has(op, WOUNDED):
        s = "wnd " + s
    if game.has(op, DELAYED):
        s = "dly " + s
    return s


class Operatives(Form):
    title = "OPERATIVES"

    def count(self):
        return self.app.session.game.ops + 1

    def label(self, i):
        g = self.app.session.game
        return op_name(g, i) if i < g.ops else "First player"

    def value(self, i):
        g = self.app.session.game
        return op_summary(g, i) if i < g.ops else "P%d" % (g.first_player + 1)

    def editable(self, i):
        return i == self.app.session.game.ops  # operative rows show a summary, not a dial

    def change(self, i, d):
        g = self.app.session.game
        self.app.session.act(A_FIRST, g.set_first_player, (g.first_player + d) % g.players, merge=True)

    def pick(self, i):
        if i < self.app.session.game.ops:
            self.app.open("op", i)
        else:
            self.change(i, 1)


class Operative(Form):
    """One operative: what the table did to it, each change undoable."""

    def __init__(self, app, op):
        super().__init__(app)
        self.op = op
        self.title = "OPERATIVE " + op_name(app.session.game, op)

    def count(self):
        return 4

    def label(self, i):
        return ("Moved (wnd->dly)", "Wounded", "Delayed", "Status")[i]

    def value(self, i):
        g = self.app.session.game
        if i == 1:
            return "yes" if g.has(self.op, WOUNDED) else "no"
        if i == 2:
            return "yes" if g.has(self.op, DELAYED) else "no"
        if i == 3:
            return ("inside", "escaped", "caught")[g.status(self.op)]
        return None

    def change(self, i, d):
        g = self.app.session.game
        s = self.app.session
        if i == 1:
            s.act(A_OPERATIVE, g.set_wounded, self.op, not g.has(self.op, WOUNDED))
        elif i == 2:
            s.act(A_OPERATIVE, g.set_delayed, self.op, not g.has(self.op, DELAYED))
        elif i == 3:
            if g.status(self.op) != INSIDE:
                self.app.flash("Use undo to return")
                return
            s.act(A_OPERATIVE, g.escape, self.op)
            self.app.flash(op_name(g, self.op) + " escaped")
            if g.over:
                self.app.close_all()

    def pick(self, i):
        if i == 0:
            g = self.app.session.game
            self.app.session.act(A_OPERATIVE, g.resolve_move, self.op)
            self.app.flash("Delayed" if g.has(self.op, DELAYED) else "Not wounded: fine")
        else:
            self.change(i, 1)


class DieEntry(Form):
    """The group rolled its own die: dial in the face, GO applies it."""
    title = "YOUR ROLL"
    footer = "GO apply  ALARM back"

    def __init__(self, app):
        super().__init__(app)
        self.face = 1

    def count(self):
        return 1

    def label(self, i):
        return "Die shows"

    def value(self, i):
        return str(self.face)

    def change(self, i, d):
        self.face = min(max(self.face + d, 1), 6)

    def pick(self, i):
        self.app.close()
        self.app.home.roll(self.face)

