"""The settings a group changes during a mission: the elite agent (Mission 12), the suits in play,
Special 1 (Mission 15) and the clue board's level. Each is checked first and is an undo step like
every action (the session's act: describe.py names it).
Here, not in table.py: only a settings change needs them (the rules screen imports this module
when it makes one), so the table a mission plays on leaves them out of RAM.
"""
from lockdown.games.infiltraitors.rules import missions as ms
from lockdown.games.infiltraitors.rules import specials as sp
from lockdown.games.infiltraitors.rules.missions import FULL, OFF, SUITS, bits
from lockdown.games.infiltraitors.rules.table import OPT_ONE_DIVIDES
from lockdown.session import RuleError


def set_elite(t, agent):
    """Mission 12: the agent the group drew."""
    if not t.flags & sp.F_ELITE or not 0 <= agent < t.agents:
        raise RuleError("No elite here")
    if t.holder(agent) >= 0:
        raise RuleError("Holds a suspect")
    t.set("elite", agent)


def set_suits(t, mask):
    """The suits in play (bit 0 red), before any card is entered; Training #1's are fixed."""
    if t.flags & ms.F_NUM13 or bits(mask) != ms.suit_count(t.mission) or mask >> SUITS:
        raise RuleError("Suits are fixed")
    if t.board.n or t.slots > (1 if t.flags & sp.F_KINGPIN else 0):
        raise RuleError("Set before play")
    for k in range(SUITS):
        if t.board.seen_mask(k):
            raise RuleError("Set before play")
    t.set("suits", mask)


def set_option(t, bit, on):
    """Mission 15: whether a special suspect (a 1) matches every clue."""
    if not t.flags & sp.F_SPECIALS or bit != OPT_ONE_DIVIDES:
        raise RuleError("No such option here")
    t.set("options", t.options | bit if on else t.options & ~bit)


def set_display(t, level):
    if not FULL <= level <= OFF:
        raise RuleError("No such level")
    t.set("display", level)
