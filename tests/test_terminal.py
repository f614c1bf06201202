"""The interactive front-ends without a TTY or a display: the terminal (frame -> text, layouts by
size, keys -> inputs) and the pygame window (mouse and keys -> inputs, the scaled OLED)."""
import os
import sys

import pytest

from host_sim import terminal
from host_sim.runner import Sim
from host_sim.terminal import KEYMAP, decode, layout, perform, render_half
from lockdown.events import ALARM, GO, PROX
from tests.test_sim_script import FakeApp


def frame_with(*pixels):
    buf = bytearray(1024)
    for x, y in pixels:
        buf[(y >> 3) * 128 + x] |= 1 << (y & 7)
    return bytes(buf)


def test_half_blocks_show_two_pixel_rows_per_line():
    lines = render_half(frame_with((0, 0), (1, 1), (2, 0), (2, 1), (127, 63), (5, 9)))
    assert len(lines) == 32 and all(len(ln) == 128 for ln in lines)
    assert lines[0][:4] == "\u2580\u2584\u2588 "
    assert lines[4][5] == "\u2584"  # y 9 is the lower half of line 4
    assert lines[31][127] == "\u2584"
    assert sum(ln.count(" ") for ln in lines) == 128 * 32 - 5


def test_full_layout_frames_the_screen_and_shows_the_key_map():
    lines = layout(frame_with((0, 0)), 200, 60, "GO pressed")
    assert lines[0].startswith("\u250c\u2500 Lockdown \u2500") and lines[0].endswith("\u2510")
    assert lines[1] == "\u2502\u2580" + " " * 127 + "\u2502"
    assert lines[33] == "\u2514" + "\u2500" * 128 + "\u2518"
    assert lines[34:37] == list(terminal.HELP)
    assert lines[37] == "GO pressed"
    assert len(lines) == terminal.FULL[1] and max(len(ln) for ln in lines) == terminal.FULL[0]


def test_the_simulator_needs_130x38():
    assert terminal.FULL == (130, 38)
    assert len(layout(frame_with(), 130, 38)) == 38


@pytest.mark.parametrize("columns, rows", [(80, 24), (129, 60), (200, 37), (66, 22), (30, 5)])
def test_a_smaller_terminal_says_how_big_it_must_be_instead_of_drawing(columns, rows):
    lines = layout(frame_with((0, 0), (64, 32)), columns, rows, "GO pressed")
    assert len(lines) <= rows and max(len(ln) for ln in lines) <= columns
    shown = " ".join(lines)
    assert not any(0x2580 <= ord(c) <= 0x28FF for c in shown)  # no blocks, no braille
    if rows >= 4 and columns >= 25:
        assert "this terminal is %dx%d" % (columns, rows) in shown
        assert "needs at least 130x38" in shown


def test_the_small_terminal_message_is_what_it_says():
    assert layout(frame_with(), 80, 24) == [
        "Lockdown simulator:", "this terminal is 80x24,", "it needs at least 130x38",
        "(columns x rows).", "Enlarge it or make", "the font smaller;", "q quits."]


def test_the_key_map_is_shown_and_fits_the_screen_width():
    for line in terminal.HELP:
        assert len(line) <= terminal.FULL[0]
    shown = " ".join(terminal.HELP)
    for word in ("a/z", "k/m", "s press", "S hold", "l/j press", "L/J hold", "space/enter/g press",
                 "G hold", "p screenshot", "q quit", "\u2191/\u2193"):
        assert word in shown


