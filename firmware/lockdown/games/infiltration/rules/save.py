"""The save format: a small, versioned JSON document holding the whole Game.

Readable on purpose (a bug report can quote it), under 1 KB for six players, and strict on the
way in: anything malformed, out of range or from an unknown version raises SaveError and the
Game passed in is left exactly as it was.
"""
import json

from micropython import const

from lockdown.games.infiltration.rules.game import (
    B_ALARM, B_ALARM_START, B_DIE, B_FIRST, B_FLAGS, B_NPCS, OP_SIZE, B_OPS, B_PHASE, B_PLAYERS,
    B_NPC_ACTED, B_NPC_CHECKED, B_NPC_NEXT, B_PROX, B_ROUND, ALARM_MAX, ALARM_MIN, MAX_PLAYERS,
    MIN_PLAYERS, NPC, NPC_COUNT, NPC_FACE_UP, NPC_ROOM, OVER, PHASE_NAMES, PROX_MAX, SECRET_ROOM, STATE_SIZE, TWO_PLAYER,
)

VERSION = const(1)
_KEYS = ("v", "prox", "alarm", "alarm_start", "round", "phase", "first", "players", "flags",
         "die", "ops", "npcs", "npc_walk")
_LOG_KEYS = ("log", "faces")  # optional: the game log (gamelog.py), checked as strictly


class SaveError(ValueError):
    """The document cannot be loaded; the message says why."""


def dumps(game, log=None):
    """The save document; with `log` (a GameLog) its rounds and die face counts go in too."""
    s = game.s
    ops = []
    for op in range(game.ops):
        i = B_OPS + op * OP_SIZE
        ops.append([s[i], s[i + 1], s[i + 2]])
    doc = {
        "v": VERSION, "prox": game.proximity, "alarm": game.alarm,
        "alarm_start": game.alarm_start, "round": game.round, "phase": PHASE_NAMES[game.phase],
        "first": game.first_player, "players": game.players, "flags": s[B_FLAGS], "die": game.die,
        "ops": ops, "npcs": [s[B_NPCS + n] for n in range(NPC_COUNT)],
        "npc_walk": [s[B_NPC_CHECKED], s[B_NPC_ACTED], s[B_NPC_NEXT]],
    }
    if log is not None:
        doc["log"] = log.dump()
        doc["faces"] = log.faces
    return json.dumps(doc)


def _int(doc, key, lo, hi):
    v = doc[key]
    if type(v) is not int or not lo <= v <= hi:
        raise SaveError("save: %s must be %d..%d" % (key, lo, hi))
    return v


def loads(text, game, log=None):
    """Loads `text` into `game` (and its log and face counts into `log`), all or nothing."""
    try:
        doc = json.loads(text)
    except ValueError:
        raise SaveError("save: not JSON")
    if type(doc) is not dict:
        raise SaveError("save: not a JSON object")
    if doc.get("v") != VERSION:
        raise SaveError("save: version %r not supported" % (doc.get("v"),))
    for k in _KEYS:
        if k not in doc:
            raise SaveError("save: %s missing" % k)
    for k in doc:
        if k not in _KEYS and k not in _LOG_KEYS:
            raise SaveError("save: unknown key %s" % k)
    s = bytearray(STATE_SIZE)
    s[B_PROX] = _int(doc, "prox", 0, PROX_MAX)
    s[B_ALARM] = _int(doc, "alarm", ALARM_MIN, ALARM_MAX) + 1
    s[B_ALARM_START] = _int(doc, "alarm_start", -1, 1) + 1
    s[B_ROUND] = _int(doc, "round", 0, 255)
    if doc["phase"] not in PHASE_NAMES:
        raise SaveError("save: unknown phase")
    s[B_PHASE] = PHASE_NAMES.index(doc["phase"])
    players = s[B_PLAYERS] = _int(doc, "players", MIN_PLAYERS, MAX_PLAYERS)
    s[B_FIRST] = _int(doc, "first", 0, players - 1)
    flags = s[B_FLAGS] = _int(doc, "flags", 0, 0xFF)
    s[B_DIE] = _int(doc, "die", 0, 6)
    nops = 4 if flags & TWO_PLAYER else players
    if flags & TWO_PLAYER and players != 2:
        raise SaveError("save: two-player game needs 2 players")
    ops = doc["ops"]
    if type(ops) is not list or len(ops) != nops:
        raise SaveError("save: ops must list %d operatives" % nops)
    for op, row in enumerate(ops):
        if type(row) is not list or len(row) != OP_SIZE:
            raise SaveError("save: operative %d malformed" % op)
        for j, v in enumerate(row):
            if type(v) is not int or not 0 <= v <= 255 or (j == 0 and (v & 3 == 3 or v > 0x3F)):
                raise SaveError("save: operative %d malformed" % op)
            s[B_OPS + op * OP_SIZE + j] = v
    npcs = doc["npcs"]
    if type(npcs) is not list or len(npcs) != NPC_COUNT:
        raise SaveError("save: npcs must list %d" % NPC_COUNT)
    for n, v in enumerate(npcs):
        if type(v) is not int or v & ~(NPC_ROOM | NPC_FACE_UP) or (v and not 1 <= v & NPC_ROOM <= SECRET_ROOM):
            raise SaveError("save: NPC %d malformed" % n)
        s[B_NPCS + n] = v
    walk = doc["npc_walk"]  # the NPC phase's progress: checked mask, acted mask, 1 + picked NPC
    if type(walk) is not list or len(walk) != 3 or any(type(v) is not int for v in walk):
        raise SaveError("save: npc_walk must list 3 numbers")
    full = (1 << NPC_COUNT) - 1
    if not (0 <= walk[0] <= full and 0 <= walk[1] <= full and 0 <= walk[2] <= NPC_COUNT):
        raise SaveError("save: npc_walk out of range")
    if any(walk) and s[B_PHASE] not in (NPC, OVER):
        raise SaveError("save: npc_walk outside the NPC phase")
    s[B_NPC_CHECKED], s[B_NPC_ACTED], s[B_NPC_NEXT] = walk
    if s[B_PROX] == PROX_MAX and s[B_PHASE] != OVER:
        raise SaveError("save: proximity 99 but game not over")
    checked = _log(doc) if log is not None else None
    game.s[:] = s
    if checked:
        log.buf[:] = checked.buf
        log.last = checked.last
        log.faces[:] = checked.faces


def _log(doc):
    """The document's log and face counts checked into a new GameLog, before anything is loaded."""
    from lockdown.games.infiltration.rules.gamelog import GameLog, LogError
    checked = GameLog()
    try:
        if "log" in doc:
            checked.load(doc["log"])
        if "faces" in doc:
            checked.load_faces(doc["faces"])
    except LogError as e:
        raise SaveError("save: " + str(e))
    return checked
