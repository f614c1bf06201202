"""A crash shows its code, logs it in a bounded errors.log and restarts into the saved game."""
import asyncio
import os
import re

import pytest

from host_sim.fake_hw import Clock, FakeHardware, Reset, Stop
from lockdown import crash
from lockdown.crash import HEX_FONT, LOG, LOG_LIMIT, code, draw_code, trace, where
from lockdown.events import ALARM, GO, PROX
from lockdown.runloop import RESET_MS, main
from lockdown.storage import SAVE
from tests.mp import fault
from tests.mp.helpers import FakeApp, read_code
from tests.mpy import run


def test_the_code_is_four_hex_digits_that_name_the_site():
    c = code("KeyError", "app.py", 120)
    assert re.fullmatch("[0-9A-F]{4}", c)
    assert c == code("KeyError", "app.py", 120)
    others = {code("KeyError", "app.py", 121), code("TypeError", "app.py", 120), code("KeyError", "ui.py", 120)}
    assert c not in others and len(others) == 3


def test_where_reads_cpython_and_micropython_tracebacks():
    mp = 'Traceback (most recent call last):\n  File "main.py", line 9, in <module>\n' \
         '  File "lockdown/app.py", line 120, in draw\nKeyError: x\n'
    assert where(mp) == ("app.py", 120)
    try:
        fault.fail()
    except ValueError as e:
        assert where(trace(e)) == ("fault.py", 5)
    assert where("no frames") == ("?", 0)


def test_the_same_fault_has_the_same_code_on_micropython(tmp_path):
    r = run("tests/mp/crash_mp.py", str(tmp_path))
    assert "crash_mp: ok" in r.stdout
    try:
        fault.fail()
    except ValueError as e:
        here = code("ValueError", *where(trace(e)))
    assert "fault code %s\n" % here in r.stdout


def test_every_hex_digit_draws_and_reads_back():
    import framebuf
    assert len(set(HEX_FONT)) == 16
    for d in ("0123", "4567", "89AB", "CDEF"):
        buf = bytearray(1024)
        fb = framebuf.FrameBuffer(buf, 128, 64, framebuf.MONO_VLSB)
        draw_code(fb, d, 34, 16)
        assert read_code(buf) == d


def boot(hw, apps, fail=None):
    def make(session, notice):
        app = FakeApp(session, notice)
        app.fail = fail if not apps else None
        apps.append(app)
        return app
    try:
        asyncio.run(main(hw, hw.clock, make))
    except (Reset, Stop) as e:
        return e
    return None


def last_log_line(root):
    with open(os.path.join(root, LOG)) as f:
        return f.read().split("\n")[-2]


PLAY = (("press", GO), ("turn", ALARM, 2), ("turn", PROX, 7), ("wait", 1000))


@pytest.mark.parametrize("fail", ["draw", "tick", "turn", "input"])
def test_a_fault_shows_its_code_logs_it_and_the_restart_resumes_the_save(tmp_path, fail):
    hw = FakeHardware(root=str(tmp_path))
    hw.inputs.add(*PLAY)  # played, then saved while the knobs rest
    if fail == "input":
        hw.inputs.add(ValueError("input driver"))
    else:
        hw.inputs.add(("arm", fail), ("turn", ALARM, 1))
    apps = []
    got = boot(hw, apps)
    assert isinstance(got, Reset) and str(got) == "watchdog" and hw.wdt.bit
    line = last_log_line(hw.root)
    digits = line.split()[0]
    assert re.fullmatch("[0-9A-F]{4} ValueError [a-z_]+\\.py:[0-9]+ .*", line), line
    assert read_code(hw.display.shown) == digits
    assert any(m.endswith("error " + line) for m in hw.lines), "not on the serial console"

    again = FakeHardware(root=str(tmp_path), clock=Clock(end=500))
    assert isinstance(boot(again, apps), Stop)
    g = apps[1].session.game
    assert (g.round, g.phase, g.alarm, g.proximity) == (1, 1, 2, 7)  # round 1, selection


def test_the_watchdog_is_starved_after_a_crash(tmp_path):
    hw = FakeHardware(root=str(tmp_path))
    apps = []
    boot(hw, apps, fail="draw")
    assert hw.wdt.feeds == 0 and hw.wdt.bit
    assert hw.clock.t > hw.wdt.timeout


