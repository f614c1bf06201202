"""Infiltraitors' missions: every number against the rulebook, and the device texts."""
from lockdown.games.infiltraitors.rules import missions as ms
from lockdown.games.infiltraitors.rules import specials as sp

# From the rulebook: (suspects, bullets, suits) for Missions 1-20
RULEBOOK = (
    (7, 10, 4), (8, 11, 4), (8, 11, 4), (8, 9, 4), (9, 12, 5),
    (9, 9, 4), (6, 7, 4), (8, 8, 4), (9, 12, 5), (9, 10, 5),
    (9, 12, 4), (6, 6, 5), (8, 10, 5), (9, 11, 5), (9, 10, 5),
    (9, 10, 5), (9, 9, 5), (9, 9, 5), (9, 9, 5), (11, 12, 5),
)
# The special rule each mission's text gives (words of the rulebook -> the flag the device keeps)
RULE_WORDS = (
    ("MUST be discarded face down", sp.F_FACEDOWN),
    ("Number Tokens in order", sp.F_ORDER),
    ("No discussion", sp.F_SILENT),
    ("Special Cards that match the suits used", sp.F_SPECIAL_ASK),
    ("same number of vertical", sp.F_BALANCE),
    ("immediately to the left", sp.F_LEFT),
    ("limited to 3 cards", sp.F_HAND3),
    ("immediately to their right", sp.F_RIGHT),
    ("only Agent who can take the Eliminate", sp.F_ELITE),
    ("Shuffle all the Special Cards", sp.F_SPECIALS),
    ("suit is given by the other card", sp.F_PAIR),
    ("hold their hands backwards", sp.F_BACKWARDS),
    ("extra 1 Suspect to one side", sp.F_FINAL),
    ("the Kingpin, to one side", sp.F_KINGPIN),
)
RULEBOOK_FILE = "/../shared/rules/infiltraitors-rulebook.txt"


def mission(n):
    return ms.TRAINING + n - 1


def test_missions_1_to_20_numbers():
    assert ms.COUNT == 23
    for n in range(1, 21):
        m = mission(n)
        for agents in range(ms.MIN_AGENTS, ms.MAX_AGENTS + 1):
            got = (ms.suspects(m, agents), ms.bullets(m, agents), ms.suit_count(m))
            assert got == RULEBOOK[n - 1], n
        assert ms.name(m) == "Mission %d" % n
    assert max(r[0] for r in RULEBOOK) == sp.MAX_SUSPECTS


def test_training_missions():
    assert [ms.name(m) for m in range(3)] == ["Training #1", "Training #2", "Training #3"]
    for agents in range(2, 6):
        assert (ms.suspects(0, agents), ms.bullets(0, agents)) == (2, 5)
        assert (ms.suspects(1, agents), ms.bullets(1, agents)) == (agents, agents + 3)
        assert (ms.suspects(2, agents), ms.bullets(2, agents)) == (agents, agents + 3)
    assert [ms.suit_count(m) for m in range(3)] == [3, 3, 4]
    assert sp.numbers(0) == sum(1 << n for n in range(2, 14))  # 2-13
    assert sp.numbers(1) == sp.numbers(2) == sum(1 << n for n in range(2, 16))  # 2-15
    assert ms.default_suits(0) == 1 << 0 | 1 << 3 | 1 << 4  # red, yellow, black
    assert ms.has(2, ms.F_CLOCK) and ms.CLOCK_S == 15 * 60
    assert not ms.has(0, ms.F_CLOCK) and not ms.has(1, ms.F_CLOCK)


def test_hands_and_numbers():
    for m in range(ms.COUNT):
        want = (3, 3) if m == mission(9) else (5, 7)
        assert (sp.hand_start(m), sp.hand_limit(m)) == want, m
        want = 0xFFFE if m == mission(15) else (0x3FFC if m == 0 else 0xFFFC)
        assert sp.numbers(m) == want, m
        suits = ms.default_suits(m)
        assert bin(suits).count("1") == ms.suit_count(m) and suits < 32


def test_special_rules_flags():
    want = {2: sp.F_FACEDOWN, 3: sp.F_ORDER, 4: sp.F_SILENT, 6: sp.F_SPECIAL_ASK, 7: sp.F_BALANCE,
            8: sp.F_LEFT, 9: sp.F_HAND3, 10: sp.F_SILENT, 11: sp.F_SILENT | sp.F_RIGHT,
            12: sp.F_ELITE, 13: sp.F_BALANCE, 14: sp.F_ORDER | sp.F_FACEDOWN, 15: sp.F_SPECIALS,
            16: sp.F_PAIR, 17: sp.F_BACKWARDS, 18: sp.F_FINAL, 19: sp.F_KINGPIN}
    for n in range(1, 21):
        assert ms.flags(mission(n)) == want.get(n, 0), n
        assert bool(ms.part(ms.RULES, mission(n))) == (n in want), n
    assert ms.flags(0) == ms.F_NUM13 and ms.flags(1) == 0 and ms.flags(2) == ms.F_CLOCK
    # one string, read in order
    assert ms.part(ms.RULES, 0).startswith("Cards 2") and ms.part(ms.RULES, mission(19)).startswith("Kingpin")


def test_rule_texts_fit_the_screen():
    texts = [ms.part(ms.RULES, m) for m in range(ms.COUNT)] + list(sp.SPECIAL_READING)
    for t in texts:
        lines = t.split("\n") if t else []
        assert len(lines) <= 3, t
        for line in lines:
            assert 0 < len(line) <= 21, line


def rulebook():
    tests = __file__.rpartition("/")[0].rpartition("/")[0]
    root = tests.rpartition("/")[0] if "/" in tests else "."
    try:
        with open(root + RULEBOOK_FILE) as f:
            return f.read()
    except OSError:
        return None


def test_numbers_and_rules_parsed_from_the_rulebook_itself():
    text = rulebook()
    if text is None:
        return  # the shared rules folder is not beside this checkout
    sections = text.split("\nMission ")[1:]
    assert len(sections) == 20
    for n in range(1, 21):
        sec = sections[n - 1]
        assert sec.startswith("%d\n" % n), sec[:10]
        words = sec.split("Suspects: ")[1].split()
        m = mission(n)
        got = (ms.suspects(m, 3), ms.bullets(m, 3), ms.suit_count(m))
        assert (int(words[0]), int(words[2]), int(words[4])) == got, n
        assert words[1] == "Bullets:" and words[3] == "Suits:"
        flags = 0
        for phrase, flag in RULE_WORDS:
            if phrase in sec:
                flags |= flag
        assert flags == ms.flags(m), n
    assert "Deal 2 cards face down" in text and "Place 5 Bullet Tokens" in text
    assert "pull the Numbers 2-13" in text and "Red, Black, and Yellow" in text
    assert "hand of 5 cards" in text and "hand limit is 7" in text
    t2 = text.split("Training #2")[1].split("Training #3")
    assert "Suspects: Equal to number of Agents" in t2[0] and "number of Agents + 3" in t2[0]
    assert "3 (2-15)" in t2[0] and "4 (2-15)" in t2[1] and "within 15 minutes" in t2[1]
