"""Texts and drawing the Infiltraitors screens share: card names, the clock, a card's list."""
from lockdown import draw
from lockdown.games.infiltraitors.rules.missions import LETTERS, SUIT_SHORT, SUITS  # noqa: F401

NUMS = ("0", "S", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12", "13", "14", "15")
DIGITS = ("0", "1", "2", "3", "4", "5", "6", "7", "8", "9")


def card_text(suit, number):
    """'Red 7'; a suit's special card is 'Red S'."""
    return SUIT_SHORT[suit] + " " + NUMS[number]


def draw_card(fb, suit, number, x, y, c=1):
    """card_text without making the string (drawn on every detent)."""
    x = draw.text(fb, SUIT_SHORT[suit], x, y, c)
    return draw.text(fb, NUMS[number], x + 6, y, c)


def clock_text(left_s):
    return "%d:%02d" % (left_s // 60, left_s % 60)


def draw_clock(fb, left_s, x, y):
    """mm:ss in big digits (the countdown read across the table); returns the x after it."""
    m = min(left_s // 60, 99)
    s = left_s % 60
    x = draw.big(fb, DIGITS[m // 10], x, y)
    x = draw.big(fb, DIGITS[m % 10], x, y)
    fb.fill_rect(x, y + 8, 4, 4, 1)
    fb.fill_rect(x, y + 18, 4, 4, 1)
    x = draw.big(fb, DIGITS[s // 10], x + 7, y)
    return draw.big(fb, DIGITS[s % 10], x, y)


def cards_lines(table, i, rows, width=21):
    """The cards suspect `i` can still be as short codes ('R7 K12'), in at most `rows` lines of
    `width`; a list cut short ends in '..'."""
    table.candidates(i)
    c = table.board.cand
    codes = [LETTERS[t] + NUMS[n] for t in range(SUITS) for n in range(16) if c[t] >> n & 1]
    return wrap(codes, rows, width)


def wrap(codes, rows, width=21):
    lines = []
    line = ""
    for code in codes:
        if len(line) + len(code) + 1 > width:
            if len(lines) + 1 == rows:
                cut = line.rfind(" ", 0, width - 3)
                line = line[:cut] + " .."
                break
            lines.append(line)
            line = ""
        line = (line + " " + code) if line else code
    if line:
        lines.append(line)
    return lines
