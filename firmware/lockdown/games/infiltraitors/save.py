"""The Infiltraitors save's named fields, written: the session's table, clue board, seen cards and
clock. The table's state is read by the names table.py gives it (NAMES, at its AT), never by offset; an
agent none holds (the Kingpin's, no elite yet) is -1. Imported by the core for each save and
forgotten after it (by the session for the console's line after a save too); reading a save back
is load.py's.
The save's name and version are here, not on the session, which is in RAM from boot.
"""
from micropython import const

from lockdown.games.infiltraitors.rules import missions as ms
from lockdown.games.infiltraitors.rules.table import ASIDE, AT, NAMES

NAME = "infiltraitors"
VERSION = const(2)


def agent(v):
    return -1 if v == ASIDE else v


def dumps(session):
    """The save text: the fields in the core's envelope (lockdown/savefile.py, imported here, not
    at the top, as the console's line after a save needs no JSON)."""
    from lockdown.savefile import write
    return write(fields(session), NAME, VERSION, session.id)


def fields(session):
    t = session.table
    b = t.board
    doc = {"started": session.started, "steps": session.steps}
    for k in range(len(NAMES)):
        doc[NAMES[k]] = agent(t.s[AT[k]])
    doc["suspects"] = [[agent(t.agent_of(i)), t.status(i)] for i in range(t.slots)]
    clues = []
    for j in range(b.n):
        o = b.log[2 * j]
        clues.append([o & 0x0F, (o >> 4) & 0x07, o >> 7, b.suit(j), b.number(j)])
    doc["clues"] = clues
    doc["seen"] = [[s, n] for s, n in t.seen_list()]
    c = t.clock
    doc["limit_s"] = c.limit_ms // 1000
    doc["spent_ms"] = c.spent_ms
    doc["running"] = c.running or session._resume
    return doc


def status(session):
    """The console's line after a save, of a mission set up."""
    t = session.table
    line = "%s, %d bullets, %d of %d left" % (ms.name(t.mission), t.bullets, t.remaining, t.total)
    left = t.clock.left_s()
    if left >= 0:
        line += ", %d:%02d" % (left // 60, left % 60)
    return line
