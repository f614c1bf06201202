"""Reading an Infiltraitors save back: `load` accepts exactly the missions play can reach, each
field checked against the others, and builds a new Table (the session takes it only when all is
well); `upgrade` turns a version 1 save (the table's bytes as a list) into today's named fields
(FIELDS). Imported by the session while a save is read only, and forgotten after.
"""
from micropython import const

from lockdown.games.infiltraitors.rules import missions as ms
from lockdown.games.infiltraitors.rules import specials as sp
from lockdown.games.infiltraitors.rules.clues import GUESS, HORIZONTAL, KNOWN, VERTICAL
from lockdown.games.infiltraitors.rules.missions import bits
from lockdown.games.infiltraitors.save import NAME, VERSION, agent
from lockdown.games.infiltraitors.rules.table import (AT, ASIDE, IDENTIFIED, LOSE, NAMES, OFF,
                                                OPT_ONE_DIVIDES, WHY_ALL, WHY_BULLETS, WHY_TIME,
                                                WIN, RuleError, Table)
from lockdown.savefile import field_int, loaded, read
from lockdown.session import SaveError

FIELDS = ("started", "steps") + NAMES + ("suspects", "clues", "seen", "limit_s", "spent_ms",
                                         "running")
_MAX_LIMIT_S = const(5940)  # 99 minutes
_MAX_MS = const(0x3FFFFFFF)
_K_DISPLAY = NAMES.index("display")
_SLOTS = AT[len(NAMES)]  # the table's offsets of the suspects out, and of the first one's agent
_SLOT = AT[len(NAMES) + 1]


def _bool(doc, name):
    v = doc[name]
    if type(v) is not bool:
        raise SaveError("bad " + name)
    return v


def _list(v, what, most):
    if type(v) is not list or len(v) > most:
        raise SaveError("bad " + what)
    return v


def _ints(e, n, what):
    if type(e) is not list or len(e) != n:
        raise SaveError("bad " + what)
    for v in e:
        if type(v) is not int:
            raise SaveError("bad " + what)
    return e


def load(doc):
    """A new Table of the save's mission, every field checked; SaveError if the mission is one
    play cannot reach. Changes no session."""
    started = _bool(doc, "started")
    running = _bool(doc, "running")
    steps = field_int(doc, "steps", 0, _MAX_MS)
    m = field_int(doc, "mission", 0, ms.COUNT - 1)
    a = field_int(doc, "agents", ms.MIN_AGENTS, ms.MAX_AGENTS)
    try:
        t = Table(m, a, display=field_int(doc, "display", 0, OFF),
                  suits=field_int(doc, "suits", 1, 0x1F))
    except RuleError:
        raise SaveError("bad suits")
    f = t.flags
    fresh = fields_of(t)
    bullets = field_int(doc, "bullets", 0, t.bullets)
    result = field_int(doc, "result", 0, LOSE)
    why = field_int(doc, "why", 0, WHY_TIME)
    field_int(doc, "options", 0, OPT_ONE_DIVIDES if f & sp.F_SPECIALS else 0)
    field_int(doc, "elite", -1, a - 1 if f & sp.F_ELITE else -1)
    kp = f & sp.F_KINGPIN
    out = field_int(doc, "out", 0, (1 << a) - 2 if kp else 0)  # one agent at least stays in
    kp_left = field_int(doc, "kp_left", 0, (2 if a == 2 else 1) if kp else 0)
    kp_agent = field_int(doc, "kp_agent", -1, a - 1 if kp else -1)
    limit = field_int(doc, "limit_s", 0, _MAX_LIMIT_S)
    spent = field_int(doc, "spent_ms", 0, _MAX_MS if limit else 0)
    if running and (not limit or result):
        raise SaveError("clock runs")
    for k in range(len(NAMES)):
        v = doc[NAMES[k]]
        t.s[AT[k]] = ASIDE if v < 0 else v
    _suspects(t, _list(doc["suspects"], "suspects", t.total))
    _clues(t, _list(doc["clues"], "clues", 128))
    _seen(t, _list(doc["seen"], "seen", 75))
    if kp_left and (kp_agent < 0 or t.status(0) or
                    bool(kp_left < (2 if a == 2 else 1)) != t.is_out(kp_agent)):
        raise SaveError("Kingpin clues")
    if kp and bits(out) > t.identified - t.status(0):  # each hit lets one agent sit out
        raise SaveError("sits out unhit")
    _end(t, bullets, result, why, limit, spent)
    t.clock.spent_ms = spent
    t.clock.set_limit(limit)
    if (not started or not steps) and fields_of(t) != fresh:
        raise SaveError("fresh mission played")
    if not started and (steps or running):
        raise SaveError("not started")
    return t


def loads(session, text):
    """A save text into the session, all or nothing: SaveError before anything changes."""
    doc = read(text, NAME, VERSION, FIELDS, upgrade)
    load_into(session, doc)
    loaded(session, doc)


def load_into(session, doc):
    """The session takes the save's mission (load) and its clock's state."""
    session._table = load(doc)
    session.started = doc["started"]
    session.steps = doc["steps"]
    session._resume = doc["running"]
    session._saved_ms = doc["spent_ms"]
    session._stopped = False
    session.warning = 0


def fields_of(t):
    """What a fresh table and one played agree on only before play: the state and board bytes,
    less the display (set at the setup)."""
    s = bytearray(t.s)
    s[AT[_K_DISPLAY]] = 0
    return bytes(s) + bytes(t.board.s) + bytes(t.board.log[:2 * t.board.n])


