"""The interactive front-ends without a TTY or a display: the terminal (frame -> text, layouts by
size, keys -> inputs) and the pygame window (mouse and keys -> inputs, the scaled OLED)."""
import sys

import pytest

from host_sim import terminal
from host_sim.runner import Sim
from host_sim.terminal import KEYMAP, decode, layout, perform, render_braille, render_half
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


def test_braille_shows_two_by_four_pixels_per_character():
    lines = render_braille(frame_with((0, 0), (1, 3), (126, 60), (127, 63)))
    assert len(lines) == 16 and all(len(ln) == 64 for ln in lines)
    assert lines[0][0] == chr(0x2800 + 0x01 + 0x80)
    assert lines[15][63] == chr(0x2800 + 0x01 + 0x80)
    assert lines[0][1] == lines[8][8] == "\u2800"


def test_full_layout_frames_the_screen_and_shows_the_key_map():
    lines = layout(frame_with((0, 0)), 200, 60, "GO pressed")
    assert lines[0].startswith("\u250c\u2500 Lockdown \u2500") and lines[0].endswith("\u2510")
    assert lines[1] == "\u2502\u2580" + " " * 127 + "\u2502"
    assert lines[33] == "\u2514" + "\u2500" * 128 + "\u2518"
    assert lines[34:37] == list(terminal.HELP)
    assert lines[37] == "GO pressed"
    assert len(lines) == terminal.FULL[1] and max(len(ln) for ln in lines) == terminal.FULL[0]


def test_an_80x24_terminal_gets_the_braille_screen():
    lines = layout(frame_with(), 80, 24)
    assert len(lines) <= 24 and max(len(ln) for ln in lines) <= 80
    assert lines[1] == "\u2502" + "\u2800" * 64 + "\u2502"
    assert lines[-4:-1] == list(terminal.HELP)


def test_too_small_a_terminal_says_how_big_it_must_be():
    lines = layout(frame_with(), 60, 20)
    assert lines == ["Lockdown simulator: this terminal is 60x20;",
                     "it needs at least 66x22 (130x38 for full size).",
                     "Enlarge it, or press q to quit."]


def test_the_key_map_is_shown_and_fits_the_small_layout():
    for line in terminal.HELP:
        assert len(line) <= terminal.SMALL[0]
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


def test_screenshot_key_picks_a_free_name(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "lockdown-1.png").write_bytes(b"taken")
    sim = Sim(app_factory=FakeApp)
    shots = []
    monkeypatch.setattr(sim, "shot", shots.append)
    assert perform(sim, KEYMAP["p"]) == "saved %s" % (tmp_path / "lockdown-2.png")
    assert shots == ["lockdown-2.png"]


def test_a_screenshot_that_cannot_be_written_says_so(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    sim = Sim(app_factory=FakeApp)

    def refuse(path):
        raise PermissionError(13, "Permission denied", path)
    monkeypatch.setattr(sim, "shot", refuse)
    assert perform(sim, KEYMAP["p"]) == (
        "screenshot not saved: [Errno 13] Permission denied: 'lockdown-1.png'")


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
