"""The terminal simulator without a TTY: frame -> text, layouts by size, keys -> inputs."""
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
    assert perform(sim, KEYMAP["p"]) == "saved lockdown-2.png"
    assert shots == ["lockdown-2.png"]
