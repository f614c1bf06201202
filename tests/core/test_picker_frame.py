"""The game picker (issue 25.1): every game's name drawn whole, the game running marked by a
frame around its row (not by a word over its name), and the footer saying what GO does there."""
import framebuf

from lockdown import draw
from lockdown.events import ALARM
from lockdown.games import GAMES, TITLES
from lockdown.ui import ROW_H, TOP
from tests.core.check import Driver


def _fb():
    buf = bytearray(1024)
    return buf, framebuf.FrameBuffer(buf, 128, 64, framebuf.MONO_VLSB)


def _picker(session=None):
    d = Driver(session=session)
    d.app.open("picker")
    d.frame()
    return d


def _row_pixels(fb, i, x0, x1):
    y = TOP + i * ROW_H
    return [fb.pixel(x, yy) for yy in range(y, y + 7) for x in range(x0, x1)]


def test_every_name_is_drawn_whole():
    d = _picker()
    for i, title in enumerate(TITLES):
        buf, alone = _fb()
        c = 0 if i == d.app.top().cur else 1
        if not c:
            alone.fill(1)
        draw.text(alone, title, 2, TOP + i * ROW_H, c)
        assert _row_pixels(d.fb, i, 2, 127) == _row_pixels(alone, i, 2, 127), title


def test_the_game_running_is_framed_and_the_footer_says_go_goes_back_to_it():
    d = _picker()
    d.turn(ALARM, 1)  # the cursor off the running game's row
    running = GAMES.index("infiltration")
    for i in range(len(GAMES)):
        y = TOP - 1 + i * ROW_H
        framed = [d.fb.pixel(0, yy) for yy in range(y, y + ROW_H + 1)] == [1] * (ROW_H + 1)
        assert framed == (i == running), i
    assert d.app.top().hint() == "GO play   ALARM back"
    d.turn(ALARM, -1)
    assert d.app.top().hint() == "GO back to this game"


def test_each_game_marks_itself():
    from lockdown.dice import Xorshift
    from lockdown.games import load
    for name in GAMES:
        d = _picker(load(name).new_session(Xorshift(1)))
        picker = d.app.top()
        for i in range(len(GAMES)):
            picker.cur = i
            assert (picker.hint() == "GO back to this game") == (GAMES[i] == name), (name, i)
