"""The clue board: every clue each suspect got, the cards seen face up, and what each suspect can
still be.

A card is the code suit << 4 | number (number 2-15; 1 is a suit's special card). A set of cards
is five 16-bit masks, one a suit with bit n for number n, so every set stays a small int on a
32-bit board and working a suspect out allocates nothing.

The log keeps two bytes an entry: owner (a suspect's slot) | kind << 4 | a removed bit, then the
card. Entries are only appended, except that a flip or a removal changes one entry in place; the
small state (entry count, that one edit, the seen cards) is what an undo snapshot holds, and
`revert` takes the last edit back first.
"""
from array import array
from micropython import const

from lockdown.games.infiltraitors.rules.missions import SUIT_SHORT, SUITS, bits  # noqa: F401 (theirs, read here too)

SPECIAL = const(1)  # the number of a suit's special card

# Entry kinds
VERTICAL = const(1)  # the clue matches the suspect
HORIZONTAL = const(2)  # it does not
GUESS = const(3)  # a missed shot named this card: the suspect is not it
KNOWN = const(4)  # a hit named this card: the suspect is it

CAPACITY = const(128)
SMALL_SIZE = const(13)

_REMOVED = const(0x80)
_OWNER = const(0x0F)
_FLIP = const(0x30)  # VERTICAL << 4 ^ HORIZONTAL << 4
_ALL = const(0xFFFF)
_S_N = const(0)
_S_EDIT = const(1)  # the entry the last action changed in place, _NONE when it changed none
_S_OP = const(2)
_S_SEEN = const(3)  # two bytes a suit: the face-up cards the group entered
_NONE = const(0xFF)
_OP_FLIP = const(1)
_OP_REMOVE = const(2)


def _number_masks():
    """Bit N of entry n: a clue numbered n matches a suspect numbered N (same, multiple, factor)."""
    t = array("H", bytes(32))
    for n in range(2, 16):
        for m in range(2, 16):
            if n % m == 0 or m % n == 0:
                t[n] |= 1 << m
    return t


_NUM = _number_masks()


def card(suit, number):
    return suit << 4 | number


def match(suit, number, s_suit, s_number, one_divides=False):
    """Does the clue card match the suspect? A special clue speaks of its suit only; a special
    suspect (a 1) matches other suits only when the group reads 1 as dividing every number."""
    if suit == s_suit:
        return True
    if number == SPECIAL:
        return False
    if s_number == SPECIAL:
        return one_divides
    return number % s_number == 0 or s_number % number == 0


