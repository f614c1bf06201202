"""The one widget every secondary screen is built from: a titled, scrolling list of rows.

Two knobs and three switches, the same everywhere: the ALARM knob moves the cursor; the PROX knob
changes the value of the row under it (in a list of places, a Menu, it moves the cursor too); GO
or the PROX switch picks the row; the ALARM switch goes back. Screens subclass Form (rows by name) or
lockdown.menu.Menu (a list of places) and fill in their rows.
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

    def shown(self):
        """On top again, after the screen above it closed."""

    def turn(self, knob, n):
        pass

    def press(self, button):
        self.app.close()

    def hold(self, button):
        self.app.close_all()


class Form:
    """A titled list of rows, each row a name (a string, or a tuple such as ("data", op) for rows
    that repeat). A screen lists its rows in `layout()` and answers for a row by its name; the Form
    keeps the cursor and the scrolling. `refresh()` after anything that adds or removes rows.

    Turning PROX on a row with a value changes it: `change(row, d)` gets the detents, and a row of
    two values (yes/no, device/own die) takes the second for d > 0 and the first for d < 0, so
    a turn moves it in its own direction and stops at the end, however its detents arrive. On a
    row without a value PROX does nothing (were it to move the cursor, a turn's first detents
    would land on the next row and change it: a slow turn and a fast one would differ).
    """
    title = ""
    footer = "GO pick   ALARM back"
    PROX_MOVES = False  # True on a list of places: PROX moves the cursor there too

    def __init__(self, app):
        self.app = app
        self.cur = 0
        self.top = 0
        self.rows = self.layout()

    # ---- what a screen fills in ---------------------------------------------------------------
    # A row's name is any value a screen chooses (a string, a tuple, a number): the parameters
    # named __row are positional-only to the type checker, so a screen may name them its own way.
    def layout(self) -> "tuple | list":
        """The names of the rows, in order."""
        return ()

    def label(self, __row) -> str:
        return ""

    def value(self, __row) -> "str | None":
        """The row's value as text, or None for a row that is an action."""
        return None

    def editable(self, __row) -> bool:
        """Does the PROX knob change this row's value (else it moves the cursor)?"""
        return self.value(__row) is not None

    def change(self, __row, __d) -> None:
        pass

    def pick(self, __row) -> None:
        pass

    def back(self):
        self.app.close()

    def hint(self):
        """The footer: what GO does (on the row under the cursor, where that differs)."""
        return self.footer

    def shown(self):
        self.refresh()  # what the screen above changed may add or remove rows

    # ---- the rows ------------------------------------------------------------------------------
    def refresh(self):
        """Lays the rows out again, the cursor kept on the same row where it still exists."""
        row = self.rows[self.cur] if self.rows else None
        self.rows = self.layout()
        self.cur = self.rows.index(row) if row in self.rows else min(self.cur, len(self.rows) - 1)
        self.top = min(max(self.top, self.cur - ROWS + 1), self.cur)

    def row(self):
        return self.rows[self.cur]

    # ---- input ---------------------------------------------------------------------------------
    def turn(self, knob, n):
        if knob != PROX or self.PROX_MOVES:
            self.cur = min(max(self.cur + n, 0), len(self.rows) - 1)
        elif self.editable(self.rows[self.cur]):
            self.act(self.change, self.rows[self.cur], n)
        self.top = min(max(self.top, self.cur - ROWS + 1), self.cur)

    def press(self, button):
        if button == ALARM:
            self.back()
        else:
            self.act(self.pick, self.rows[self.cur])

    def hold(self, button):
        if button == GO:
            self.app.close_all()

    def act(self, fn, *args):
        self.app.attempt(fn, *args)

    # ---- drawing -------------------------------------------------------------------------------
    def draw(self, fb):
        title_bar(fb, self.title)
        rows = self.rows
        n = len(rows)
        for r in range(ROWS):
            i = self.top + r
            if i >= n:
                break
            y = TOP + r * ROW_H
            c = 1
            if i == self.cur:
                fb.fill_rect(0, y - 1, 128, ROW_H, 1)  # y-1 .. y+7: descenders stay inside
                c = 0
            draw.text(fb, self.label(rows[i]), 2, y, c)
            v = self.value(rows[i])
            if v is not None:
                draw.right(fb, v, 125, y, c)
        if self.top > 0:
            draw.text(fb, "\x1e", 112, 0, 0)  # the triangle up (font.py), in the title bar: more rows above
        if self.top + ROWS < n:
            draw.text(fb, "\x1f", 120, 0, 0)  # the triangle down: more rows below
        draw.text(fb, self.hint(), 1, 56)
