"""The device's app: the play screen and the routing of every input, as one state machine.

Fed with events (turn, press, hold, tick) by the board's loop or the simulator, it changes the
game only through the Session and draws the whole frame on request. The play screen and the
roll live here because they are on every event's path; every other screen is a Form in its own
module, imported the first time it is opened.

Controls on the play screen: turn ALARM or PROX to move that dial (card effects, at any moment);
GO goes on (next phase, roll, confirm); ALARM switch: undo; PROX switch: operatives;
hold GO: menu; hold ALARM: NPCs; hold PROX: odds.
"""
from micropython import const

from lockdown import draw
from lockdown.events import ALARM, GO, PROX
from lockdown.game import (DELAYED, EXTRACT, NPC, OVER, PHYSICAL_DIE, RESOLUTION, ROLLED, SECURITY,
                           SELECTION, SETUP, END_LOCKDOWN, RuleError)
from lockdown.history import A_ALARM, A_PHASE, A_PROX
from lockdown.helpers import op_name
from lockdown.ui import title_bar

SAVER_MS = const(180000)  # idle time before the screensaver (OLED burn-in)
SAVER_STEP_MS = const(8000)  # the screensaver's number moves this often
MERGE_MS = const(1500)  # knob turns closer than this undo as one step
ROLL_MS = const(720)  # the roll animation
ROLL_FRAME_MS = const(80)
FLASH_MS = const(1500)

DIGITS = ("0", "1", "2", "3", "4", "5", "6", "7", "8", "9")  # constants: drawing them allocates nothing
ALARM_TEXTS = ("-1", "0", "+1", "+2", "+3", "+4", "+5", "+6", "+7", "+8")
PHASE_TITLES = ("SETUP", "SELECTION", "RESOLUTION", "NPC PHASE", "SECURITY", "GAME OVER")
# Where each lazily imported screen lives: name -> (module, class)
SCREENS = {
    "setup": ("lockdown.setup_ui", "Setup"),
    "menu": ("lockdown.menu_ui", "Menu"),
    "settings": ("lockdown.menu_ui", "Settings"),
    "about": ("lockdown.menu_ui", "About"),
    "undo": ("lockdown.undo_ui", "UndoConfirm"),
    "table": ("lockdown.table_ui", "Operatives"),
    "op": ("lockdown.table_ui", "Operative"),
    "die": ("lockdown.table_ui", "DieEntry"),
    "end": ("lockdown.end_ui", "Scoring"),
    "result": ("lockdown.end_ui", "Result"),
    "npcs": ("lockdown.npc_ui", "NpcList"),
    "risk": ("lockdown.menu_ui", "Risk"),
    "helpers": ("lockdown.helpers_ui", "Helpers"),
    "download": ("lockdown.helpers_ui", "Download"),
    "extract": ("lockdown.helpers_ui", "Extract"),
    "draft": ("lockdown.helpers_ui", "Draft"),
    "graph": ("lockdown.menu_ui", "Graph"),
    "notice": ("lockdown.menu_ui", "Notice"),
    "npc": ("lockdown.npc_ui", "NpcEdit"),
}


