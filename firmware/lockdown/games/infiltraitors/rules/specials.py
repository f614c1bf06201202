"""The missions' special rules, as play reads them: the flag bits of missions.py's rows past the two
the setup needs (F_NUM13, F_CLOCK, which stay there), the hands and card numbers they set, the
largest table, the check of a new table's choices (check), and what the special missions read of
a table (Special, the Table's base: the token order, the balance, Mission 18's last suspect,
Mission 19's Kingpin and its clue). Imported by the table (table.py) and the screens of a mission
in play, never before the first frame: a board with no save draws its setup without these names
in RAM.
"""
from micropython import const

from lockdown.games.infiltraitors.rules.clues import HORIZONTAL, VERTICAL
from lockdown.games.infiltraitors.rules import missions as ms
from lockdown.games.infiltraitors.rules.missions import F_NUM13, bits, flags
from lockdown.session import RuleError

_TYPING = const(False)
if _TYPING:
    from lockdown.games.infiltraitors.rules.clues import Board

MAX_SUSPECTS = const(11)  # Mission 20

# Flag bits, continued from missions.F_NUM13 and F_CLOCK (0x0001, 0x0002)
F_FACEDOWN = const(0x0004)  # every discard face down: no face-up discards to enter
F_ORDER = const(0x0008)  # number tokens by nab order; shoot in that order
F_SILENT = const(0x0010)  # no discussion
F_SPECIAL_ASK = const(0x0020)  # the suits' special cards in the middle, for exchanges
F_BALANCE = const(0x0040)  # shoot only at 4+ clues, as many vertical as horizontal
F_LEFT = const(0x0080)  # exchange only with the suspect on the left
F_HAND3 = const(0x0100)  # hand of 3
F_RIGHT = const(0x0200)  # shoot only the suspect on the right
F_ELITE = const(0x0400)  # one elite agent: the only shooter, never nabs
F_SPECIALS = const(0x0800)  # special cards shuffled in; one as a suspect is a 1
F_PAIR = const(0x1000)  # a suspect is two cards: number from one, suit from the other
F_BACKWARDS = const(0x2000)  # hands held backwards
F_FINAL = const(0x4000)  # 8 suspects, then a last one aside for the 8th shooter
F_KINGPIN = const(0x8000)  # 8 suspects and the Kingpin aside
FINAL_CARDS = const(8)  # Mission 18: the reward cards, the only clues for the last suspect

# Mission 15, how the device reads the matching rule for a special suspect (table.OPT_ONE_DIVIDES)
SPECIAL_READING = (
    "Special suspect is 1:\nonly its suit matches",
    "Special suspect is 1:\nevery clue matches.",
)

def hand_limit(m):
    return 3 if flags(m) & F_HAND3 else 7


def hand_start(m):
    """Cards dealt to each agent (the rulebook deals 5 in training; Mission 9 deals 3)."""
    return 3 if flags(m) & F_HAND3 else 5


def numbers(m):
    """The card numbers in play as a bit mask: bit n for number n; bit 1 is a special card."""
    f = flags(m)
    if f & F_NUM13:
        return 0x3FFC  # 2-13
    return 0xFFFE if f & F_SPECIALS else 0xFFFC  # 1-15 or 2-15


def check(m, agents, display, suits):
    """A RuleError unless a mission can be played so: `m` one of them, 2 to 5 agents, a display
    level, and the suits (a mask; 0 for its default) as many as it has, where it lets the group
    choose them."""
    if not 0 <= m < ms.COUNT:
        raise RuleError("No such mission")
    if not ms.MIN_AGENTS <= agents <= ms.MAX_AGENTS:
        raise RuleError("2 to 5 agents")
    if not ms.FULL <= display <= ms.OFF:
        raise RuleError("No such level")
    if suits and suits != ms.default_suits(m) and (
            ms.has(m, F_NUM13) or suits >> ms.SUITS or bits(suits) != ms.suit_count(m)):
        raise RuleError("Suits are fixed")


_HIDDEN = const(0)  # table.HIDDEN (tests/test_copied_constants.py)


class Special:
    """What the special missions read of a table and Mission 19's own step, on the Table's public
    readers and its bytes by save name (get, set): the Table's base, so its offsets stay in
    table.py alone."""
    if _TYPING:  # the Table's, for the type check (the compiler leaves this block out)
        flags: int
        board: "Board"

        @property
        def agents(self) -> int: ...

        @property
        def slots(self) -> int: ...

        @property
        def identified(self) -> int: ...

        @property
        def pile(self) -> int: ...

        def status(self, i) -> int: ...

        def get(self, name) -> int: ...

        def set(self, name, value) -> None: ...

        def playing(self) -> None: ...

        def hidden(self, i) -> None: ...

        def _card(self, suit, number, clue, unique=True) -> None: ...

        def candidates(self, i) -> int: ...

    def can_nab(self):
        """A suspect is there to be nabbed: from the pile, or Mission 18's last after 8 hits."""
        return bool(self.pile) or (self.slots == self.final()
                                   and self.identified >= FINAL_CARDS)

    def kingpin(self):
        """Mission 19: the Kingpin's slot (0), else -1."""
        return 0 if self.flags & F_KINGPIN else -1

    def final(self):
        """Mission 18: the slot the last suspect takes (8), else -1."""
        return FINAL_CARDS if self.flags & F_FINAL else -1

    def final_cards_left(self):
        """Mission 18: reward cards not yet given as clues to the last suspect."""
        f = self.final()
        if f < 0 or f >= self.slots:
            return FINAL_CARDS
        b = self.board
        return FINAL_CARDS - b.count(f, VERTICAL) - b.count(f, HORIZONTAL)

    def is_out(self, agent):
        """Mission 19: this agent has clued the Kingpin and sits out."""
        return bool(self.get("out") >> agent & 1)

    def agents_in_play(self):
        """Mission 19: agents that have not sat out."""
        return self.agents - bits(self.get("out"))

    @property
    def kingpin_agent(self):
        """Mission 19: the agent who made the last hit (who clues the Kingpin), ASIDE before any."""
        return self.get("kp_agent")

    def kingpin_clues_left(self):
        """Mission 19: Kingpin clues the hit just made still allows (0 after any other step)."""
        return self.get("kp_left")

    def kingpin_now(self):
        """Mission 19: one agent is left, and must shoot the Kingpin now."""
        return bool(self.flags & F_KINGPIN and self.agents_in_play() == 1
                    and not self.get("kp_left") and self.status(0) == _HIDDEN)

    def next_token(self):
        """Missions 3 and 14: the token number the next hit must have (1-based), 0 when done."""
        for i in range(self.slots):
            if self.status(i) == _HIDDEN:
                return i + 1
        return self.slots + 1 if self.can_nab() else 0

    def balanced(self, i):
        """Missions 7 and 13: 4 clues or more, as many vertical as horizontal."""
        v = self.board.count(i, VERTICAL)
        return v >= 2 and v == self.board.count(i, HORIZONTAL)

    def kingpin_clue(self, suit, number, vertical):
        """Mission 19: right after a hit, the agent who made it (shoot's `shooter`, kingpin_agent)
        clues the Kingpin (twice with 2 agents) and sits out from the first clue on."""
        left = self.get("kp_left")
        self.playing()
        self.hidden(0)
        if not left:
            raise RuleError("Only after a hit")
        self._card(suit, number, True)
        self.board.add(0, VERTICAL if vertical else HORIZONTAL, suit, number)
        self.set("out", self.get("out") | 1 << self.get("kp_agent"))
        self.set("kp_left", left - 1)  # last: set() ends what the last hit allowed, as other steps do
        return self.candidates(0)
