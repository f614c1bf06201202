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
        g = app.session.game
        fresh = g.phase == SETUP
        self.players = g.players
        self.two = g.two_player
        self.alarm = g.alarm_start
        self.physical = g.flag(PHYSICAL_DIE)
        self.first = g.first_player if fresh else -1  # -1: random
        self.draft = False
        super().__init__(app)  # last: the rows depend on the player count

    _LABELS = {"players": "Players", "two": "2 ops each", "alarm": "Alarm start", "die": "Die",
               "first": "First player", "draft": "Item draft", "start": "Start game"}

    def layout(self):
        return ("players", "two", "alarm", "die", "first", "draft", "start") if self.players == 2 else \
            ("players", "alarm", "die", "first", "draft", "start")

    def label(self, r):
        return self._LABELS[r]

    def value(self, r):
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

    def change(self, r, d):
        """Two-valued rows take their second value clockwise, their first anticlockwise."""
        if r == "players":
            self.players = min(max(self.players + d, 2), 6)
            self.first = min(self.first, self.players - 1)
            self.two = self.two and self.players == 2
            self.refresh()
        elif r == "two":
            self.two = d > 0
        elif r == "alarm":
            self.alarm = min(max(self.alarm + d, -1), 1)
        elif r == "die":
            self.physical = d > 0
        elif r == "draft":
            self.draft = d > 0
        elif r == "first":
            self.first = min(max(self.first + d, -1), self.players - 1)

    def pick(self, r):
        if r in ("two", "die", "draft"):  # a press flips a two-valued row
            self.change(r, -1 if self.value(r) in ("yes", "own die", "guide") else 1)
            return
        if r != "start":
            self.change(r, 1)
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
            self.act(self.pick, "start")
        else:
            super().press(button)

    def _start(self, first):
        g = self.app.session.game
        g.setup(self.players, self.two, self.alarm, self.physical, first)
        g.start()
