"""The Infiltraitors save: the session's table, clue board, seen cards and clock as JSON.

Imported by Session.dumps and Session.loads only, and forgotten after each (lockdown.games.unload),
so its code takes no RAM between saves and none before the first frame.
"""
import json

from micropython import const

from lockdown.games.infiltraitors import missions as ms
from lockdown.games.infiltraitors.clues import CAPACITY, HORIZONTAL, KNOWN, VERTICAL
from lockdown.games.infiltraitors.missions import SUITS, bits
from lockdown.games.infiltraitors.session import VERSION, SaveError
from lockdown.games.infiltraitors.table import ASIDE, IDENTIFIED, OFF, OPT_ONE_DIVIDES, SIZE, Table

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


def dumps(session):
    t = session.table
    b = t.board
    clues = []
    for j in range(b.n):
        o = b.log[2 * j]
        clues.append([o & 0x0F, (o >> 4) & 0x07, o >> 7, b.suit(j), b.number(j)])
    c = t.clock
    return json.dumps({
        "v": VERSION, "started": session.started, "steps": session.steps, "table": list(t.s),
        "clues": clues, "seen": t.seen_list(), "limit_s": c.limit_ms // 1000,
        "spent_ms": c.spent_ms, "running": c.running or session._resume})


def loads(text):
    """The save's table (its clock set) and document, every field checked; SaveError if any is
    wrong. Changes no session: Session.loads takes what it returns."""
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
    _int(doc["steps"], 0, 0x3FFFFFFF, "steps")
    t = _table(doc["table"])
    _clues(t, doc["clues"])
    _seen(t, doc["seen"])
    limit = _int(doc["limit_s"], 0, _MAX_LIMIT_S, "limit_s")
    t.clock.spent_ms = _int(doc["spent_ms"], 0, 0x3FFFFFFF, "spent_ms")
    t.clock.set_limit(limit)
    return t, doc


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
