"""Infiltraitors' session on the core's GameSession: the save (named fields, versioned, all or
nothing, only missions play can reach, today's version 1 migrated), the game id, undo steps that
name themselves, refusals with their reason, and the clock through the session's tick (saved as
it runs, stopped by the end, resumed after a restart)."""
import json

from host_sim.state_infiltraitors import candidate_list, identity
from lockdown.games import unload
from lockdown.games.infiltraitors.rules import missions as ms
from lockdown.games.infiltraitors.session import Session
from lockdown.games.infiltraitors.rules import ending, fixes, settings
from lockdown.games.infiltraitors.rules.actions import (A_CLUE, A_DISPLAY, A_ELITE, A_FLIP, A_GIVE_UP,
                                                        A_KINGPIN, A_NAB, A_OPTION, A_REMOVE, A_SEEN, A_SHOT,
                                                        A_SUITS)
from lockdown.games.infiltraitors.rules.table import AT, LOSE, NAMES, OPT_ONE_DIVIDES, SNAPSHOT, WHY_TIME, WIN
from lockdown.session import ALERT, REDRAW, RuleError, SaveError
from tests.core.check import raises

RED, BLUE, GREEN, YELLOW, BLACK = range(5)
M7 = ms.TRAINING + 6
FIXTURES = __file__.rpartition("/")[0].rpartition("/")[0] + "/fixtures/"


def fixture(name):
    with open(FIXTURES + name) as f:
        return f.read()


def played():
    """Mission 7, 3 agents, with every kind of entry: clues, a flip, a removal, a face-up card,
    a hit naming its card, a miss."""
    s = Session()
    s.start(M7, 3, 600, 1, 0)
    t = s.table
    i = s.act(A_NAB, t.nab, 0)
    for k in range(4):
        s.act(A_CLUE, t.clue, i, (RED, BLUE, YELLOW, BLACK)[k], 2 + k, k & 1)
    s.act(A_CLUE, t.clue, i, RED, 9, True)
    s.act(A_FLIP, fixes.flip, t, 0)
    s.act(A_REMOVE, fixes.remove, t, 4)
    s.act(A_SEEN, fixes.seen, t, YELLOW, 11)
    s.act(A_FLIP, fixes.flip, t, 0)
    j = s.act(A_NAB, t.nab, 1)
    s.act(A_SHOT, t.shoot, i, False, BLUE, 4)
    s.act(A_SHOT, t.shoot, i, True, RED, 8)
    s.tick(0)
    s.tick(15000)
    return s, j


def whole(s):
    t = s.table
    b = t.board
    return (bytes(t.s), bytes(b.log[:2 * b.n]), b.n, t.seen_list(), t.clock.spent_ms,
            t.clock.limit_ms, s.started, s.steps)


def test_a_save_is_named_fields_and_loads_back_to_the_same_table():
    s, j = played()
    text = s.dumps()
    doc = json.loads(text)
    assert (doc["game"], doc["v"], doc["id"]) == ("infiltraitors", 2, s.id) and s.id
    from lockdown.games.infiltraitors.load import FIELDS  # the loader's, forgotten again
    for m in ("load", "save"):
        unload("lockdown.games.infiltraitors." + m)
    assert sorted(doc) == sorted(FIELDS + ("game", "v", "id"))
    t = s.table
    assert (doc["mission"], doc["agents"], doc["bullets"], doc["elite"], doc["kp_agent"]) == (
        M7, 3, 5, -1, -1)
    assert doc["suspects"] == [[0, 1], [1, 0]] and doc["display"] == 1 == t.display
    r = Session()
    r.loads(text)
    assert whole(r) == whole(s) and r.id == s.id
    assert candidate_list(r.table, j) == candidate_list(s.table, j)
    assert identity(r.table, 0) == (RED, 8)
    assert r.dumps() == text


