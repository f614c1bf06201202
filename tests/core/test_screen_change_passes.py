"""No loop pass holds the board for two of a screen's import, a frame, the forgetting of what a
closed screen left and the save: a pass in which the App imported a screen's module leaves the
drawing to the next pass (runloop.Loop.step), which draws the very frame the simulator draws;
what a closed screen left unused is forgotten in a pass that neither imported nor drew
(app.tidy), or before the next input or screen if none came; and a save that is due waits for a
pass that did none of these (SAVE_MAX_MS at most). The boot's first pass draws at once; on the
setup screen, what starting the game imports comes ahead, one module a pass."""
import sys

import framebuf

from host_sim.runner import Sim, SimHardware
from lockdown.buttons import Edges
from lockdown.events import ALARM, GO, PROX
from lockdown.games import unload
from lockdown.inputs import Inputs
from lockdown.runloop import POLL_MS, QUIET_MS, SAVE_MAX_MS, boot

PLAY = "lockdown.games.infiltration.screens.play"
SETUP = "lockdown.games.infiltration.screens.setup"
MENU = "lockdown.games.infiltration.screens.menu"
TABLE = "lockdown.games.infiltration.screens.table"
UNDO = "lockdown.games.infiltration.screens.undo"


class Display:
    def __init__(self):
        self.buf = bytearray(1024)
        self.fb = framebuf.FrameBuffer(self.buf, 128, 64, framebuf.MONO_VLSB)
        self.shows = 0

    def show(self):
        self.shows += 1
        return 0


def test_the_start_the_home_screens_import_and_its_frame_are_passes_apart_then_the_forgetting():
    unload(PLAY)
    hw = SimHardware(1)
    hw.display = Display()
    go = Edges(1, 0)
    hw.inputs = Inputs((), (None, None, go))
    loop = boot(hw, 0)
    loop.step(0)
    assert hw.display.shows == 1  # the first frame at once
    go.record(0, 10)
    go.record(1, 70)  # GO on the setup: the game starts
    now = 70
    while loop.app.stack:  # the setup is open
        now += POLL_MS
        loop.step(now)
    assert hw.display.shows == 1 and loop.app.dirty and PLAY not in sys.modules
    now += POLL_MS
    loop.step(now)  # the play screen made, its module imported
    assert hw.display.shows == 1 and loop.app.dirty and PLAY in sys.modules
    now += POLL_MS
    loop.step(now)
    assert hw.display.shows == 2 and not loop.app.dirty and SETUP in sys.modules
    sim = Sim(1)
    sim.press(GO)
    assert bytes(hw.display.buf) == sim.frame()
    loop.step(now + POLL_MS)  # the setup's module forgotten, in a pass of its own
    assert SETUP not in sys.modules and not loop.app.unused and hw.display.shows == 2


def _round_one(display=True):
    """A board in round 1, its notice gone: (hw, loop, the time of its last pass)."""
    hw = SimHardware(1)
    if display:
        hw.display = Display()
    loop = boot(hw, 0)
    loop.app.press(GO)
    t = 0
    for t in range(0, 2000, POLL_MS):
        loop.step(t)
    return hw, loop, t


def test_a_closed_screens_module_goes_in_the_pass_after_its_frame_and_the_save_after_that():
    hw, loop, t = _round_one()
    saves = []
    loop.store.save = lambda session: saves.append(session.changes)
    app = loop.app
    app.hold(GO)  # the menu
    for t in range(t + POLL_MS, t + 20, POLL_MS):
        loop.step(t)
    assert MENU in sys.modules and not app.unused
    shows = hw.display.shows
    app.session.changes += 1
    t += POLL_MS
    loop.step(t)  # the change seen: its save is due QUIET_MS later
    t += QUIET_MS
    app.press(ALARM)  # back to play, in a pass where the save is due
    loop.step(t)
    assert hw.display.shows == shows + 1 and MENU in sys.modules and saves == []
    loop.step(t + POLL_MS)
    assert MENU not in sys.modules and hw.display.shows == shows + 1 and saves == []
    loop.step(t + 2 * POLL_MS)
    assert saves == [app.session.changes]  # the pass after the forgetting


def test_a_close_that_changed_the_game_forgets_before_its_frame():
    """Undo confirmed: the play screen's next frame may bring new code in (the NPC walk after the
    Extract screen), so the undo screen's module goes first and the frame comes next pass."""
    hw, loop, t = _round_one()
    app = loop.app
    app.turn(ALARM, 1)  # something to undo
    app.press(ALARM)  # the undo screen
    for t in range(t + POLL_MS, t + 20, POLL_MS):
        loop.step(t)
    assert UNDO in sys.modules and not app.unused
    shows = hw.display.shows
    app.press(GO)  # undone: the screen closes, the game changes
    loop.step(t + POLL_MS)
    assert UNDO not in sys.modules and hw.display.shows == shows and app.dirty
    loop.step(t + 2 * POLL_MS)
    assert hw.display.shows == shows + 1


