"""Infiltraitors' missions: the three Training missions and Missions 1-20, from the rulebook.

One row of five bytes a mission (suspects, bullets, suits, flag bits low and high), so the whole
table costs about 120 bytes. Training #2 and #3 store 0 suspects and bullets: the number of agents
sets them. Every special rule has a short text of our own, lines of at most 21 characters (a 5x7
font on 128 px), that the device shows; the rules the device keeps are the flags table.py reads.

Only what the setup screen (a board's first frame with no save) needs is here, so it loads neither
clues.py nor table.py: the suits' short names, the clue board's display levels, the flag bits it
reads. The other flag bits, the hands and card numbers they set are in specials.py.
"""
from micropython import const

COUNT = const(23)  # 0-2: Training #1-#3, 3-22: Missions 1-20
TRAINING = const(3)
MIN_AGENTS = const(2)
MAX_AGENTS = const(5)

SUITS = const(5)
SUIT_SHORT = ("Red", "Blu", "Grn", "Yel", "Blk")
LETTERS = ("R", "B", "G", "Y", "K")  # K: black, as B is blue

# Clue board display levels, chosen per mission
FULL = const(0)
COUNT_ONLY = const(1)
OFF = const(2)
DISPLAY_NAMES = ("list", "count", "off")

# Flag bits: what a mission changes (the setup's two; specials.py has the others)
F_NUM13 = const(0x0001)  # cards 2-13 only (Training #1)
F_CLOCK = const(0x0002)  # a 15-minute limit (Training #3)

CLOCK_S = const(900)  # Training #3: 15 minutes

_ROW = const(5)
_ROWS = bytes((
    # suspects, bullets, suits, flags low, flags high
    2, 5, 3, 0x01, 0x00,  # Training #1
    0, 0, 3, 0x00, 0x00,  # Training #2: suspects = agents, bullets = agents + 3
    0, 0, 4, 0x02, 0x00,  # Training #3: the same, within 15 minutes
    7, 10, 4, 0x00, 0x00,  # Mission 1
    8, 11, 4, 0x04, 0x00,  # 2
    8, 11, 4, 0x08, 0x00,  # 3
    8, 9, 4, 0x10, 0x00,  # 4
    9, 12, 5, 0x00, 0x00,  # 5
    9, 9, 4, 0x20, 0x00,  # 6
    6, 7, 4, 0x40, 0x00,  # 7
    8, 8, 4, 0x80, 0x00,  # 8
    9, 12, 5, 0x00, 0x01,  # 9
    9, 10, 5, 0x10, 0x00,  # 10
    9, 12, 4, 0x10, 0x02,  # 11
    6, 6, 5, 0x00, 0x04,  # 12
    8, 10, 5, 0x40, 0x00,  # 13
    9, 11, 5, 0x0C, 0x00,  # 14
    9, 10, 5, 0x00, 0x08,  # 15
    9, 10, 5, 0x00, 0x10,  # 16
    9, 9, 5, 0x00, 0x20,  # 17
    9, 9, 5, 0x00, 0x40,  # 18
    9, 9, 5, 0x00, 0x80,  # 19
    11, 12, 5, 0x00, 0x00,  # 20
))

# Each mission's special rule in our words, lines joined by newlines, each ended by "|": part(RULES, m)
RULES = (
    "Cards 2 to 13 only;\nRed, Yellow, Black.|"
    "|"
    "Beat the clock:\n15 minutes.|"
    "|"
    "Every discard goes\nface down.|"
    "Tokens 1-8 in nab\norder: shoot in that\norder.|"
    "Silence: no talking\nat all.|"
    "|"
    "Middle specials: use\none to ask a suit.|"
    "Shoot only at 4+\nclues, as many vert\nas horiz.|"
    "Exchange only with\nyour left neighbour.|"
    "Hand of 3: start\nwith 3, keep 3.|"
    "Silence: no talking\nat all.|"
    "Silence. Shoot only\nyour right neighbour.|"
    "Elite agent: sole\nshooter, never nabs.|"
    "Shoot only at 4+\nclues, as many vert\nas horiz.|"
    "Tokens 1-9 in nab\norder: shoot in that\norder. Discards down.|"
    "Specials mixed in;\na special suspect\ncounts as a 1.|"
    "A nab takes a 2nd\ncard: it sets the\nsuspect's suit.|"
    "Hands face out: clue\nfrom others' hands.|"
    "1 waits aside for the\n8th shooter; only the\n8 rewards clue it.|"
    "Kingpin: after a hit,\nclue him and sit out.\nLast agent shoots.|"
    "|"
)


def bits(m):
    """How many bits of `m` are set (the suits in a mask)."""
    n = 0
    while m:
        m &= m - 1
        n += 1
    return n


def part(texts, k):
    """The k-th of texts kept as one string, each ended by "|": one string in RAM, not a tuple
    of them (the special rules, the refusals, a screen's labels). A new string each call."""
    i = 0
    for _ in range(k):
        i = texts.find("|", i) + 1
    return texts[i:texts.find("|", i)]


def name(m):
    return ("Training #%d" % (m + 1)) if m < TRAINING else ("Mission %d" % (m - TRAINING + 1))


def flags(m):
    return _ROWS[m * _ROW + 3] | _ROWS[m * _ROW + 4] << 8


def has(m, flag):
    return bool(flags(m) & flag)


def suspects(m, agents):
    """How many suspects the mission has for this many agents (Training #2, #3: one each)."""
    return _ROWS[m * _ROW] or agents


def bullets(m, agents):
    return _ROWS[m * _ROW + 1] or agents + 3


def suit_count(m):
    return _ROWS[m * _ROW + 2]


def default_suits(m):
    """The suits as a mask (bit 0 red, 1 blue, 2 green, 3 yellow, 4 black).

    Training #1 names red, yellow and black. Other missions only give a count: 3 suits default to
    the same three, 4 add blue; the group can pick others.
    """
    n = suit_count(m)
    return 0x19 if n == 3 else (0x1B if n == 4 else 0x1F)