def test_the_save_reads_the_table_by_name_not_by_offset():
    """Each named field is what the table's own property says: swapping two offsets in table.py
    changes nothing in the save."""
    s = Session()
    s.start(ms.TRAINING + 18, 3, 0, 2, 0)  # Mission 19: Kingpin state
    t = s.table
    s.act(A_SHOT, t.shoot, s.act(A_NAB, t.nab, 0), True, -1, 0, 2)
    s.act(A_KINGPIN, t.kingpin_clue, RED, 5, True)
    doc = json.loads(s.dumps())
    assert [doc[k] for k in NAMES] == [t.mission, t.agents, t.bullets, t.result, t.why, t.options,
                                      t.display, t.suits, -1, 4, 0, 2]
    assert t.is_out(2) and t.kingpin_agent == 2


def test_the_undo_ring_holds_the_table_s_snapshot():
    assert Session.STATE_SIZE == SNAPSHOT  # session.py names it without loading table.py


def test_a_loaded_removal_is_not_undone_by_the_next_undo():
    s, _ = played()
    r = Session()
    r.loads(s.dumps())
    before = candidate_list(r.table, 1)
    r.act(A_CLUE, r.table.clue, 1, RED, 10, True)
    r.undo()
    assert r.table.board.kind(4) == 0  # still removed
    assert candidate_list(r.table, 1) == before


def broken(doc, key, value):
    d = json.loads(doc)
    if type(key) is tuple:
        d[key[0]][key[1]] = value
    elif value is None:
        del d[key]
    else:
        d[key] = value
    return json.dumps(d)


def refused(good, bad):
    """Every text of `bad` is refused (SaveError) and leaves a session as it was; `good` loads."""
    fresh = Session()
    fresh.start(0, 2, 0, 0, 0)
    before = fresh.dumps()
    for text in bad:
        raises(SaveError, fresh.loads, text)
        assert fresh.dumps() == before, text[:60]
    fresh.loads(good)


def test_anything_malformed_is_refused_and_changes_nothing():
    s, _ = played()
    good = s.dumps()
    refused(good, [
        "", "{", "[]", broken(good, "v", 3), broken(good, "steps", None), broken(good, "extra", 1),
        broken(good, "started", 1), broken(good, "mission", 23), broken(good, "agents", 6),
        broken(good, "bullets", 12), broken(good, "bullets", 5.0), broken(good, "bullets", True),
        broken(good, "result", 1), broken(good, "suits", 0x1F), broken(good, "display", 3),
        broken(good, ("suspects", 0), [3, 1]), broken(good, ("suspects", 1), [1, 2]),
        broken(good, ("suspects", 1), [1]), broken(good, "suspects", [[0, 1]] * 7),
        broken(good, ("clues", 0), [5, 1, 0, RED, 2]), broken(good, ("clues", 0), [0, 5, 0, RED, 2]),
        broken(good, ("clues", 0), [0, 1, 0, GREEN, 2]), broken(good, ("clues", 0), [0, 1, 0, RED, 1]),
        broken(good, ("clues", 0), [0, 1, 0, RED]), broken(good, "seen", [[GREEN, 16]]),
        broken(good, "limit_s", -1), broken(good, "spent_ms", "1"), broken(good, "id", 0x10000),
        broken(good, "clues", [[0, 1, 0, 0, 2]] * 129), broken(good, "game", "infiltrate")])


def _won_training_1():
    s = Session()
    s.start(0, 3, 0, 0, 0)
    t = s.table
    a = s.act(A_NAB, t.nab, 0)
    s.act(A_SHOT, t.shoot, a, True, RED, 5)
    s.act(A_SHOT, t.shoot, s.act(A_NAB, t.nab, 1), True, YELLOW, 9)
    assert t.result == WIN
    return s.dumps()


