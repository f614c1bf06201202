"""The end of the game: each operative's data, tokens and cards, then the winner by the rules."""
from micropython import const

from lockdown import draw
from lockdown.events import ALARM, GO
from lockdown.games.infiltration.rules.game import BLACKMAIL, PROTOTYPE
from lockdown.games.infiltration.rules.actions import A_SCORE
from lockdown.games.infiltration.rules.score import (BY_BLACKMAIL, BY_DATA, BY_PROTOTYPE, BY_SOLE_ESCAPE, BY_TOKENS, DRAW,
                            WIN, counts, player_totals, result)
from lockdown.games.infiltration.screens.table import status_word
from lockdown.games.infiltration.rules.helpers import op_name
from lockdown.ui import Form, View, title_bar

_TYPING = const(False)
if _TYPING:
    from lockdown.contract import App
    from lockdown.games.infiltration.session import Session

_LABELS = {"tokens": "   tokens", "proto": "   Prototype", "blackmail": "   Blackmail"}
_CARDS = {"proto": PROTOTYPE, "blackmail": BLACKMAIL}
HOW = {BY_SOLE_ESCAPE: "only one escaped", BY_DATA: "most data", BY_PROTOTYPE: "tie: Prototype",
       BY_TOKENS: "tie: most tokens", BY_BLACKMAIL: "tie: Blackmail File"}


class Scoring(Form):
    """Four rows per operative, each (field, operative); the PROX knob sets each. The last row
    shows the winner. Cards: clockwise held, anticlockwise not."""
    app: "App[Session]"
    title = "FINAL SCORES"
    footer = "GO: who won?"

    def layout(self):
        rows = []
        for op in range(self.app.session.game.ops):
            rows += [("data", op), ("tokens", op), ("proto", op), ("blackmail", op)]
        return tuple(rows) + ("won",)

    def label(self, row):
        if row == "won":
            return "Who won?"
        field, op = row
        if field == "data":
            g = self.app.session.game
            return "%s %s: data" % (op_name(g, op), status_word(g, op))
        return _LABELS[field]

    def value(self, row):
        if row == "won":
            return None
        g = self.app.session.game
        field, op = row
        if field == "data":
            return str(g.data(op))
        if field == "tokens":
            return str(g.tokens(op))
        return "yes" if g.has(op, _CARDS[field]) else "no"

    def change(self, row, d):
        g = self.app.session.game
        field, op = row
        s = self.app.session
        if field in _CARDS:
            bit = _CARDS[field]
            if g.has(op, bit) != (d > 0):
                s.act(A_SCORE, g.set_card, op, bit, d > 0)
            return
        data = min(max(g.data(op) + (d if field == "data" else 0), 0), 255)
        tokens = min(max(g.tokens(op) + (d if field == "tokens" else 0), 0), 255)
        spin = 1 + op * 2 + (field == "tokens")  # a spin of this one row
        s.act(A_SCORE, g.set_score, op, data, tokens, spin=spin, now=self.app.now)

    def pick(self, row):
        if row == "won":
            self.app.open("result")
        elif row[0] in _CARDS:
            self.change(row, -1 if self.app.session.game.has(row[1], _CARDS[row[0]]) else 1)
        else:
            self.change(row, 1)

    def press(self, button):
        if button == GO:
            self.app.open("result")
        else:
            super().press(button)


class Result(View):
    """The winner, how it was decided, and every player's data total ("-" for a player with no
    operative that counts): one line up to three players, two halves above that."""
    app: "App[Session]"

    def __init__(self, app):
        super().__init__(app)
        g = app.session.game
        self.kind, self.players, self.how = result(g)
        totals = []
        for p in range(g.players):
            scored = any(counts(g, op) for op in range(g.ops) if g.owner(op) == p)
            totals.append("P%d:%s" % (p + 1, player_totals(g, p)[0] if scored else "-"))
        half = (len(totals) + 1) // 2 if len(totals) > 3 else 3
        self.totals = (" ".join(totals[:half]), " ".join(totals[half:]))

    def draw(self, fb):
        title_bar(fb, "RESULT")
        if self.kind == WIN:
            draw.centre(fb, "P%d WINS" % (self.players[0] + 1), 11, 1, 2)
            draw.centre(fb, HOW[self.how], 29)
        elif self.kind == DRAW:
            draw.centre(fb, "DRAW", 11, 1, 2)
            draw.centre(fb, " ".join("P%d" % (p + 1) for p in self.players), 29)
        else:
            draw.centre(fb, "NO WINNER", 11, 1, 2)
            draw.centre(fb, "nobody escaped", 29)
        draw.centre(fb, self.totals[0], 38)
        draw.centre(fb, self.totals[1], 46)
        fb.fill_rect(0, 54, 128, 10, 1)
        draw.centre(fb, "GO new game", 55, 0)

    def press(self, button):
        if button == GO:
            self.app.close_all()
            self.app.open("setup")
        elif button == ALARM:
            self.app.close()
