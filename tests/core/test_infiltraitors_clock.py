"""Infiltraitors' mission clock, on a virtual clock: Training #3's 15 minutes, a limit for any
mission, the warnings, pause and resume, a wrap of ticks_ms, and time up losing the mission."""
from lockdown.games.infiltraitors.rules import missions as ms
from lockdown.games.infiltraitors.rules.clock import TIME_UP, WARN_1, WARN_5, Clock
from lockdown.games.infiltraitors.session import Session
from lockdown.games.infiltraitors.rules.actions import A_NAB
from lockdown.games.infiltraitors.rules.table import LOSE, WHY_TIME, RuleError, Table
from lockdown.session import ALERT
from tests.core.check import raises

MIN = 60000
WRAP = 0x3FFFFFFF  # ticks_ms wraps after this


def run(clock, start, end, step=50):
    """Ticks from start to end (wrapped like ticks_ms); returns [(t, event)] for each event."""
    out = []
    t = start
    while t != end:
        t = (t + step) & WRAP if (end - t) & WRAP >= step else end
        ev = clock.update(t)
        if ev:
            out.append((t, ev))
    return out


def test_training_3_has_15_minutes_other_missions_none():
    t = Table(2, 4)
    assert t.clock.limit_ms == 15 * MIN and t.clock.left_s() == 900
    assert Table(1, 4).clock.left_s() == -1 and Table(ms.TRAINING, 4).clock.left_ms() == -1


def test_warnings_at_5_and_1_minutes_then_time_up_once_each():
    c = Clock(900)
    c.start(1000)
    events = run(c, 1000, 1000 + 16 * MIN)
    assert events == [(1000 + 10 * MIN, WARN_5), (1000 + 14 * MIN, WARN_1),
                      (1000 + 15 * MIN, TIME_UP)]
    assert c.left_ms() == 0 and c.left_s() == 0


def test_left_seconds_round_up():
    c = Clock(60)
    c.start(0)
    c.update(1)
    assert c.left_s() == 60
    c.update(59001)
    assert c.left_s() == 1 and c.left_ms() == 999


def test_pause_and_resume():
    c = Clock(600)
    c.start(0)
    c.update(2 * MIN)
    c.pause(3 * MIN)
    assert c.left_ms() == 7 * MIN and not c.running
    c.update(50 * MIN)  # paused: nothing counts
    assert c.left_ms() == 7 * MIN
    c.start(60 * MIN)
    c.update(61 * MIN)
    assert c.left_ms() == 6 * MIN


def test_counts_through_a_wrap_of_ticks_ms():
    c = Clock(900)
    start = WRAP - 3 * MIN
    c.start(start)
    events = run(c, start, (start + 15 * MIN) & WRAP, step=1000)
    assert [e for _, e in events] == [WARN_5, WARN_1, TIME_UP]
    assert events[-1][0] == (start + 15 * MIN) & WRAP


def test_a_jump_reports_the_most_urgent_only():
    c = Clock(900)
    c.start(0)
    assert c.update(14 * MIN + 30000) == WARN_1
    assert c.update(14 * MIN + 31000) == 0
    assert c.update(20 * MIN) == TIME_UP


def test_a_limit_under_five_minutes_has_no_five_minute_warning():
    c = Clock(180)
    c.start(0)
    assert [e for _, e in run(c, 0, 4 * MIN)] == [WARN_1, TIME_UP]


def ticked(s, now):
    """The session's tick at `now`: the clock's warning it raised (ALERT), else 0."""
    ev = s.tick(now)
    w, s.warning = s.warning, 0
    assert (ev == ALERT) == bool(w), (ev, w)
    return w


def test_an_optional_limit_for_any_mission_and_raising_it_rearms():
    s = Session()
    s.start(ms.TRAINING + 4, 3, 20 * 60, 0, 0)  # Mission 5, 20 minutes
    assert ticked(s, 15 * MIN + 1) == WARN_5
    s.table.clock.set_limit(30 * 60)  # 10 more minutes
    assert ticked(s, 15 * MIN + 2) == 0
    assert ticked(s, 25 * MIN + 2) == WARN_5


def test_time_up_loses_the_mission_and_undo_plays_on():
    s = Session()
    s.start(2, 3, ms.CLOCK_S, 0, 500)
    t = s.table
    assert ticked(s, 500 + 10 * MIN) == WARN_5 and not t.result
    assert ticked(s, 500 + 15 * MIN) == TIME_UP
    assert (t.result, t.why) == (LOSE, WHY_TIME) and s.undo_name() == "Time up"
    raises(RuleError, s.act, A_NAB, t.nab, 0)
    s.undo()  # the group forgot to pause: play on with the clock at zero
    assert not t.result and t.clock.left_s() == 0
    assert ticked(s, 500 + 16 * MIN) == 0 and not t.result
    s.act(A_NAB, t.nab, 0)
