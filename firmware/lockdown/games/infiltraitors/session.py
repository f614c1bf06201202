"""A mission in progress: the Table, its clock and its save, on the core's GameSession.

Every change is one undo step through `act` (code, the table's method, its arguments): the
session's ring snapshots the table, and a refusal (RuleError) leaves nothing. A step's argument
is its arguments packed (one: itself; more: four bits each), so `describe` names it ("Shot at
S2 (wrong)"). The clock runs through `tick`, whatever screen is on top; its time spent is saved
too: every _SAVE_EVERY_MS of running clock counts as a change, so a power cut costs at most that
much of the countdown. The save holds the table by named fields (save.py), not its undo ring: a
restart keeps the game and starts the undo list afresh.

A new mission over one in progress keeps that one's save text: undoing every step of the new one
and then once more brings the old one back (without its undo list). Only until a restart, and
only while the new one's undo list still reaches back to its start. Each new mission draws its
game id, so the archive keeps a finished one once.

A board with no save draws its first frame (the setup) before any mission: the session makes its
Table (table.py, clues.py, clock.py imported) only when first asked (`table`), and the save
format is imported for a save (save.py) or a load (load.py) and forgotten after each.
"""
from micropython import const

from lockdown.games import unload
from lockdown.session import ALERT, REDRAW, GameSession, RuleError

_SAVE_EVERY_MS = const(10000)
_TIME_UP = const(3)  # clock.TIME_UP (clock.py is not loaded before the first mission)
_A_TIME = const(9)  # rules/actions.py's A_TIME


class Session(GameSession):
    PACKAGE = "lockdown.games.infiltraitors"
    STATE_SIZE = 49  # table.SNAPSHOT (a test holds them equal): the undo ring's entry

    def __init__(self, entropy=None):
        # None (tests): a seeded source is made at the first new mission
        self.entropy = entropy  # pyright: ignore[reportAttributeAccessIssue]
        self._table = None  # made when first asked for (`table`): not for the first setup
        self.started = False  # False until a mission is set up: until then the App shows the setup (before_home)
        self.steps = 0  # committed actions of this mission: 0 is a fresh one
        self.warning = 0  # the clock's last warning (clock.WARN_5, WARN_1, TIME_UP) the home flashes
        self._resume = False  # a loaded clock was running: it goes on from the first tick
        self._saved_ms = 0  # the clock's time spent at the last change
        self._stopped = False  # the end of the mission stopped the clock
        self._before = None  # the save text of the mission in progress a new one replaced

    @property
    def table(self):
        """The Table: the mission's, or before any, a first one (Training #1, 3 agents) made at the
        first ask. Allocates nothing once it exists (the screens read it on every event)."""
        t = self._table
        if t is None:
            from lockdown.games.infiltraitors.rules.table import Table
            t = self._table = Table(0, 3)
        return t

    state = table  # what the core's undo ring snapshots

    def start(self, mission, agents, limit, display, now, suits=0):
        """A new mission replaces the table (the store archives a finished one); `limit` is the
        clock's in seconds (0: none), `suits` a mask of the suits in play, 0 for the mission's default. A RuleError changes nothing. Its code
        (start.py) is loaded for it only."""
        try:
            from lockdown.games.infiltraitors.start import start
            start(self, mission, agents, limit, display, now, suits)
        finally:
            unload("lockdown.games.infiltraitors.start")

    # ---- changes and undo ------------------------------------------------------------------------
    def act(self, code, fn, *args, arg=-1):
        """fn(*args), a table action, as one undo step (code, and `arg` unless given: its
        arguments packed): the core's act. fn is a method of the table, or a function of it
        (settings.py, fixes.py, ending.py) given the table first, which the packing leaves out."""
        if arg < 0:
            p = args[1:] if args and args[0] is self._table else args
            arg = int(p[0]) if len(p) == 1 else 0
            if len(p) > 1:
                for k in range(min(len(p), 4)):
                    arg |= (int(p[k]) & 0x0F) << 4 * k
        r = GameSession.act(self, code, fn, *args, arg=arg)
        self._moved()
        return r

    # the core's undo_name, undo_lines and tick return literals by type: these overrides widen them
    def undo_name(self):  # pyright: ignore[reportIncompatibleMethodOverride]
        """What an undo would take back: a step, or the new mission over the one before."""
        return GameSession.undo_name(self) or ("New mission" if self._before else "")

    def describe(self, code, arg, lines=False):  # pyright: ignore[reportIncompatibleMethodOverride]
        """The step in words, or (`lines`) what else it changed, read against the table."""
        return self.part("describe", "lines" if lines else "describe", self.table, code, arg)

    def undo_lines(self):  # pyright: ignore[reportIncompatibleMethodOverride]
        h = self.history
        return self.describe(h.last_code(), h.last_arg(), True) if h.count else ()

    def undo(self):
        if not self.history.count and self._before:
            text = self._before
            self.loads(text)  # leaves _before as it was should the text not load
            self._before = None
            return -1
        code = GameSession.undo(self)
        if code:
            self._moved()
        return code

    def _moved(self):
        """One committed step; an end stops the clock at the time of its last tick. A step the
        undo list can no longer reach back past forgets the mission before this one."""
        if self.history.evicted:  # the ring no longer reaches back to this mission's start
            self._before = None
        self.steps += 1
        c = self.table.clock
        self._saved_ms = c.spent_ms
        if self.table.result and c.running:
            c.running = False
            self._stopped = True

    # ---- the clock ------------------------------------------------------------------------------
    def tick(self, now):  # pyright: ignore[reportIncompatibleMethodOverride]
        """Time passing, whatever screen is on top: ALERT on the clock's warnings and time up (kept
        in `warning` for the home screen to flash), REDRAW when the second shown changed, else 0.
        The clock stops when the mission ends, and goes on if an undo takes the end back."""
        if not self.started:
            return 0
        t = self.table
        c = t.clock
        if self._resume:  # only a load sets it
            self._resume = False
            c.start(now)
        if t.result:
            return 0
        if self._stopped:
            self._stopped = False
            c.start(now)
        shown = c.left_s()
        ev = c.update(now)
        if ev == _TIME_UP:  # the mission is lost: an undo step like any other
            from lockdown.games.infiltraitors.rules import ending
            self.act(_A_TIME, ending.time_up, t)
        elif c.spent_ms - self._saved_ms >= _SAVE_EVERY_MS:
            self._saved_ms = c.spent_ms
            self.changes += 1
        if ev:
            self.warning = ev
            return ALERT
        return REDRAW if c.left_s() != shown else 0

    def pause(self, now, on):
        """Pauses (on) or resumes the clock; not an undo step, but saved."""
        c = self.table.clock
        if not c.limit_ms or self.table.result:
            raise RuleError("No clock running")
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
        """One line for the console after each save (save.py's, which imports the rules)."""
        return GameSession.status(self) if self.started else "no mission set up"
