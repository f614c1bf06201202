"""A mission in progress: the Table, its clock, and the save, changed only through the session.

Every committed action moves `changes`, so the board saves after it. The clock's time spent is
saved too: every _SAVE_EVERY_MS of running clock counts as a change, so a power cut costs at most
that much of the countdown. The save holds the table, not its undo ring: a restart keeps the game
and starts the undo list afresh.

A new mission over one in progress keeps that one's save text: undoing every step of the new one
and then once more brings the old one back (without its undo list). Only until a restart, and
only while the new one's undo list still reaches back to its start.
"""
import json

from micropython import const

from lockdown.games.infiltraitors import missions as ms
from lockdown.games.infiltraitors.clues import CAPACITY, HORIZONTAL, KNOWN, SUITS, VERTICAL, bits
from lockdown.games.infiltraitors.table import (ASIDE, IDENTIFIED, OFF, OPT_ONE_DIVIDES, SIZE,
                                                RuleError, Table)

VERSION = const(1)
_SAVE_EVERY_MS = const(10000)
_MAX_LIMIT_S = const(5940)  # 99 minutes
_KEYS = ("v", "started", "steps", "table", "clues", "seen", "limit_s", "spent_ms", "running")
# Table bytes (table.py's layout) the loader checks one by one
_T_MISSION = const(0)
_T_AGENTS = const(1)
_T_BULLETS = const(2)
_T_TOTAL = const(3)
_T_SLOTS = const(4)
_T_RESULT = const(5)
_T_WHY = const(6)
_T_OPTS = const(7)
_T_DISPLAY = const(8)
_T_SUITS = const(9)
_T_ELITE = const(10)
_T_OUT = const(11)
_T_KP_LEFT = const(12)
_T_KP_AGENT = const(13)
_T_SLOT = const(14)


class SaveError(ValueError):
    """The save cannot be loaded; the message says why."""


