"""Eliminate a Traitor: right or wrong, each a bullet, naming a card or none."""
from micropython import const

from lockdown.games.infiltraitors.rules import missions as ms
from lockdown.games.infiltraitors.rules import specials as sp
from lockdown.games.infiltraitors.rules.clues import SUITS
from lockdown.games.infiltraitors.screens.common import card_text
from lockdown.games.infiltraitors.rules.table import ASIDE, WIN
from lockdown.ui import Form

_A_SHOT = const(5)  # rules/actions.py's, copied
_ROWS = ("shooter", "right", "wrong", "right_card", "wrong_card", "clues")
_LABELS = const("Who shot|Right: identified|Wrong: a miss|Right, was|Wrong, not|Fix a clue|")  # in _ROWS order


class Eliminate(Form):
    """A shot may name a card (PROX on its rows): the cards the suspect can still be, the only
    one first when there is one, then the card dialled on its board. A hit's card is nobody
    else's (the table refuses one entered already); one the suspect's clues rule out is taken
    at the second GO only, after a warning. A miss's card is not this suspect. In Mission 19 the
    group names who shot: that agent may clue the Kingpin and sit out."""
    footer = "GO pick   ALARM back"

    def __init__(self, app, i, suit, number):
        self.app = app
        self.i = i
        t = app.session.table
        self.kp = bool(t.flags & sp.F_KINGPIN and i)
        self.shooter = -1
        self.change("shooter", 1)  # the first agent in play, but the suspect's holder
        if self.shooter == t.agent_of(i):
            self.change("shooter", 1)
        self.dialled = (suit, number)
        self.n = t.candidates(i)  # the candidates, then the dialled card when it is none of them
        self.last = self.n - (t.board.cand[suit] >> number & 1)
        self.k = 0
        self.card = self._nth(0)
        self._warned = -1  # the card a warning was given for
        self.title = "ELIMINATE S%d" % (i + 1)
        super().__init__(app)
        if self.kp:
            self.cur = 1  # on Right, the shooter's row above it

    def _nth(self, k):
        """The k-th card of the order: a candidate (board.cand), past them the dialled card."""
        t = self.app.session.table
        t.candidates(self.i)
        cand = t.board.cand
        for s in range(SUITS):
            for n in range(16):
                if cand[s] >> n & 1:
                    if not k:
                        return (s, n)
                    k -= 1
        return self.dialled

    def layout(self):
        return _ROWS if self.kp else _ROWS[1:]  # who shot: Mission 19 only

    def label(self, r):
        return ms.part(_LABELS, _ROWS.index(r))

    def value(self, r):
        if r == "shooter":
            return "A%d" % (self.shooter + 1)
        return card_text(*self.card) if r.endswith("_card") else None

    def change(self, r, d):
        t = self.app.session.table
        if r != "shooter":
            self.k = min(max(self.k + d, 0), self.last)
            self.card = self._nth(self.k)
            return
        step = 1 if d > 0 else -1
        for _ in range(d * step):
            a = self.shooter + step
            while 0 <= a < t.agents and t.is_out(a):
                a += step
            if 0 <= a < t.agents:
                self.shooter = a

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
        if right and suit >= 0 and self.k >= self.n and self._warned != self.k:
            self._warned = self.k
            app.flash("Ruled out: GO again")
            return
        s.act(_A_SHOT, t.shoot, self.i, right, suit, number, self.shooter if self.kp else ASIDE)
        if right or t.result:
            app.close_all()
            app.flash("S%d identified" % (self.i + 1) if right and not t.result else
                      ("Mission won" if t.result == WIN else "Mission lost"))
        else:
            app.close()
            app.flash("Missed: %d bullets" % t.bullets)
