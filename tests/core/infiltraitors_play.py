"""An Infiltraitors table played as the screens play it: each action one undo step of a Session
(its `act` with the action's code), so the rules tests read like the table's own calls."""
from host_sim.state_infiltraitors import candidate_list, identity
from lockdown.games.infiltraitors.rules import ending, fixes, settings
from lockdown.games.infiltraitors.rules import actions as ac
from lockdown.games.infiltraitors.session import Session

CODES = {"nab": ac.A_NAB, "clue": ac.A_CLUE, "shoot": ac.A_SHOT, "kingpin_clue": ac.A_KINGPIN}
ON_TABLE = {"set_elite": (settings, ac.A_ELITE), "set_suits": (settings, ac.A_SUITS),
            "set_option": (settings, ac.A_OPTION), "set_display": (settings, ac.A_DISPLAY),
            "flip": (fixes, ac.A_FLIP), "remove": (fixes, ac.A_REMOVE), "seen": (fixes, ac.A_SEEN),
            "give_up": (ending, ac.A_GIVE_UP), "time_up": (ending, ac.A_TIME),
            "entries": (fixes, 0)}  # settings.py, fixes.py, ending.py: functions of the table (0: a reader)


class Played:
    """Reads as the session's table; its actions go through the session's act."""

    def __init__(self, mission=0, agents=3, display=0, suits=0, limit_s=0, now=0):
        self.session = Session()
        self.session.start(mission, agents, limit_s, display, now, suits)

    def __getattr__(self, name):
        s = self.session
        if name in ON_TABLE:
            module, code = ON_TABLE[name]
            fn = getattr(module, name)
            if not code:  # a reader
                return lambda *args: fn(s.table, *args)
            return lambda *args: s.act(code, fn, s.table, *args)
        v = getattr(s.table, name)
        code = CODES.get(name)
        if code is None:
            return v
        return lambda *args: s.act(code, v, *args)

    def candidate_list(self, i):
        return candidate_list(self.session.table, i)

    def identity(self, i):
        return identity(self.session.table, i)

    def undo(self):
        return self.session.undo()

    def undo_name(self):
        return self.session.undo_name()

    @property
    def history(self):
        return self.session.history