def test_a_mission_play_cannot_reach_is_refused():
    """Issue 24 point 5: each field may be in range while the table as a whole is impossible."""
    s, _ = played()
    good = s.dumps()  # Mission 7: S1 found (Red 8) after a named miss, S2 hidden, 5 bullets
    won = _won_training_1()
    m19 = Session()
    m19.start(ms.TRAINING + 18, 3, 0, 0, 0)
    m19 = m19.dumps()
    refused(good, [
        broken(broken(good, "result", WIN), "why", 1),  # won with 5 suspects left
        broken(broken(good, "result", LOSE), "why", 2),  # lost on bullets with 5 for 5
        broken(good, "bullets", 4),  # in play with fewer bullets than the 5 left
        broken(good, "suspects", [[0, 0], [0, 0]]),  # one agent holding two hidden
        broken(good, "clues", json.loads(good)["clues"] + [[1, 3, 0, BLUE, 6]]),  # 3 shots, 2 bullets
        broken(good, "bullets", 6),  # a hit and a named miss for one bullet
        broken(good, "clues", json.loads(good)["clues"] + [[0, 4, 0, RED, 8]]),  # found twice
        broken(good, "elite", 0),  # an elite agent outside Mission 12
        broken(good, "out", 1), broken(good, "kp_left", 1), broken(good, "kp_agent", 0),
        broken(good, ("clues", 1), [0, 1, 0, YELLOW, 11]),  # a clue card lying face up too
        broken(good, ("suspects", 1), [-1, 0]),  # a suspect aside outside Mission 19
        broken(good, "steps", 0),  # played, yet a fresh mission
        broken(won, "started", False),  # won and not started
        broken(won, "suits", 0b00111),  # Training #1 with other suits
        broken(won, ("clues", 1), [1, 4, 0, RED, 5]),  # two found as the same card
        broken(broken(won, "result", LOSE), "why", 3),  # lost with all found
        broken(won, "running", True),  # over with the clock running
        broken(m19, "suspects", [[0, 0]]),  # Mission 19 without the Kingpin aside
        broken(m19, "out", 2),  # an agent sits out with no hit made
    ])
    refused(won, [])
    refused(m19, [])


def test_today_s_version_1_saves_migrate():
    """tests/fixtures/infiltraitors_v1*.json were written by the firmware before named fields."""
    text = fixture("infiltraitors_v1.json")
    r = Session()
    r.loads(text)
    t = r.table
    assert (t.mission, t.agents, t.bullets, t.slots, identity(t, 0), t.display) == (M7, 3, 5, 2, (RED, 8), 1)
    assert t.seen_list() == [(YELLOW, 11)] and t.board.kind(4) == 0 and t.clock.spent_ms == 15000
    first = r.id
    again = Session()
    again.loads(text)
    assert first and again.id == first  # the same id at every boot: archived once
    assert json.loads(r.dumps())["v"] == 2
    won = Session()
    won.loads(fixture("infiltraitors_v1_won.json"))
    assert won.over and won.id and won.id != first
    m19 = Session()
    m19.loads(fixture("infiltraitors_v1_m19.json"))
    assert m19.table.is_out(1) and m19.table.board.count(0, 1) == 1


def test_each_new_mission_draws_its_id():
    s = Session()
    ids = set()
    for _ in range(5):
        s.start(0, 3, 0, 0, 0)
        ids.add(s.id)
    assert len(ids) == 5 and 0 not in ids


def test_no_bullet_left_is_refused_not_wrapped():
    """Issue 24 point 6: a shot with 0 bullets (a damaged table) is refused, not 255 bullets."""
    s = Session()
    s.start(M7, 3, 0, 0, 0)
    t = s.table
    i = s.act(A_NAB, t.nab, 0)
    t.s[AT[NAMES.index("bullets")]] = 0
    steps = s.history.count
    e = raises(RuleError, s.act, A_SHOT, t.shoot, i, False)
    assert str(e) == "No bullet left" and t.bullets == 0 and s.history.count == steps