def test_keys_map_to_inputs():
    assert KEYMAP["a"] == ("turn", ALARM, 1) and KEYMAP["z"] == ("turn", ALARM, -1)
    assert KEYMAP["k"] == KEYMAP["UP"] == ("turn", PROX, 1)
    assert KEYMAP["m"] == KEYMAP["DOWN"] == ("turn", PROX, -1)
    assert KEYMAP["K"] == ("turn", PROX, 5) and KEYMAP["Z"] == ("turn", ALARM, -5)
    assert KEYMAP["s"] == ("press", ALARM, 0) and KEYMAP["S"] == ("hold", ALARM, 0)
    assert KEYMAP["l"] == KEYMAP["j"] == ("press", PROX, 0)
    assert KEYMAP["L"] == KEYMAP["J"] == ("hold", PROX, 0)
    assert KEYMAP[" "] == KEYMAP["\n"] == KEYMAP["\r"] == KEYMAP["g"] == ("press", GO, 0)
    assert KEYMAP["G"] == ("hold", GO, 0)
    assert KEYMAP["q"][0] == "quit" and KEYMAP["p"][0] == "shot"


def test_decode_splits_keys_and_arrows():
    assert decode("az\x1b[A\x1b[Bq") == ["a", "z", "UP", "DOWN", "q"]
    assert decode("\x1bOA") == ["UP"]  # application cursor mode
    assert decode("\x1b[1;5Ak") == ["k"]  # modified arrows and other sequences are dropped whole
    assert decode("\x1b[15~ ") == [" "]


@pytest.mark.parametrize("key, log, status", [
    ("a", ("turn", ALARM, 1, 0), "ALARM +1"),
    ("M", ("turn", PROX, -5, 0), "PROX -5"),
    (" ", ("press", GO, 0), "GO pressed"),
    ("L", ("hold", PROX, 0), "PROX held"),
])
def test_perform_feeds_the_app_at_once(key, log, status):
    sim = Sim(app_factory=FakeApp)
    assert perform(sim, KEYMAP[key]) == status
    assert sim.app.log == [log]
    assert sim.now == 0  # a hold key is a hold already done: the clock stays real time


