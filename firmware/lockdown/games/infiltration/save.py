"""The save format: a small, versioned JSON document holding the whole Game as named fields.

Readable on purpose (a bug report can quote it): the Game's fields() (settings, operatives, NPCs
by name, the NPC walk by name) plus "v", the game's "id" (drawn at New game, so a game is archived
once however it is undone; older saves have none) and the game log under "log" and "faces".
Strict on the way in: anything malformed, out of range, from an unknown version or a state play
cannot reach raises SaveError and the Game passed in is left exactly as it was. Version 1 (raw flag bytes,
written by the firmware before named fields) is migrated on load. The Game's fields, their names
and their validators live here too (Game.fields() imports them when called), so none of it is in
RAM before the first save or restore: a board's first frame imports none of it.
"""
import json

from micropython import const

from lockdown.games.infiltration.rules.game import (ALARM_MAX, ALARM_MIN, B_ALARM, B_ALARM_START, B_DIE, B_FIRST,
                                                    B_FLAGS, B_NPC_ACTED, B_NPC_CHECKED, B_NPC_NEXT, B_NPCS, B_OPS,
                                                    B_PHASE, B_PLAYERS, B_PROX, B_ROUND, BLACKMAIL, CHECK_AT_START,
                                                    DELAYED, EXTRACT, LOCKDOWN, MAX_PLAYERS, MIN_PLAYERS,
                                                    NELSON_ALWAYS, NPC_COUNT, NPC_FACE_UP, NPC_NAMES, OP_SIZE,
                                                    PASS_SKIPS_ESCAPED, PHASE_NAMES, PHYSICAL_DIE, PROTOTYPE,
                                                    PROX_MAX, ROLLED, SECRET_ROOM, STATE_SIZE, STATUS_MASK,
                                                    STATUS_NAMES, TWO_PLAYER, WOUNDED, RuleError)

VERSION = const(2)
_OPTIONAL = ("log", "faces", "id")  # the game log (gamelog.py) and the game id, checked as strictly
_ID_MAX = const(0xFFFF)  # a game id is 1..ID_MAX

# Version 1 stored bytes: these are its bit layouts, frozen with it.
_V1_KEYS = ("v", "prox", "alarm", "alarm_start", "round", "phase", "first", "players", "flags",
            "die", "ops", "npcs", "npc_walk")
_V1_FLAGS = (("two_player", 0x01), ("physical_die", 0x02), ("rolled", 0x04), ("lockdown", 0x08))
_V1_SETTINGS = (("pass_skips_escaped", 0x10), ("nelson_always", 0x20), ("check_at_start", 0x40),
                ("extract", 0x80))
_V1_MARKS = (("wounded", 0x04), ("delayed", 0x08), ("blackmail", 0x10), ("prototype", 0x20))
_V1_UP = const(0x80)  # an NPC byte is its room | _V1_UP when face up


class SaveError(ValueError):
    """The document cannot be loaded; the message says why."""


def dumps(game, log=None, ident=0):
    """The save document; with `log` (a GameLog) its rounds and die face counts go in too, and
    a nonzero `ident` as the game's "id"."""
    doc = {"v": VERSION}
    doc.update(fields(game))
    if ident:
        doc["id"] = ident
    if log is not None:
        doc["log"] = log.dump()
        doc["faces"] = log.faces
    return json.dumps(doc)


def loads(text, game, log=None):
    """Loads `text` into `game` (and its log and face counts into `log`), all or nothing.

    Returns the game's id, 0 when the save has none.
    """
    try:
        doc = json.loads(text)
    except ValueError:
        raise SaveError("save: not JSON")
    if type(doc) is not dict:
        raise SaveError("save: not a JSON object")
    v = doc.get("v")
    if type(v) is not int:
        v = None
    if v != 1 and v != VERSION:
        raise SaveError("save: version %r not supported" % (v,))
    try:
        if v == 1:
            fields = _from_v1(doc)
        else:
            fields = {}
            for k in doc:
                if k != "v" and k not in _OPTIONAL:
                    fields[k] = doc[k]
        checked = _log(doc) if log is not None else None
        ident = number(doc, "id", 1, _ID_MAX) if "id" in doc else 0
        from_fields(game, fields)
    except RuleError as e:
        raise SaveError("save: " + str(e))
    if checked and log is not None:  # checked only when given a log
        log.buf[:] = checked.buf
        log.last = checked.last
        log.faces[:] = checked.faces
    return ident


def _bits(byte, table):
    out = {}
    for name, bit in table:
        out[name] = bool(byte & bit)
    return out


