"""Text and big digits on the 128x64 frame: the same pixels on the board and in the simulator.

framebuf's C blit does the pixel work. Each font is one strip, read in place by blit in its tuple
form (buffer, width, height, format; MicroPython 1.20 and later), which takes the font's bytes as
they are: no copy of them in RAM (a FrameBuffer would need a writable one). A glyph is copied from
its strip into a glyph-sized window by one blit, then from the window onto the frame by a second,
keyed so only the glyph's own pixels land. Colour
0 goes through a two-pixel palette that swaps 0 and 1. Nothing is allocated per glyph.
Widths count inked columns: a string of n small glyphs is 6n - 1 pixels wide, not 6n.
"""
import framebuf
from micropython import const

from lockdown import font

LINE_H = const(8)  # small text line: 7 rows of glyph and one of descender
CELL_W = const(6)  # small glyph advance: 5 columns and a blank one
BIG_H = font.BIG_H
BIG_W = font.BIG_W
BIG_ADV = const(19)  # big glyph advance: 16 columns and a gap of 3
_SCREEN_W = const(128)
_BOX = font.SMALL_N - 1  # the small glyph for unknown characters, last in the strip

_small = (font.SMALL, font.SMALL_N * font.SMALL_W, 8, framebuf.MONO_VLSB)  # blit sources, read in place
_cell = framebuf.FrameBuffer(bytearray(font.SMALL_W), font.SMALL_W, 8, framebuf.MONO_VLSB)
_big = (font.BIG, len(font.BIG_CHARS) * BIG_W, BIG_H, framebuf.MONO_VLSB)
_bigcell = framebuf.FrameBuffer(bytearray(BIG_W * 4), BIG_W, BIG_H, framebuf.MONO_VLSB)
_swap = framebuf.FrameBuffer(bytearray(b"\x01\x00"), 2, 1, framebuf.MONO_VLSB)  # palette 0->1, 1->0


def glyph(ch):
    """Index of ch's small glyph: ASCII, the control-code glyphs of font.py, else the box."""
    o = ord(ch)
    if 32 <= o < 127:
        return o - 32
    if o < 32 and font.CTRL[o]:
        return font.CTRL[o]
    return _BOX


def text(fb, s, x, y, c=1, scale=1):
    """Draws s from its top-left corner (x, y); returns the x a following glyph would start at."""
    if scale != 1:
        return _scaled(fb, s, x, y, c, scale)
    key = 0 if c else 1  # blit skips the window's background: 0, or 1 once the palette swapped it
    pal = None if c else _swap
    for ch in s:
        g = glyph(ch)
        if g:  # the space draws nothing
            _cell.blit(_small, -font.SMALL_W * g, 0)  # pyright: ignore[reportArgumentType]  (stubs: no tuple source)
            fb.blit(_cell, x, y, key, pal)
        x += CELL_W
    return x


def _scaled(fb, s, x, y, c, k):
    """Small glyphs blown up k times: a fill_rect per vertical run of set bits in each column."""
    data = font.SMALL
    for ch in s:
        i = font.SMALL_W * glyph(ch)
        end = i + font.SMALL_W
        cx = x - k
        while i < end:  # range() with a variable step would allocate on MicroPython
            bits = data[i]
            i += 1
            cx += k
            top = y
            while bits:
                n = 0
                while bits & 1:
                    bits >>= 1
                    n += 1
                if n:
                    fb.fill_rect(cx, top, k, n * k, c)
                    top += n * k
                bits >>= 1
                top += k
        x += CELL_W * k
    return x


def width(s, scale=1):
    """Pixels from the first inked column of s to its last (no gap after the last glyph)."""
    n = len(s)
    return (CELL_W * n - 1) * scale if n else 0


def centre(fb, s, y, c=1, scale=1):
    """Draws s centred on the 128-pixel screen; returns the x it starts at."""
    x = (_SCREEN_W - width(s, scale)) // 2
    text(fb, s, x, y, c, scale)
    return x


def right(fb, s, x_right, y, c=1, scale=1):
    """Draws s so its last column is x_right (127: flush with the right edge); returns its start x."""
    x = x_right + 1 - width(s, scale)
    text(fb, s, x, y, c, scale)
    return x


def big(fb, s, x, y, c=1):
    """Big digits (font.BIG_CHARS; a space leaves a gap, anything else a box); returns the next x."""
    key = 0 if c else 1
    pal = None if c else _swap
    for ch in s:
        g = font.BIG_CHARS.find(ch)
        if g >= 0:
            _bigcell.blit(_big, -BIG_W * g, 0)  # pyright: ignore[reportArgumentType]  (stubs: no tuple source)
            fb.blit(_bigcell, x, y, key, pal)
        elif ch != " ":
            fb.rect(x, y, BIG_W, BIG_H, c)
        x += BIG_ADV
    return x


def big_width(s):
    n = len(s)
    return BIG_ADV * n - (BIG_ADV - BIG_W) if n else 0