def test_screenshot_key_saves_in_the_ignored_out_folder_with_a_free_name(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    shots_dir = tmp_path / "repo" / "out"
    monkeypatch.setattr(terminal, "SHOTS", str(shots_dir))
    sim = Sim(app_factory=FakeApp)
    shots = []
    monkeypatch.setattr(sim, "shot", shots.append)
    assert perform(sim, KEYMAP["p"]) == "saved %s" % (shots_dir / "lockdown-1.png")
    (shots_dir / "lockdown-1.png").write_bytes(b"taken")
    assert perform(sim, KEYMAP["p"]) == "saved %s" % (shots_dir / "lockdown-2.png")
    assert shots == [str(shots_dir / "lockdown-1.png"), str(shots_dir / "lockdown-2.png")]
    assert list(tmp_path.iterdir()) == [tmp_path / "repo"]  # nothing in the current folder


def test_the_screenshot_folder_is_the_repositorys_git_ignored_out():
    import subprocess
    from host_sim.paths import ROOT
    assert terminal.SHOTS == os.path.join(ROOT, "out")
    probe = os.path.join("out", "lockdown-1.png")
    done = subprocess.run(["git", "check-ignore", "-q", probe], cwd=ROOT)
    assert done.returncode == 0, "out/ is not git-ignored"


def test_a_real_screenshot_lands_in_out(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(terminal, "SHOTS", str(tmp_path / "out"))
    sim = Sim()
    assert perform(sim, KEYMAP["p"]).endswith(os.path.join("out", "lockdown-1.png"))
    assert (tmp_path / "out" / "lockdown-1.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_a_screenshot_that_cannot_be_written_says_so(tmp_path, monkeypatch):
    monkeypatch.setattr(terminal, "SHOTS", str(tmp_path))
    sim = Sim(app_factory=FakeApp)

    def refuse(path):
        raise PermissionError(13, "Permission denied", path)
    monkeypatch.setattr(sim, "shot", refuse)
    assert perform(sim, KEYMAP["p"]) == (
        "screenshot not saved: [Errno 13] Permission denied: '%s'" % (tmp_path / "lockdown-1.png"))


# ----- the seed: fresh dice for a person, the same dice for a script -----------------------------
class SeedSpy:
    """Stands in for runner.Sim in main(): records the seed, runs nothing."""
    seeds = []

    def __init__(self, seed, game=None, save_dir=None):
        SeedSpy.seeds.append(seed)
        self.session = None

    def close(self):
        pass


@pytest.fixture
def spy(monkeypatch, tmp_path):
    from host_sim import runner
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))  # the per-user save folder: not the real one
    SeedSpy.seeds = []
    monkeypatch.setattr(runner, "Sim", SeedSpy)
    statuses = []
    monkeypatch.setattr(terminal, "run", lambda sim, status="": statuses.append(status) or 0)
    return statuses


def test_the_terminal_draws_a_fresh_seed_and_prints_it(spy, monkeypatch, capsys):
    from host_sim.__main__ import main
    draws = iter([b"\x00\x00\x30\x39", b"\x00\x01\x00\x00"])
    monkeypatch.setattr(os, "urandom", lambda n: next(draws))
    assert main([]) == 0
    assert main([]) == 0
    assert SeedSpy.seeds == [12346, 65537]  # 12345 % 999999 + 1, 65536 % 999999 + 1
    err = capsys.readouterr().err
    assert "seed 12346 (replay this session's dice with --seed 12346)" in err
    assert "--seed 65537" in err
    assert [line.split(";")[0] for line in spy] == [
        "seed 12346 (replay this session's dice with --seed 12346)",
        "seed 65537 (replay this session's dice with --seed 65537)"]  # the status line


def test_a_seed_given_is_used_and_no_random_drawn(spy, monkeypatch, capsys):
    from host_sim.__main__ import main

    def no(n):
        raise AssertionError("os.urandom called")
    monkeypatch.setattr(os, "urandom", no)
    assert main(["--seed", "42"]) == 0
    assert SeedSpy.seeds == [42]
    assert "--seed 42" in capsys.readouterr().err


def test_a_script_keeps_seed_one_by_default(tmp_path, monkeypatch):
    from host_sim.__main__ import main
    from host_sim import runner
    seeds = []
    real = runner.Sim

    class Recording(real):
        def __init__(self, seed=1, *a, **k):
            seeds.append(seed)
            super().__init__(seed, *a, **k)
    monkeypatch.setattr(runner, "Sim", Recording)
    script = tmp_path / "s.txt"
    script.write_text("press go\n")
    assert main(["--script", str(script)]) == 0
    assert main(["--script", str(script), "--seed", "7"]) == 0
    assert seeds == [1, 7]


# ----- the pygame window: the same inputs from a mouse and keys (skipped without pygame) --------
@pytest.fixture
def window(monkeypatch):
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    pygame = pytest.importorskip("pygame")
    from host_sim import window as w
    pygame.display.init()
    pygame.font.init()
    surface = pygame.display.set_mode(w.SIZE)
    win = w.Window(Sim(app_factory=FakeApp), pygame)
    yield w, win, pygame, surface
    pygame.quit()


def mouse(pygame, kind, control, win_module, button=1):
    pos = win_module.CONTROLS[control][:2]
    if kind == pygame.MOUSEMOTION:
        return pygame.event.Event(kind, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    return pygame.event.Event(kind, pos=pos, button=button)


def test_window_wheel_over_a_knob_turns_it(window):
    w, win, pg, _ = window
    win.handle(mouse(pg, pg.MOUSEMOTION, PROX, w), 0)
    win.handle(pg.event.Event(pg.MOUSEWHEEL, x=0, y=-2, flipped=False), 0)
    win.handle(mouse(pg, pg.MOUSEMOTION, GO, w), 0)
    win.handle(pg.event.Event(pg.MOUSEWHEEL, x=0, y=1, flipped=False), 0)  # GO is no knob
    assert win.sim.app.log == [("turn", PROX, -2, 0)]


def test_window_click_presses_on_release_and_a_long_click_holds(window):
    w, win, pg, _ = window
    win.handle(mouse(pg, pg.MOUSEBUTTONDOWN, ALARM, w), 0)
    win.update(300)
    win.handle(mouse(pg, pg.MOUSEBUTTONUP, ALARM, w), 300)
    win.handle(mouse(pg, pg.MOUSEBUTTONDOWN, GO, w), 400)
    win.update(1200)
    assert win.sim.app.log == [("press", ALARM, 300)]
    win.update(1500)
    win.update(2000)
    win.handle(mouse(pg, pg.MOUSEBUTTONUP, GO, w), 2000)
    assert win.sim.app.log == [("press", ALARM, 300), ("hold", GO, 1400)]
    assert win.sim.now == 2000


def test_window_keys_work_as_in_the_terminal(window):
    w, win, pg, _ = window
    key = pg.event.Event
    assert win.handle(key(pg.KEYDOWN, key=pg.K_UP, unicode="", mod=0), 0)
    assert win.handle(key(pg.KEYDOWN, key=pg.K_SPACE, unicode=" ", mod=0), 0)
    assert win.handle(key(pg.KEYDOWN, key=pg.K_s, unicode="S", mod=pg.KMOD_SHIFT), 0)
    assert not win.handle(key(pg.KEYDOWN, key=pg.K_q, unicode="q", mod=0), 0)
    assert not win.handle(key(pg.QUIT), 0)
    assert win.sim.app.log == [("turn", PROX, 1, 0), ("press", GO, 0), ("hold", ALARM, 0)]


def test_window_draws_the_oled_scaled(window):
    w, win, pg, surface = window
    win.sim.press(GO)  # the fake app lights pixel (0, 0) for its first input
    win.draw(surface)
    x, y = w.OLED[:2]
    assert surface.get_at((x + 1, y + 1))[:3] == w.png.ON
    assert surface.get_at((x + 5, y + 1))[:3] == w.png.OFF
    assert surface.get_at((x + w.OLED[2] - 1, y + w.OLED[3] - 1))[:3] == w.png.OFF


def test_window_without_pygame_says_how_to_install_it(monkeypatch, capsys):
    from host_sim import window
    monkeypatch.setitem(sys.modules, "pygame", None)
    assert window.run(Sim(app_factory=FakeApp)) == 2
    assert "pip install -e '.[window]'" in capsys.readouterr().err


@pytest.mark.parametrize("env, platform, ok", [
    ({}, "linux", False),
    ({"DISPLAY": ""}, "linux", False),
    ({"DISPLAY": ":0"}, "linux", True),
    ({"WAYLAND_DISPLAY": "wayland-0"}, "linux", True),
    ({"SDL_VIDEODRIVER": "dummy"}, "linux", True),
    ({}, "freebsd13", False),
    ({}, "darwin", True),
    ({}, "win32", True),
])
def test_window_knows_when_there_is_no_display(env, platform, ok):
    from host_sim.window import no_display
    problem = no_display(env, platform)
    assert (problem is None) == ok
    if not ok:
        assert "DISPLAY" in problem and "--window" in problem


def test_window_without_a_display_says_so_and_exits_2(monkeypatch, capsys):
    from host_sim.__main__ import main
    from host_sim import runner, window
    for name in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setattr(sys, "platform", "linux")
    monkeypatch.setattr(runner, "Sim", lambda *a, **k: pytest.fail("the simulator started"))
    monkeypatch.setattr(window, "run", lambda sim: pytest.fail("the window ran"))
    assert main(["--window"]) == 2
    err = capsys.readouterr().err
    assert "--window needs a display" in err and "DISPLAY" in err


def test_window_that_cannot_open_says_so_and_exits_2(monkeypatch, capsys):
    monkeypatch.setenv("SDL_VIDEODRIVER", "no-such-driver")
    monkeypatch.setenv("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    pytest.importorskip("pygame")
    from host_sim import window
    assert window.run(Sim(app_factory=FakeApp)) == 2
    assert "no window could be opened" in capsys.readouterr().err
