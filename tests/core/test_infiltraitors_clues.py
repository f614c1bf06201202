"""Infiltraitors' clue board: the matching rule, and the candidates against a brute force over
every card, for thousands of seeded random clue sets (CPython and MicroPython alike)."""
import gc

from lockdown.games.infiltraitors.rules.clues import (GUESS, HORIZONTAL, KNOWN, SUITS, VERTICAL, Board,
                                                match)

NUMBERS_13 = 0x3FFC  # 2-13
NUMBERS = 0xFFFC  # 2-15
NUMBERS_SPECIAL = 0xFFFE  # 1-15


class Rng:
    """A seeded LCG in small ints, the same sequence on every runtime."""

    def __init__(self, seed):
        self.x = seed

    def below(self, n):
        self.x = (self.x * 1103515245 + 12345) & 0x7FFFFFFF
        return (self.x >> 8) % n


def ref_match(cs, cn, ss, sn, one_divides):
    """The rulebook's rule, written out again: suit, same number, multiple or factor; a special
    clue speaks of its suit only; a special suspect (a 1) as the option says."""
    if cs == ss:
        return True
    if cn == 1:
        return False
    if sn == 1:
        return one_divides
    return cn == sn or cn % sn == 0 or sn % cn == 0


def test_rulebook_example_green_6():
    green, red, blue = 2, 0, 1
    assert match(green, 9, green, 6)  # every green card
    assert match(red, 3, green, 6)  # 3 is a factor of 6
    assert match(blue, 12, green, 6)  # 12 is a multiple of 6
    assert match(blue, 6, green, 6)  # the same number
    assert not match(blue, 4, green, 6)
    assert not match(blue, 1, green, 6)  # a special card: suit only
    assert match(green, 1, green, 6)


def brute(events, owner, suits, numbers, one_divides, pair, seen):
    """The cards `owner` can be, card by card, from the events (owner, kind, suit, number)."""
    cards = [(s, n) for s in range(SUITS) if suits >> s & 1 for n in range(16) if numbers >> n & 1]
    out = set(seen)
    for o, k, s, n in events:
        if k in (VERTICAL, HORIZONTAL):
            out.add((s, n))
        elif k == KNOWN and o != owner and not pair:
            out.add((s, n))
    known = [(s, n) for o, k, s, n in events if o == owner and k == KNOWN]
    if known:
        return set(known[-1:])
    ok = set()
    for s, n in cards:
        good = True
        for o, k, cs, cn in events:
            if o != owner:
                continue
            if k == GUESS and (cs, cn) == (s, n):
                good = False
            elif k in (VERTICAL, HORIZONTAL):
                if ref_match(cs, cn, s, n, one_divides) != (k == VERTICAL):
                    good = False
        if not good:
            continue
        if pair:
            free = [c for c in cards if c not in out]
            good = False
            for a in free:
                if a[1] != n:
                    continue
                for b in free:
                    if b[0] == s and b != a:
                        good = True
                        break
                if good:
                    break
        elif (s, n) in out:
            good = False
        if good:
            ok.add((s, n))
    return ok


def board_set(b, owner, suits, one_divides):
    count = b.candidates(owner, suits, one_divides)
    got = set((s, n) for s in range(SUITS) for n in range(16) if b.cand[s] >> n & 1)
    assert count == len(got)
    return got


def random_mission(r):
    numbers = (NUMBERS_13, NUMBERS, NUMBERS_SPECIAL)[r.below(3)]
    suits = 0
    while not suits:
        suits = r.below(32)
    return suits, numbers, r.below(5) == 0, r.below(2) == 1


def random_card(r, suits, numbers):
    while True:
        s, n = r.below(SUITS), r.below(16)
        if suits >> s & 1 and numbers >> n & 1:
            return s, n


