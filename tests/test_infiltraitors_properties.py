"""Damaged Infiltraitors saves (CPython only: hypothesis): a save of a mission played at random is
cut short, has a byte flipped, a field of the wrong type or out of range, a key missing or extra,
or fields set against each other; every one either is refused whole or loads a mission the
rulebook allows (checked here from the rulebook, not by the loader's own checks), which is then
drawn on every screen and played on, each step keeping the rules."""
import framebuf
import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lockdown.app import App
from lockdown.games.infiltraitors.rules import missions as ms
from lockdown.games.infiltraitors.rules.clues import GUESS, HORIZONTAL, KNOWN, VERTICAL
from lockdown.games.infiltraitors.session import Session
from lockdown.games.infiltraitors.rules import fixes
from lockdown.games.infiltraitors.rules import actions as ac
from lockdown.games.infiltraitors.rules import table as tb
from lockdown.session import RuleError, SaveError

# The rulebook's missions (infiltraitors-rulebook.txt): suspects, bullets, suits; 0 is "one a
# agent" (suspects) and "agents + 3" (bullets) in Training #2 and #3
RULEBOOK = ((2, 5, 3), (0, 0, 3), (0, 0, 4), (7, 10, 4), (8, 11, 4), (8, 11, 4), (8, 9, 4),
            (9, 12, 5), (9, 9, 4), (6, 7, 4), (8, 8, 4), (9, 12, 5), (9, 10, 5), (9, 12, 4),
            (6, 6, 5), (8, 10, 5), (9, 11, 5), (9, 10, 5), (9, 10, 5), (9, 9, 5), (9, 9, 5),
            (9, 9, 5), (11, 12, 5))
M = {n: ms.TRAINING + n - 1 for n in range(1, 21)}  # Mission n's index
RED_YELLOW_BLACK = 0b11001


def can_undo(s):
    """What the home screen asks before it opens the undo screen."""
    return bool(s.history.count or s.undo_name())


def rules_hold(s):
    """The table as the rulebook allows it, whatever the loader checked."""
    t = s.table
    b = t.board
    m, agents = t.mission, t.agents
    sus, bul, suits = RULEBOOK[m]
    total, full = sus or agents, bul or agents + 3
    assert 2 <= agents <= 5 and t.total == total and 0 <= t.bullets <= full
    mask = t.suits
    assert bin(mask).count("1") == suits and mask < 32
    if m == 0:
        assert mask == RED_YELLOW_BLACK  # Training #1 names its suits
    kingpin = m == M[19]
    slots = [(t.agent_of(i), t.status(i)) for i in range(t.slots)]
    assert len(slots) <= total
    found = sum(1 for _, st_ in slots if st_ == tb.IDENTIFIED)
    holders = [a for a, st_ in slots if st_ == tb.HIDDEN and a != tb.ASIDE]
    assert len(holders) == len(set(holders)), "one suspect in front of an agent at most"
    assert all(a == tb.ASIDE if kingpin and i == 0 else a < agents for i, (a, _) in enumerate(slots))
    live, named, misses = [], {}, 0
    for j in range(b.n):
        kind, card = b.kind(j), (b.suit(j), b.number(j))
        suit, number = card
        assert mask >> suit & 1, "a card of a suit out of play"
        top = 13 if m == 0 else 15
        assert 1 <= number <= top and (number > 1 or m in (M[6], M[15])), "no such card"
        if kind in (VERTICAL, HORIZONTAL):
            live.append(card)
        elif kind == KNOWN:
            assert b.owner(j) not in named and t.status(b.owner(j)) == tb.IDENTIFIED
            named[b.owner(j)] = card
        elif kind == GUESS:
            misses += 1
    cards = live + t.seen_list() + ([] if m == M[16] else list(named.values()))
    assert len(cards) == len(set(cards)), "each card is in the deck once"
    if m in (M[2], M[14]):
        assert not t.seen_list(), "every discard goes face down"
    assert found + misses <= full - t.bullets, "each shot costs a bullet"
    left = total - found
    if t.result == tb.WIN:
        assert not left and t.why == tb.WHY_ALL
    elif t.result == tb.LOSE:
        assert left and (t.bullets < left) == (t.why == tb.WHY_BULLETS)
    else:
        assert left and t.bullets >= left and not t.why
    if m in (M[3], M[14]):  # in token order
        st_ = [x for _, x in slots]
        assert st_ == sorted(st_, reverse=True)
    if m in (M[7], M[13]):
        for i, (_, x) in enumerate(slots):
            if x:
                v, h = b.count(i, VERTICAL), b.count(i, HORIZONTAL)
                assert v == h >= 2
    if m == M[12]:
        assert t.elite == tb.ASIDE or t.elite not in holders
    else:
        assert t.elite == tb.ASIDE
    if m == M[18] and len(slots) > 8:
        assert all(x for _, x in slots[:8])
    if kingpin:
        assert slots and t.agents_in_play() >= 1
        out = agents - t.agents_in_play()
        assert out <= found - (slots[0][1] == tb.IDENTIFIED)  # one hit lets one agent sit out
        if slots[0][1]:
            assert t.agents_in_play() == 1
    else:
        assert not t.agents_in_play() < agents and not t.kingpin_clues_left()


