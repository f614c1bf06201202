"""New game: players, the two-player game, the alarm start, whose die, who starts."""
from lockdown.events import GO
from lockdown.games.infiltration.rules.game import PHYSICAL_DIE, SETUP
from lockdown.games.infiltration.rules.actions import A_SETUP
from lockdown.ui import Form

_ALARM_NAMES = {-1: "-1 long", 0: "0", 1: "+1 short"}


class Setup(Form):
    title = "NEW GAME"
    footer = "GO start game"

    def __init__(self, app):
        super().__init__(app)
        g = app.session.game
        fresh = g.phase == SETUP
        self.players = g.players
        self.two = g.two_player
        self.alarm = g.alarm_start
        self.physical = g.flag(PHYSICAL_DIE)
        self.first = g.first_player if fresh else -1  # -1: random
        self.draft = False

    def _rows(self):
        return ("players", "two", "alarm", "die", "first", "draft", "start") if self.players == 2 else \
            ("players", "alarm", "die", "first", "draft", "start")

    def count(self):
        return len(self._rows())

    def label(self, i):
        return {"players": "Players", "two": "2 ops each", "alarm": "Alarm start",
                "die": "Die", "first": "First player", "draft": "Item draft",
                "start": "Start game"}[self._rows()[i]]

    def value(self, i):
        r = self._rows()[i]
        if r == "players":
            return str(self.players)
        if r == "two":
            return "yes" if self.two else "no"
        if r == "draft":
            return "guide" if self.draft else "no"
        if r == "alarm":
            return _ALARM_NAMES[self.alarm]
        if r == "die":
            return "own die" if self.physical else "device"
        if r == "first":
            return "random" if self.first < 0 else "P%d" % (self.first + 1)
        return None

    def change(self, i, d):
        r = self._rows()[i]
        if r == "players":
            self.players = min(max(self.players + d, 2), 6)
            self.first = min(self.first, self.players - 1)
            self.two = self.two and self.players == 2
            self.cur = min(self.cur, self.count() - 1)
        elif r == "two":
            self.two = not self.two
        elif r == "alarm":
            self.alarm = min(max(self.alarm + d, -1), 1)
        elif r == "die":
            self.physical = not self.physical
        elif r == "draft":
            self.draft = not self.draft
        elif r == "first":
            self.first = min(max(self.first + d, -1), self.players - 1)

    def pick(self, i):
        if self._rows()[i] != "start":
            self.change(i, 1)
            return
        s = self.app.session
        first = self.first
        if first < 0:
            first = s.die.roll() - 1
            while first >= self.players:
                first = s.die.roll() - 1
        s.act(A_SETUP, self._start, first)
        s.log.reset()
        self.app.flash("P%d starts" % (first + 1))
        self.app.close_all()
        if self.draft:
            self.app.open("draft")

    def press(self, button):
        if button == GO:
            self.act(self.pick, self.count() - 1)
        else:
            super().press(button)

    def _start(self, first):
        g = self.app.session.game
        g.setup(self.players, self.two, self.alarm, self.physical, first)
        g.start()
