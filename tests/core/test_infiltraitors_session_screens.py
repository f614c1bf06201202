"""Infiltraitors' screens through the App on a virtual clock (CPython and MicroPython): a detent
on the table and on a clue board, drawn, allocates nothing; the clock's frame changes only with
its second."""
import gc

from lockdown.events import ALARM, GO, PROX
from lockdown.games.infiltraitors.session import Session
from tests.core.check import Driver


class Device(Driver):
    """The shared Driver on an Infiltraitors session; screens by class name, home included."""

    def __init__(self):
        super().__init__(session=Session())

    def screen(self):
        return type(self.app.top()).__name__


def started(mission=2):
    d = Device()
    assert d.screen() == "Setup"
    d.app.turn(PROX, mission)
    d.app.press(GO)
    d.wait(1600)
    assert d.screen() == "Home"
    return d


def _allocated(d, knob, n):
    gc.collect()
    gc.disable()
    before = gc.mem_alloc()
    d.app.turn(knob, n)
    d.app.draw(d.fb)
    used = gc.mem_alloc() - before
    gc.enable()
    return used


def test_a_detent_on_the_table_and_on_a_clue_board_allocates_nothing():
    if not hasattr(gc, "mem_alloc"):
        return  # CPython: nothing to measure; MicroPython runs it
    d = started()
    d.app.turn(ALARM, 1)
    d.app.draw(d.fb)
    assert _allocated(d, ALARM, 1) == 0
    assert _allocated(d, ALARM, -1) == 0
    d.app.press(GO)  # A1 nabs
    d.app.press(GO)  # its board
    assert d.screen() == "SuspectBoard"
    d.app.draw(d.fb)
    for knob, n in ((PROX, 1), (PROX, 3), (ALARM, 1), (ALARM, -1), (PROX, -2)):
        assert _allocated(d, knob, n) == 0, (knob, n)


def test_the_countdown_redraws_once_a_second():
    d = started()
    draws = 0
    for _ in range(150):  # 3 s in 20 ms ticks
        d.now += 20
        d.app.tick(d.now)
        if d.app.dirty:
            draws += 1
            d.app.draw(d.fb)
    assert draws == 3, draws
    assert d.session.table.clock.left_s() == 900 - 4
