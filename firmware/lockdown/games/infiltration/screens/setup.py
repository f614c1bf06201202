"""New game: players, the two-player game, the alarm start, whose die, who starts, and the rule
options and variants (the Settings screen, opened from here, sets them for the new game only).
P1 starts unless the group picks another or the die's draw ("random"): one default, whether
the device just booted, New game came from the menu or from a result.
"""
from micropython import const

from lockdown.events import GO
from lockdown.games.infiltration.rules.game import (CHECK_AT_START, EXTRACT, NELSON_ALWAYS, PASS_SKIPS_ESCAPED,
                                                    PHYSICAL_DIE, SETUP)
from lockdown.ui import Form

_TYPING = const(False)
if _TYPING:
    from lockdown.contract import App
    from lockdown.games.infiltration.session import Session

_A_SETUP = const(9)  # rules/actions.py's, copied: that module is not imported before the first frame
_ALARM_NAMES = ("0", "+1 short", "-1 long")  # by alarm start: 0, +1, and -1 from the end
_RULES = (PASS_SKIPS_ESCAPED, NELSON_ALWAYS, CHECK_AT_START, EXTRACT)
_OPENS = {"rules": "GO rules & variants", "games": "GO other games"}  # rows GO opens (else it starts)


class Setup(Form):
    app: "App[Session]"
    title = "NEW GAME"
    footer = "GO start game"

    def __init__(self, app):
        g = app.session.game
        fresh = g.phase == SETUP
        self.players = g.players
        self.two = g.two_player
        self.alarm = g.alarm_start
        self.physical = g.flag(PHYSICAL_DIE)
        self.first = g.first_player if fresh else 0  # -1: random
        self.draft = False
        self.settings = 0  # the rule options and variants the new game starts with (bits)
        for bit in _RULES:
            self.settings |= bit if g.flag(bit) else 0
        super().__init__(app)  # last: the rows depend on the player count

    _LABELS = {"players": "Players", "two": "2 ops each", "alarm": "Alarm start", "die": "Die",
               "first": "First player", "draft": "Item draft", "rules": "Rules & variants", "start": "Start game",
               "games": "Other games"}

    def layout(self):
        return ("players", "two", "alarm", "die", "first", "draft", "rules", "start", "games") \
            if self.players == 2 else ("players", "alarm", "die", "first", "draft", "rules", "start", "games")

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
        if r == "rules":
            self.app.open("settings", self)
            return
        if r == "games":  # before a first game too: a new board can go straight to another game
            self.app.open("picker")
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
        s.act(_A_SETUP, self._start, first)
        s.log.reset()
        self.app.close_all()  # round 1's play screen names who starts: no notice over the draft
        if self.draft:
            self.app.open("draft")

    def hint(self):
        return _OPENS.get(self.row(), self.footer)

    def press(self, button):
        """GO starts the game from any row but those that open a screen (rules, other games)."""
        if button == GO and self.row() not in _OPENS:
            self.act(self.pick, "start")
        else:
            super().press(button)

    def hold(self, button):
        """Hold GO: the rules and variants (the menu's place before a game; setup stays under)."""
        if button == GO:
            self.app.open("settings", self)

    def _start(self, first):
        g = self.app.session.game
        g.setup(self.players, self.two, self.alarm, self.physical, first)
        for bit in _RULES:
            g.set_setting(bit, bool(self.settings & bit))
        g.start()