class Session:
    PACKAGE = "lockdown.games.infiltraitors"

    def __init__(self, entropy=None):
        self.table = Table(0, 3)
        self.started = False  # False until a mission is set up: until then the App shows the setup (before_home)
        self.steps = 0  # committed actions of this mission: 0 is a fresh one
        self.changes = 0
        self._resume = False  # a loaded clock was running: it goes on from the first tick
        self._saved_ms = 0  # the clock's time spent at the last change
        self._stopped = False  # the end of the mission stopped the clock
        self._before = None  # the save text of the mission in progress a new one replaced
        self._since = 0  # undoable steps since that new mission started

    @property
    def in_progress(self):
        """A mission is set up and not over: a new one would replace it (setup asks first)."""
        return self.started and not self.table.result

    def start(self, mission, agents, limit_s, display, now, suits=0):
        """A new mission replaces the table (the store archives a finished one); `suits` is a mask
        of the suits in play, 0 for the mission's default."""
        if suits and suits != ms.default_suits(mission) and (
                ms.has(mission, ms.F_NUM13) or suits >> SUITS or bits(suits) != ms.suit_count(mission)):
            raise RuleError("suits are fixed")
        self._before = self.dumps() if self.in_progress else None
        self._since = 0
        t = Table(mission, agents)
        t.s[_T_DISPLAY] = display
        if suits:
            t.s[_T_SUITS] = suits
        t.clock.set_limit(limit_s)
        if limit_s:
            t.clock.start(now)
        self.table = t
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
    def tick(self, now):
        """Time passing: the clock's warning (clock.WARN_5, WARN_1, TIME_UP) or 0. The clock
        stops when the mission ends, and goes on if an undo takes the end back."""
        t = self.table
        c = t.clock
        if self._resume:
            self._resume = False
            c.start(now)
        if not self.started:
            return 0
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
            raise RuleError("no clock running")
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
        t = self.table
        if not self.started:
            return "no mission set up"
        line = "%s, %d bullets, %d of %d left" % (ms.name(t.mission), t.bullets, t.remaining, t.total)
        left = t.clock.left_s()
        if left >= 0:
            line += ", %d:%02d" % (left // 60, left % 60)
        return line

    def dumps(self):
        t = self.table
        b = t.board
        clues = []
        for j in range(b.n):
            o = b.log[2 * j]
            clues.append([o & 0x0F, (o >> 4) & 0x07, o >> 7, b.suit(j), b.number(j)])
        c = t.clock
        return json.dumps({
            "v": VERSION, "started": self.started, "steps": self.steps, "table": list(t.s),
            "clues": clues, "seen": t.seen_list(), "limit_s": c.limit_ms // 1000,
            "spent_ms": c.spent_ms, "running": c.running or self._resume})

    def loads(self, text):
        """Loads a save, all or nothing: SaveError (a ValueError) leaves the session as it was."""
        try:
            doc = json.loads(text)
        except ValueError:
            raise SaveError("save: not JSON")
        if type(doc) is not dict or sorted(doc) != sorted(_KEYS):
            raise SaveError("save: wrong keys")
        if doc["v"] != VERSION:
            raise SaveError("save: unknown version")
        for k in ("started", "running"):
            if type(doc[k]) is not bool:
                raise SaveError("save: %s must be true or false" % k)
        steps = _int(doc["steps"], 0, 0x3FFFFFFF, "steps")
        t = _table(doc["table"])
        _clues(t, doc["clues"])
        _seen(t, doc["seen"])
        limit = _int(doc["limit_s"], 0, _MAX_LIMIT_S, "limit_s")
        spent = _int(doc["spent_ms"], 0, 0x3FFFFFFF, "spent_ms")
        t.clock.spent_ms = spent
        t.clock.set_limit(limit)
        self.table = t
        self.started = doc["started"]
        self.steps = steps
        self._resume = doc["running"] and bool(limit) and not t.result
        self._saved_ms = spent
        self._stopped = False
        self.changes += 1


def _int(v, lo, hi, what):
    if type(v) is not int or not lo <= v <= hi:
        raise SaveError("save: %s must be %d..%d" % (what, lo, hi))
    return v


def _table(raw):
    """A new Table from the saved bytes, each checked against the mission."""
    if type(raw) is not list or len(raw) != SIZE:
        raise SaveError("save: table must be %d numbers" % SIZE)
    for v in raw:
        _int(v, 0, 255, "table")
    m = _int(raw[_T_MISSION], 0, ms.COUNT - 1, "mission")
    a = _int(raw[_T_AGENTS], ms.MIN_AGENTS, ms.MAX_AGENTS, "agents")
    t = Table(m, a)
    total = ms.suspects(m, a)
    _int(raw[_T_BULLETS], 0, ms.bullets(m, a), "bullets")
    _int(raw[_T_TOTAL], total, total, "suspects")
    slots = _int(raw[_T_SLOTS], 0, total, "suspects out")
    why = _int(raw[_T_WHY], 0, 4, "why")
    if bool(_int(raw[_T_RESULT], 0, 2, "result")) != bool(why):
        raise SaveError("save: result without why")
    _int(raw[_T_OPTS], 0, OPT_ONE_DIVIDES, "options")
    _int(raw[_T_DISPLAY], 0, OFF, "display")
    if raw[_T_SUITS] >> SUITS or bits(raw[_T_SUITS]) != ms.suit_count(m):
        raise SaveError("save: suits")
    for k in (_T_ELITE, _T_KP_AGENT):
        if raw[k] != ASIDE and raw[k] >= a:
            raise SaveError("save: no such agent")
    if raw[_T_OUT] >> a or raw[_T_KP_LEFT] > 2:
        raise SaveError("save: Kingpin state")
    for i in range(ms.MAX_SUSPECTS):
        agent = raw[_T_SLOT + 2 * i]
        status = raw[_T_SLOT + 2 * i + 1]
        if i >= slots:
            if agent or status:
                raise SaveError("save: suspect %d not out" % (i + 1))
        elif (agent >= a and agent != ASIDE) or status > IDENTIFIED:
            raise SaveError("save: suspect %d" % (i + 1))
    for k in range(SIZE):
        t.s[k] = raw[k]
    return t


def _clues(t, raw):
    if type(raw) is not list or len(raw) > CAPACITY:
        raise SaveError("save: clues must be a list of at most %d" % CAPACITY)
    for e in raw:
        if type(e) is not list or len(e) != 5:
            raise SaveError("save: a clue is 5 numbers")
        owner = _int(e[0], 0, max(t.slots - 1, 0), "clue owner")
        kind = _int(e[1], VERTICAL, KNOWN, "clue kind")
        removed = _int(e[2], 0, 1, "clue removed")
        if not t.slots or not t.valid_card(e[3], e[4], kind <= HORIZONTAL):
            raise SaveError("save: clue card")
        j = t.board.add(owner, kind, e[3], e[4])
        if removed:
            t.board.remove(j)
    t.board.begin()  # the removals above are no step an undo could take back


def _seen(t, raw):
    if type(raw) is not list:
        raise SaveError("save: seen must be a list")
    for e in raw:
        if type(e) is not list or len(e) != 2 or not t.valid_card(e[0], e[1], False):
            raise SaveError("save: seen card")
        t.board.set_seen(e[0], e[1], True)
