"""Timers across the ticks_ms wrap (2**30 ms, about 12.4 days): the roll animation ends, a flash
notice goes, the screensaver comes after three idle minutes; idle counts from the first tick.
On CPython and both MicroPython ports (tests/mp_run.py, tests/mp/wasm_core.mjs)."""
from lockdown import ticks
from lockdown.app import SAVER_MS
from lockdown.events import ALARM, GO
from lockdown.games.infiltration.rules.game import SECURITY
from lockdown.games.infiltration.screens.play import ROLL_MS
from tests.core.check import Driver

WRAP = 1 << 30


class Clock(Driver):
    """The Driver on a clock that starts at `start` and wraps as ticks_ms does."""

    def __init__(self, start):
        Driver.__init__(self)
        self.now = start
        self.app.tick(start)
        self.frame()

    def wait(self, ms):
        while ms > 0:
            step = min(20, ms)
            ms -= step
            self.now = ticks.add(self.now, step)
            self.app.tick(self.now)
            self.frame()


def _to_security(d):
    d.start()
    while d.game.phase != SECURITY:
        d.press(GO)


def _settled_after_roll(start, before_wrap):
    """The frame once a roll's animation is over, the roll made `before_wrap` ms before the wrap
    of a clock started at `start`; also whether it still animated at the end."""
    d = Clock(start)
    _to_security(d)
    d.wait(ticks.diff(WRAP - before_wrap, d.now) if start > WRAP // 2 else 0)
    d.session.forced = 4
    d.press(GO)
    d.wait(ROLL_MS + 200)
    frames = d.frames
    d.wait(1000)
    return bytes(d.buf), d.frames - frames, d.app.home.tick(d.now)


def test_the_roll_animation_ends_across_the_wrap():
    plain = _settled_after_roll(1000, 0)
    assert plain[1:] == (0, False)
    for before_wrap in (700, 400, 100, 20):
        frame, redraws, rolling = _settled_after_roll(WRAP - 60000, before_wrap)
        assert not rolling and redraws == 0, before_wrap
        assert frame == plain[0], before_wrap


def test_a_flash_notice_goes_across_the_wrap():
    for start in (5000, WRAP - 700, WRAP - 20, WRAP - 1):
        d = Clock(start)
        d.start()
        quiet = bytes(d.frame())
        d.app.flash("Nothing here")
        d.wait(20)
        assert bytes(d.buf) != quiet
        d.wait(1600)
        assert not d.app._flash and bytes(d.frame()) == quiet, start


def test_the_screensaver_comes_after_three_idle_minutes_across_the_wrap():
    for start in (0, WRAP - SAVER_MS // 2, WRAP - 60, WRAP - SAVER_MS - 1000):
        d = Clock(start)
        d.start()
        d.press(ALARM)
        d.press(ALARM)  # the last input: idle from here
        d.wait(SAVER_MS - 100)
        assert not d.app.sleeping, start
        d.wait(200)
        assert d.app.sleeping, start


def test_idle_counts_from_the_first_tick_not_from_zero():
    for first in (SAVER_MS + 1, 10 * SAVER_MS, WRAP // 2 + 5, WRAP - 1):
        d = Driver()
        d.app.tick(first)
        assert not d.app.sleeping, first
        d.app.tick(ticks.add(first, SAVER_MS - 20))
        assert not d.app.sleeping, first
        d.app.tick(ticks.add(first, SAVER_MS))
        assert d.app.sleeping, first


def test_an_input_before_the_first_tick_does_not_start_idle_at_zero():
    for first in (SAVER_MS + 1, WRAP - 1):
        d = Driver()
        d.app.press(ALARM)  # setup's back: nothing to leave, but it is an input
        d.app.tick(first)
        assert not d.app.sleeping, first
        d.app.tick(ticks.add(first, SAVER_MS))
        assert d.app.sleeping, first


def test_a_flash_raised_before_the_first_tick_lasts_its_time_from_that_tick():
    for first in (SAVER_MS + 1, WRAP // 2 + 5, WRAP - 1):
        d = Driver()
        d.app.flash("Save kept as game.bad")
        d.app.tick(first)
        assert d.app._flash, first
        d.app.tick(ticks.add(first, 1000))
        assert d.app._flash, first
        d.app.tick(ticks.add(first, 1600))
        assert not d.app._flash, first
