"""Infiltraitors' session: the save (whole, versioned, all or nothing), changes, fresh and over,
and the clock through the session (saved as it runs, stopped by the end, resumed after a restart)."""
import json

from lockdown.games.infiltraitors import missions as ms
from lockdown.games.infiltraitors.session import SaveError, Session
from lockdown.games.infiltraitors.table import LOSE, WHY_TIME, WIN, RuleError
from tests.core.check import raises

RED, BLUE, GREEN, YELLOW, BLACK = range(5)
M7 = ms.TRAINING + 6


def played():
    """Mission 7, 3 agents, with every kind of entry: clues, a flip, a removal, a face-up card,
    a hit naming its card, a miss."""
    s = Session()
    s.start(M7, 3, 600, 1, 0)
    t = s.table
    i = s.act(t.nab, 0)
    for k in range(4):
        s.act(t.clue, i, (RED, BLUE, YELLOW, BLACK)[k], 2 + k, k & 1)
    s.act(t.clue, i, RED, 9, True)
    s.act(t.flip, 0)
    s.act(t.remove, 4)
    s.act(t.seen, YELLOW, 11)
    s.act(t.flip, 0)
    j = s.act(t.nab, 1)
    s.act(t.shoot, i, False, BLUE, 4)
    s.act(t.shoot, i, True, RED, 8)
    s.clock_tick(0)
    s.clock_tick(15000)
    return s, j


def whole(s):
    t = s.table
    b = t.board
    return (bytes(t.s), bytes(b.log[:2 * b.n]), b.n, t.seen_list(), t.clock.spent_ms,
            t.clock.limit_ms, s.started, s.steps)


def test_a_save_loads_back_to_the_same_table():
    s, j = played()
    text = s.dumps()
    r = Session()
    r.loads(text)
    assert whole(r) == whole(s)
    assert r.table.candidate_list(j) == s.table.candidate_list(j)
    assert r.table.identity(0) == (RED, 8)
    assert r.dumps() == text
    assert r.table.display == 1 and r.table.bullets == 5


def test_a_loaded_removal_is_not_undone_by_the_next_undo():
    s, _ = played()
    r = Session()
    r.loads(s.dumps())
    before = r.table.candidate_list(1)
    r.act(r.table.clue, 1, RED, 2, True)
    r.undo()
    assert r.table.board.kind(4) == 0  # still removed
    assert r.table.candidate_list(1) == before


def broken(doc, key, value):
    d = json.loads(doc)
    if type(key) is tuple:
        d[key[0]][key[1]] = value
    elif value is None:
        del d[key]
    else:
        d[key] = value
    return json.dumps(d)


def test_anything_malformed_is_refused_and_changes_nothing():
    s, _ = played()
    good = s.dumps()
    fresh = Session()
    fresh.start(0, 2, 0, 0, 0)
    before = fresh.dumps()
    bad = ["", "{", "[]", broken(good, "v", 2), broken(good, "steps", None),
           broken(good, "extra", 1), broken(good, "started", 1),
           broken(good, ("table", 0), 23), broken(good, ("table", 1), 6),
           broken(good, ("table", 2), 12), broken(good, ("table", 4), 7),
           broken(good, ("table", 5), 1), broken(good, ("table", 9), 0x1F),
           broken(good, ("table", 14), 3), broken(good, ("table", 20), 1),
           broken(good, ("clues", 0), [5, 1, 0, RED, 2]), broken(good, ("clues", 0), [0, 5, 0, RED, 2]),
           broken(good, ("clues", 0), [0, 1, 0, GREEN, 2]), broken(good, ("clues", 0), [0, 1, 0, RED, 1]),
           broken(good, ("clues", 0), [0, 1, 0, RED]), broken(good, "seen", [[GREEN, 16]]),
           broken(good, "limit_s", -1), broken(good, "spent_ms", "1"), broken(good, "clues", [[0, 1, 0, 0, 2]] * 129)]
    for text in bad:
        raises(SaveError, fresh.loads, text)
        assert fresh.dumps() == before, text[:60]
    fresh.loads(good)  # and the good one still loads
    assert whole(fresh) == whole(s)


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
    assert (t.suits, t.display, t.history.count) == (0b00111, 2, 0)  # chosen, not an undo step
    assert s.undo_name()  # the new mission over the one before


def test_changes_fresh_and_over():
    s = Session()
    assert s.fresh and not s.over and not s.started
    s.start(0, 3, 0, 0, 0)
    c = s.changes
    assert s.fresh and s.changes == c
    t = s.table
    i = s.act(t.nab, 0)
    assert not s.fresh and s.changes == c + 1
    raises(RuleError, s.act, t.nab, 0)  # holds a suspect: refused, nothing counted
    assert s.changes == c + 1
    s.act(t.shoot, i, True)
    s.act(t.shoot, s.act(t.nab, 1), True)
    assert t.result == WIN and s.over
    s.undo()
    assert not s.over and s.changes == c + 5
    assert "Training #1" in s.status()


def test_the_clock_runs_out_through_the_session_and_is_saved_as_it_runs():
    s = Session()
    s.start(ms.TRAINING - 1, 4, ms.CLOCK_S, 0, 1000)
    c = s.changes
    s.clock_tick(1000)
    s.clock_tick(6000)
    assert s.changes == c  # 5 s: not saved yet
    s.clock_tick(11000)
    assert s.changes == c + 1  # 10 s of clock: saved
    s.pause(12000, True)
    s.clock_tick(500000)
    assert s.table.clock.left_s() == ms.CLOCK_S - 11
    s.pause(500000, False)
    now = 500000
    while not s.table.result:
        now += 1000
        s.clock_tick(now)
    assert (s.table.result, s.table.why) == (LOSE, WHY_TIME) and s.over
    assert now == 500000 + (ms.CLOCK_S - 11) * 1000
    raises(RuleError, s.pause, now, True)  # over: the clock has stopped
    assert not s.table.clock.running


def test_a_running_clock_goes_on_after_a_restart_from_the_save():
    s = Session()
    s.start(0, 2, 120, 0, 0)
    s.clock_tick(30000)
    r = Session()
    r.loads(s.dumps())
    r.clock_tick(7000)  # the board's clock starts again at boot: no time passes over the restart
    r.clock_tick(17000)
    assert r.table.clock.left_s() == 80 and r.table.clock.running


def test_undoing_the_end_lets_the_clock_go_on():
    s = Session()
    s.start(0, 2, 600, 0, 0)
    t = s.table
    s.act(t.shoot, s.act(t.nab, 0), True)
    s.act(t.shoot, s.act(t.nab, 1), True)
    s.clock_tick(1000)
    assert not t.clock.running
    s.undo()
    s.clock_tick(2000)
    s.clock_tick(5000)
    assert t.clock.running and t.clock.left_s() == 597
