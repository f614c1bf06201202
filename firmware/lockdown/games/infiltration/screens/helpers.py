"""Table helpers on the device: Download and Extract shares, and the item draft step by step.

Nothing here changes the game: the screens do the sums the table would otherwise do by hand.
"""
from micropython import const

from lockdown import draw
from lockdown.events import ALARM, GO
from lockdown.games.infiltration.rules.game import SECRET_ROOM
from lockdown.games.infiltration.rules.helpers import DRAFT, download, draft_prompt, extract, op_name
from lockdown.games.infiltration.rules.actions import A_PHASE
from lockdown.menu import Menu
from lockdown.ui import Form, View, title_bar

_TYPING = const(False)
if _TYPING:
    from lockdown.contract import App
    from lockdown.games.infiltration.session import Session

ORDINALS = ("1st", "2nd", "3rd", "4th", "5th", "6th")


def _room(r):
    return "-" if not r else "secret" if r == SECRET_ROOM else "room %d" % r


class Helpers(Menu):
    app: "App[Session]"
    title = "TABLE HELPERS"
    ITEMS = (("Download shares", "download"), ("Extract shares", "extract"), ("Item draft", "draft"))


class Download(Form):
    """The first to download in a room this round takes up to 2 tokens, later ones 1."""
    app: "App[Session]"
    title = "DOWNLOAD"

    _INPUTS = {"tokens": ("Tokens in room", 0, 30), "downloading": ("Downloading", 1, 6),
               "before": ("Done before", 0, 5)}  # row: label, lowest, highest

    def __init__(self, app):
        self.v = {"tokens": 3, "downloading": 2, "before": 0}  # before super(): the layout needs it
        super().__init__(app)

    def layout(self):
        return ("tokens", "downloading", "before") + tuple(range(self.v["downloading"]))

    def _takes(self):
        v = self.v
        return download(v["downloading"], v["tokens"], v["before"])

    def label(self, row):
        if row in self._INPUTS:
            return self._INPUTS[row][0]
        return "  %s takes" % ORDINALS[self.v["before"] + row]  # row k: the k-th one downloading now

    def value(self, row):
        return str(self.v[row] if row in self._INPUTS else self._takes()[row])

    def editable(self, row):
        return row in self._INPUTS

    def change(self, row, d):
        _, lo, hi = self._INPUTS[row]
        v = self.v
        v[row] = min(max(v[row] + d, lo), hi)
        v["before"] = min(v["before"], 6 - v["downloading"])
        self.refresh()


class Extract(Form):
    """Extract variant: who extracted where, the tokens each room holds, then each one's share."""
    app: "App[Session]"
    title = "EXTRACT"
    footer = "GO done"

    def __init__(self, app, then_next_phase=False):
        self.rooms = [0] * app.session.game.ops  # before super(): the layout needs them
        self.tokens = {}
        self.then = then_next_phase
        super().__init__(app)

    def _used(self):
        out = []
        for r in self.rooms:
            if r and r not in out:
                out.append(r)
        out.sort()
        return out

    def _order(self):
        """Operatives in turn order from the first player (a player's two sit together)."""
        g = self.app.session.game
        first = g.first_player * (2 if g.two_player else 1)
        return [(first + i) % g.ops for i in range(g.ops)]

    def layout(self):
        """(kind, key) rows: where each operative extracts, the tokens of each room used, the shares."""
        return tuple([("room", op) for op in range(len(self.rooms))] + [("tokens", r) for r in self._used()]
                     + [("share", op) for op in self._order()])

    def label(self, row):
        kind, k = row
        g = self.app.session.game
        if kind == "room":
            return op_name(g, k) + " extracts in"
        if kind == "tokens":
            return "Tokens " + _room(k)
        return "= %s takes" % op_name(g, k)

    def value(self, row):
        kind, k = row
        if kind == "room":
            return _room(self.rooms[k])
        if kind == "tokens":
            return str(self.tokens.get(k, 4))
        g = self.app.session.game
        takes = extract(self.rooms, self._tokens(), g.first_player * (2 if g.two_player else 1))
        return str(takes[k]) if self.rooms[k] else "-"

    def _tokens(self):
        return {r: self.tokens.get(r, 4) for r in self._used()}

    def editable(self, row):
        return row[0] != "share"

    def change(self, row, d):
        kind, k = row
        if kind == "room":
            self.rooms[k] = min(max(self.rooms[k] + d, 0), SECRET_ROOM)
            self.refresh()
        elif kind == "tokens":
            self.tokens[k] = min(max(self.tokens.get(k, 4) + d, 0), 30)

    def press(self, button):
        if button == GO:
            self.app.close()
            if self.then:
                g = self.app.session.game
                self.app.attempt(self.app.session.act, A_PHASE, g.next_phase)
        else:
            super().press(button)


class Draft(View):
    """The advanced item draft, one step per GO."""
    app: "App[Session]"

    def __init__(self, app):
        super().__init__(app)
        self.step = 0

    def draw(self, fb):
        title_bar(fb, "ITEM DRAFT %d/%d" % (self.step + 1, len(DRAFT)))
        for i, line in enumerate(draft_prompt(self.step)):
            draw.centre(fb, line, 16 + i * 12)
        fb.fill_rect(0, 54, 128, 10, 1)
        draw.centre(fb, "GO next" if self.step < len(DRAFT) - 1 else "GO done", 55, 0)

    def press(self, button):
        if button == ALARM and self.step:
            self.step -= 1
        elif button == ALARM:
            self.app.close()
        elif self.step < len(DRAFT) - 1:
            self.step += 1
        else:
            self.app.close()
