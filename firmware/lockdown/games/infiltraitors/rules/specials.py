"""The missions' special rules, as play reads them: the flag bits of missions.py's rows past the two
the setup needs (F_NUM13, F_CLOCK, which stay there), the hands and card numbers they set, and the
largest table. Imported by the table (table.py) and the screens of a mission in play, never before
the first frame: a board with no save draws its setup without these names in RAM.
"""
from micropython import const

from lockdown.games.infiltraitors.rules.missions import F_NUM13, flags

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