def _suspects(t, raw):
    """Slots in nab order: in Mission 19 the first is the Kingpin (aside); an agent holds one
    hidden suspect at most, the elite none; Mission 18's last comes after 8 hits; in Missions 3
    and 14 only a first run of suspects is identified (token order)."""
    kp = t.kingpin() == 0
    if kp and not raw:
        raise SaveError("no Kingpin")
    held = 0
    for i in range(len(raw)):
        agent, status = _ints(raw[i], 2, "suspect")
        if not 0 <= status <= IDENTIFIED or not (agent == -1 if kp and not i else 0 <= agent < t.agents):
            raise SaveError("bad suspect %d" % (i + 1))
        if not status and agent >= 0:
            if held >> agent & 1 or (t.flags & sp.F_ELITE and agent == t.elite):
                raise SaveError("agent holds two")
            held |= 1 << agent
        if i and status and t.flags & sp.F_ORDER and not t.status(i - 1):
            raise SaveError("out of token order")
        t.s[_SLOT + 2 * i] = ASIDE if agent < 0 else agent
        t.s[_SLOT + 2 * i + 1] = status
        t.s[_SLOTS] = i + 1
    if len(raw) > t.final() >= 0:
        for i in range(sp.FINAL_CARDS):
            if not t.status(i):
                raise SaveError("last suspect too soon")


def _clues(t, raw):
    """Each entry a suspect's who is out, of a card of the mission; a hit's card only for an
    identified suspect, once, and after its clues; every card (clues, hits, face up) once."""
    b = t.board
    for e in raw:
        owner, kind, removed, suit, number = _ints(e, 5, "clue")
        if not 0 <= owner < t.slots or not VERTICAL <= kind <= KNOWN or not 0 <= removed <= 1 or (
                removed and kind > HORIZONTAL) or not t.valid_card(suit, number, kind <= HORIZONTAL):
            raise SaveError("bad clue")
        if b.identity(owner) >= 0:
            raise SaveError("clue after the hit")
        if kind == KNOWN and t.status(owner) != IDENTIFIED:
            raise SaveError("hit on a hidden one")
        if not removed and kind != GUESS and (kind != KNOWN or not b.pair) and b.used(suit, number):
            raise SaveError("card twice")
        j = b.add(owner, kind, suit, number)
        if removed:
            b.remove(j)
    b.begin()  # the removals above are no step an undo could take back
    if t.final() >= 0 and t.final_cards_left() < 0:
        raise SaveError("too many reward clues")
    for i in range(t.slots):
        if t.status(i) and t.flags & sp.F_BALANCE and not t.balanced(i):
            raise SaveError("hit unbalanced")


def _seen(t, raw):
    if raw and t.flags & sp.F_FACEDOWN:
        raise SaveError("face-up cards")
    b = t.board
    for e in raw:
        suit, number = _ints(e, 2, "seen card")
        if not t.valid_card(suit, number, False) or b.used(suit, number):
            raise SaveError("bad seen card")
        b.set_seen(suit, number, True)


def _end(t, bullets, result, why, limit, spent):
    """Bullets spent cover the hits and the named misses; the result follows from the table: won
    with every suspect found, lost for its reason, in play only while bullets cover those left."""
    b = t.board
    shots = t.identified
    for j in range(b.n):
        shots += b.kind(j) == GUESS
    if ms.bullets(t.mission, t.agents) - bullets < shots:
        raise SaveError("shots without bullets")
    left = t.remaining
    if t.kingpin() == 0 and (t.status(0) or b.count(0, GUESS)) and t.agents_in_play() != 1:
        raise SaveError("Kingpin shot too soon")
    if result == WIN:
        ok = why == WHY_ALL and not left
    elif result == LOSE:
        ok = left and why > WHY_ALL and (why == WHY_BULLETS) == (bullets < left) and (
            why != WHY_TIME or limit and spent >= limit * 1000)
    else:
        ok = not why and left and bullets >= left
    if not ok:
        raise SaveError("result and table disagree")


# ---- version 1: the table's bytes as a list, in the layout of its day (frozen here) ---------------
_V1_KEYS = ("clues", "limit_s", "running", "seen", "spent_ms", "started", "steps", "table", "v")
_V1_NAMES = (0, 1, 2, 5, 6, 7, 8, 9, 10, 11, 12, 13)  # the byte of each of NAMES in version 1
_V1_SLOTS = const(4)
_V1_SLOT = const(14)
_V1_SIZE = const(36)


def upgrade(doc):
    """A version 1 save's fields in today's names; its id is drawn from its content, so the same
    save gets the same one at every boot (the archive keeps it once). A hit whose shooter
    version 1 did not keep (Mission 19, before its Kingpin clue) loses that clue's chance."""
    if doc.get("v") != 1 or "game" in doc:
        return doc
    if sorted(doc) != list(_V1_KEYS):
        raise SaveError("bad v1 save")
    raw = _ints(doc["table"], _V1_SIZE, "v1 table")
    new = {}
    for k in _V1_KEYS[:-2]:
        new[k] = doc[k]
    for k in range(len(NAMES)):
        new[NAMES[k]] = agent(raw[_V1_NAMES[k]])
    if new["kp_left"] and new["kp_agent"] < 0:
        new["kp_left"] = 0
    n = raw[_V1_SLOTS]
    if not 0 <= n <= sp.MAX_SUSPECTS:
        raise SaveError("bad v1 table")
    new["suspects"] = [[agent(raw[_V1_SLOT + 2 * i]), raw[_V1_SLOT + 2 * i + 1]] for i in range(n)]
    h = 5381
    for v in raw:
        h = (h * 33 + v) & 0xFFFF
    new["id"] = h or 1
    new["game"] = NAME
    new["v"] = VERSION
    return new
