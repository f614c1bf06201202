"""The table: bullets, suspects left and in the pile, each agent's suspect, and the clock in big
digits when the mission has one. Home of Infiltraitors: every other screen opens over it.

Controls: turn ALARM picks an agent; GO nabs a suspect for that agent, or opens its suspect's
clue board; ALARM switch: undo; PROX switch: the mission's rules; hold GO: menu; hold PROX:
pause or resume the clock; hold ALARM: face-up cards. Its texts are made when the game or the
shown second changes, never per detent. The clock runs through the session's tick (the App's, on
every pass); a warning it leaves (session.warning) flashes here.
"""
from micropython import const

from lockdown import draw
from lockdown.events import ALARM, GO, PROX
from lockdown.games.infiltraitors.rules import missions as ms
from lockdown.games.infiltraitors.rules import specials as sp
from lockdown.games.infiltraitors.screens.common import DIGITS, clock_text, draw_clock
from lockdown.games.infiltraitors.rules.table import OFF, WHY_NAMES, WIN
from lockdown.ui import title_bar

_A_NAB = const(1)  # rules/actions.py's, copied
_WARNINGS = const("|5 minutes left|1 minute left|Time up: lost|")  # ms.part(_WARNINGS, warning)


class Home:
    def __init__(self, app):
        self.app = app
        self.session = app.session
        self.agent = 0  # the agent under the cursor; in Mission 19 `agents` is the Kingpin
        self._for = None  # the table (the mission) the cursor is for: a new one starts it at 0
        self._key = -1  # session.changes the texts were made for
        self._lines = ()  # type: tuple | list  # one line and one GO hint a cursor position
        self._hints = ()  # type: tuple | list
        self._info = ()  # type: tuple
        self._name = ""
        self._second = -2  # the clock second the clock text shows
        self._clock = ""

    def shown(self):
        t = self.session.table
        if t is not self._for:
            self._for = t
            self.agent = 0
        self.agent = min(self.agent, self._last())

    def _last(self):
        t = self.session.table
        return t.agents if t.kingpin() == 0 else t.agents - 1

    def saver_text(self):
        """The result once the mission is over, else the time left (the screensaver keeps the
        clock), else the bullets."""
        self._texts()
        return self._hints[0] if self.session.table.result else self._clock or self._info[0]

    # ---- input ---------------------------------------------------------------------------------
    def turn(self, knob, n):
        if knob == ALARM:
            self.agent = min(max(self.agent + n, 0), self._last())

    def press(self, button):
        app = self.app
        t = self.session.table
        if button == ALARM:
            s = self.session
            if s.history.count or s.undo_name():  # a step, or the mission a new one replaced
                app.open("undo")
            else:
                app.flash("Nothing to undo")
        elif button == PROX:
            app.open("rules")
        elif t.result:
            app.open("setup")
        elif self.agent == t.agents:
            app.open("board", 0)
        elif t.holder(self.agent) >= 0:
            app.open("board", t.holder(self.agent))
        else:
            app.attempt(self._nab)

    def _nab(self):
        i = self.session.act(_A_NAB, self.session.table.nab, self.agent)
        self.app.flash("Suspect %d nabbed" % (i + 1))

    def hold(self, button):
        if button == GO:
            self.app.open("menu")
        elif button == ALARM:
            self.app.open("seen")
        else:
            self.app.attempt(self.toggle_clock)

    def toggle_clock(self):
        c = self.session.table.clock
        self.session.pause(self.app.now, c.running)
        self.app.flash("Clock paused" if not c.running else "Clock runs")

    def tick(self, now):
        """The clock's warning the session's tick left, flashed (the App redraws on its own)."""
        s = self.session
        w = s.warning
        if w:
            s.warning = 0
            self.app.flash(ms.part(_WARNINGS, w))
        return False

    # ---- drawing -------------------------------------------------------------------------------
    def _texts(self):
        s = self.session
        t = s.table
        left = t.clock.left_s()
        if left != self._second:
            self._second = left
            self._clock = clock_text(left) if left >= 0 else ""
        if s.changes == self._key:
            return
        self._key = s.changes
        lines = []
        hints = []
        for a in range(t.agents):
            i = t.holder(a)
            if t.is_out(a):
                line = "A%d sits out" % (a + 1)
            elif t.flags & sp.F_ELITE and a == t.elite:
                line = "A%d elite: shoots" % (a + 1)
            elif i >= 0:
                line = "A%d has S%d" % (a + 1, i + 1) + self._count(t, i)
            else:
                line = "A%d no suspect" % (a + 1)
            lines.append(line)
            if i >= 0:
                hints.append("GO: clue board")
            elif t.is_out(a) or (t.flags & sp.F_ELITE and a == t.elite) or not t.can_nab():
                hints.append("hold GO: menu")
            else:
                hints.append("GO: nab")
        if t.kingpin() == 0:
            lines.append("Kingpin aside" + self._count(t, 0))
            hints.append("GO: Kingpin board")
        if t.result:
            hints = [("WON: " if t.result == WIN else "LOST: ") + ms.part(WHY_NAMES, t.why)] * len(lines)
        self._lines = lines
        self._hints = hints
        self._name = ms.name(t.mission)
        self._info = ("%d bullets" % t.bullets, "Suspects %d/%d" % (t.remaining, t.total),
                      "Pile %d" % t.pile, str(t.bullets), "Sus %d" % t.remaining)

    def _count(self, t, i):
        if t.display == OFF or t.status(i):
            return ""
        return ": %d" % t.candidates(i)

    def draw(self, fb):
        self._texts()
        t = self.session.table
        c = t.clock
        title_bar(fb, self._name, "" if t.result or not self._clock else
                  ("runs" if c.running else "PAUSED"))
        info = self._info
        if self._clock:
            draw_clock(fb, self._second, 2, 11)
            draw.text(fb, "Bul", 90, 11)
            draw.right(fb, info[3], 127, 11)
            draw.text(fb, info[4], 90, 21)
            draw.text(fb, info[2], 90, 31)
        else:
            b = t.bullets
            x = 2
            if b >= 10:
                x = draw.big(fb, DIGITS[b // 10], x, 11)
            draw.big(fb, DIGITS[b % 10], x, 11)
            draw.text(fb, "BULLETS", 46, 11)
            draw.text(fb, info[1], 46, 21)
            draw.text(fb, info[2], 46, 31)
        a = min(self.agent, len(self._lines) - 1)
        draw.text(fb, "\x10", 0, 43)  # the pointer (font.py)
        draw.text(fb, self._lines[a], 8, 43)
        fb.fill_rect(0, 54, 128, 10, 1)
        draw.centre(fb, self._hints[a], 55, 0)

