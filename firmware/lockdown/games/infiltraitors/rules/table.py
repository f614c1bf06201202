"""The table of an Infiltraitors mission: bullets, the suspects in front of the agents, the clue
board, the play's steps and the end. What the special missions read is its base in specials.py;
the settings changed in play are in settings.py, the clue board's corrections and face-up cards
in fixes.py, a loss without a shot in ending.py (each loaded only then), the steps' codes in
actions.py.

The state is a small bytearray (offsets below; the save names them: NAMES at AT) and the clue
board's log (clues.py); the undo snapshot (copy_into, restore_from) is the bytearray and the
board's small state, about 50 bytes. Every action checks first and raises RuleError before it
changes anything; the session makes each accepted one an undo step. Suspects take slots in nab
order, also the token order of Missions 3 and 14; in Mission 19 slot 0 is the Kingpin, aside.
"""
from micropython import const

from lockdown.games.infiltraitors.rules import missions as ms
from lockdown.games.infiltraitors.rules import specials as sp
from lockdown.games.infiltraitors.rules.missions import COUNT_ONLY, DISPLAY_NAMES, FULL, OFF  # noqa: F401
from lockdown.games.infiltraitors.rules.clock import Clock
from lockdown.games.infiltraitors.rules.clues import (GUESS, HORIZONTAL, KNOWN, SMALL_SIZE, SPECIAL,
                                                SUITS, VERTICAL, Board)
from lockdown.session import RuleError  # noqa: F401 (the refusal every action raises; its home)

# Suspect status
HIDDEN = const(0)
IDENTIFIED = const(1)
ASIDE = const(0xFF)  # the agent of a suspect in front of nobody (the Kingpin)

# Result and why
WIN = const(1)
LOSE = const(2)
WHY_ALL = const(1)
WHY_BULLETS = const(2)
WHY_STUCK = const(3)
WHY_TIME = const(4)
WHY_NAMES = "|all found|too few bullets|no action left|time up|"  # missions.part(WHY_NAMES, why)

# Clue board display levels, chosen per mission: missions.py's (FULL, COUNT_ONLY, OFF, DISPLAY_NAMES)

# Options for the rulebook's open points
OPT_ONE_DIVIDES = const(0x01)  # Mission 15: a special suspect (a 1) matches every clue

# May this suspect be shot? (may_shoot)
SHOT_OK = const(0)
SHOT_NONE = const(1)
SHOT_OVER = const(2)
SHOT_ORDER = const(3)
SHOT_BALANCE = const(4)
SHOT_KINGPIN_WAITS = const(5)
SHOT_KINGPIN_NOW = const(6)
_SHOT_NO_BULLET = const(7)
SHOT_TEXT = ("|Not a hidden suspect|Mission is over|Shoot in token order|Needs 4+ clues, V=H|"
             "Kingpin: last agent|Last agent: Kingpin|No bullet left|")  # missions.part(SHOT_TEXT, why)

# Byte layout
_B_MISSION = const(0)
_B_AGENTS = const(1)
_B_BULLETS = const(2)
_B_TOTAL = const(3)  # suspects of the mission
_B_SLOTS = const(4)  # suspects out of the pile so far
_B_RESULT = const(5)
_B_WHY = const(6)
_B_OPTS = const(7)
_B_DISPLAY = const(8)
_B_SUITS = const(9)
_B_ELITE = const(10)  # Mission 12's elite agent, ASIDE until chosen
_B_OUT = const(11)  # Mission 19: bit a once agent a sits out
_B_KP_LEFT = const(12)  # Mission 19: Kingpin clues the last hit still allows
_B_KP_AGENT = const(13)  # Mission 19: the agent giving them
_B_SLOT = const(14)  # two bytes a slot: agent, status
SIZE = _B_SLOT + 2 * sp.MAX_SUSPECTS
SNAPSHOT = SIZE + SMALL_SIZE
# The state's bytes by the names the save gives them (save.py, load.py): NAMES[k] is s[AT[k]]
NAMES = ("mission", "agents", "bullets", "result", "why", "options", "display", "suits", "elite",
         "out", "kp_left", "kp_agent")
