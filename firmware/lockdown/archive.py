"""The archive of finished games: log/<n>.json, n counting up; only the last KEEP stay.

Imported only when a finished game is archived (a new game replaced it), then forgotten.
"""
import json
import os

from lockdown.storage import SAVE_MAX

KEEP = 8  # finished games kept


def _ident(text):
    """The game id a save names (its JSON "id"), or None."""
    try:
        doc = json.loads(text)
    except Exception:  # not JSON, or too deep for the heap: no id
        return None
    return doc.get("id") if type(doc) is dict else None


def _read(store, name):
    """The text of an archived game if it is at most SAVE_MAX bytes, else None (also when unreadable)."""
    try:
        if os.stat(store.path(name))[6] > SAVE_MAX:
            return None
        with open(store.path(name)) as f:
            return f.read()
    except (OSError, ValueError):
        return None


def keep(store, text):
    """Keeps a finished game in `store`'s archive folder.

    A game already there as the newest is not archived again: a power cut between this and
    the save of the new game, or an undone new game started again, leaves no duplicate. The
    newest with the same game id is that game changed by an undo since: it is replaced.
    """
    folder = store.archive_dir
    try:
        os.mkdir(store.path(folder))
    except OSError:
        pass  # already there
    nums = [int(n[:-5]) for n in os.listdir(store.path(folder)) if n.endswith(".json") and n[:-5].isdigit()]
    n = max(nums) + 1 if nums else 1
    newest = _read(store, "%s/%d.json" % (folder, n - 1)) if nums else None
    if newest == text:
        return
    ident = _ident(text) if newest else None
    if ident and _ident(newest) == ident:
        n -= 1
    store.write("%s/%d.json" % (folder, n), text)
    for old in nums:
        if old <= n - KEEP:
            store.remove("%s/%d.json" % (folder, old))