class Board:
    """The clue log of one mission. `numbers` is the mask of card numbers in play; `pair` is
    Mission 16, where a suspect's number and suit come from two different unseen cards."""

    def __init__(self, numbers, pair=False):
        self.numbers = numbers
        self.pair = pair
        self.log = bytearray(2 * CAPACITY)
        self.s = bytearray(SMALL_SIZE)
        self.s[_S_EDIT] = _NONE
        self.cand = array("H", bytes(2 * SUITS))  # after candidates(): the cards, a suit each
        self._out = array("H", bytes(2 * SUITS))  # scratch: cards known to be elsewhere

    @property
    def n(self):
        return self.s[_S_N]

    def full(self):
        return self.s[_S_N] >= CAPACITY

    def begin(self):
        """A new action starts: it has changed no entry in place yet."""
        self.s[_S_EDIT] = _NONE

    def add(self, owner, kind, suit, number):
        j = self.s[_S_N]
        self.log[2 * j] = owner | kind << 4
        self.log[2 * j + 1] = suit << 4 | number
        self.s[_S_N] = j + 1
        return j

    def flip(self, j):
        self.log[2 * j] ^= _FLIP
        self.s[_S_EDIT] = j
        self.s[_S_OP] = _OP_FLIP

    def remove(self, j):
        self.log[2 * j] |= _REMOVED
        self.s[_S_EDIT] = j
        self.s[_S_OP] = _OP_REMOVE

    def revert(self):
        """Takes back the in-place change of the last action, before an undo restores `s`."""
        j = self.s[_S_EDIT]
        if j != _NONE:
            if self.s[_S_OP] == _OP_FLIP:
                self.log[2 * j] ^= _FLIP
            else:
                self.log[2 * j] &= ~_REMOVED

    # One entry: kind 0 once removed
    def owner(self, j):
        return self.log[2 * j] & _OWNER

    def kind(self, j):
        o = self.log[2 * j]
        return 0 if o & _REMOVED else o >> 4

    def suit(self, j):
        return self.log[2 * j + 1] >> 4

    def number(self, j):
        return self.log[2 * j + 1] & 0x0F

    def count(self, owner, kind):
        """Live entries of this kind for this suspect."""
        c = 0
        log = self.log
        for j in range(self.s[_S_N]):
            if log[2 * j] == owner | kind << 4:
                c += 1
        return c

    def identity(self, owner):
        """The card a hit named for this suspect, or -1."""
        log = self.log
        for j in range(self.s[_S_N] - 1, -1, -1):
            if log[2 * j] == owner | KNOWN << 4:
                return log[2 * j + 1]
        return -1

    def used(self, suit, number):
        """Is this card entered already (a live clue, face up, or a hit's card outside Mission 16)?
        Each card is in the deck once; a miss's guess is no card on the table."""
        if self.is_seen(suit, number):
            return True
        c = suit << 4 | number
        log = self.log
        for j in range(self.s[_S_N]):
            o = log[2 * j]
            if log[2 * j + 1] == c and not o & _REMOVED and o >> 4 != GUESS and not (
                    self.pair and o >> 4 == KNOWN):
                return True
        return False

    def seen_mask(self, suit):
        return self.s[_S_SEEN + 2 * suit] | self.s[_S_SEEN + 2 * suit + 1] << 8

    def is_seen(self, suit, number):
        return bool(self.seen_mask(suit) >> number & 1)

    def set_seen(self, suit, number, on):
        k = _S_SEEN + 2 * suit + (number >> 3)
        if on:
            self.s[k] |= 1 << (number & 7)
        else:
            self.s[k] &= ~(1 << (number & 7))

    def candidates(self, owner, suits, one_divides=False):
        """Works out the cards suspect `owner` can still be into `cand`; returns how many.

        The cards of the mission (`suits` a mask of suits, bit 0 red) that agree with every clue
        and missed shot of the suspect, less every card known to be elsewhere: clues given to any
        suspect, face-up cards entered, and cards hits named for other suspects.
        """
        c = self.cand
        out = self._out
        log = self.log
        for t in range(SUITS):
            c[t] = self.numbers if suits >> t & 1 else 0
            out[t] = self.seen_mask(t)
        known = -1
        for j in range(self.s[_S_N]):
            o = log[2 * j]
            if o & _REMOVED:
                continue
            s = log[2 * j + 1] >> 4
            num = log[2 * j + 1] & 0x0F
            kind = o >> 4
            mine = o & _OWNER == owner
            if kind == KNOWN:
                if mine:
                    known = log[2 * j + 1]
                elif not self.pair:
                    out[s] |= 1 << num
            elif kind == GUESS:
                if mine:
                    c[s] &= ~(1 << num)
            else:
                out[s] |= 1 << num
                if mine:
                    m = _NUM[num]
                    if one_divides and num != SPECIAL:
                        m |= 1 << SPECIAL
                    for t in range(SUITS):
                        mt = _ALL if t == s else m
                        if kind == VERTICAL:
                            c[t] &= mt
                        else:
                            c[t] &= ~mt
        if known >= 0:
            for t in range(SUITS):
                c[t] = 0
            c[known >> 4] = 1 << (known & 0x0F)
            return 1
        if self.pair:
            return self._pair_filter(suits)
        n = 0
        for t in range(SUITS):
            c[t] &= ~out[t]
            n += bits(c[t])
        return n

    def _pair_filter(self, suits):
        """Mission 16: suit s, number n is possible while an unseen card numbered n and another
        unseen card of suit s exist."""
        c = self.cand
        free = self._out
        for t in range(SUITS):
            free[t] = (self.numbers if suits >> t & 1 else 0) & ~free[t]
        total = 0
        for t in range(SUITS):
            in_suit = bits(free[t])
            m = c[t]
            for num in range(16):
                if not m >> num & 1:
                    continue
                with_num = 0
                for u in range(SUITS):
                    with_num += free[u] >> num & 1
                # the only free card numbered num is the only free one of this suit: no pair
                alone = in_suit == 1 and with_num == 1 and free[t] >> num & 1
                if not in_suit or not with_num or alone:
                    m &= ~(1 << num)
            c[t] = m
            total += bits(m)
        return total
