"""The table of an Infiltraitors mission: bullets, the suspects in front of the agents, the clue
board, the mission's own rules, the end of the mission and undo.

The state is one small bytearray (offsets below) plus the clue board's log (clues.py); an undo
snapshot holds the bytearray and the board's small state, about 50 bytes, in a preallocated ring.
Every action checks first and raises RuleError before it changes anything, so a refused action
leaves no trace; each accepted one is one undo step. Suspects take slots in nab order, which is
also the number token order of Missions 3 and 14; in Mission 19 slot 0 is the Kingpin, aside.
"""
from micropython import const

from lockdown.games.infiltraitors import missions as ms
from lockdown.games.infiltraitors.missions import COUNT_ONLY, DISPLAY_NAMES, FULL, OFF  # noqa: F401
from lockdown.games.infiltraitors.clock import TIME_UP, Clock
from lockdown.games.infiltraitors.clues import (GUESS, HORIZONTAL, KNOWN, SMALL_SIZE, SPECIAL,
                                                SUITS, VERTICAL, Board, bits)
from lockdown.history import DEPTH, History

# Suspect status
HIDDEN = const(0)
IDENTIFIED = const(1)
STATUS_NAMES = ("hidden", "identified")
ASIDE = const(0xFF)  # the agent of a suspect in front of nobody (the Kingpin)

# Result and why
WIN = const(1)
LOSE = const(2)
RESULT_NAMES = ("", "win", "lose")
WHY_ALL = const(1)
WHY_BULLETS = const(2)
WHY_STUCK = const(3)
WHY_TIME = const(4)
WHY_NAMES = ("", "all found", "too few bullets", "no action left", "time up")

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
SHOT_TEXT = ("", "Not a hidden suspect", "Mission is over", "Shoot in token order",
             "Needs 4+ clues, V=H", "Kingpin: last agent", "Last agent: Kingpin")

# Undo action codes
A_NAB = const(1)
A_CLUE = const(2)
A_FLIP = const(3)
A_REMOVE = const(4)
A_SHOT = const(5)
A_SEEN = const(6)
A_KINGPIN = const(7)
A_GIVE_UP = const(8)
A_TIME = const(9)
A_SETTING = const(10)
ACTION_NAMES = ("", "nab", "clue", "flip", "clue removal", "shot", "face-up card",
                "Kingpin clue", "give up", "time up", "setting")

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
SIZE = _B_SLOT + 2 * ms.MAX_SUSPECTS
SNAPSHOT = SIZE + SMALL_SIZE


class RuleError(ValueError):
    pass


