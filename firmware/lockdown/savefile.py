"""The save of a game on the core's GameSession: named fields in an envelope, all or nothing.

{"game": NAME, "v": VERSION, "id": the game's id, and the game's FIELDS}. Loading refuses another
game's save, another version (after the game's `upgrade`), a field too many or too few, then
hands the fields to the game's load.py, which accepts exactly the states its play can reach
(fields checked against each other, not only ranges) or raises SaveError before it changes
anything. A game's save.py calls `write`, its load.py `read` and, once all is taken, `loaded`.
Imported for each save and load, then forgotten (lockdown/session.py).
"""
import json

from lockdown.session import SaveError


def field_int(doc, name, lo, hi):
    """doc[name] when it is an int (not a bool, not a float) from lo to hi, else SaveError."""
    v = doc.get(name)
    if type(v) is not int or not lo <= v <= hi:
        raise SaveError("bad " + name)
    return v


def write(doc, name, version, ident):
    """The save text: the game's fields `doc` in the envelope."""
    doc["game"] = name
    doc["v"] = version
    doc["id"] = ident
    return json.dumps(doc)


def read(text, name, version, fields, upgrade=None):
    """The save's document once its envelope and its field names are right; upgrade(doc) gives an
    older save in today's fields. SaveError otherwise."""
    try:
        doc = json.loads(text)
    except ValueError:
        raise SaveError("not JSON")
    if type(doc) is not dict:
        raise SaveError("not a save")
    if upgrade:
        doc = upgrade(doc)
    if doc.get("game") != name or doc.get("v") != version:
        raise SaveError("not a save of " + name)
    field_int(doc, "id", 0, 0xFFFF)
    if len(doc) != len(fields) + 3:
        raise SaveError("unknown fields")
    for k in fields:
        if k not in doc:
            raise SaveError("no " + k)
    return doc


def loaded(s, doc):
    """The game took the save's fields: its id, an undo ring afresh, a change (the board saves)."""
    s.id = doc["id"]
    if s._history is not None:
        s._history.clear()
    s.changes += 1
