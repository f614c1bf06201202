"""Eliminate a Traitor (right or wrong, each a bullet), every card a suspect can be, and a
suspect's clues to flip or remove."""
from lockdown.games.infiltraitors import missions as ms
from lockdown.games.infiltraitors.clues import SUITS, VERTICAL
from lockdown.games.infiltraitors.screens.common import card_text, cards_lines
from lockdown.games.infiltraitors.table import A_FLIP, A_REMOVE, A_SHOT, ASIDE, WIN
from lockdown.ui import Form

_LABELS = {"shooter": "Who shot", "right": "Right: identified", "wrong": "Wrong: a miss",
           "right_card": "Right, was", "wrong_card": "Wrong, not", "clues": "Fix a clue"}


class Eliminate(Form):
    """A shot may name a card (PROX on its rows): the suspect's candidates come first (the board
    dial's card when it is one of them), then every other card of the mission. A hit's card is
    nobody else's (the table refuses one entered already) and one the suspect's clues rule out
    is taken at the second GO only, after a warning; a miss's card is not this suspect. In
    Mission 19 the group names who shot: that agent may clue the Kingpin and sit out."""
    footer = "GO pick   ALARM back"

    def __init__(self, app, i, suit, number):
        self.app = app
        self.i = i
        t = app.session.table
        self.kp = bool(t.flags & ms.F_KINGPIN and i)
        self.shooter = 0
        while self.shooter < t.agents - 1 and (
                t.is_out(self.shooter) or self.shooter == t.agent_of(i)):
            self.shooter += 1
        self.count = self._walk(-1)  # the cards a shot can name, candidates first
        self.k = 0
        dialled = self._walk(-2, suit << 4 | number)
        if dialled < t.candidates(i):
            self.k = dialled
        elif not t.candidates(i) and dialled < self.count:
            self.k = dialled
        self.card = self._nth(self.k)
        self._warned = -1  # the card a warning was given for
        self.title = "ELIMINATE S%d" % (i + 1)
        super().__init__(app)
        if self.kp:
            self.cur = 1  # on Right, the shooter's row above it

    def _walk(self, k, code=-1):
        """The k-th card of the order (as suit << 4 | number); k = -1: how many there are;
        k = -2: the place of `code` in it (the count when it is none)."""
        t = self.app.session.table
        t.candidates(self.i)
        cand = t.board.cand
        at = 0
        for second in (False, True):
            for s in range(SUITS):
                for n in range(1, 16):
                    if t.valid_card(s, n, False) and bool(cand[s] >> n & 1) != second:
                        if at == k or (k == -2 and s << 4 | n == code):
                            return at if k == -2 else s << 4 | n
                        at += 1
        return at

    def _nth(self, k):
        c = self._walk(k)
        return (c >> 4, c & 0x0F)

    def layout(self):
        return (("shooter",) if self.kp else ()) + (
            "right", "wrong", "right_card", "wrong_card", "clues")

    def label(self, r):
        return _LABELS[r]

    def value(self, r):
        if r == "shooter":
            return "A%d" % (self.shooter + 1)
        if r in ("right_card", "wrong_card"):
            return card_text(*self.card)
        return None

    def change(self, r, d):
        t = self.app.session.table
        if r == "shooter":
            step = 1 if d > 0 else -1
            for _ in range(d * step):
                a = self.shooter + step
                while 0 <= a < t.agents and t.is_out(a):
                    a += step
                if not 0 <= a < t.agents:
                    break
                self.shooter = a
        else:
            self.k = min(max(self.k + d, 0), self.count - 1)
            self.card = self._nth(self.k)

    def pick(self, r):
        app = self.app
        s = app.session
        t = s.table
        if r == "clues":
            app.open("clues", self.i)
            return
        if r == "shooter":
            return
        right = r in ("right", "right_card")
        suit, number = self.card if r.endswith("_card") else (-1, 0)
        if r == "right_card" and self.k >= t.candidates(self.i) and self._warned != self.k:
            self._warned = self.k
            app.flash("Ruled out: GO again")
            return
        s.act(A_SHOT, t.shoot, self.i, right, suit, number, self.shooter if self.kp else ASIDE)
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
            self.app.session.act(A_FLIP, t.flip, r)

    def pick(self, r):
        if r != "none":
            s = self.app.session
            s.act(A_REMOVE, s.table.remove, r)
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