def play(s, steps):
    """Runs each step on the session's table; a refused one must leave it exactly as it was."""
    for what, k in steps:
        t = s.table
        before = s.dumps()
        i = k % max(t.slots, 1)
        card = (k % 5, 1 + k % 15)
        try:
            if what == "nab":
                s.act(ac.A_NAB, t.nab, k % t.agents)
            elif what == "clue":
                s.act(ac.A_CLUE, t.clue, i, card[0], card[1], k & 1)
            elif what == "kingpin":
                s.act(ac.A_KINGPIN, t.kingpin_clue, card[0], card[1], k & 1)
            elif what == "shoot":
                named = card if k & 2 else (-1, 0)
                s.act(ac.A_SHOT, t.shoot, i, bool(k & 1), named[0], named[1], k % t.agents)
            elif what == "seen":
                s.act(ac.A_SEEN, fixes.seen, t, card[0], card[1], not k & 1)
            elif what == "fix":
                j = k % max(t.board.n, 1)
                s.act(ac.A_FLIP, fixes.flip, t, j) if k & 1 else s.act(ac.A_REMOVE, fixes.remove, t, j)
            elif can_undo(s):
                s.undo()
        except RuleError:
            assert s.dumps() == before, what
            continue
        rules_hold(s)


def draw_all(s):
    """Every screen the mission can show, drawn."""
    app = App(s)
    fb = framebuf.FrameBuffer(bytearray(1024), 128, 64, framebuf.MONO_VLSB)
    app.draw(fb)
    t = s.table
    names = [("rules",), ("seen",), ("menu",), ("setup",)]
    if can_undo(s):
        names.append(("undo",))
    for i in range(t.slots):
        names.append(("board", i))
        names.append(("cards", i))
        if t.status(i) == tb.HIDDEN:
            names.append(("shoot", i, 0, 5))
    for name in names:
        app.open(*name)
        app.draw(fb)
        app.close_all()
        app.draw(fb)


STEP = st.tuples(st.sampled_from(("nab", "nab", "clue", "clue", "shoot", "seen", "fix", "kingpin",
                                  "undo")), st.integers(0, 200))
MISSIONS = st.sampled_from((0, 1, 2, M[2], M[3], M[7], M[12], M[15], M[16], M[18], M[19], M[20]))


def _garble(draw, doc):
    """One damage to a save document (or its text), as a text."""
    text = json.dumps(doc)
    how = draw(st.sampled_from(("cut", "flip", "type", "range", "missing", "extra", "combo", "list")))
    keys = sorted(doc)
    key = draw(st.sampled_from(keys))
    if how == "cut":
        return text[:draw(st.integers(0, len(text) - 1))]
    if how == "flip":
        at = draw(st.integers(0, len(text) - 1))
        return text[:at] + chr(ord(text[at]) ^ (1 << draw(st.integers(0, 6)))) + text[at + 1:]
    if how == "type":
        doc[key] = draw(st.sampled_from(("1", 1.0, True, None, [], {}, [1], 2.5)))
    elif how == "range":
        doc[key] = draw(st.sampled_from((-1, 256, 1 << 31, -(1 << 40), 99)))
    elif how == "missing":
        del doc[key]
    elif how == "extra":
        doc["x" + key] = 0
    elif how == "combo":  # fields each in range, set against each other
        for _ in range(draw(st.integers(1, 3))):
            k = draw(st.sampled_from(("bullets", "result", "why", "out", "kp_left", "kp_agent",
                                      "elite", "options", "steps", "started", "running")))
            doc[k] = draw(st.integers(-1, 12)) if k not in ("started", "running") else draw(st.booleans())
    else:  # an entry of a list changed
        lists = [k for k in ("suspects", "clues", "seen") if doc[k]]
        if lists:
            k = draw(st.sampled_from(lists))
            e = doc[k][draw(st.integers(0, len(doc[k]) - 1))]
            e[draw(st.integers(0, len(e) - 1))] = draw(st.integers(-1, 16))
            if draw(st.booleans()):
                doc[k].append(list(e))
    return json.dumps(doc)


@st.composite
def damaged(draw):
    s = Session()
    s.start(draw(MISSIONS), draw(st.integers(2, 5)), draw(st.sampled_from((0, 60))), 0, 0)
    play(s, draw(st.lists(STEP, max_size=25)))
    return s.dumps(), _garble(draw, json.loads(s.dumps())), draw(st.lists(STEP, max_size=12))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(damaged())
def test_a_damaged_save_is_refused_whole_or_is_a_mission_the_rules_allow(case):
    good, bad, more = case
    s = Session()
    s.loads(good)
    rules_hold(s)
    before = s.dumps()
    try:
        s.loads(bad)
    except SaveError:
        assert s.dumps() == before  # all or nothing
        return
    rules_hold(s)
    draw_all(s)
    play(s, more)
    while can_undo(s):
        s.undo()
        rules_hold(s)


def test_today_s_saves_hold_the_rules_and_play_on():
    for name in ("infiltraitors_v1.json", "infiltraitors_v1_won.json", "infiltraitors_v1_m19.json"):
        s = Session()
        with open("tests/fixtures/" + name) as f:
            s.loads(f.read())
        rules_hold(s)
        draw_all(s)
        play(s, [("nab", k) for k in range(3)] + [("clue", 7), ("shoot", 3), ("undo", 0)])