def play_random(r, suits, numbers, pair, one_divides, steps):
    """A random clue set for three suspects with true identities, some clues laid wrongly, some
    entries flipped or removed; returns the board and the events as the brute force reads them."""
    b = Board(numbers, pair)
    truth = [random_card(r, suits, numbers) for _ in range(3)]
    events = []
    seen = set()
    for _ in range(steps):
        roll = r.below(20)
        o = r.below(3)
        s, n = random_card(r, suits, numbers)
        if roll < 13:
            right = ref_match(s, n, truth[o][0], truth[o][1], one_divides)
            if r.below(10) == 0:
                right = not right  # a clue laid wrongly
            kind = VERTICAL if right else HORIZONTAL
        elif roll < 15:
            kind = GUESS
        elif roll < 16:
            kind = KNOWN
            s, n = truth[o]
        elif roll < 18 and events:
            j = r.below(len(events))
            if events[j] and events[j][1] in (VERTICAL, HORIZONTAL):
                b.begin()
                if roll == 16:
                    b.flip(j)
                    e = events[j]
                    events[j] = (e[0], VERTICAL + HORIZONTAL - e[1], e[2], e[3])
                else:
                    b.remove(j)
                    events[j] = None
            continue
        else:
            b.set_seen(s, n, True)
            seen.add((s, n))
            continue
        b.begin()
        b.add(o, kind, s, n)
        events.append((o, kind, s, n))
    return b, [e for e in events if e], seen


def test_candidates_agree_with_brute_force_over_every_card():
    r = Rng(20240613)
    checked = nonempty = 0
    for _ in range(2000):
        suits, numbers, pair, one_divides = random_mission(r)
        b, events, seen = play_random(r, suits, numbers, pair, one_divides, 1 + r.below(9))
        for owner in range(3):
            want = brute(events, owner, suits, numbers, one_divides, pair, seen)
            got = board_set(b, owner, suits, one_divides)
            assert got == want, (suits, numbers, pair, one_divides, events, seen, owner)
            checked += 1
            nonempty += bool(want)
    assert checked == 6000 and 1000 < nonempty < checked  # both kinds of outcome were exercised


def test_a_clue_that_leaves_nothing_shows_zero():
    b = Board(NUMBERS_13)
    red, yellow, black = 0, 3, 4
    suits = 1 << red | 1 << yellow | 1 << black
    b.add(0, VERTICAL, red, 13)  # red, or a 13
    b.add(0, HORIZONTAL, red, 2)  # not red, not even: a 13 then
    assert board_set(b, 0, suits, False) == {(yellow, 13), (black, 13)}
    b.add(0, HORIZONTAL, yellow, 13)  # not yellow, not 13: nothing fits
    assert b.candidates(0, suits, False) == 0


def test_flip_and_remove_are_reverted_by_revert():
    b = Board(NUMBERS)
    b.add(1, VERTICAL, 0, 6)
    b.begin()
    b.flip(0)
    assert b.kind(0) == HORIZONTAL
    b.revert()
    assert b.kind(0) == VERTICAL
    b.begin()
    b.remove(0)
    assert b.kind(0) == 0 and b.count(1, VERTICAL) == 0
    b.revert()
    assert b.kind(0) == VERTICAL and b.count(1, VERTICAL) == 1
    b.begin()
    b.revert()  # an action that edited nothing in place
    assert b.kind(0) == VERTICAL


def test_seen_cards_leave_every_suspect_but_a_miss_only_its_own():
    b = Board(NUMBERS)
    b.set_seen(2, 7, True)
    b.add(0, GUESS, 1, 9)
    assert (2, 7) not in board_set(b, 0, 0x1F, False)
    assert (2, 7) not in board_set(b, 1, 0x1F, False)
    assert (1, 9) not in board_set(b, 0, 0x1F, False)
    assert (1, 9) in board_set(b, 1, 0x1F, False)
    b.set_seen(2, 7, False)
    assert (2, 7) in board_set(b, 1, 0x1F, False)


def test_adding_a_clue_and_counting_allocate_nothing():
    if not hasattr(gc, "mem_alloc"):
        return  # CPython: nothing to measure; MicroPython runs it
    b = Board(NUMBERS_SPECIAL, False)
    pb = Board(NUMBERS, True)
    for k in range(20):
        b.add(k % 3, VERTICAL if k & 1 else HORIZONTAL, k % 5, 2 + k % 13)
        pb.add(k % 3, VERTICAL if k & 1 else HORIZONTAL, k % 5, 2 + k % 13)
    b.candidates(0, 0x1F, True)
    pb.candidates(0, 0x1F, False)
    gc.collect()
    gc.disable()
    before = gc.mem_alloc()
    b.begin()
    b.add(1, VERTICAL, 3, 12)
    b.candidates(1, 0x1F, True)
    b.set_seen(4, 15, True)
    b.candidates(2, 0x1F, False)
    pb.add(2, HORIZONTAL, 3, 12)
    pb.candidates(2, 0x1F, False)
    used = gc.mem_alloc() - before
    gc.enable()
    assert used == 0, used
