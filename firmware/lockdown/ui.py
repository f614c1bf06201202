"""The one widget every secondary screen is built from: a titled, scrolling list of rows.

Two knobs and three switches, the same everywhere: the ALARM knob moves the cursor; the PROX knob
changes the value of the row under it (or moves the cursor when the row has no value); GO or the
PROX switch picks the row; the ALARM switch goes back. Screens subclass Form and fill in rows.
"""
from micropython import const

from lockdown import draw
from lockdown.events import ALARM, GO, PROX

ROWS = const(5)  # visible rows between the title bar and the footer
ROW_H = const(9)  # a glyph's 7 rows, its descender row and a row between (the cursor bar's top)
TOP = const(10)


def title_bar(fb, left, right=""):
    fb.fill_rect(0, 0, 128, 8, 1)
    draw.text(fb, left, 1, 0, 0)
    if right:
        draw.right(fb, right, 127, 0, 0)


class View:
    """A screen that only shows something: the knobs do nothing, a press goes back, a hold goes
    home. Screens with their own presses override `press`."""

    def __init__(self, app):
        self.app = app

    def turn(self, knob, n):
        pass

    def press(self, button):
        self.app.close()

    def hold(self, button):
        self.app.close_all()


class Form:
    title = ""
    footer = "GO pick   ALARM back"

    def __init__(self, app):
        self.app = app
        self.cur = 0
        self.top = 0

    # ---- what a screen fills in ---------------------------------------------------------------
    def count(self):
        return 0

    def label(self, i):
        return ""

    def value(self, i):
        """The row's value as text, or None for a row that is an action."""
        return None

    def editable(self, i):
        """Does the PROX knob change this row's value (else it moves the cursor)?"""
        return self.value(i) is not None

    def change(self, i, delta):
        pass

    def pick(self, i):
        pass

    def back(self):
        self.app.close()

    # ---- input ---------------------------------------------------------------------------------
    def turn(self, knob, n):
        if knob == PROX and self.editable(self.cur):
            self.act(self.change, self.cur, n)
        else:
            self.cur = min(max(self.cur + n, 0), self.count() - 1)
        self.top = min(max(self.top, self.cur - ROWS + 1), self.cur)

    def press(self, button):
        if button == ALARM:
            self.back()
        else:
            self.act(self.pick, self.cur)

    def hold(self, button):
        if button == GO:
            self.app.close_all()

    def act(self, fn, *args):
        self.app.attempt(fn, *args)

    # ---- drawing -------------------------------------------------------------------------------
    def draw(self, fb):
        title_bar(fb, self.title)
        n = self.count()
        for r in range(ROWS):
            i = self.top + r
            if i >= n:
                break
            y = TOP + r * ROW_H
            c = 1
            if i == self.cur:
                fb.fill_rect(0, y - 1, 128, ROW_H, 1)  # y-1 .. y+7: descenders stay inside
                c = 0
            draw.text(fb, self.label(i), 2, y, c)
            v = self.value(i)
            if v is not None:
                draw.right(fb, v, 125, y, c)
        if self.top > 0:
            draw.text(fb, "\x1e", 112, 0, 0)  # font.TRI_UP, in the title bar: more rows above
        if self.top + ROWS < n:
            draw.text(fb, "\x1f", 120, 0, 0)  # font.TRI_DOWN: more rows below
        draw.text(fb, self.footer, 1, 56)
