"""New mission: which one, how many agents; the suspects, bullets and special rule it brings,
the suits in play, an optional clock, and how much the clue board shows. Over a mission still
in progress, starting asks first (menu.py's NewConfirm, loaded only then).

Suits: a mission that only gives their number (3 or 4 of the 5) starts with the default the
engine has always used (red, yellow, black; blue added for 4), said as such; PROX on the Suits row
steps through every other choice of that many suits, the default first. Training #1 names its
suits (fixed) and five-suit missions use them all.

The cursor stops only on rows that do something (a value to set, Start, Other games): the
suspects, bullets, rule and suit names are only read. Hold GO: the menu before any mission (back
to the table once one is set up); the last row opens the game picker.

Before a mission is set up the session has no table (it makes one when first asked), and this
screen asks it nothing: a board's first frame with no save loads neither table.py nor clues.py.
"""
from micropython import const

from lockdown.events import ALARM, GO
from lockdown.games.infiltraitors.rules import missions as ms
from lockdown.games.infiltraitors.rules.missions import (DISPLAY_NAMES, FULL, LETTERS, OFF, SUIT_SHORT, SUITS,
                                                   bits)
from lockdown.ui import ROWS, Form

_LABELS = {"mission": "Mission", "agents": "Agents", "suspects": "Suspects", "bullets": "Bullets",
           "clock": "Clock", "board": "Clue board", "start": "Start mission",
           "picker": "Other games"}
_SUITS_HOW = const("Suits (fixed)|Suits (default)|Suits (chosen)|Suits (all five)|")  # ms.part(_SUITS_HOW, k)
_MAX_MIN = const(99)
_AGENTS = const(3)  # the agents of a session's first table (Table(0, 3)): the first setup's


def _clock(m):
    return ms.CLOCK_S // 60 if ms.has(m, ms.F_CLOCK) else 0


def choosable(m):
    """Does mission `m` leave the suits to the group (it gives only how many)?"""
    return not ms.has(m, ms.F_NUM13) and ms.suit_count(m) < SUITS


def suit_choice(m, k):
    """The k-th choice of suits for mission `m` as a mask: 0 is the default, then every other
    mask of that many suits in rising order; -1 past the last (allocates nothing)."""
    d = ms.default_suits(m)
    if k == 0:
        return d
    n = ms.suit_count(m)
    for mask in range(1 << SUITS):
        if mask != d and bits(mask) == n:
            k -= 1
            if not k:
                return mask
    return -1


class Setup(Form):
    title = "NEW MISSION"
    footer = "GO start mission"

    def __init__(self, app):
        s = app.session
        t = s.table if s.started else None  # none made for the first setup
        self.mission = t.mission if t else 0
        self.agents = t.agents if t else _AGENTS
        self.minutes = _clock(self.mission)
        self.display = t.display if t else FULL
        self.choice = 0  # the index of the suits in suit_choice: 0, the default
        if t and choosable(self.mission):
            while suit_choice(self.mission, self.choice) not in (t.suits, -1):
                self.choice += 1
            if suit_choice(self.mission, self.choice) < 0:
                self.choice = 0
        self._names = ()  # type: tuple
        self._names_for = -1  # the mask _names shows
        super().__init__(app)

    @property
    def suits(self):
        return suit_choice(self.mission, self.choice)

    def layout(self):
        rule = ms.part(ms.RULES, self.mission)
        lines = tuple(("rule", k) for k in range(len(rule.split("\n")))) if rule else (("rule", -1),)
        names = ("names",) if self.suits != (1 << SUITS) - 1 else ()
        return (("mission", "agents", "suspects", "bullets") + lines + ("clock", "board", "suits") +
                names + ("start", "picker"))

    def _suit_names(self):
        """The suits in play as the cards name them ('Red, Yel, Blk'), made when the choice changes."""
        m = self.suits
        if m != self._names_for:
            self._names_for = m
            self._names = (", ".join(SUIT_SHORT[t] for t in range(SUITS) if m >> t & 1),
                           "".join(LETTERS[t] for t in range(SUITS) if m >> t & 1))
        return self._names

    def label(self, r):
        if type(r) is tuple:
            rule = ms.part(ms.RULES, self.mission)
            return rule.split("\n")[r[1]] if rule else "No special rule"
        if r == "suits":
            m = self.mission
            if not choosable(m):
                return ms.part(_SUITS_HOW, 3 if ms.suit_count(m) == SUITS else 0)
            return ms.part(_SUITS_HOW, 2 if self.choice else 1)
        if r == "names":
            return self._suit_names()[0]
        return _LABELS[r]

    def value(self, r):
        m = self.mission
        if r == "mission":
            return ms.name(m)
        if r == "agents":
            return str(self.agents)
        if r == "suspects":
            return str(ms.suspects(m, self.agents))
        if r == "bullets":
            return str(ms.bullets(m, self.agents))
        if r == "clock":
            return "%d min" % self.minutes if self.minutes else "off"
        if r == "board":
            return DISPLAY_NAMES[self.display]
        if r == "suits":
            return self._suit_names()[1]
        return None

    def editable(self, r):
        return r in ("mission", "agents", "clock", "board") or (r == "suits" and choosable(self.mission))

    def change(self, r, d):
        if r == "mission":
            m = min(max(self.mission + d, 0), ms.COUNT - 1)
            if m != self.mission:
                self.mission = m
                self.minutes = _clock(m)
                self.choice = 0
                self.refresh()
        elif r == "suits":
            k = max(self.choice + d, 0)
            while suit_choice(self.mission, k) < 0:
                k -= 1
            self.choice = k
        elif r == "agents":
            self.agents = min(max(self.agents + d, ms.MIN_AGENTS), ms.MAX_AGENTS)
        elif r == "clock":
            self.minutes = min(max(self.minutes + d, 0), _MAX_MIN)
        elif r == "board":
            self.display = min(max(self.display + d, FULL), OFF)

    def turn(self, knob, n):
        """ALARM moves the cursor over the rows it stops on, one detent a row, to the ends."""
        if knob != ALARM:
            return super().turn(knob, n)
        step = 1 if n > 0 else -1
        rows = self.rows
        for _ in range(n * step):
            k = self.cur + step
            # the rows it stops on set or do something
            while 0 <= k < len(rows) and not (rows[k] in ("start", "picker") or self.editable(rows[k])):
                k += step
            if not 0 <= k < len(rows):
                break
            self.cur = k
        self.top = min(max(self.top, self.cur - ROWS + 1), self.cur)
        self.footer = "GO: other games" if self.rows[self.cur] == "picker" else Setup.footer

    def pick(self, r):
        if r == "picker":
            self.app.open("picker")
        elif r == "start":
            self.start()

    def press(self, button):
        """GO starts the mission from any row but the picker's, which it opens."""
        if button == GO:
            self.act(self.pick, "picker" if self.row() == "picker" else "start")
        else:
            super().press(button)

    def hold(self, button):
        """Hold GO: the menu before any mission (Other games is there too), else the table."""
        if button == GO and not self.app.session.started:
            self.app.open("menu")
        else:
            super().hold(button)

    def start(self, sure=False):
        app = self.app
        s = app.session
        if s.started and not s.over and not sure:  # a mission in progress: ask first
            app.open("new", self)
            return
        app.session.start(self.mission, self.agents, self.minutes * 60, self.display, app.now,
                          self.suits)
        app.close_all()  # home, made next pass if not yet, shows the new mission from its first agent
        app.flash(ms.name(self.mission) + ": go")