# and past them, AT[len(NAMES)]: how many suspects are out (the save's list of them is as
# long), AT[len(NAMES) + 1]: suspect 0's agent, then its status, then suspect 1's and so on
AT = bytes((_B_MISSION, _B_AGENTS, _B_BULLETS, _B_RESULT, _B_WHY, _B_OPTS, _B_DISPLAY, _B_SUITS,
            _B_ELITE, _B_OUT, _B_KP_LEFT, _B_KP_AGENT, _B_SLOTS, _B_SLOT))
CARD_USED = "Card entered already"  # fixes.py says it too


class Table(sp.Special):
    """The mission's state and its play; the special missions' readers and Mission 19's Kingpin
    clue are its base's (specials.py)."""

    def __init__(self, mission=0, agents=3, display=FULL, suits=0):
        """A mission at its start; `suits` a mask of the suits in play, 0 for the mission's own.
        A RuleError when the mission has no such choice (specials.check)."""
        sp.check(mission, agents, display, suits)
        self.flags = ms.flags(mission)
        self.board = Board(sp.numbers(mission), bool(self.flags & sp.F_PAIR))
        self.clock = Clock(ms.CLOCK_S if self.flags & ms.F_CLOCK else 0)
        s = self.s = bytearray(SIZE)
        s[_B_MISSION] = mission
        s[_B_AGENTS] = agents
        s[_B_BULLETS] = ms.bullets(mission, agents)
        s[_B_TOTAL] = ms.suspects(mission, agents)
        s[_B_SUITS] = suits or ms.default_suits(mission)
        s[_B_DISPLAY] = display
        s[_B_ELITE] = ASIDE
        s[_B_KP_AGENT] = ASIDE
        if self.flags & sp.F_KINGPIN:
            s[_B_SLOT] = ASIDE
            s[_B_SLOTS] = 1

    # The state, read only
    @property
    def mission(self):
        return self.s[_B_MISSION]

    @property
    def agents(self):
        return self.s[_B_AGENTS]

    @property
    def bullets(self):
        return self.s[_B_BULLETS]

    @property
    def total(self):
        return self.s[_B_TOTAL]

    @property
    def slots(self):
        return self.s[_B_SLOTS]

    @property
    def pile(self):
        """Suspects not yet nabbed, not counting one aside (Mission 18's last, as Mission 19's
        Kingpin)."""
        n = self.s[_B_TOTAL] - self.s[_B_SLOTS]
        return n - 1 if self.flags & sp.F_FINAL and self.s[_B_SLOTS] <= sp.FINAL_CARDS else n

    @property
    def identified(self):
        n = 0
        for i in range(self.s[_B_SLOTS]):
            n += self.s[_B_SLOT + 2 * i + 1] == IDENTIFIED
        return n

    @property
    def remaining(self):
        """Suspects not yet identified: in the pile, in front of agents, aside."""
        return self.s[_B_TOTAL] - self.identified

    @property
    def result(self):
        return self.s[_B_RESULT]

    @property
    def why(self):
        return self.s[_B_WHY]

    @property
    def options(self):
        return self.s[_B_OPTS]

    @property
    def display(self):
        return self.s[_B_DISPLAY]

    @property
    def suits(self):
        return self.s[_B_SUITS]

    @property
    def elite(self):
        return self.s[_B_ELITE]

    def agent_of(self, i):
        return self.s[_B_SLOT + 2 * i]

    def status(self, i):
        return self.s[_B_SLOT + 2 * i + 1]

    def holder(self, agent):
        """The slot of the hidden suspect in front of `agent`, or -1."""
        for i in range(self.s[_B_SLOTS]):
            if self.s[_B_SLOT + 2 * i] == agent and self.s[_B_SLOT + 2 * i + 1] == HIDDEN:
                return i
        return -1

    def may_shoot(self, i):
        """SHOT_OK, or why suspect `i` may not be shot now (SHOT_TEXT says it on the device)."""
        s = self.s
        if s[_B_RESULT]:
            return SHOT_OVER
        if not 0 <= i < s[_B_SLOTS] or self.status(i) != HIDDEN:
            return SHOT_NONE
        if not s[_B_BULLETS]:  # only a damaged save gets here: play loses at fewer than the suspects
            return _SHOT_NO_BULLET
        f = self.flags
        if f & sp.F_KINGPIN:
            if self.kingpin_now():
                if i:
                    return SHOT_KINGPIN_NOW
            elif not i:
                return SHOT_KINGPIN_WAITS
        if f & sp.F_ORDER and i + 1 != self.next_token():
            return SHOT_ORDER
        if f & sp.F_BALANCE and not self.balanced(i):
            return SHOT_BALANCE
        return SHOT_OK

    def candidates(self, i):
        """How many cards suspect `i` can still be (0: a clue lies the wrong way); the cards are
        then in board.cand, a 16-bit mask a suit."""
        one = bool(self.s[_B_OPTS] & OPT_ONE_DIVIDES)
        return self.board.candidates(i, self.s[_B_SUITS], one)

    def seen_list(self):
        """The face-up cards entered, as (suit, number) pairs."""
        m = self.board.seen_mask
        return [(t, n) for t in range(SUITS) for n in range(16) if m(t) >> n & 1]

    def valid_card(self, suit, number, clue=True):
        """A card of this mission; specials as clues in Missions 6 and 15, as suspects in 15."""
        if not 0 <= suit < SUITS or not self.s[_B_SUITS] >> suit & 1 or not 0 < number < 16:
            return False
        if number == SPECIAL and clue and self.flags & sp.F_SPECIAL_ASK:
            return True
        return bool(self.board.numbers >> number & 1)

    # Actions: each one undo step
    def nab(self, agent):
        """An agent takes a suspect from the pile; returns its slot."""
        s = self.s
        self.playing()
        if not 0 <= agent < s[_B_AGENTS]:
            raise RuleError("No such agent")
        if s[_B_SLOTS] == self.final() and self.identified < sp.FINAL_CARDS:
            raise RuleError("Last waits for 8 hits")
        if not self.can_nab():
            raise RuleError("Pile is empty")
        if self.holder(agent) >= 0:
            raise RuleError("Holds a suspect")
        if agent == s[_B_ELITE] and self.flags & sp.F_ELITE:
            raise RuleError("Elite never nabs")
        if self.is_out(agent):
            raise RuleError("Sits out")
        if self.kingpin_now():
            raise RuleError(ms.part(SHOT_TEXT, SHOT_KINGPIN_NOW))
        self.begin()
        i = s[_B_SLOTS]
        s[_B_SLOT + 2 * i] = agent
        s[_B_SLOT + 2 * i + 1] = HIDDEN
        s[_B_SLOTS] = i + 1
        return i

    def clue(self, i, suit, number, vertical):
        """A clue card laid by suspect `i`; returns the cards it can still be (0: flag it)."""
        self.playing()
        self.hidden(i)
        if i == self.kingpin():
            raise RuleError("Kingpin: after a hit")
        if self.kingpin_now():
            raise RuleError(ms.part(SHOT_TEXT, SHOT_KINGPIN_NOW))
        if i == self.final() and self.final_cards_left() <= 0:
            raise RuleError("8 reward cards used")
        self._card(suit, number, True)
        self.begin()
        self.board.add(i, VERTICAL if vertical else HORIZONTAL, suit, number)
        return self.candidates(i)

    def shoot(self, i, right, suit=-1, number=0, shooter=ASIDE):
        """Eliminate a Traitor: always costs a bullet. A hit identifies suspect `i`; the card named,
        when given, is kept (a hit's card is nobody else; a miss's card is not this suspect). In
        Mission 19 a hit names its `shooter`: the one who may clue the Kingpin and sit out."""
        why = self.may_shoot(i)
        if why:
            raise RuleError(ms.part(SHOT_TEXT, why))
        kp = self.flags & sp.F_KINGPIN and right and i
        if kp and not (0 <= shooter < self.s[_B_AGENTS] and not self.is_out(shooter)):
            raise RuleError("Who shot? Not in play")
        if suit >= 0:
            self._card(suit, number, False, right and not self.board.pair)
        self.begin()
        s = self.s
        s[_B_BULLETS] -= 1
        if suit >= 0:
            self.board.add(i, KNOWN if right else GUESS, suit, number)
        if right:
            s[_B_SLOT + 2 * i + 1] = IDENTIFIED
            if kp:
                s[_B_KP_LEFT] = 2 if s[_B_AGENTS] == 2 else 1
                s[_B_KP_AGENT] = shooter
        self._settle()

    def get(self, name):
        """A byte of the state by its save name (specials.py reads Mission 19's this way)."""
        return self.s[AT[NAMES.index(name)]]

    def set(self, name, value):
        """A setting's byte by its save name (settings.py checks the change first): an undo step."""
        self.begin()
        self.s[AT[NAMES.index(name)]] = value

    # The undo snapshot (the session's ring)
    def copy_into(self, buf, at=0):
        """The undo snapshot: the state and the board's small state (byte loops, as a slice
        allocates on older MicroPython). The step it is taken for starts here: the board's
        in-place edit from now on is that step's, so putting the snapshot back (an undo, or a
        refusal's abort) takes back that edit and no earlier one."""
        s = self.s
        for k in range(SIZE):
            buf[at + k] = s[k]
        b = self.board.s
        at += SIZE
        for k in range(SNAPSHOT - SIZE):
            buf[at + k] = b[k]
        self.board.begin()

    def restore_from(self, buf, at=0):
        """Undo: the board's in-place edit first, then the snapshot. Only for this table's own
        ring (a scratch table would revert an edit its log never had)."""
        self.board.revert()
        s = self.s
        for k in range(SIZE):
            s[k] = buf[at + k]
        b = self.board.s
        at += SIZE
        for k in range(SNAPSHOT - SIZE):
            b[k] = buf[at + k]

    # Inside
    def begin(self, kingpin=False):
        """An action checked and about to change the state: only a Kingpin clue keeps the
        Kingpin clues the last hit allowed."""
        if not kingpin:
            self.s[_B_KP_LEFT] = 0

    def playing(self):
        if self.s[_B_RESULT]:
            raise RuleError(ms.part(SHOT_TEXT, SHOT_OVER))

    def hidden(self, i):
        if not 0 <= i < self.s[_B_SLOTS] or self.status(i) != HIDDEN:
            raise RuleError(ms.part(SHOT_TEXT, SHOT_NONE))

    def _card(self, suit, number, clue, unique=True):
        """A card that may be entered: of this mission, and (`unique`: a real card, not a miss's
        guess) not entered already, as each card is in the deck once."""
        if not self.valid_card(suit, number, clue):
            raise RuleError("Not in this mission")
        if unique and self.board.used(suit, number):
            raise RuleError(CARD_USED)
        if self.board.full():
            raise RuleError("Clue board is full")

    def end(self, result, why):
        """The mission over: WIN or LOSE, and why (ending.py's, and a shot's _settle)."""
        self.s[_B_RESULT] = result
        self.s[_B_WHY] = why

    def _settle(self):
        """The end of the mission: all found with the pile empty wins; fewer bullets than the
        suspects left loses at once."""
        left = self.remaining
        if not left:
            self.end(WIN, WHY_ALL)
        elif self.s[_B_BULLETS] < left:
            self.end(LOSE, WHY_BULLETS)