class App:
    def __init__(self, session, notice=None):
        self.session = session
        self.now = 0
        self.dirty = True
        self.stack = []  # open screens, the top one gets the input; empty: the play screen
        self._idle_from = 0
        self.sleeping = False
        self._knob = -1  # last knob turned on the play screen, and when, for merging undo steps
        self._knob_at = 0
        self._roll_end = 0  # while now < this, the roll animation runs
        self.roll_from = -1  # proximity before the last roll (-1: unknown, e.g. after a restart)
        self._flash = None
        self._flash_end = 0
        self._texts_key = self._texts_key2 = -1  # what the play screen's cached texts were made for
        self._texts_cache = None
        if session.game.phase == SETUP:
            self.open("setup")
        if notice:  # a set-aside save or a board problem: stays until it has been read
            self.open("notice", notice)

    # ---- screens ---------------------------------------------------------------------------------
    def open(self, name, *args):
        mod, cls = SCREENS[name]
        m = __import__(mod, None, None, (cls,))
        screen = getattr(m, cls)(self, *args)
        screen.module = mod
        self.stack.append(screen)
        self.dirty = True

    def close(self):
        if self.stack:
            gone = self.stack.pop().module
            for s in self.stack:
                if s.module == gone:
                    break
            else:
                unload(gone)
        if not self.stack and self.session.game.phase == SETUP:
            self.open("setup")
        self.dirty = True

    def close_all(self):
        while len(self.stack) > 1:
            self.close()
        self.close()  # the last one: in SETUP this opens the setup screen again

    def ask_undo(self):
        if self.session.history.count:
            self.open("undo")
        else:
            self.flash("Nothing to undo")

    def undo(self, name):
        self.session.undo()
        self.roll_from = -1
        self.flash("Undone: " + name)
        if self.session.game.phase == SETUP:
            self.close_all()  # back before the first round: the setup screen again

    def flash(self, text):
        """A short notice over the screen: why an input did nothing, or what just happened."""
        self._flash = text
        self._flash_end = self.now + FLASH_MS
        self.dirty = True

    # ---- input -----------------------------------------------------------------------------------
    def _wake(self):
        """Every input ends idleness; one that wakes the screensaver does nothing else."""
        self._idle_from = self.now
        self.dirty = True
        if self.sleeping:
            self.sleeping = False
            return True
        return False

    def turn(self, knob, n):
        if self._wake() or not n:
            return
        if self.stack:
            self.stack[-1].turn(knob, n)
            return
        code = A_ALARM if knob == ALARM else A_PROX
        merge = knob == self._knob and self.now - self._knob_at < MERGE_MS
        self._knob = knob
        self._knob_at = self.now
        try:
            self.session.turn(code, n, merge)
        except RuleError as e:
            self.flash(str(e))

    def press(self, button):
        if self._wake():
            return
        self._knob = -1
        if self.stack:
            self.stack[-1].press(button)
        elif self._npc_step() and button != ALARM:
            from lockdown.npc_ui import press_step
            self.attempt(press_step, self, button)
        elif button == GO:
            self.attempt(self.go)
        elif button == ALARM:
            self.ask_undo()
        else:
            self.open("table")

    def hold(self, button):
        if self._wake():
            return
        self._knob = -1
        if self.stack:
            self.stack[-1].hold(button)
        elif button == GO:
            self.open("menu")
        elif button == ALARM:
            self.open("npcs")
        else:
            self.open("risk")

    def tick(self, now):
        self.now = now
        if self._flash and now >= self._flash_end:
            self._flash = None
            self.dirty = True
        if self._roll_end:
            if now >= self._roll_end:
                self._roll_end = 0
            self.dirty = True
        if not self.sleeping and now - self._idle_from >= SAVER_MS:
            self.sleeping = True
            self.dirty = True
        elif self.sleeping and (now - self._idle_from) % SAVER_STEP_MS < 20:
            self.dirty = True

    def attempt(self, fn, *args):
        """Runs an input's action; a refusal by the rules becomes a short notice."""
        try:
            fn(*args)
        except RuleError as e:
            self.flash(str(e))

    def _npc_step(self):
        g = self.session.game
        if g.phase != NPC:
            return False
        from lockdown.npc import current
        return current(g) is not None

    def go(self):
        """GO on the play screen: the next step of the round."""
        s = self.session
        g = s.game
        p = g.phase
        if p == SECURITY and not g.flag(ROLLED):
            if g.flag(PHYSICAL_DIE):
                self.open("die")
            else:
                self.roll(0)
        elif p == OVER:
            self.open("end")
        elif p == RESOLUTION and g.flag(EXTRACT):
            self.open("extract", True)  # its GO moves on to the NPC phase
        else:
            s.act(A_PHASE, g.next_phase)

    def roll(self, value):
        """Rolls (value 0: the device's die) and starts the animation; the result is kept at once."""
        self.roll_from = self.session.game.proximity
        self.session.roll(value)
        if not value:
            self._roll_end = self.now + ROLL_MS

    # ---- drawing -----------------------------------------------------------------------------------
    def draw(self, fb):
        self.dirty = False
        fb.fill(0)
        if self.sleeping:
            self._draw_saver(fb)
        elif self.stack:
            self.stack[-1].draw(fb)
        else:
            self._draw_play(fb)
        if self._flash:
            w = draw.width(self._flash) + 8
            x = (128 - w) // 2
            fb.fill_rect(x, 26, w, 13, 0)
            fb.rect(x, 26, w, 13, 1)
            draw.text(fb, self._flash, x + 4, 29)

    def _draw_saver(self, fb):
        """A small proximity that moves every few seconds, so no pixel stays lit for long."""
        k = self.now // SAVER_STEP_MS
        draw.text(fb, "%02d" % self.session.game.proximity, (k * 37) % 112, (k * 23) % 56)

    def _draw_play(self, fb):
        g = self.session.game
        p = g.phase
        if self._npc_step():
            from lockdown.npc_ui import draw_step
            draw_step(fb, self, "R%d NPC 1st P%d" % (g.round, g.first_player + 1))
            return
        texts = self._texts(g, p)
        title_bar(fb, texts[0], texts[1])
        rolling = self._roll_end and self.now < self._roll_end
        if rolling:
            draw_die(fb, 6, 12, (self.now // ROLL_FRAME_MS) % 6 + 1)
        else:
            x = draw.big(fb, DIGITS[g.proximity // 10], 2, 11)
            draw.big(fb, DIGITS[g.proximity % 10], x, 11)
        draw.text(fb, "ALARM", 46, 11)
        draw.right(fb, ALARM_TEXTS[g.alarm + 1], 125, 11)
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
        """(title, title right, line, GO hint) of the play screen, made again only when they change,
        so turning a knob on the play screen allocates no strings."""
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
            line = ("Delayed:" + names) if names else "Nobody delayed"
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
                    line += "  %02d\x1a%02d" % (self.roll_from, g.proximity)  # \x1a: font.RIGHT
                hint = "GO: round %d" % (g.round + 1)
            else:
                hint = "GO: roll the die"
        else:
            line = "LOCKDOWN!" if g.end_reason() == END_LOCKDOWN else "Everyone is out"
            hint = "GO: final scores"
        self._texts_cache = ("R%d %s" % (g.round, PHASE_TITLES[p]), "1st " + self._player(g.first_player),
                             line, hint)
        return self._texts_cache


def unload(mod):
    """Forgets a screen's module once no open screen needs it: the RAM its code took comes back,
    and the next open imports it again (screens keep no state in their modules)."""
    import sys
    sys.modules.pop(mod, None)
    try:
        delattr(sys.modules["lockdown"], mod.rpartition(".")[2])
    except (KeyError, AttributeError):
        pass


def draw_alarm_scale(fb, x, y, alarm):
    """Ten cells for -1..8, filled up to the current alarm."""
    for i in range(10):
        cx = x + i * 8
        if i <= alarm + 1:
            fb.fill_rect(cx, y, 6, 7, 1)
        else:
            fb.rect(cx, y, 6, 7, 1)


PIPS = ((4,), (0, 8), (0, 4, 8), (0, 2, 6, 8), (0, 2, 4, 6, 8), (0, 2, 3, 5, 6, 8))


def draw_die(fb, x, y, face):
    """A 26 px die showing `face` (pips on a 3x3 grid, numbered 0..8 row by row)."""
    fb.rect(x, y, 26, 26, 1)
    fb.rect(x + 1, y + 1, 24, 24, 1)
    for p in PIPS[face - 1]:
        fb.fill_rect(x + 5 + (p % 3) * 6, y + 5 + (p // 3) * 6, 4, 4, 1)
