"""The script mode charges the device's thinking as board time: after each loop pass the
simulator's clock moves on by the session's `busy_ms`, so an input a script gives while a board
would still be thinking comes once it has done, as on the board (host_sim/runner.py)."""
from host_sim.runner import TICK_MS, Sim
from host_sim.script import parse, run
from lockdown.events import GO
from lockdown.runloop import POLL_MS

SLICE_MS = 20  # a search slice's board time, as the opponent reports it


def thinking(sim, slices):
    """The session thinks for `slices` passes of SLICE_MS each; returns the times of its ticks."""
    s = sim.session
    left = [slices]
    ticks = []

    def tick(now):
        ticks.append(now)
        s.busy_ms = SLICE_MS if left[0] else 0
        left[0] = max(0, left[0] - 1)
        return 0
    s.tick = tick
    return ticks


def test_each_pass_that_thinks_costs_its_board_time():
    sim = Sim(1, game="infiltrate")
    ticks = thinking(sim, 10)
    sim.wait(100)
    # from 0: the first pass TICK_MS on, then one every slice + POLL_MS; the last ran past 100
    assert ticks == [TICK_MS + k * (SLICE_MS + POLL_MS) for k in range(4)]
    assert sim.now == ticks[-1] + SLICE_MS > 100
    sim.wait(1000)
    gaps = [b - a for a, b in zip(ticks, ticks[1:])]
    assert gaps[:10] == [SLICE_MS + POLL_MS] * 10 and set(gaps[10:-1]) == {TICK_MS}  # the last: to the end


def test_a_press_while_the_board_thinks_comes_after_that_pass():
    sim = Sim(1, game="infiltrate")
    ticks = thinking(sim, 30)
    pressed = []
    real = sim.app.press

    def press(b):
        pressed.append((b, sim.now))
        real(b)
    sim.app.press = press
    run(parse("wait 100\npress go\n"), sim)
    assert pressed == [(GO, ticks[-1] + SLICE_MS)] and ticks[-1] < 100 < ticks[-1] + SLICE_MS


def test_a_session_that_does_not_think_costs_nothing():
    sim = Sim(1, game="infiltrate")
    ticks = thinking(sim, 0)
    sim.wait(100)
    assert sim.now == 100 and ticks == [20, 40, 60, 80, 100]
