"""A mission in progress: the Table, its clock, and the save, changed only through the session.

Every committed action moves `changes`, so the board saves after it. The clock's time spent is
saved too: every _SAVE_EVERY_MS of running clock counts as a change, so a power cut costs at most
that much of the countdown. The save holds the table, not its undo ring: a restart keeps the game
and starts the undo list afresh.

A new mission over one in progress keeps that one's save text: undoing every step of the new one
and then once more brings the old one back (without its undo list). Only until a restart, and
only while the new one's undo list still reaches back to its start.

A board with no save draws its first frame (the setup) before any mission: the session makes its
Table (table.py, clues.py, clock.py and the undo ring's history.py imported) only when first asked
(`table`), and the save format (save.py) is imported by dumps and loads and forgotten after each.
"""
from micropython import const

from lockdown.games.infiltraitors import missions as ms
from lockdown.session import GameSession

VERSION = const(1)
_SAVE_EVERY_MS = const(10000)
_SAVE = "lockdown.games.infiltraitors.save"


def _rule_error(text):
    from lockdown.games.infiltraitors.table import RuleError
    return RuleError(text)


class SaveError(ValueError):
    """The save cannot be loaded; the message says why."""


class Session(GameSession):
    PACKAGE = "lockdown.games.infiltraitors"

    def __init__(self, entropy=None):
        self._table = None  # made when first asked for (`table`): not for the first setup
        self.started = False  # False until a mission is set up: until then the App shows the setup (before_home)
        self.steps = 0  # committed actions of this mission: 0 is a fresh one
        self.changes = 0
        self._resume = False  # a loaded clock was running: it goes on from the first tick
        self._saved_ms = 0  # the clock's time spent at the last change
        self._stopped = False  # the end of the mission stopped the clock
        self._before = None  # the save text of the mission in progress a new one replaced
        self._since = 0  # undoable steps since that new mission started

    @property
    def table(self):
        """The Table: the mission's, or before any, a first one (Training #1, 3 agents) made at the
        first ask. Allocates nothing once it exists (the screens read it on every event)."""
        t = self._table
        if t is None:
            from lockdown.games.infiltraitors.table import Table
            t = self._table = Table(0, 3)
        return t

    @property
    def in_progress(self):
        """A mission is set up and not over: a new one would replace it (setup asks first)."""
        return self.started and not self.table.result

    def start(self, mission, agents, limit_s, display, now, suits=0):
        """A new mission replaces the table (the store archives a finished one); `suits` is a mask
        of the suits in play, 0 for the mission's default. A RuleError changes nothing."""
        from lockdown.games.infiltraitors.table import Table
        t = Table(mission, agents, display=display, suits=suits)
        self._before = self.dumps() if self.in_progress else None
        self._since = 0
        t.clock.set_limit(limit_s)
        if limit_s:
            t.clock.start(now)
        self._table = t
        self.started = True
        self.steps = 0
        self._resume = self._stopped = False
        self._saved_ms = 0
        self.changes += 1

    def act(self, fn, *args):
        """Runs a table action; a RuleError leaves no trace (the table checks first)."""
        r = fn(*args)
        self._moved()
        return r

    def can_undo(self):
        return bool(self.table.history.count or self._before)

    def undo_name(self):
        """What an undo would take back: a step, or the new mission over the one before."""
        return self.table.undo_name() if self.table.history.count else (
            "new mission" if self._before else "")

    def undo(self):
        if not self.table.history.count and self._before:
            text = self._before
            self.loads(text)  # leaves _before as it was should the text not load
            self._before = None
            self._since = 0
            return -1
        code = self.table.undo()
        if code:
            self._since -= 2  # _moved counts one on
            self._moved()
        return code

    def _moved(self):
        """One committed step; an end stops the clock at the time of its last tick. A step the
        undo list can no longer reach back past forgets the mission before this one."""
        self._since += 1
        if self._since > self.table.history.count:
            self._before = None
        self.steps += 1
        self.changes += 1
        c = self.table.clock
        self._saved_ms = c.spent_ms
        if self.table.result and c.running:
            c.running = False
            self._stopped = True

    # ---- the clock ------------------------------------------------------------------------------
    def clock_tick(self, now):
        """Time passing (the home screen's tick): the clock's warning (clock.WARN_5, WARN_1, TIME_UP) or 0. The clock
        stops when the mission ends, and goes on if an undo takes the end back."""
        if self._resume:  # only a load sets it, and a load makes the table
            self._resume = False
            self.table.clock.start(now)
        if not self.started:
            return 0
        t = self.table
        c = t.clock
        if t.result:
            return 0
        if self._stopped:
            self._stopped = False
            c.start(now)
        ev = t.tick(now)
        if t.result:
            self._moved()
        elif c.spent_ms - self._saved_ms >= _SAVE_EVERY_MS:
            self._saved_ms = c.spent_ms
            self.changes += 1
        return ev

    def pause(self, now, on):
        """Pauses (on) or resumes the clock; not an undo step, but saved."""
        c = self.table.clock
        if not c.limit_ms or self.table.result:
            raise _rule_error("no clock running")
        if on == c.running:
            if on:
                c.pause(now)
            else:
                c.start(now)
            self.changes += 1

    # ---- what the board's store and loop need -------------------------------------------------
    @property
    def over(self):
        return self.started and bool(self.table.result)

    @property
    def fresh(self):
        return not self.started or not self.steps

    def status(self):
        if not self.started:
            return "no mission set up"
        t = self.table
        line = "%s, %d bullets, %d of %d left" % (ms.name(t.mission), t.bullets, t.remaining, t.total)
        left = t.clock.left_s()
        if left >= 0:
            line += ", %d:%02d" % (left // 60, left % 60)
        return line

    def dumps(self):
        """The save text (save.py, imported for it and forgotten again)."""
        try:
            from lockdown.games.infiltraitors.save import dumps
            return dumps(self)
        finally:
            _forget_save()

    def loads(self, text):
        """Loads a save, all or nothing: SaveError (a ValueError) leaves the session as it was."""
        try:
            from lockdown.games.infiltraitors.save import loads
            t, doc = loads(text)
        finally:
            _forget_save()
        limit = doc["limit_s"]
        self._table = t
        self.started = doc["started"]
        self.steps = doc["steps"]
        self._resume = doc["running"] and bool(limit) and not t.result
        self._saved_ms = doc["spent_ms"]
        self._stopped = False
        self.changes += 1


def _forget_save():
    """save.py is needed only while a save is written or read: its RAM comes back between saves."""
    from lockdown.games import unload
    unload(_SAVE)