def _from_v1(doc):
    """A version 1 document as the named fields of today's Game (checked by from_fields)."""
    for k in _V1_KEYS:
        if k not in doc:
            raise SaveError("save: %s missing" % k)
    for k in doc:
        if k not in _V1_KEYS and k not in _OPTIONAL:
            raise SaveError("save: unknown key %s" % k)
    flags = number(doc, "flags", 0, 0xFF)
    fields = _bits(flags, _V1_FLAGS)
    fields["settings"] = _bits(flags, _V1_SETTINGS)
    for k in ("prox", "alarm", "alarm_start", "round", "phase", "first", "players", "die"):
        fields[k] = doc[k]
    ops = doc["ops"]
    if type(ops) is not list:
        raise SaveError("save: ops must be a list")
    fields["ops"] = []
    for op, row in enumerate(ops):
        if type(row) is not list or len(row) != 3 or type(row[0]) is not int or not 0 <= row[0] <= 0x3F \
                or row[0] & 3 == 3:
            raise SaveError("save: operative %d malformed" % op)
        o = _bits(row[0], _V1_MARKS)
        o["status"] = STATUS_NAMES[row[0] & 3]
        o["data"], o["tokens"] = row[1], row[2]
        fields["ops"].append(o)
    npcs = doc["npcs"]
    if type(npcs) is not list or len(npcs) != NPC_COUNT:
        raise SaveError("save: npcs must list %d" % NPC_COUNT)
    fields["npcs"] = {}
    for n, v in enumerate(npcs):
        if type(v) is not int or not 0 <= v <= 0xFF:
            raise SaveError("save: NPC %d malformed" % n)
        if v:
            fields["npcs"][NPC_NAMES[n]] = {"room": v & ~_V1_UP, "face": "up" if v & _V1_UP else "down"}
    walk = doc["npc_walk"]  # checked mask, acted mask, 1 + picked NPC
    if type(walk) is not list or len(walk) != 3 or any(type(v) is not int for v in walk):
        raise SaveError("save: npc_walk must list 3 numbers")
    full = (1 << NPC_COUNT) - 1
    if not (0 <= walk[0] <= full and 0 <= walk[1] <= full and 0 <= walk[2] <= NPC_COUNT):
        raise SaveError("save: npc_walk out of range")
    fields["npc_walk"] = {"checked": names(walk[0]), "acted": names(walk[1]),
                          "next": NPC_NAMES[walk[2] - 1] if walk[2] else None}
    return fields


def _log(doc):
    """The document's log and face counts checked into a new GameLog, before anything is loaded."""
    from lockdown.games.infiltration.rules.gamelog import GameLog
    from lockdown.games.infiltration.rules.logload import LogError, load, load_faces
    checked = GameLog()
    try:
        if "log" in doc:
            load(checked, doc["log"])
        if "faces" in doc:
            load_faces(checked, doc["faces"])
    except LogError as e:
        raise SaveError("save: " + str(e))
    return checked


# The Game's named fields (fields(), from_fields()): name and bit
FLAGS = (("two_player", TWO_PLAYER), ("physical_die", PHYSICAL_DIE), ("rolled", ROLLED),
          ("lockdown", LOCKDOWN))
SETTINGS = (("pass_skips_escaped", PASS_SKIPS_ESCAPED), ("nelson_always", NELSON_ALWAYS),
             ("check_at_start", CHECK_AT_START), ("extract", EXTRACT))
SETTING_NAMES = ("pass_skips_escaped", "nelson_always", "check_at_start", "extract")
MARKS = (("wounded", WOUNDED), ("delayed", DELAYED), ("blackmail", BLACKMAIL), ("prototype", PROTOTYPE))
FIELDS = ("players", "round", "phase", "first", "prox", "alarm", "alarm_start", "die", "two_player",
           "physical_die", "rolled", "lockdown", "settings", "ops", "npcs", "npc_walk")
OP_FIELDS = ("status", "wounded", "delayed", "blackmail", "prototype", "data", "tokens")


def keys(d, keys, what):
    """d is a dict with exactly `keys`; `what` names it in the RuleError."""
    if type(d) is not dict:
        raise RuleError("%s must be an object" % what)
    for k in keys:
        if k not in d:
            raise RuleError("%s: %s missing" % (what, k))
    for k in d:
        if k not in keys:
            raise RuleError("%s: unknown key %s" % (what, k))


def number(d, key, lo, hi):
    v = d[key]
    if type(v) is not int or not lo <= v <= hi:
        raise RuleError("%s must be %d..%d" % (key, lo, hi))
    return v


def flag(d, key):
    v = d[key]
    if type(v) is not bool:
        raise RuleError("%s must be true or false" % key)
    return v


def index(v, names, what):
    """The place of name `v` in `names`; `what` says which field it came from."""
    if type(v) is not str or v not in names:
        raise RuleError("unknown %s" % what)
    return names.index(v)


def mask(walk, key):
    """The NPCs listed under walk[key] as a bit mask."""
    names = walk[key]
    if type(names) is not list:
        raise RuleError("npc_walk: %s must list NPCs" % key)
    m = 0
    for name in names:
        bit = 1 << index(name, NPC_NAMES, "NPC in npc_walk")
        if m & bit:
            raise RuleError("npc_walk: an NPC twice")
        m |= bit
    return m


