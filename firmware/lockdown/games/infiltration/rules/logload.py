"""Reading a saved game log back (the save document's "log" and "faces"), all or nothing: what a
LogError names is wrong, and the log is left as it was. Imported by save.py for a load only and
forgotten with it, so the log that play keeps in RAM (gamelog.py) holds none of this.
"""
from lockdown.games.infiltration.rules.game import NPC_COUNT
from lockdown.games.infiltration.rules.gamelog import CAP, F_AFTER, F_ALARM, F_BEFORE, F_DIE, FIELDS, SIZE, VERSION

_LIMITS = ((1, 255), (0, 6), (-1, 8), (0, 99), (0, 99), (0, (1 << NPC_COUNT) - 1),
           (0, (1 << NPC_COUNT) - 1), (-127, 127), (-127, 127))


class LogError(ValueError):
    """A saved log cannot be loaded; the message says why."""


def load(log, doc):
    """Loads a dumped log (GameLog.dump) into `log`, all or nothing."""
    if type(doc) is not dict or sorted(doc) != ["rounds", "v"]:
        raise LogError("log: keys must be v, rounds")
    if doc["v"] != VERSION:
        raise LogError("log: version %r not supported" % (doc["v"],))
    rows = doc["rounds"]
    if type(rows) is not list or len(rows) > CAP:
        raise LogError("log: rounds must list at most %d" % CAP)
    buf = bytearray(CAP * SIZE)
    last = 0
    for row in rows:
        _check_row(row, last)
        last = row[0]
        i = (last - 1) % CAP * SIZE
        for f in range(SIZE):
            buf[i + f] = row[f] & 0xFF
    if rows and last - rows[0][0] >= CAP:
        raise LogError("log: rounds span more than %d" % CAP)
    log.buf[:] = buf
    log.last = last


def load_faces(log, faces):
    """Loads the six face counts saved from `faces` (the save document's "faces" key)."""
    if type(faces) is not list or len(faces) != 6 or [v for v in faces if type(v) is not int or v < 0]:
        raise LogError("log: faces must be 6 counts")
    log.faces[:] = faces


def _check_row(row, last):
    if type(row) is not list or len(row) != SIZE:
        raise LogError("log: a round must have %d numbers" % SIZE)
    for f in range(SIZE):
        lo, hi = _LIMITS[f]
        if type(row[f]) is not int or not lo <= row[f] <= hi:
            raise LogError("log: %s must be %d..%d" % (FIELDS[f], lo, hi))
    if row[0] <= last:
        raise LogError("log: rounds out of order")
    if not row[F_DIE] and (row[F_ALARM] or row[F_BEFORE] or row[F_AFTER]):
        raise LogError("log: round %d has no roll" % row[0])
