"""A new mission, over the one before (kept as its save text, so an undo brings it back while
the new one's undo list reaches back to its start): imported by Session.start only."""
from lockdown.games.infiltraitors.rules.table import Table


def start(s, mission, agents, limit_s, display, now, suits):
    t = Table(mission, agents, display=display, suits=suits)
    s._before = s.dumps() if s.started and not s.over else None  # one in progress
    t.clock.set_limit(limit_s)
    if limit_s:
        t.clock.start(now)
    s._table = t
    s.started = True
    s.steps = 0
    s._resume = s._stopped = False
    s._saved_ms = 0
    s.warning = 0
    s.history.clear()  # the last mission's steps are no steps of this one
    if s.entropy is None:
        from lockdown.dice import Xorshift
        s.entropy = Xorshift()
    s.new_id()
    s.changes += 1