class Table:
    def __init__(self, mission=0, agents=3, depth=DEPTH, display=FULL, suits=0):
        """A mission at its start; `suits` a mask of the suits in play, 0 for the mission's own."""
        if not 0 <= mission < ms.COUNT:
            raise RuleError("no such mission")
        if not ms.MIN_AGENTS <= agents <= ms.MAX_AGENTS:
            raise RuleError("2 to 5 agents")
        if not FULL <= display <= OFF:
            raise RuleError("no such level")
        if suits and suits != ms.default_suits(mission) and (
                ms.has(mission, ms.F_NUM13) or suits >> SUITS or bits(suits) != ms.suit_count(mission)):
            raise RuleError("suits are fixed")
        self.flags = ms.flags(mission)
        self.board = Board(ms.numbers(mission), bool(self.flags & ms.F_PAIR))
        self.history = History(SNAPSHOT, depth)
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
        if self.flags & ms.F_KINGPIN:
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
        """Suspects not yet nabbed (Mission 18: with the last one aside)."""
        return self.s[_B_TOTAL] - self.s[_B_SLOTS]

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
    def hidden(self):
        """Suspects out of the pile and not yet identified."""
        return self.s[_B_SLOTS] - self.identified

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

    def kingpin(self):
        """Mission 19: the Kingpin's slot (0), else -1."""
        return 0 if self.flags & ms.F_KINGPIN else -1

    def final(self):
        """Mission 18: the slot the last suspect takes (8), else -1."""
        return ms.FINAL_CARDS if self.flags & ms.F_FINAL else -1

    def final_cards_left(self):
        """Mission 18: reward cards not yet given as clues to the last suspect."""
        f = self.final()
        if f < 0 or f >= self.s[_B_SLOTS]:
            return ms.FINAL_CARDS
        return ms.FINAL_CARDS - self.clue_count(f)

    def is_out(self, agent):
        """Mission 19: this agent has clued the Kingpin and sits out."""
        return bool(self.s[_B_OUT] >> agent & 1)

    def agents_in_play(self):
        """Mission 19: agents that have not sat out."""
        return self.s[_B_AGENTS] - bits(self.s[_B_OUT])

    def kingpin_clues_left(self):
        """Mission 19: Kingpin clues the hit just made still allows (0 after any other step)."""
        return self.s[_B_KP_LEFT]

    def kingpin_now(self):
        """Mission 19: one agent is left, and must shoot the Kingpin now."""
        return bool(self.flags & ms.F_KINGPIN and self.agents_in_play() == 1
                    and not self.s[_B_KP_LEFT] and self.status(0) == HIDDEN)

    def next_token(self):
        """Missions 3 and 14: the token number the next hit must have (1-based), 0 when done."""
        for i in range(self.s[_B_SLOTS]):
            if self.status(i) == HIDDEN:
                return i + 1
        return self.s[_B_SLOTS] + 1 if self.pile else 0

    def clue_count(self, i):
        return self.board.count(i, VERTICAL) + self.board.count(i, HORIZONTAL)

    def balanced(self, i):
        """Missions 7 and 13: 4 clues or more, as many vertical as horizontal."""
        v = self.board.count(i, VERTICAL)
        return v >= 2 and v == self.board.count(i, HORIZONTAL)

    def may_shoot(self, i):
        """SHOT_OK, or why suspect `i` may not be shot now (SHOT_TEXT says it on the device)."""
        s = self.s
        if s[_B_RESULT]:
            return SHOT_OVER
        if not 0 <= i < s[_B_SLOTS] or self.status(i) != HIDDEN:
            return SHOT_NONE
        f = self.flags
        if f & ms.F_KINGPIN:
            if self.kingpin_now():
                if i:
                    return SHOT_KINGPIN_NOW
            elif not i:
                return SHOT_KINGPIN_WAITS
        if f & ms.F_ORDER and i + 1 != self.next_token():
            return SHOT_ORDER
        if f & ms.F_BALANCE and not self.balanced(i):
            return SHOT_BALANCE
        return SHOT_OK

    def candidates(self, i):
        """How many cards suspect `i` can still be (0: a clue lies the wrong way); the cards are
        then in board.cand, a 16-bit mask a suit."""
        one = bool(self.s[_B_OPTS] & OPT_ONE_DIVIDES)
        return self.board.candidates(i, self.s[_B_SUITS], one)

    def candidate_list(self, i):
        """The cards suspect `i` can still be, as (suit, number) pairs (allocates: lists, JSON)."""
        self.candidates(i)
        c = self.board.cand
        return [(t, n) for t in range(SUITS) for n in range(16) if c[t] >> n & 1]

    def clue_entries(self, i):
        """The board entries of suspect `i`'s clues, oldest first (for flip and remove)."""
        b = self.board
        return [j for j in range(b.n) if b.owner(j) == i and b.kind(j) in (VERTICAL, HORIZONTAL)]

    def identity(self, i):
        """The card a hit named for suspect `i`, as (suit, number), or None."""
        c = self.board.identity(i)
        return None if c < 0 else (c >> 4, c & 0x0F)

    def seen_list(self):
        """The face-up cards entered, as (suit, number) pairs."""
        m = self.board.seen_mask
        return [(t, n) for t in range(SUITS) for n in range(16) if m(t) >> n & 1]

    def valid_card(self, suit, number, clue=True):
        """A card of this mission; specials as clues in Missions 6 and 15, as suspects in 15."""
        if not 0 <= suit < SUITS or not self.s[_B_SUITS] >> suit & 1 or not 0 < number < 16:
            return False
        if number == SPECIAL and clue and self.flags & ms.F_SPECIAL_ASK:
            return True
        return bool(self.board.numbers >> number & 1)

    # Actions: each one undo step
    def nab(self, agent):
        """An agent takes a suspect from the pile; returns its slot."""
        s = self.s
        self._playing()
        if not 0 <= agent < s[_B_AGENTS]:
            raise RuleError("no such agent")
        if not self.pile:
            raise RuleError("pile is empty")
        if self.holder(agent) >= 0:
            raise RuleError("holds a suspect")
        if agent == s[_B_ELITE] and self.flags & ms.F_ELITE:
            raise RuleError("elite never nabs")
        if self.is_out(agent):
            raise RuleError("sits out")
        if self.kingpin_now():
            raise RuleError(SHOT_TEXT[SHOT_KINGPIN_NOW])
        if s[_B_SLOTS] == self.final() and self.identified < ms.FINAL_CARDS:
            raise RuleError("last waits for 8 hits")
        self._record(A_NAB)
        i = s[_B_SLOTS]
        s[_B_SLOT + 2 * i] = agent
        s[_B_SLOT + 2 * i + 1] = HIDDEN
        s[_B_SLOTS] = i + 1
        return i

    def clue(self, i, suit, number, vertical):
        """A clue card laid by suspect `i`; returns the cards it can still be (0: flag it)."""
        self._playing()
        self._hidden(i)
        if i == self.kingpin():
            raise RuleError("Kingpin: after a hit")
        if self.kingpin_now():
            raise RuleError(SHOT_TEXT[SHOT_KINGPIN_NOW])
        if i == self.final() and self.final_cards_left() <= 0:
            raise RuleError("8 reward cards used")
        self._card(suit, number, True)
        self._record(A_CLUE)
        self.board.add(i, VERTICAL if vertical else HORIZONTAL, suit, number)
        return self.candidates(i)

    def flip(self, j):
        """Turns clue entry `j` the other way (it was laid wrongly)."""
        self._entry(j)
        self._record(A_FLIP)
        self.board.flip(j)

    def remove(self, j):
        """Takes clue entry `j` off the board (entered by mistake)."""
        self._entry(j)
        self._record(A_REMOVE)
        self.board.remove(j)

    def shoot(self, i, right, suit=-1, number=0):
        """Eliminate a Traitor: always costs a bullet. A hit identifies suspect `i`; the card named,
        when given, is kept (a hit's card is nobody else; a miss's card is not this suspect)."""
        why = self.may_shoot(i)
        if why:
            raise RuleError(SHOT_TEXT[why])
        if suit >= 0:
            self._card(suit, number, False)
        self._record(A_SHOT)
        s = self.s
        s[_B_BULLETS] -= 1
        if suit >= 0:
            self.board.add(i, KNOWN if right else GUESS, suit, number)
        if right:
            s[_B_SLOT + 2 * i + 1] = IDENTIFIED
            if self.flags & ms.F_KINGPIN and i:
                s[_B_KP_LEFT] = 2 if s[_B_AGENTS] == 2 else 1
                s[_B_KP_AGENT] = ASIDE
        self._settle()

    def kingpin_clue(self, agent, suit, number, vertical):
        """Mission 19: right after a hit, its shooter clues the Kingpin (twice with 2 agents) and
        sits out from the first clue on."""
        s = self.s
        self._playing()
        self._hidden(0)
        if not s[_B_KP_LEFT]:
            raise RuleError("only after a hit")
        if s[_B_KP_AGENT] == ASIDE:
            if not 0 <= agent < s[_B_AGENTS] or self.is_out(agent):
                raise RuleError("not in play")
        elif agent != s[_B_KP_AGENT]:
            raise RuleError("same agent again")
        self._card(suit, number, True)
        self._record(A_KINGPIN)
        self.board.add(0, VERTICAL if vertical else HORIZONTAL, suit, number)
        s[_B_KP_LEFT] -= 1
        s[_B_KP_AGENT] = agent
        s[_B_OUT] |= 1 << agent
        return self.candidates(0)

    def seen(self, suit, number, on=True):
        """A card the table saw face up (a face-up discard), or `on`=False to take one back."""
        self._playing()
        if self.flags & ms.F_FACEDOWN:
            raise RuleError("discards face down")
        if not self.valid_card(suit, number, False):
            raise RuleError("not in this mission")
        if self.board.is_seen(suit, number) == bool(on):
            raise RuleError("already so")
        self._record(A_SEEN)
        self.board.set_seen(suit, number, on)

    def give_up(self):
        """The group can do none of the five actions: the mission is lost."""
        self._playing()
        self._record(A_GIVE_UP)
        self._end(LOSE, WHY_STUCK)

    def time_up(self):
        self._playing()
        self._record(A_TIME)
        self._end(LOSE, WHY_TIME)

    def tick(self, now_ms):
        """Time passing: returns the clock's warning, if any; time up loses the mission."""
        ev = self.clock.update(now_ms)
        if ev == TIME_UP and not self.s[_B_RESULT]:
            self.time_up()
        return ev

    # Settings: each an undo step too
    def set_elite(self, agent):
        """Mission 12: the agent the group drew."""
        if not self.flags & ms.F_ELITE or not 0 <= agent < self.s[_B_AGENTS]:
            raise RuleError("no elite here")
        if self.holder(agent) >= 0:
            raise RuleError("holds a suspect")
        self._setting(_B_ELITE, agent)

    def set_suits(self, mask):
        """The suits in play (bit 0 red), before any card is entered; Training #1's are fixed."""
        if self.flags & ms.F_NUM13 or bits(mask) != ms.suit_count(self.mission) or mask >> SUITS:
            raise RuleError("suits are fixed")
        if self.board.n or self.s[_B_SLOTS] > (1 if self.flags & ms.F_KINGPIN else 0):
            raise RuleError("set before play")
        for t in range(SUITS):
            if self.board.seen_mask(t):
                raise RuleError("set before play")
        self._setting(_B_SUITS, mask)

    def set_option(self, bit, on):
        self._setting(_B_OPTS, self.s[_B_OPTS] | bit if on else self.s[_B_OPTS] & ~bit)

    def set_display(self, level):
        if not FULL <= level <= OFF:
            raise RuleError("no such level")
        self._setting(_B_DISPLAY, level)

    # Undo
    def undo(self):
        """Takes the last step back; returns its action code, 0 when there is none."""
        return self.history.undo(self)

    def undo_name(self):
        """What an undo would take back, for "Undo <name>?"; '' when nothing."""
        return ACTION_NAMES[self.history.last_code()]

    def copy_into(self, buf, at=0):
        """The undo snapshot: the state and the board's small state (byte loops, as a slice
        allocates on older MicroPython)."""
        s = self.s
        for k in range(SIZE):
            buf[at + k] = s[k]
        b = self.board.s
        at += SIZE
        for k in range(SNAPSHOT - SIZE):
            buf[at + k] = b[k]

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
    def _record(self, code):
        self.history.record(self, code)
        self.board.begin()
        if code != A_KINGPIN:
            self.s[_B_KP_LEFT] = 0

    def _setting(self, at, value):
        self._record(A_SETTING)
        self.s[at] = value

    def _playing(self):
        if self.s[_B_RESULT]:
            raise RuleError(SHOT_TEXT[SHOT_OVER])

    def _hidden(self, i):
        if not 0 <= i < self.s[_B_SLOTS] or self.status(i) != HIDDEN:
            raise RuleError(SHOT_TEXT[SHOT_NONE])

    def _card(self, suit, number, clue):
        if not self.valid_card(suit, number, clue):
            raise RuleError("not in this mission")
        if self.board.full():
            raise RuleError("clue board is full")

    def _entry(self, j):
        """A live clue of a suspect still hidden, for flip and remove."""
        self._playing()
        b = self.board
        if not 0 <= j < b.n or b.kind(j) not in (VERTICAL, HORIZONTAL):
            raise RuleError("no such clue")
        self._hidden(b.owner(j))

    def _end(self, result, why):
        self.s[_B_RESULT] = result
        self.s[_B_WHY] = why

    def _settle(self):
        """The end of the mission: all found with the pile empty wins; fewer bullets than the
        suspects left loses at once."""
        left = self.remaining
        if not left:
            self._end(WIN, WHY_ALL)
        elif self.s[_B_BULLETS] < left:
            self._end(LOSE, WHY_BULLETS)
