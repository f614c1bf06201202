"""Infiltraitors' screens through the App on a virtual clock (CPython and MicroPython): a detent
on the table and on a clue board, drawn, allocates nothing; the clock's frame changes only with
its second; the first setup's menu and picker, its cursor, the core's undo screen, the
screensaver woken by the clock, and every candidate listed."""
import gc

from lockdown.events import ALARM, GO, PROX
from lockdown.games.infiltraitors.rules import missions as ms
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


def test_a_fresh_setup_reaches_its_menu_and_the_picker():
    """Issue 24 point 10: before any mission, hold GO is the menu, and the last row the picker."""
    d = Device()
    d.app.hold(GO)
    assert d.screen() == "Menu" and d.app.top().rows == ("back_setup", "picker")
    d.app.turn(ALARM, 1)
    d.app.press(GO)
    assert d.screen() == "Picker"
    d.app.press(ALARM)
    assert d.screen() == "Setup"
    setup = d.app.top()
    d.app.turn(ALARM, 99)  # the last row the cursor stops on
    assert setup.row() == "picker" and setup.footer == "GO: other games"
    d.app.press(GO)
    assert d.screen() == "Picker" and not d.session.started


def test_the_setup_cursor_stops_only_on_rows_that_set_or_do_something():
    d = Device()
    setup = d.app.top()
    d.app.turn(PROX, 9)  # Mission 7: three lines of rule
    stops = []
    for _ in range(12):
        stops.append(setup.row())
        d.app.turn(ALARM, 1)
    assert stops[:8] == ["mission", "agents", "clock", "board", "suits", "start", "picker", "picker"]
    d.app.turn(ALARM, -3)
    assert setup.row() == "board"


def test_undo_is_the_core_screen_and_names_the_step():
    """Issue 25 point 4: ALARM on the table shows what undo takes back, GO does it."""
    d = started(0)  # Training #1
    d.app.press(GO)  # A1 nabs
    d.app.press(ALARM)
    assert d.screen() == "UndoConfirm" and d.app.top().name == "A1 nabs S1"
    assert d.app.top().module == "lockdown.undo"
    d.app.press(GO)
    assert d.session.table.slots == 0 and d.app._flash == "Undone: A1 nabs S1"


def test_time_up_wakes_the_screensaver_and_the_result_stays():
    """Issue 25 point 6: the warnings and time up wake the device; the result stays shown."""
    from lockdown.app import SAVER_MS
    d = started(2)  # Training #3: 15 minutes
    d.wait(SAVER_MS)
    assert d.app.sleeping
    d.wait(600000 - 1600 - SAVER_MS)  # the 5-minute warning
    assert not d.app.sleeping and d.app._flash == "5 minutes left"
    d.wait(300000)  # time up, idle all along
    t = d.session.table
    assert t.result and not d.app.sleeping and d.app._flash == "Time up: lost"
    d.wait(SAVER_MS + 1000)  # the saver comes back after a while: it shows the result
    assert d.app.sleeping and d.app.home.saver_text() == "LOST: time up"


def test_every_candidate_can_be_seen():
    """Issue 25 point 9: the board shows three lines; hold PROX lists them all, ALARM scrolls."""
    d = started(ms.TRAINING + 6)  # Mission 7
    d.app.press(GO)  # A1 nabs
    d.app.press(GO)  # its board
    d.app.press(GO)  # Red 2 vertical: red, or an even number
    d.frame()
    board = d.app.top()
    assert board.lines[-2].endswith("..") and board.footer == "GO add  hold PROX all"
    d.app.hold(PROX)
    cards = d.app.top()
    assert d.screen() == "CardList" and cards.title == "S1 CAN BE 34"
    assert sum(len(r.split()) for r in cards.rows) == 34
    d.app.turn(ALARM, 99)
    d.frame()
    assert cards.top > 0 and cards.row() == cards.rows[-1]
    d.app.press(ALARM)
    assert d.app.top() is board
