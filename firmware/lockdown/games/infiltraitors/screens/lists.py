"""A suspect's lists: its clues to flip or remove (from Eliminate), and every card it can still
be (hold PROX on its board, which has room for three lines)."""
from lockdown.games.infiltraitors.rules import fixes
from lockdown.games.infiltraitors.rules.clues import VERTICAL
from lockdown.games.infiltraitors.screens.common import card_text, cards_lines
from lockdown.games.infiltraitors.rules.actions import A_FLIP, A_REMOVE
from lockdown.ui import Form


class ClueList(Form):
    """PROX turns a clue vertical (anticlockwise) or horizontal (clockwise); GO removes it."""
    footer = "PROX V/H  GO remove"

    def __init__(self, app, i):
        self.i = i
        self.title = "CLUES OF S%d" % (i + 1)
        super().__init__(app)

    def layout(self):
        return tuple(fixes.entries(self.app.session.table, self.i)) or ("none",)

    def label(self, r):
        if r == "none":
            return "No clues yet"
        b = self.app.session.table.board
        return card_text(b.suit(r), b.number(r))

    def value(self, r):
        if r == "none":
            return None
        return "vertical" if self.app.session.table.board.kind(r) == VERTICAL else "horizontal"

    def change(self, r, d):
        t = self.app.session.table
        if (t.board.kind(r) == VERTICAL) == (d > 0):
            self.app.session.act(A_FLIP, fixes.flip, t, r)

    def pick(self, r):
        if r != "none":
            s = self.app.session
            s.act(A_REMOVE, fixes.remove, s.table, r)
            self.refresh()
            self.app.flash("Clue removed")


class CardList(Form):
    """Every card a suspect can still be, a line of short codes a row (hold PROX on its board):
    the board itself has room for three lines."""
    footer = "ALARM back"
    PROX_MOVES = True

    def __init__(self, app, i):
        self.i = i
        self.title = "S%d CAN BE %d" % (i + 1, app.session.table.candidates(i))
        super().__init__(app)

    def layout(self):
        return cards_lines(self.app.session.table, self.i, 99) or ("No card at all",)

    def label(self, r):
        return r
