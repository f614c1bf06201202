"""Entering cards: the clue board of one suspect (the face-up cards the table has seen are entered
the same way, in seen.py).

A card is dialled in with both knobs, ALARM the suit and PROX the number, each stopping at its
ends; GO adds it. The card under entry is drawn from constant texts, so a detent allocates
nothing; the lists are made again only when the game changes.
"""
from micropython import const

from lockdown import draw
from lockdown.events import ALARM, GO, PROX
from lockdown.games.infiltraitors.rules import missions as ms
from lockdown.games.infiltraitors.rules import specials as sp
from lockdown.games.infiltraitors.rules.clues import HORIZONTAL, SPECIAL, SUITS, VERTICAL
from lockdown.games.infiltraitors.screens.common import cards_lines, draw_card
from lockdown.games.infiltraitors.rules.table import FULL, OFF, SHOT_TEXT
from lockdown.ui import title_bar

_A_CLUE = const(2)  # rules/actions.py's, copied
_A_KINGPIN = const(7)
WRONG = "0 cards: clue wrong?"  # the board's line and the flash when a clue leaves no card


class CardEntry:
    """A card dialled in with the two knobs. `clue` says whether specials count (as clues)."""
    clue = True

    def __init__(self, app):
        self.app = app
        self.session = app.session
        t = app.session.table
        self.suit = 0
        while not t.suits >> self.suit & 1:
            self.suit += 1
        self.number = self._lo()
        self._key = -1

    def make(self):
        """Makes the texts that follow the game: each board its own."""

    def _lo(self):
        t = self.session.table
        return SPECIAL if t.valid_card(self.suit, SPECIAL, self.clue) else 2

    def shown(self):
        self._key = -1

    def turn(self, knob, n):
        t = self.session.table
        if knob == PROX:
            hi = 13 if t.flags & ms.F_NUM13 else 15
            self.number = min(max(self.number + n, self._lo()), hi)
            return
        step = 1 if n > 0 else -1
        for _ in range(n * step):
            s = self.suit + step
            while 0 <= s < SUITS and not t.suits >> s & 1:
                s += step
            if not 0 <= s < SUITS:
                break
            self.suit = s

    def hold(self, button):
        self.app.close_all()

    def _lists(self):
        """The texts that follow the game, made when session.changes moves."""
        if self._key != self.session.changes:
            self._key = self.session.changes
            self.make()

    def draw_entry(self, fb, after):
        fb.fill_rect(0, 9, 128, 10, 1)
        x = draw.text(fb, "+", 2, 10, 0)
        x = draw_card(fb, self.suit, self.number, x + 6, 10, 0)
        draw.right(fb, after, 125, 10, 0)


class SuspectBoard(CardEntry):
    """One suspect's clues: GO adds the card dialled in, PROX flips vertical / horizontal before
    adding, hold GO: eliminate or fix a clue; hold PROX: every card it can be (the board shows
    three lines); ALARM back. In Mission 19 the Kingpin's clues come from the agent who made the
    last hit (named on the Eliminate screen), whoever the table's cursor is on."""

    def __init__(self, app, i):
        self.i = i
        self.vertical = True
        super().__init__(app)

    def press(self, button):
        if button == ALARM:
            self.app.close()
        elif button == PROX:
            self.vertical = not self.vertical
        else:
            self.app.attempt(self._add)

    def hold(self, button):
        if button == GO:
            self.app.open("shoot", self.i, self.suit, self.number)
        elif button == PROX:
            self.app.open("cards", self.i)
        else:
            self.app.close_all()

    def _add(self):
        t = self.session.table
        if self.i == t.kingpin():
            n = self.session.act(_A_KINGPIN, t.kingpin_clue, self.suit, self.number, self.vertical)
        else:
            n = self.session.act(_A_CLUE, t.clue, self.i, self.suit, self.number, self.vertical)
        if not n:
            self.app.flash(WRONG)

    def make(self):
        t = self.session.table
        i = self.i
        b = t.board
        self.title = "KINGPIN" if i == t.kingpin() else "S%d at A%d" % (i + 1, t.agent_of(i) + 1)
        self.counts = "V%d H%d" % (b.count(i, VERTICAL), b.count(i, HORIZONTAL))
        n = t.candidates(i)
        if t.display == OFF:
            lines = ["Clue board off"]
        else:
            lines = ["1 card can be" if n == 1 else "%d cards can be" % n if n else WRONG]
        rule = None
        if t.flags & (sp.F_BALANCE | sp.F_ORDER):
            why = t.may_shoot(i)
            rule = ms.part(SHOT_TEXT, why) if why else "May eliminate now"
        cut = False
        if t.display == FULL and n:
            more = cards_lines(t, i, 2 if rule else 3)
            cut = more[-1].endswith("..")
            lines.extend(more)
        if rule:
            lines.append(rule)
        self.lines = lines
        if i == t.kingpin():
            self.footer = ("GO: clue from A%d" % (t.kingpin_agent + 1) if t.kingpin_clues_left()
                           else "Clues after a hit")
        else:
            self.footer = "GO add  hold PROX all" if cut else "GO add PROX flip"

    def draw(self, fb):
        self._lists()
        title_bar(fb, self.title, self.counts)
        self.draw_entry(fb, "vertical" if self.vertical else "horizontal")
        lines = self.lines
        for k in range(len(lines)):  # no enumerate object per frame
            draw.text(fb, lines[k], 2, 21 + 9 * k)
        draw.text(fb, self.footer, 1, 57)