def names(mask):
    """The NPCs of a bit mask, by name."""
    return [NPC_NAMES[n] for n in range(NPC_COUNT) if mask >> n & 1]


def fields(g):
    """The Game's whole state as named, JSON-ready fields; from_fields() takes them back."""
    s = g.s
    ops = []
    for op in range(g.ops):
        i = B_OPS + op * OP_SIZE
        o = {"status": STATUS_NAMES[s[i] & STATUS_MASK]}  # type: dict
        for name, bit in MARKS:
            o[name] = bool(s[i] & bit)
        o["data"] = s[i + 1]
        o["tokens"] = s[i + 2]
        ops.append(o)
    npcs = {}
    for n in range(NPC_COUNT):
        if s[B_NPCS + n]:
            npcs[NPC_NAMES[n]] = {"room": g.npc_room(n), "face": "up" if s[B_NPCS + n] & NPC_FACE_UP else "down"}
    d = {"players": s[B_PLAYERS], "round": s[B_ROUND], "phase": PHASE_NAMES[s[B_PHASE]],
         "first": s[B_FIRST], "prox": s[B_PROX], "alarm": g.alarm, "alarm_start": g.alarm_start,
         "die": s[B_DIE]}
    for name, bit in FLAGS:
        d[name] = bool(s[B_FLAGS] & bit)
    d["settings"] = settings = {}
    for name, bit in SETTINGS:
        settings[name] = bool(s[B_FLAGS] & bit)
    d["ops"] = ops
    d["npcs"] = npcs
    d["npc_walk"] = {"checked": names(s[B_NPC_CHECKED]), "acted": names(s[B_NPC_ACTED]),
                     "next": NPC_NAMES[s[B_NPC_NEXT] - 1] if s[B_NPC_NEXT] else None}
    return d


def from_fields(g, d):
    """Takes the state from fields() back, all or nothing: RuleError says what is wrong
    (a field, or the invariant of play it breaks) and leaves the game as it was."""
    was = bytearray(g.s)
    try:
        _from_fields(g, d)
        broken = g.check()
        if broken:
            raise RuleError(broken)
    except RuleError:
        g.s[:] = was
        raise


def _from_fields(g, d):
    s = g.s
    keys(d, FIELDS, "game")
    for i in range(STATE_SIZE):
        s[i] = 0
    s[B_PLAYERS] = number(d, "players", MIN_PLAYERS, MAX_PLAYERS)
    s[B_ROUND] = number(d, "round", 0, 255)
    s[B_PHASE] = index(d["phase"], PHASE_NAMES, "phase")
    s[B_FIRST] = number(d, "first", 0, s[B_PLAYERS] - 1)
    s[B_PROX] = number(d, "prox", 0, PROX_MAX)
    s[B_ALARM] = number(d, "alarm", ALARM_MIN, ALARM_MAX) + 1
    s[B_ALARM_START] = number(d, "alarm_start", -1, 1) + 1
    s[B_DIE] = number(d, "die", 0, 6)
    flags = 0
    for name, bit in FLAGS:
        flags |= bit if flag(d, name) else 0
    settings = d["settings"]
    keys(settings, SETTING_NAMES, "settings")
    for name, bit in SETTINGS:
        flags |= bit if flag(settings, name) else 0
    s[B_FLAGS] = flags
    ops = d["ops"]
    if type(ops) is not list or len(ops) != g.ops:
        raise RuleError("ops must list %d operatives" % g.ops)
    for op, o in enumerate(ops):
        keys(o, OP_FIELDS, "operative %d" % (op + 1))
        i = B_OPS + op * OP_SIZE
        f = index(o["status"], STATUS_NAMES, "status")
        for name, bit in MARKS:
            f |= bit if flag(o, name) else 0
        s[i] = f
        s[i + 1] = number(o, "data", 0, 255)
        s[i + 2] = number(o, "tokens", 0, 255)
    npcs = d["npcs"]
    if type(npcs) is not dict:
        raise RuleError("npcs must map names")
    for name in npcs:
        n = index(name, NPC_NAMES, "NPC")
        where = npcs[name]
        keys(where, ("room", "face"), name)
        up = index(where["face"], ("down", "up"), "face")
        s[B_NPCS + n] = number(where, "room", 1, SECRET_ROOM) | (NPC_FACE_UP if up else 0)
    walk = d["npc_walk"]
    keys(walk, ("checked", "acted", "next"), "npc_walk")
    s[B_NPC_CHECKED] = mask(walk, "checked")
    s[B_NPC_ACTED] = mask(walk, "acted")
    if walk["next"] is not None:
        s[B_NPC_NEXT] = index(walk["next"], NPC_NAMES, "NPC in npc_walk") + 1