def test_what_a_closed_screen_left_goes_before_the_next_input_if_no_pass_came_between():
    """The simulator's script, or two presses one pass took: the closed screen's modules are
    forgotten before the next input acts (and before the next screen's are imported), not kept
    beside them."""
    unload(TABLE)  # whatever tests before left
    _, loop, _ = _round_one(display=False)
    app = loop.app
    app.hold(GO)  # the menu
    loop.step(2000)
    assert MENU in sys.modules and TABLE not in sys.modules
    app.press(ALARM)  # back to play
    assert MENU in sys.modules and app.unused
    app.turn(ALARM, 1)  # the alarm dial, before the next pass
    assert MENU not in sys.modules and not app.unused
    app.hold(GO)  # the menu again
    loop.step(2005)
    app.press(ALARM)
    app.press(PROX)  # the operatives table, before the next pass
    assert MENU not in sys.modules and TABLE in sys.modules and not app.unused
    app.open("menu")  # and an open with no input before it
    app.close()
    old = sys.modules[MENU]
    assert app.unused
    app.open("about")
    assert sys.modules[MENU] is not old and not app.unused  # forgotten, then imported again for it


def test_a_screen_already_imported_draws_in_the_same_pass():
    hw = SimHardware(1)
    hw.display = Display()
    loop = boot(hw, 0)
    loop.step(0)
    loop.app.turn(0, 1)  # the setup's cursor moves: no import
    loop.step(POLL_MS)
    assert hw.display.shows == 2


def test_home_is_imported_ahead_once_the_setup_is_idle():
    unload(PLAY)
    hw = SimHardware(1)
    loop = boot(hw, 0)
    for t in range(0, 400, POLL_MS):
        loop.step(t)
    assert PLAY not in sys.modules
    loop.app.turn(0, 1)  # an input: idle again from here
    for t in range(400, 850, POLL_MS):
        loop.step(t)
    assert PLAY not in sys.modules and loop.app._home is None
    for t in range(850, 1000, POLL_MS):
        loop.step(t)
    assert PLAY in sys.modules and loop.app._home is None  # imported, not made
    assert type(loop.app.top()).__name__ == "Setup"


def test_what_starting_a_game_imports_comes_ahead_one_module_a_pass():
    for m in (PLAY, "lockdown.history", "lockdown.dice"):
        unload(m)
    hw = SimHardware(1)
    loop = boot(hw, 0)
    t = 0
    seen = []
    while t < 600 + 4 * POLL_MS:
        before = set(sys.modules)
        loop.step(t)
        new = [m for m in sys.modules if m not in before]
        if new:
            seen.append((t, new))
        t += POLL_MS
    assert [m for _, m in seen] == [[PLAY], ["lockdown.history"], ["lockdown.dice"]], seen
    assert [t for t, _ in seen] == [500, 505, 510]


def test_a_save_due_in_a_pass_that_imports_comes_next_pass():
    unload("lockdown.notice")
    hw = SimHardware(1)
    loop = boot(hw, 0)
    saves = []
    loop.store.save = lambda session: saves.append(loop.app.imported)
    loop.step(0)
    loop.session.changes += 1
    loop.step(5)  # the change is seen; its save is due QUIET_MS later
    loop.app.open("notice", "hello")  # in the pass where the save comes due: a screen imported
    loop.step(5 + QUIET_MS)
    assert saves == []
    loop.step(10 + QUIET_MS)
    assert saves == [False]


def test_a_save_waits_for_a_pass_that_draws_nothing_at_most_save_max_ms():
    hw = SimHardware(1)
    hw.display = Display()
    loop = boot(hw, 0)
    saves = []
    loop.store.save = lambda session: saves.append(t)
    t = 0
    loop.step(t)
    loop.session.changes += 1
    for t in range(5, QUIET_MS + 100, POLL_MS):  # a redraw in every pass until QUIET_MS + 50
        loop.app.dirty = t < QUIET_MS + 50
        loop.step(t)
    assert saves == [QUIET_MS + 50]
    loop.session.changes += 1
    start = t + POLL_MS
    for t in range(start, start + SAVE_MAX_MS + 100, POLL_MS):  # a screen that never rests
        loop.app.dirty = True
        loop.step(t)
    assert saves[1:] == [start + SAVE_MAX_MS]