def test_every_step_names_itself_in_words():
    s = Session()
    s.start(ms.TRAINING + 14, 3, 0, 0, 0)  # Mission 15: the special reading is an option
    t = s.table
    said = []

    def step(code, fn, *args):
        s.act(code, fn, *args)
        said.append(s.undo_name())

    step(A_NAB, t.nab, 1)
    step(A_CLUE, t.clue, 0, RED, 7, True)
    step(A_CLUE, t.clue, 0, BLUE, 9, False)
    step(A_FLIP, fixes.flip, t, 1)
    step(A_REMOVE, fixes.remove, t, 0)
    step(A_SEEN, fixes.seen, t, GREEN, 4)
    step(A_SEEN, fixes.seen, t, GREEN, 4, False)
    step(A_OPTION, settings.set_option, t, OPT_ONE_DIVIDES, True)
    step(A_DISPLAY, settings.set_display, t, 2)
    step(A_SHOT, t.shoot, 0, False)
    assert s.undo_lines() == ["Bullets back to 10"]
    step(A_SHOT, t.shoot, 0, True, BLACK, 3)
    assert s.undo_lines() == ["Bullets back to 9", "Its card named: Blk 3"]
    step(A_GIVE_UP, ending.give_up, t)
    assert said == ["A2 nabs S1", "S1: Red 7 vertical", "S1: Blu 9 horizontal", "S1: Blu 9 turned",
                    "S1: Red 7 removed", "Grn 4 face up", "Grn 4 not face up", "Special 1: any clue",
                    "Clue board: off", "Shot at S1 (wrong)", "Shot at S1 (right)", "No action left"]
    for name in reversed(said):
        assert s.undo_name() == name
        s.undo()
    assert s.undo_name() == "" and not s.history.count
    s.start(ms.TRAINING + 11, 3, 0, 0, 0)  # Mission 12
    s.act(A_ELITE, settings.set_elite, s.table, 1)
    assert s.undo_name() == "Elite agent A2"
    s.start(ms.TRAINING, 3, 0, 0, 0)
    s.act(A_SUITS, settings.set_suits, s.table, 0b01111)
    assert s.undo_name() == "Suits RBGY"


def test_a_card_is_entered_once():
    """Issue 25 point 8: each card is in the deck once: a second entry is refused with its reason."""
    s = Session()
    s.start(ms.TRAINING, 3, 0, 0, 0)  # Mission 1
    t = s.table
    a, b = s.act(A_NAB, t.nab, 0), s.act(A_NAB, t.nab, 1)
    s.act(A_CLUE, t.clue, a, RED, 7, True)
    before, steps = whole(s), s.history.count
    for args in ((A_CLUE, t.clue, b, RED, 7, False), (A_SEEN, fixes.seen, t, RED, 7),
                 (A_SHOT, t.shoot, b, True, RED, 7)):
        assert str(raises(RuleError, s.act, *args)) == "Card entered already"
        assert whole(s) == before and s.history.count == steps
    s.act(A_SHOT, t.shoot, b, False, RED, 7)  # a miss may name any card: it is not S2
    s.act(A_SEEN, fixes.seen, t, BLUE, 5)
    raises(RuleError, s.act, A_CLUE, t.clue, a, BLUE, 5, True)
    s.act(A_REMOVE, fixes.remove, t, 0)  # Red 7 was entered by mistake: it is free again
    s.act(A_SHOT, t.shoot, a, True, RED, 7)


def test_a_start_the_rules_refuse_changes_nothing():
    s, _ = played()
    before, undo = s.dumps(), s.undo_name()
    m1 = 1  # Training #2: three suits, the group may pick them
    for args in ((M7, 3, 0, 3, 0), (M7, 6, 0, 1, 0), (ms.COUNT, 3, 0, 1, 0), (0, 3, 0, 1, 0b00111),
                 (m1, 3, 0, 1, 0b00011), (m1, 3, 0, 1, 0b100111)):
        raises(RuleError, s.start, *args[:4], 0, args[4])
        assert (s.dumps(), s.undo_name()) == (before, undo), args  # undo still takes back a step
    s.start(m1, 3, 0, 2, 0, 0b00111)  # red, blue, green; counts only
    t = s.table
    assert (t.suits, t.display, s.history.count) == (0b00111, 2, 0)  # chosen, not an undo step
    assert s.undo_name() == "New mission"  # over the one before


def test_changes_fresh_and_over():
    s = Session()
    assert s.fresh and not s.over and not s.started
    s.start(0, 3, 0, 0, 0)
    c = s.changes
    assert s.fresh and s.changes == c
    t = s.table
    i = s.act(A_NAB, t.nab, 0)
    assert not s.fresh and s.changes == c + 1
    raises(RuleError, s.act, A_NAB, t.nab, 0)  # holds a suspect: refused, nothing counted
    assert s.changes == c + 1
    s.act(A_SHOT, t.shoot, i, True)
    s.act(A_SHOT, t.shoot, s.act(A_NAB, t.nab, 1), True)
    assert t.result == WIN and s.over
    s.undo()
    assert not s.over and s.changes == c + 5
    assert "Training #1" in s.status()


