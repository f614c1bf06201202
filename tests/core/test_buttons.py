"""Buttons: debounced, short press on release, hold once while held, bounce never a press."""
from lockdown.buttons import HOLD, NONE, PRESS, Button
from lockdown.ticks import diff
from lockdown.events import DEBOUNCE_MS, HOLD_MS

POLL = 10  # ms between polls


def update(b, pressed, t):
    """A poll of the level, as lockdown.inputs does for a switch read by level."""
    return b.edge(pressed, t) or b.settle(t)


def run(levels, t0=1000, button=None):
    """Polls a Button every POLL ms with the given levels (1 = pressed); returns [(index, event)]."""
    b = button or Button()
    update(b, False, t0 - POLL)  # the first poll: released
    out = []
    for i, lv in enumerate(levels):
        ev = update(b, lv, (t0 + i * POLL) & 0x3FFFFFFF)
        if ev != NONE:
            out.append((i, ev))
    return out


def hold(ms, level=1):
    return [level] * (ms // POLL)


BOUNCE = [1, 0, 1, 1, 0, 1]


def test_short_press_reported_once_on_release():
    ev = run(hold(100, 0) + BOUNCE + hold(200) + [0, 1, 0] + hold(200, 0))
    assert [e for _, e in ev] == [PRESS]
    last_bounce = 10 + len(BOUNCE) + 20 + 2  # the level is steady from this poll
    assert ev[0][0] == last_bounce + DEBOUNCE_MS // POLL


def test_bounce_and_glitches_shorter_than_debounce_are_nothing():
    glitch = [1] * (DEBOUNCE_MS // POLL - 1)
    assert run(hold(100, 0) + glitch + hold(100, 0) + BOUNCE + hold(200, 0)) == []


def test_long_press_holds_once_while_held_and_release_is_silent():
    ev = run(hold(50, 0) + BOUNCE + hold(3000) + BOUNCE + hold(300, 0))
    assert [e for _, e in ev] == [HOLD]
    steady = 5 + len(BOUNCE) - 1
    assert ev[0][0] == steady + HOLD_MS // POLL


def test_press_just_short_of_hold_is_a_press():
    ev = run(hold(HOLD_MS - 2 * POLL) + hold(200, 0))
    assert [e for _, e in ev] == [PRESS]


def test_two_presses_are_two_presses():
    ev = run((hold(100) + hold(100, 0)) * 2)
    assert [e for _, e in ev] == [PRESS, PRESS]


def test_a_glitch_during_a_hold_does_not_hold_again():
    ev = run(hold(1500) + [0] + hold(1500) + hold(100, 0))
    assert [e for _, e in ev] == [HOLD]


def test_down_at_start_does_nothing_until_released():
    b = Button()
    out = [update(b, True, t) for t in range(0, 3000, POLL)]
    out += [update(b, False, t) for t in range(3000, 3200, POLL)]
    assert set(out) == {NONE}
    out = [update(b, True, t) for t in range(3200, 3400, POLL)]
    out += [update(b, False, t) for t in range(3400, 3600, POLL)]
    assert out.count(PRESS) == 1 and HOLD not in out


def test_ticks_wrap_is_only_elapsed_time():
    assert diff(5, 0x3FFFFFFF - 4) == 10
    ev = run(hold(200) + hold(100, 0), t0=0x3FFFFFFF - 500)
    assert [e for _, e in ev] == [PRESS]


def test_edges_between_two_polls_are_judged_by_their_own_times():
    """Records of a switch that all fell inside one long pass: a 60 ms tap is a press, a 1.2 s
    press a hold (its release silent), a 30 ms blip nothing, however late the poll comes."""
    b = Button()
    b.edge(False, 0)
    assert b.edge(True, 100) == NONE and b.edge(False, 160) == NONE
    assert b.settle(205) == NONE and b.settle(210) == PRESS and b.settle(400) == NONE
    assert b.edge(True, 500) == NONE and b.edge(False, 1700) == HOLD and b.settle(2000) == NONE
    assert b.edge(True, 2100) == NONE and b.edge(False, 2130) == NONE and b.settle(3000) == NONE


# --- Inputs: the glue from counts and levels to app.turn / press / hold ----------------------

class FakeApp:
    def __init__(self):
        self.calls = []

    def turn(self, knob, n):
        self.calls.append(("turn", knob, n))

    def press(self, b):
        self.calls.append(("press", b))

    def hold(self, b):
        self.calls.append(("hold", b))


class Count:
    def __init__(self, n=0):
        self.n = n

    def value(self):
        return self.n


def make_inputs(**kw):
    from lockdown.inputs import Inputs
    enc = [Count(100), Count(-7)]
    levels = [1, 1, 1]  # pulled up: released
    sw = [Count(1), lambda: levels[1], Count(1)]
    return Inputs(enc, sw, **kw), enc, sw, levels


def test_inputs_turns_each_knob_by_whole_detents():
    from lockdown.events import ALARM, PROX
    inputs, enc, _, _ = make_inputs()
    app = FakeApp()
    inputs.poll(app, 0)
    enc[ALARM].n += 4
    enc[PROX].n -= 9
    inputs.poll(app, 10)
    enc[PROX].n += 1  # back to -8 past the start: no change
    inputs.poll(app, 20)
    assert app.calls == [("turn", ALARM, 1), ("turn", PROX, -2)]


def test_inputs_divisor_and_reverse_per_knob():
    inputs, enc, _, _ = make_inputs(divisor=2, reverse=(False, True))
    app = FakeApp()
    enc[0].n += 2
    enc[1].n += 2
    inputs.poll(app, 0)
    assert app.calls == [("turn", 0, 1), ("turn", 1, -1)]


def test_inputs_press_and_hold_from_levels_active_low():
    from lockdown.events import GO, PROX
    inputs, _, sw, levels = make_inputs()
    app = FakeApp()
    t = 0
    for level_go, level_prox, ms in ((1, 1, 100), (0, 1, 200), (1, 1, 100), (1, 0, 1500), (1, 1, 100)):
        sw[GO].n = level_go
        levels[PROX] = level_prox
        for _ in range(ms // POLL):
            inputs.poll(app, t)
            t += POLL
    assert app.calls == [("press", GO), ("hold", PROX)]


def test_inputs_skips_missing_controls():
    from lockdown.inputs import Inputs
    app = FakeApp()
    enc = Count()
    inputs = Inputs([None, enc], [None, None, lambda: 0], active_low=False)
    enc.n = 4
    for t in range(0, 200, POLL):
        inputs.poll(app, t)
    assert app.calls == [("turn", 1, 1)]
