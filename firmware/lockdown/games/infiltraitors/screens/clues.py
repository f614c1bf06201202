"""Eliminate a Traitor (right or wrong, each a bullet) and a suspect's clues to flip or remove."""
from lockdown.games.infiltraitors.clues import VERTICAL
from lockdown.games.infiltraitors.screens.common import card_text
from lockdown.games.infiltraitors.table import WIN
from lockdown.ui import Form


class Eliminate(Form):
    """Opened from a suspect's board with the card dialled there, which a shot may name: a hit's
    card is nobody else's, a miss's card is not this suspect."""
    footer = "GO pick   ALARM back"
    PROX_MOVES = True

    def __init__(self, app, i, suit, number):
        self.i = i
        self.card = (suit, number)
        self.named = card_text(suit, number)
        self.title = "ELIMINATE S%d" % (i + 1)
        super().__init__(app)

    def layout(self):
        return ("right", "wrong", "right_card", "wrong_card", "clues")

    def label(self, r):
        if r == "right":
            return "Right: identified"
        if r == "wrong":
            return "Wrong: a miss"
        if r == "right_card":
            return "Right, was " + self.named
        if r == "wrong_card":
            return "Wrong, not " + self.named
        return "Fix a clue"

    def pick(self, r):
        app = self.app
        s = app.session
        t = s.table
        if r == "clues":
            app.open("clues", self.i)
            return
        right = r in ("right", "right_card")
        suit, number = self.card if r.endswith("_card") else (-1, 0)
        s.act(t.shoot, self.i, right, suit, number)
        if right or t.result:
            app.close_all()
            app.flash("S%d identified" % (self.i + 1) if right and not t.result else
                      ("Mission won" if t.result == WIN else "Mission lost"))
        else:
            app.close()
            app.flash("Missed: %d bullets" % t.bullets)


class ClueList(Form):
    """PROX turns a clue vertical (anticlockwise) or horizontal (clockwise); GO removes it."""
    footer = "PROX V/H  GO remove"

    def __init__(self, app, i):
        self.i = i
        self.title = "CLUES OF S%d" % (i + 1)
        super().__init__(app)

    def layout(self):
        return tuple(self.app.session.table.clue_entries(self.i)) or ("none",)

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
            self.app.session.act(t.flip, r)

    def pick(self, r):
        if r != "none":
            s = self.app.session
            s.act(s.table.remove, r)
            self.refresh()
            self.app.flash("Clue removed")