def test_the_clock_runs_out_through_the_session_and_is_saved_as_it_runs():
    s = Session()
    s.start(ms.TRAINING - 1, 4, ms.CLOCK_S, 0, 1000)
    c = s.changes
    assert s.tick(1000) == 0 and s.tick(1500) == 0  # 15:00 still shown
    assert s.tick(2000) == REDRAW  # 14:59
    s.tick(6000)
    assert s.changes == c  # 5 s: not saved yet
    s.tick(11000)
    assert s.changes == c + 1  # 10 s of clock: saved
    s.pause(12000, True)
    s.tick(500000)
    assert s.table.clock.left_s() == ms.CLOCK_S - 11
    s.pause(500000, False)
    now = 500000
    alerts = []
    while not s.table.result:
        now += 1000
        if s.tick(now) == ALERT:
            alerts.append(s.warning)
    assert alerts == [1, 2, 3]  # the 5- and 1-minute warnings and time up, each once
    assert (s.table.result, s.table.why) == (LOSE, WHY_TIME) and s.over
    assert now == 500000 + (ms.CLOCK_S - 11) * 1000
    raises(RuleError, s.pause, now, True)  # over: the clock has stopped
    assert not s.table.clock.running and s.tick(now + 5000) == 0


def test_a_running_clock_goes_on_after_a_restart_from_the_save():
    s = Session()
    s.start(0, 2, 120, 0, 0)
    s.tick(30000)
    r = Session()
    r.loads(s.dumps())
    r.tick(7000)  # the board's clock starts again at boot: no time passes over the restart
    r.tick(17000)
    assert r.table.clock.left_s() == 80 and r.table.clock.running


def test_undoing_the_end_lets_the_clock_go_on():
    s = Session()
    s.start(0, 2, 600, 0, 0)
    t = s.table
    s.act(A_SHOT, t.shoot, s.act(A_NAB, t.nab, 0), True)
    s.act(A_SHOT, t.shoot, s.act(A_NAB, t.nab, 1), True)
    s.tick(1000)
    assert not t.clock.running
    s.undo()
    s.tick(2000)
    s.tick(5000)
    assert t.clock.running and t.clock.left_s() == 597


def test_a_new_mission_over_one_in_progress_is_undone_back_to_it():
    s, _ = played()
    text, ident = s.dumps(), s.id
    s.start(0, 3, 0, 0, 0)
    assert s.id != ident and s.undo_name() == "New mission"
    s.act(A_NAB, s.table.nab, 0)
    s.undo()
    s.undo()
    assert s.dumps() == text and s.id == ident



def test_the_mission_before_is_forgotten_once_the_undo_ring_no_longer_reaches_the_new_ones_start():
    from lockdown.history import DEPTH
    s, _ = played()
    s.start(0, 3, 0, 0, 0)
    for k in range(DEPTH):  # the ring still holds every step of the new mission
        s.act(A_DISPLAY, settings.set_display, s.table, k % 3)
    assert s.history.count == DEPTH and s._before
    s.act(A_DISPLAY, settings.set_display, s.table, 0)  # one more pushes its first step out
    assert s._before is None
    while s.history.count:
        s.undo()
    assert s.undo_name() == "" and s.undo() == 0 and s.table.mission == 0

def test_a_refused_step_after_a_fix_leaves_the_fix():
    """A refusal puts the step's snapshot back: the clue board's in-place edit of the step before
    (a removal, a flip) stays, and undo still takes that one back (found by the property test)."""
    s = Session()
    s.start(0, 3, 0, 0, 0)
    t = s.table
    i = s.act(A_NAB, t.nab, 0)
    s.act(A_CLUE, t.clue, i, RED, 7, True)
    s.act(A_CLUE, t.clue, i, RED, 8, True)
    s.act(A_REMOVE, fixes.remove, t, 0)
    s.act(A_FLIP, fixes.flip, t, 1)
    before = whole(s)
    raises(RuleError, s.act, A_NAB, t.nab, 0)  # holds a suspect
    assert whole(s) == before and t.board.kind(0) == 0 and t.board.kind(1) == 2
    s.undo()
    assert t.board.kind(1) == 1 and t.board.kind(0) == 0
    s.undo()
    assert t.board.kind(0) == 1
