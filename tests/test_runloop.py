"""The loop: inputs polled often, drawing only when dirty, a save per pause, the watchdog fed.

Everything runs on the fake hardware's virtual clock: no test waits for real time.
"""
import asyncio
import os

from host_sim.fake_hw import FakeHardware, Reset, Stop
from lockdown.events import ALARM, GO, PROX
from lockdown.games.infiltration.rules.game import Game
from lockdown.runloop import QUIET_MS, RETRY_MS, SAVE_MAX_MS, Clock, Loop, main
from lockdown.games.infiltration.save import dumps
from lockdown.games.infiltration.session import Session
from lockdown.storage import SAVE, SAVE_MAX, Store
from lockdown.ticks import diff
from tests.core.check import Saved
from tests.mp.helpers import FakeApp


class CountingStore(Store):
    def __init__(self, root, log):
        Store.__init__(self, root, log)
        self.saves = []

    def save(self, session):
        Store.save(self, session)
        self.saves.append(bytes(session.game.s))


def rig(tmp_path, **kw):
    hw = FakeHardware(root=str(tmp_path), **kw)
    session = Session(hw.entropy)
    session.game.start()
    app = FakeApp(session)
    store = CountingStore(hw.root, hw.log)
    return hw, app, store, Loop(hw, app, session, store, 0)


def run_for(loop, hw, ms, every=5):
    end = hw.clock.t + ms
    while hw.clock.t < end:
        hw.clock.t += every
        loop.step(hw.clock.t)


def saved(tmp_path):
    g = Game()
    Store(str(tmp_path)).restore(Saved(g))
    return bytes(g.s)


def test_a_knob_spin_is_one_save_once_the_knob_rests(tmp_path):
    hw, app, store, loop = rig(tmp_path)
    for _ in range(8):
        hw.inputs.add(("turn", ALARM, 1), ("wait", 40))
    run_for(loop, hw, 8 * 40)
    assert app.session.game.alarm == 8 and store.saves == []
    run_for(loop, hw, QUIET_MS - 60)
    assert store.saves == [], "saved before the knob had rested"
    run_for(loop, hw, 60)
    assert len(store.saves) == 1 and saved(tmp_path) == bytes(app.session.game.s)
    run_for(loop, hw, 10000)
    assert len(store.saves) == 1, "saved again with nothing changed"


def test_a_knob_that_never_rests_is_still_saved_every_couple_of_seconds(tmp_path):
    hw, app, store, loop = rig(tmp_path)
    hw.inputs.add(*[e for _ in range(100) for e in (("turn", PROX, 1), ("wait", 100))])
    run_for(loop, hw, 5000)
    assert len(store.saves) == 5000 // SAVE_MAX_MS
    assert store.saves[0] != store.saves[1]


def test_nothing_is_written_while_nothing_happens(tmp_path):
    hw, app, store, loop = rig(tmp_path)
    run_for(loop, hw, 60000, every=10)
    assert store.saves == [] and not os.path.exists(os.path.join(hw.root, SAVE))


def test_an_undo_is_saved_like_any_action(tmp_path):
    hw, app, store, loop = rig(tmp_path)
    start = bytes(app.session.game.s)
    hw.inputs.add(("press", GO), ("wait", 1000), ("press", ALARM))
    run_for(loop, hw, 2000)
    assert len(store.saves) == 2 and saved(tmp_path) == start


def test_the_screen_is_drawn_and_sent_only_when_the_app_is_dirty(tmp_path):
    hw, app, store, loop = rig(tmp_path)
    run_for(loop, hw, 1000)
    assert app.draws == hw.display.shows == 1
    hw.inputs.add(("turn", ALARM, 1), ("wait", 100), ("turn", ALARM, 1))
    run_for(loop, hw, 1000)
    assert app.draws == hw.display.shows == 3
    assert hw.display.shown == bytes(hw.display.buf)


def test_the_watchdog_is_fed_on_every_pass(tmp_path):
    hw, app, store, loop = rig(tmp_path)
    run_for(loop, hw, 1000, every=10)
    assert hw.wdt.feeds == 100


def test_a_failing_save_keeps_the_game_going_and_is_retried(tmp_path):
    hw, app, store, loop = rig(tmp_path / "not yet")
    hw.inputs.add(("turn", ALARM, 2))
    run_for(loop, hw, QUIET_MS + 10)
    assert any(line.startswith("save failed") for line in hw.lines)
    assert app.session.game.alarm == 2
    assert app.flashes == ["Not saved (error 2)"]  # the table is told, once while saves fail
    hw.inputs.add(("turn", ALARM, 1))
    run_for(loop, hw, RETRY_MS)
    assert app.flashes == ["Not saved (error 2)"]
    os.mkdir(hw.root)
    run_for(loop, hw, RETRY_MS - 100)
    assert not os.path.exists(os.path.join(hw.root, SAVE)), "retried too soon"
    run_for(loop, hw, 200)
    assert saved(hw.root) == bytes(app.session.game.s)