def test_without_a_watchdog_the_board_is_reset_after_the_error_screen(tmp_path):
    hw = FakeHardware(root=str(tmp_path), wdt=False)
    got = boot(hw, [], fail="tick")
    assert isinstance(got, Reset) and str(got) == "reset()" and hw.resets == 1
    assert RESET_MS <= hw.clock.t < RESET_MS + 500
    assert read_code(hw.display.shown) == last_log_line(hw.root).split()[0]


def test_a_crash_while_booting_is_shown_and_logged_and_the_save_kept(tmp_path):
    (tmp_path / SAVE).write_text('{"v": 1}')  # whatever is there stays for the next boot

    def make(session, notice):
        raise MemoryError("no room for the app")
    hw = FakeHardware(root=str(tmp_path))
    with pytest.raises(Reset):
        asyncio.run(main(hw, hw.clock, make))
    assert last_log_line(hw.root).split()[1] == "MemoryError"
    assert read_code(hw.display.shown)
    assert (tmp_path / "game.bad").read_text() == '{"v": 1}'


def test_a_dead_display_does_not_stop_the_game(tmp_path):
    """An I2C error on the display is logged once (not a crash): play and saves go on."""
    hw = FakeHardware(root=str(tmp_path), clock=Clock(end=5000))

    def show():
        raise OSError(5, "EIO")
    hw.display.show = show
    hw.inputs.add(*PLAY)
    apps = []
    assert isinstance(boot(hw, apps), Stop)
    assert sum("display: " in m for m in hw.lines) == 1
    assert not os.path.exists(os.path.join(hw.root, LOG))
    again = FakeHardware(root=str(tmp_path), clock=Clock(end=500))
    boot(again, apps)
    g = apps[1].session.game
    assert (g.alarm, g.proximity) == (2, 7)


def test_errors_log_stays_bounded_over_many_crashes(tmp_path):
    for n in range(60):
        hw = FakeHardware(root=str(tmp_path))
        hw.inputs.add(("wait", n), KeyError("crash %d" % n))
        assert isinstance(boot(hw, []), Reset)
        assert os.path.getsize(tmp_path / LOG) <= LOG_LIMIT
    assert last_log_line(hw.root).endswith("'crash 59'")
    assert "'crash 0'" not in (tmp_path / LOG).read_text()


def test_the_error_screen_falls_back_to_the_code_alone_without_lockdown_draw(monkeypatch):
    import framebuf
    import sys
    monkeypatch.setitem(sys.modules, "lockdown.draw", None)  # import fails
    buf = bytearray(1024)
    crash.screen(framebuf.FrameBuffer(buf, 128, 64, framebuf.MONO_VLSB), "BEEF", "KeyError")
    assert read_code(buf) == "BEEF"
    assert all(b == 0xFF for b in buf[:128]), "the top bar"


def test_a_save_that_crashes_the_app_three_times_in_a_row_is_set_aside(tmp_path):
    from lockdown.setaside import CRASHED
    from lockdown.storage import CRASHES
    hw = FakeHardware(root=str(tmp_path), clock=Clock(end=5000))
    hw.inputs.add(*PLAY)
    boot(hw, [])  # played and saved, then the clock ran out: no crash
    for n in range(3):  # the saved game now crashes the app at once, three boots running
        boot(FakeHardware(root=str(tmp_path)), [], fail="draw")
        assert (tmp_path / CRASHES).read_text() == str(n + 1)
    apps = []
    boot(FakeHardware(root=str(tmp_path), clock=Clock(end=500)), apps)
    assert apps[-1].notice == CRASHED % "It is kept as game.bad" and apps[-1].session.game.round == 0
    assert (tmp_path / "game.bad").exists() and not (tmp_path / CRASHES).exists()


def test_a_steady_run_ends_a_run_of_crashes(tmp_path):
    from lockdown.runloop import STEADY_MS
    from lockdown.storage import CRASHES
    hw = FakeHardware(root=str(tmp_path), clock=Clock(end=5000))
    hw.inputs.add(*PLAY)
    boot(hw, [])
    boot(FakeHardware(root=str(tmp_path)), [], fail="draw")
    assert (tmp_path / CRASHES).exists()
    apps = []
    boot(FakeHardware(root=str(tmp_path), clock=Clock(end=STEADY_MS + 1000)), apps)
    assert not (tmp_path / CRASHES).exists() and apps[0].session.game.proximity == 7
