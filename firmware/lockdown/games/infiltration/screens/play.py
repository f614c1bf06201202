"""The play screen: the Security Tracker's dials, the round driven by GO, the roll, and the NPC
phase steps. Home of Infiltration: every other screen opens over it and goes back to it.

Controls: turn ALARM or PROX to move that dial (card effects, at any moment); GO goes on (next
phase, roll, confirm an NPC step); ALARM switch: undo; PROX switch: operatives; hold GO: menu;
hold ALARM: NPCs; hold PROX: odds. It is on every event's path, so it allocates nothing per
detent: texts are made again only when they change.
"""
import sys

from micropython import const

from lockdown import draw, ticks
from lockdown.events import ALARM, GO
from lockdown.games.infiltration.rules.actions import A_ALARM, A_PHASE, A_PROX
from lockdown.games.infiltration.rules.game import (DELAYED, END_LOCKDOWN, EXTRACT, NPC, OVER, PHYSICAL_DIE,
                                                    RESOLUTION, ROLLED, SECURITY, SELECTION, SETUP, WALK,
                                                    RuleError)
from lockdown.games.infiltration.rules.helpers import op_name
from lockdown.ui import title_bar

_TYPING = const(False)
if _TYPING:
    from lockdown.contract import App
    from lockdown.games.infiltration.session import Session

MERGE_MS = const(1500)  # knob turns closer than this undo as one step
ROLL_MS = const(720)  # the roll animation
_ROLL_FRAME_MS = const(80)

_DIGITS = ("0", "1", "2", "3", "4", "5", "6", "7", "8", "9")  # constants: drawing them allocates nothing
_ALARM_TEXTS = ("-1", "0", "+1", "+2", "+3", "+4", "+5", "+6", "+7", "+8")
_PHASE_TITLES = ("SETUP", "SELECTION", "RESOLUTION", "NPC PHASE", "SECURITY", "GAME OVER")
_STEPS = "lockdown.games.infiltration.screens.npc"  # the NPC step's drawing and presses, imported here


