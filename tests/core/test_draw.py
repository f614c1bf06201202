"""Text and big digits: glyph shapes against the reviewed art, widths, alignment, colours, clipping.

Runs on CPython (the framebuf shim) and on MicroPython (the C framebuf). The art files in
tests/golden/graphics hold every glyph as rows of '.' and '#': the font bytes must draw exactly that.
"""
import framebuf

from lockdown import draw, font

GOLDEN = __file__.rpartition("/")[0] + "/../golden/graphics/"


def frame(w=128, h=64, fill=0):
    fb = framebuf.FrameBuffer(bytearray(w * ((h + 7) // 8)), w, h, framebuf.MONO_VLSB)
    fb.fill(fill)
    return fb


def rows(fb, w, h):
    return ["".join("#" if fb.pixel(x, y) else "." for x in range(w)) for y in range(h)]


def ink(fb, w=128, h=64):
    """Bounding box (x0, y0, x1, y1) of the lit pixels, or None."""
    pts = [(x, y) for y in range(h) for x in range(w) if fb.pixel(x, y)]
    if not pts:
        return None
    return (min(p[0] for p in pts), min(p[1] for p in pts), max(p[0] for p in pts), max(p[1] for p in pts))


def art(name):
    """[(header, rows)] from a golden art file."""
    out = []
    with open(GOLDEN + name) as f:
        for line in f:
            line = line.strip()
            if line and line.strip(".#"):
                out.append((line, []))
            elif line:
                out[-1][1].append(line)
    return out


def char(header):
    return "\u00e9" if header == "box" else chr(int(header, 16))


def test_every_small_glyph_draws_its_reviewed_art():
    glyphs = art("small_font.txt")
    assert len(glyphs) == font.SMALL_N
    for header, want in glyphs:
        fb = frame(6, 8)
        assert draw.text(fb, char(header), 0, 0) == 6
        assert rows(fb, 6, 8) == [r + "." for r in want], header


def test_every_big_glyph_draws_its_reviewed_art():
    glyphs = art("big_font.txt")
    assert "".join(h for h, _ in glyphs) == font.BIG_CHARS
    for header, want in glyphs:
        fb = frame(draw.BIG_ADV, draw.BIG_H)
        assert draw.big(fb, header, 0, 0) == draw.BIG_ADV
        assert rows(fb, draw.BIG_W, draw.BIG_H) == want, header
        assert ink(fb, draw.BIG_ADV, draw.BIG_H)[2] < draw.BIG_W  # the gap stays blank


def test_big_digits_are_tall_and_fill_their_height():
    assert draw.BIG_H >= 24 and draw.BIG_W >= 14
    for d in "0123456789":
        fb = frame()
        draw.big(fb, d, 10, 20)
        x0, y0, x1, y1 = ink(fb)
        assert (y0, y1) == (20, 20 + draw.BIG_H - 1), d


def test_known_pixels():
    fb = frame()
    draw.text(fb, "T.|", 0, 0)
    assert rows(fb, 18, 8)[0] == "#####." + "......" + "..#..."
    assert [fb.pixel(x, 0) for x in range(5)] == [1] * 5  # T's bar
    assert [fb.pixel(2, y) for y in range(8)] == [1] * 7 + [0]  # T's stem
    assert (fb.pixel(7, 5), fb.pixel(8, 6), fb.pixel(7, 4)) == (1, 1, 0)  # the full stop
    assert [fb.pixel(14, y) for y in range(8)] == [1] * 7 + [0]  # the bar


def test_descenders_use_the_eighth_row_and_caps_do_not():
    for ch, row7 in (("g", True), ("j", True), ("p", True), ("y", True), ("H", False), ("8", False)):
        fb = frame(6, 8)
        draw.text(fb, ch, 0, 0)
        assert any(fb.pixel(x, 7) for x in range(5)) == row7, ch


def test_widths_and_returned_positions():
    assert draw.LINE_H == 8 and draw.CELL_W == 6
    assert (draw.width(""), draw.width("a"), draw.width("ab"), draw.width("ab", 2)) == (0, 5, 11, 22)
    assert draw.width("\x1a\u00e9") == 11  # one cell per character, known or not
    assert (draw.big_width(""), draw.big_width("7"), draw.big_width("42")) == (0, 16, 35)
    fb = frame()
    assert draw.text(fb, "abc", 5, 0) == 23
    assert draw.text(fb, "abc", 5, 10, 1, 2) == 41
    assert draw.big(fb, "-12", -3, 30) == -3 + 3 * draw.BIG_ADV


def test_centre_and_right_place_the_ink():
    fb = frame()
    assert draw.centre(fb, "HH", 0) == 58
    assert ink(fb) == (58, 0, 68, 6)
    fb = frame()
    assert draw.right(fb, "H", 127, 8) == 123
    assert ink(fb) == (123, 8, 127, 14)
    fb = frame()
    assert draw.right(fb, "H", 127, 0, 1, 2) == 118
    assert ink(fb) == (118, 0, 127, 13)
    fb = frame()
    assert draw.centre(fb, "H", 2, 1, 3) == 56  # (128 - 15) // 2
    assert ink(fb) == (56, 2, 70, 22)


def test_scaled_text_is_the_small_glyph_blown_up():
    s = "Ag%\x1e\u00e9"  # \x1e: the triangle up
    one, two = frame(), frame()
    draw.text(one, s, 0, 0)
    draw.text(two, s, 0, 0, 1, 3)
    for y in range(24):
        for x in range(3 * 6 * len(s)):
            if x < 128:
                assert two.pixel(x, y) == one.pixel(x // 3, y // 3), (x, y)


def test_colour_0_clears_only_the_glyph_pixels():
    for scale in (1, 2):
        lit, dark = frame(), frame(fill=1)
        draw.text(lit, "Go\x01", 3, 2, 1, scale)
        draw.text(dark, "Go\x01", 3, 2, 0, scale)
        assert all(dark.pixel(x, y) != lit.pixel(x, y) for y in range(64) for x in range(128))
    lit, dark = frame(), frame(fill=1)
    draw.big(lit, "9+", 1, 1)
    draw.big(dark, "9+", 1, 1, 0)
    assert all(dark.pixel(x, y) != lit.pixel(x, y) for y in range(64) for x in range(128))


def test_text_only_adds_pixels():
    fb = frame()
    fb.fill_rect(0, 0, 60, 8, 1)
    draw.text(fb, "ab", 0, 0)
    draw.big(fb, "1", 0, 0)
    assert all(fb.pixel(x, y) for y in range(8) for x in range(60))


def test_unknown_characters_draw_a_box_and_spaces_nothing():
    box = ["#####.", "#...#.", "#...#.", "#...#.", "#...#.", "#...#.", "#####.", "......"]
    for ch in ("\u00e9", "\x00", "\x7f", "\n", "\u2603"):
        fb = frame(6, 8)
        draw.text(fb, ch, 0, 0)
        assert rows(fb, 6, 8) == box, repr(ch)
    fb = frame()
    assert draw.text(fb, "   ", 0, 0) == 18 and ink(fb) is None
    assert draw.big(fb, " ", 0, 0) == draw.BIG_ADV and ink(fb) is None
    draw.big(fb, "x", 0, 0)
    assert ink(fb) == (0, 0, draw.BIG_W - 1, draw.BIG_H - 1) and not fb.pixel(5, 5)


def test_control_code_glyphs_are_distinct_and_not_the_box():
    extras = tuple("\x01\x02\x03\x04\x07\x10\x11\x18\x19\x1a\x1b\x1e\x1f")  # font.py's list
    seen = []
    for ch in extras + ("\u00e9",):
        fb = frame(6, 8)
        draw.text(fb, ch, 0, 0)
        seen.append("".join(rows(fb, 6, 8)))
    assert len(set(seen)) == len(seen)


def test_clipping_at_every_edge_draws_the_visible_part():
    fb = frame()
    for x in (-1000, -200, -9, -5, -1, 0, 61, 123, 127, 128, 1000):
        for y in (-1000, -29, -7, -1, 0, 57, 63, 64, 1000):
            draw.text(fb, "Wg\x1a\u00e9", x, y)
            draw.text(fb, "Wg", x, y, 0, 2)
            draw.big(fb, "8-x ", x, y)
            draw.right(fb, "Hi", x, y)
            draw.centre(fb, "Hi", y, 1, 4)
    fb = frame()
    draw.text(fb, "H", -4, -3)  # only H's last column, its lower rows, is on screen
    assert ink(fb) == (0, 0, 0, 3)
    fb = frame()
    draw.big(fb, "0", 120, 50)
    assert ink(fb)[:2] == (120, 50) and ink(fb)[2:] == (127, 63)
