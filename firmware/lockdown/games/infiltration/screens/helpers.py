"""Table helpers on the device: Download and Extract shares, and the item draft step by step.

Nothing here changes the game: the screens do the sums the table would otherwise do by hand.
"""
from lockdown import draw
from lockdown.events import ALARM, GO
from lockdown.games.infiltration.rules.game import SECRET_ROOM
from lockdown.games.infiltration.rules.helpers import DRAFT, download, draft_prompt, extract, op_name
from lockdown.games.infiltration.rules.actions import A_PHASE
from lockdown.ui import Form, View, title_bar

ORDINALS = ("1st", "2nd", "3rd", "4th", "5th", "6th")


def _room(r):
    return "-" if not r else "secret" if r == SECRET_ROOM else "room %d" % r


class Helpers(Form):
    title = "TABLE HELPERS"
    items = (("Download shares", "download"), ("Extract shares", "extract"), ("Item draft", "draft"))

    def count(self):
        return len(self.items)

    def label(self, i):
        return self.items[i][0]

    def pick(self, i):
        self.app.open(self.items[i][1])


class Download(Form):
    """The first to download in a room this round takes up to 2 tokens, later ones 1."""
    title = "DOWNLOAD"

    def __init__(self, app):
        super().__init__(app)
        self.v = [3, 2, 0]  # tokens in the room, operatives downloading, how many did before

    def _takes(self):
        return download(self.v[1], self.v[0], self.v[2])

    def count(self):
        return 3 + self.v[1]

    def label(self, i):
        if i < 3:
            return ("Tokens in room", "Downloading", "Done before")[i]
        return "  %s takes" % ORDINALS[self.v[2] + i - 3]

    def value(self, i):
        return str(self.v[i] if i < 3 else self._takes()[i - 3])

    def editable(self, i):
        return i < 3

    def change(self, i, d):
        lo, hi = ((0, 30), (1, 6), (0, 5))[i]
        self.v[i] = min(max(self.v[i] + d, lo), hi)
        self.v[2] = min(self.v[2], 6 - self.v[1])
        self.cur = min(self.cur, self.count() - 1)


class Extract(Form):
    """Extract variant: who extracted where, the tokens each room holds, then each one's share."""
    title = "EXTRACT"
    footer = "GO done"

    def __init__(self, app, then_next_phase=False):
        super().__init__(app)
        self.rooms = [0] * app.session.game.ops
        self.tokens = {}
        self.then = then_next_phase

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

    def count(self):
        return 2 * len(self.rooms) + len(self._used())

    def _row(self, i):
        n = len(self.rooms)
        used = self._used()
        if i < n:
            return "room", i
        if i < n + len(used):
            return "tokens", used[i - n]
        return "share", self._order()[i - n - len(used)]

    def label(self, i):
        kind, k = self._row(i)
        g = self.app.session.game
        if kind == "room":
            return op_name(g, k) + " extracts in"
        if kind == "tokens":
            return "Tokens " + _room(k)
        return "= %s takes" % op_name(g, k)

    def value(self, i):
        kind, k = self._row(i)
        if kind == "room":
            return _room(self.rooms[k])
        if kind == "tokens":
            return str(self.tokens.get(k, 4))
        g = self.app.session.game
        takes = extract(self.rooms, self._tokens(), g.first_player * (2 if g.two_player else 1))
        return str(takes[k]) if self.rooms[k] else "-"

    def _tokens(self):
        return {r: self.tokens.get(r, 4) for r in self._used()}

    def editable(self, i):
        return self._row(i)[0] != "share"

    def change(self, i, d):
        kind, k = self._row(i)
        if kind == "room":
            self.rooms[k] = min(max(self.rooms[k] + d, 0), SECRET_ROOM)
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