def test_a_full_flash_is_named_on_the_device():
    from lockdown.storage import not_saved
    assert not_saved(OSError(28)) == "Not saved: flash full" and not_saved(OSError()) == "Not saved (error ?)"


def test_without_a_display_the_loop_runs_and_logs_each_save(tmp_path):
    hw, app, store, loop = rig(tmp_path, display=False)
    hw.inputs.add(("turn", PROX, 42))
    run_for(loop, hw, 1000)
    assert app.draws == 0 and len(store.saves) == 1
    assert hw.lines[-1] == "saved: round 1, selection, proximity 42, alarm 0"


def boot(hw, end):
    """Runs main() on the fake hardware until the virtual clock reaches `end`; returns the app."""
    apps = []

    def make(session, notice):
        apps.append(FakeApp(session, notice))
        return apps[-1]
    hw.clock.end = end
    try:
        asyncio.run(main(hw, hw.clock, make))
    except Stop:
        pass
    return apps[0]


def test_inputs_are_polled_at_least_every_10_ms(tmp_path):
    hw = FakeHardware(root=str(tmp_path))
    boot(hw, 3000)
    gaps = [b - a for a, b in zip(hw.inputs.polls, hw.inputs.polls[1:])]
    assert len(gaps) > 250 and max(gaps) <= 10


def test_main_boots_into_the_saved_game(tmp_path):
    g = Game(6)
    g.start()
    g.add_proximity(33)
    Store(str(tmp_path)).save(Saved(g))
    hw = FakeHardware(root=str(tmp_path))
    app = boot(hw, 100)
    assert bytes(app.session.game.s) == bytes(g.s) and app.notice is None


def test_main_hands_the_app_a_notice_when_the_save_was_bad(tmp_path):
    (tmp_path / SAVE).write_text("{ truncat")
    hw = FakeHardware(root=str(tmp_path))
    app = boot(hw, 100)
    assert app.notice == "game.json could not be loaded (not JSON). It is kept as game.bad; a new game starts."
    assert bytes(app.session.game.s) == bytes(Game().s)
    assert (tmp_path / "game.bad").read_text() == "{ truncat"


def test_main_saves_what_was_played(tmp_path):
    hw = FakeHardware(root=str(tmp_path))
    hw.inputs.add(("press", GO), ("turn", ALARM, 3), ("wait", 200), ("press", GO))
    app = boot(hw, 2000)
    assert saved(tmp_path) == bytes(app.session.game.s)
    assert app.session.game.alarm == 3 and app.session.game.phase == 2


def test_the_real_clock_counts_milliseconds_and_sleeps():
    c = Clock()
    a = c.now()

    async def nap():
        await c.sleep(20)
    asyncio.run(nap())
    assert 15 <= diff(c.now(), a) < 2000


def test_the_real_app_boots_runs_and_saves(tmp_path):
    """The loop against lockdown.app itself: its constructor, tick, draw and the save."""
    g = Game(4)
    g.start()
    Store(str(tmp_path)).save(Saved(g))
    hw = FakeHardware(root=str(tmp_path))
    hw.inputs.add(("turn", PROX, 5), ("wait", 100), ("press", GO))
    hw.clock.end = 2000
    try:
        asyncio.run(main(hw, hw.clock))
    except (Stop, Reset):  # a crash resets; the log then says why
        pass
    assert not os.path.exists(os.path.join(hw.root, "errors.log")), hw.lines
    assert hw.display.shows >= 2 and any(hw.display.shown)
    back = Game()
    Store(str(tmp_path)).restore(Saved(back))
    assert back.proximity == 5 and back.phase == 2
    assert dumps(back) != dumps(g)


def test_an_oversized_save_is_set_aside_on_the_first_boot_with_a_notice_naming_game_bad(tmp_path):
    (tmp_path / SAVE).write_text("[" * (SAVE_MAX + 10))
    hw = FakeHardware(root=str(tmp_path))
    app = boot(hw, 100)
    assert app.notice.startswith("game.json could not be loaded (too big, ") and "game.bad" in app.notice
    assert "crash" not in app.notice
    assert (tmp_path / "game.bad").exists() and not (tmp_path / SAVE).exists()
    assert Store(str(tmp_path)).crashes() == 0