class Play:
    app: "App[Session]"
    session: "Session"
    def __init__(self, app: "App[Session]"):
        self.app = app
        self.session = app.session
        self._knob = -1  # last knob turned, and when, for merging undo steps
        self._knob_at = 0
        self._rolling = False  # the roll animation runs until _roll_end
        self._roll_end = 0
        self.roll_from = -1  # proximity before the last roll (-1: unknown, e.g. after a restart)
        self._texts_key = self._texts_key2 = -1  # what the cached texts were made for
        self._texts_cache = ()  # type: tuple  # made at the first _texts (the keys match no game)

    def shown(self):
        """Back on top (before the first round the App shows the setup instead): an undo or a
        new game may have left the NPC phase."""
        self._forget_walk()

    def _forget_walk(self):
        """The NPC step's screen code, and the walk outside the NPC phase, leave RAM: the App
        forgets only screens it opened, and the rules only the walk whose phase ended."""
        if _STEPS in sys.modules and not self._npc_step():
            self.app.unused.append(_STEPS)
        if WALK in sys.modules and self.session.game.phase != NPC:
            self.app.unused.append(WALK)

    def saver_text(self):
        return _DIGITS[self.session.game.proximity // 10] + _DIGITS[self.session.game.proximity % 10]

    # ---- input -----------------------------------------------------------------------------------
    def turn(self, knob, n):
        app = self.app
        code = A_ALARM if knob == ALARM else A_PROX
        merge = knob == self._knob and ticks.diff(app.now, self._knob_at) < MERGE_MS
        self._knob = knob
        self._knob_at = app.now
        try:
            self.session.turn(code, n, merge)
        except RuleError as e:
            app.flash(str(e))

    def press(self, button):
        self._knob = -1
        app = self.app
        if self._npc_step() and button != ALARM:
            from lockdown.games.infiltration.screens.npc import press_step
            app.attempt(press_step, app, button)
        elif button == GO:
            app.attempt(self.go)
        elif button == ALARM:
            self.ask_undo()
        else:
            app.open("table")
        if not app.stack:
            self._forget_walk()

    def hold(self, button):
        self._knob = -1
        self.app.open("menu" if button == GO else "npcs" if button == ALARM else "risk")

    def tick(self, now):
        """True while the roll animation needs frames."""
        if not self._rolling:
            return False
        if ticks.diff(now, self._roll_end) >= 0:
            self._rolling = False
        return True

    def ask_undo(self):
        if self.session.history.count:
            self.app.open("undo")
        else:
            self.app.flash("Nothing to undo")

    def undo(self, name):
        app = self.app
        self.session.undo()
        self.roll_from = -1
        app.flash("Undone: " + name)
        self._forget_walk()
        if self.session.game.phase == SETUP:
            app.close_all()  # back before the first round: the setup screen again

    def _npc_step(self):
        g = self.session.game
        if g.phase != NPC:
            return False
        from lockdown.games.infiltration.rules.npc import current
        return current(g) is not None

    def go(self):
        """GO: the next step of the round."""
        s = self.session
        g = s.game
        p = g.phase
        if p == SECURITY and not g.flag(ROLLED):
            if g.flag(PHYSICAL_DIE):
                self.app.open("die")
            else:
                self.roll(0)
        elif p == OVER:
            self.app.open("end")
        elif p == RESOLUTION and g.flag(EXTRACT):
            self.app.open("extract", True)  # its GO moves on to the NPC phase
        else:
            s.act(A_PHASE, g.next_phase)

    def roll(self, value):
        """Rolls (value 0: the device's die) and starts the animation; the result is kept at once."""
        self.roll_from = self.session.game.proximity
        self.session.roll(value)
        if not value:
            self._rolling = True
            self._roll_end = ticks.add(self.app.now, ROLL_MS)

    # ---- drawing -----------------------------------------------------------------------------------
    def draw(self, fb):
        g = self.session.game
        p = g.phase
        if self._npc_step():
            from lockdown.games.infiltration.screens.npc import draw_step
            draw_step(fb, self.app, "R%d NPC 1st P%d" % (g.round, g.first_player + 1))
            return
        texts = self._texts(g, p)
        title_bar(fb, texts[0], texts[1])
        rolling = self._rolling and ticks.diff(self.app.now, self._roll_end) < 0
        if rolling:
            draw_die(fb, 6, 12, (self.app.now // _ROLL_FRAME_MS) % 6 + 1)
        else:
            x = draw.big(fb, _DIGITS[g.proximity // 10], 2, 11)
            draw.big(fb, _DIGITS[g.proximity % 10], x, 11)
        draw.text(fb, "ALARM", 46, 11)
        draw.right(fb, _ALARM_TEXTS[g.alarm + 1], 125, 11)
        draw_alarm_scale(fb, 46, 21, g.alarm)
        if p != OVER:
            draw.text(fb, "PROXIMITY", 46, 31)
        if not rolling:
            draw.text(fb, texts[2], 2, 43)
            fb.fill_rect(0, 54, 128, 10, 1)
            draw.centre(fb, texts[3], 55, 0)

    def _player(self, player):
        return "P%d" % (player + 1)

    def _texts(self, g, p):
        """(title, title right, line, GO hint), made again only when they change, so turning a
        knob allocates no strings."""
        key = ((g.round * 6 + p) * 6 + g.first_player) * 64
        if p == SELECTION:
            for op in range(g.ops):
                if g.has(op, DELAYED):
                    key += 1 << op
        elif p == SECURITY and g.flag(ROLLED):
            key += 1 + (g.alarm + 1) * 7 + g.die  # the sum line follows the alarm
        key2 = g.proximity if p == SECURITY else 0
        if key == self._texts_key and key2 == self._texts_key2:
            return self._texts_cache
        self._texts_key = key
        self._texts_key2 = key2
        line = ""
        if p == SELECTION:
            names = ""
            for op in range(g.ops):
                if g.has(op, DELAYED):
                    names += " " + op_name(g, op)
            line = ("Delayed:" + names) if names else \
                self._player(g.first_player) + " starts" if g.round == 1 else "Nobody delayed"
            hint = "GO: resolve cards"
        elif p == RESOLUTION:
            line = self._player(g.first_player) + " resolves first"
            hint = "GO: NPC phase"
        elif p == NPC:
            line = "No NPC acts now"
            hint = "GO: security"
        elif p == SECURITY:
            if g.flag(ROLLED):
                line = "%d%+d=+%d" % (g.die, g.alarm, max(g.die + g.alarm, 0))
                if self.roll_from >= 0:
                    line += "  %02d\x1a%02d" % (self.roll_from, g.proximity)  # \x1a: the right arrow (font.py)
                hint = "GO: round %d" % (g.round + 1)
            else:
                hint = "GO: roll the die"
        else:
            line = "LOCKDOWN!" if g.end_reason() == END_LOCKDOWN else "Everyone escaped"
            hint = "GO: final scores"
        self._texts_cache = ("R%d %s" % (g.round, _PHASE_TITLES[p]), "1st " + self._player(g.first_player),
                             line, hint)
        return self._texts_cache


def draw_alarm_scale(fb, x, y, alarm):
    """Ten cells for -1..8, filled up to the current alarm."""
    for i in range(10):
        cx = x + i * 8
        if i <= alarm + 1:
            fb.fill_rect(cx, y, 6, 7, 1)
        else:
            fb.rect(cx, y, 6, 7, 1)


_PIPS = ((4,), (0, 8), (0, 4, 8), (0, 2, 6, 8), (0, 2, 4, 6, 8), (0, 2, 3, 5, 6, 8))


def draw_die(fb, x, y, face):
    """A 26 px die showing `face` (pips on a 3x3 grid, numbered 0..8 row by row)."""
    fb.rect(x, y, 26, 26, 1)
    fb.rect(x + 1, y + 1, 24, 24, 1)
    for p in _PIPS[face - 1]:
        fb.fill_rect(x + 5 + (p % 3) * 6, y + 5 + (p // 3) * 6, 4, 4, 1)
