"""The save of a game on the core's GameSession: named fields in an envelope, all or nothing.

{"game": NAME, "v": VERSION, "id": the game's id, and the game's FIELDS}. Loading refuses another
game's save, another version (after the game's `upgrade`), a field too many or too few, then
hands the fields to the game's `load_fields`, which accepts exactly the states its play can
reach (fields checked against each other, not only ranges) or raises SaveError before it
changes anything. Imported for each save and load, then forgotten (lockdown/session.py).
"""
import json

from lockdown.session import SaveError


def field_int(doc, name, lo, hi):
    """doc[name] when it is an int (not a bool, not a float) from lo to hi, else SaveError."""
    v = doc.get(name)
    if type(v) is not int or not lo <= v <= hi:
        raise SaveError("bad " + name)
    return v


def dumps(s):
    doc = s.fields()
    doc["game"] = s.NAME
    doc["v"] = s.VERSION
    doc["id"] = s.id
    return json.dumps(doc)


def loads(s, text):
    try:
        doc = json.loads(text)
    except ValueError:
        raise SaveError("not JSON")
    if type(doc) is not dict:
        raise SaveError("not a save")
    upgrade = getattr(s, "upgrade", None)
    if upgrade:
        doc = upgrade(doc)
    if doc.get("game") != s.NAME or doc.get("v") != s.VERSION:
        raise SaveError("not a save of " + s.NAME)
    ident = field_int(doc, "id", 0, 0xFFFF)
    if len(doc) != len(s.FIELDS) + 3:
        raise SaveError("unknown fields")
    for name in s.FIELDS:
        if name not in doc:
            raise SaveError("no " + name)
    s.load_fields(doc)
    s.id = ident
    if s._history is not None:
        s._history.clear()
    s.changes += 1
