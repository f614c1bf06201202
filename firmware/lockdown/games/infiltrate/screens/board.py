"""The board: Infiltrate's home screen, the 6x6 grid and beside it whose turn, moves left, the last moves.

Player 1's pyramids are filled and point up, player 2's are outlines and point down (each points
away from its owner, as seen across the table), player 2's medium with a dot inside so it is not
read as a small; small, medium and large are 5, 9 and 13 pixels wide, and a stack shows its
height as a font digit at its left, the pyramid moved aside. Row 1 (player 1's home row) is at
the bottom. Setup: ALARM walks the squares of the home row it may place on, PROX picks the size.
Play: ALARM walks the pyramids that can move, PROX picks among that pyramid's legal targets; GO
plays, ALARM press asks to undo, PROX press lists the stacks, hold GO opens the menu. GO on a
finished game asks before a new one. Only legal moves can be picked, since the cursor only ever
stands on what the referee offered. The lists are remade when the game changes (after an input,
on the tick, when shown again), never in draw() and never per detent, and knob turns clamp at
the ends, so how detents are grouped and when frames are drawn never matters. The device's
moves since the player last acted stay listed and marked.
"""
from array import array

from micropython import const

from lockdown import draw
from lockdown.events import ALARM, GO, PROX
from lockdown.games.infiltrate.rules.board import (ARMY, DRAW, END_AGREED, END_ROW, K_PLACE, NB, NONE, OVER, OWNER, PLAY, SETUP, SIZE,
                                             SQUARES, move_text)
from lockdown.games.infiltrate.session import SIZE_NAMES, step_text
from lockdown.session import RuleError

_CW = const(15)  # cell width and height, grid lines included
_CH = const(10)
_Y0 = const(1)
_PX = const(93)  # the side panel's left edge: 6 characters to the right edge
_HEIGHTS = (0, 3, 5, 7)  # triangle rows by pips; the base is 2h - 1 wide
_STACK = ("", "", "2", "3", "4", "5", "6", "7", "8", "9", "+")  # a stack's height; "+" past 9
_PLAYER = ("P1", "P2")
_LEFT = ("", "1 left", "2 left")


def result_lines(b):
    """A finished game's result, whole, in lines of the panel's 6 characters (the first one big
    for a winner): P1 / wins: / got to / row 6."""
    w, why = b.winner, b.end_reason
    if w == DRAW:
        return ("Draw:", "agreed") if why == END_AGREED else ("Draw:", "no one", "can", "move")
    if why == END_ROW:
        return (_PLAYER[w - 1], "wins:", "got to", "row 6" if w == 1 else "row 1")
    return (_PLAYER[w - 1], "wins:", _PLAYER[2 - w] + " has", "no", "move")


def result(b):
    """The result in one line (the state JSON): "P1 reached row 6", "draw: neither can move"."""
    w, why = b.winner, b.end_reason
    if w == DRAW:
        return "draw: agreed" if why == END_AGREED else "draw: neither can move"
    if why == END_ROW:
        return "P%d reached row %d" % (w, 6 if w == 1 else 1)
    return "P%d has no move" % (3 - w)


def pyramid(fb, cx, top, pips, player, c):
    """A triangle apex up (player 1, filled) or apex down (player 2, outline; a dot in a medium)."""
    h = _HEIGHTS[pips]
    for i in range(h):
        half = i if player == 0 else h - 1 - i
        y = top + i
        if player == 0 or i == 0:
            fb.hline(cx - half, y, 2 * half + 1, c)
        else:
            fb.pixel(cx - half, y, c)
            fb.pixel(cx + half, y, c)
    if player and pips == 2:
        fb.pixel(cx, top + 1, c)


def _cell(sq):
    return (sq % 6) * _CW, _Y0 + (5 - sq // 6) * _CH


class BoardScreen:
    def __init__(self, app):
        self.app = app
        self.session = app.session
        self._key = -1  # session.changes the lists below were made for
        self._squares = bytearray(SQUARES)  # what ALARM walks: squares to place on / pyramids to move
        self._n = 0
        self._sel = 0
        self._sq = NONE  # the selected square, kept across remakes where it still counts
        self._targets = array("H", [0] * 8)  # the selected pyramid's legal moves
        self._nt = 0
        self._tgt = 0  # index into _targets, or (setup) into _sizes
        self._sizes = bytearray(3)
        self._ns = 0
        self._stacking = False  # setup: the home row is full, the rest go on top
        self._last = ""  # the last move, and the device's since the player acted (oldest first)
        self._dev = ()

    def shown(self):
        if self.session.board.phase == ARMY:
            self.app.open("army")
        else:
            self._fresh()

    @property
    def square(self):
        """The square under the cursor (NONE when there is none)."""
        return self._sq

    def saver_text(self):
        return "Infiltrate"

    # ---- the lists the knobs walk: remade where the game changes, never in draw() ------------------
    def _fresh(self):
        s = self.session
        if s.changes == self._key:
            return
        self._key = s.changes
        b = s.board
        n = 0
        if b.phase == SETUP:
            p = b.to_move
            ns = 0
            for size in (1, 2, 3):
                if b.in_hand(p, size):
                    self._sizes[ns] = size
                    ns += 1
            self._ns = ns
            home = 0 if p == 0 else 30
            self._stacking = True
            for sq in range(home, home + 6):
                if not b.top(sq):
                    self._stacking = False
                if ns and b.can_place(self._sizes[0], sq):
                    self._squares[n] = sq
                    n += 1
        elif b.phase == PLAY:
            for sq in range(SQUARES):
                if b.targets(sq, self._targets):
                    self._squares[n] = sq
                    n += 1
        self._n = n
        self._last = move_text(*b.last_move())
        marks = min(s.device_steps(), 2)
        self._dev = tuple(step_text(s.history.last_arg(marks - 1 - i)) for i in range(marks))
        sel = 0
        for i in range(n):
            if self._squares[i] == self._sq:
                sel = i
        self._select(sel, b.phase == SETUP)

    def _select(self, i, keep_tgt):
        n = self._n
        self._sel = min(max(i, 0), n - 1) if n else 0
        self._sq = self._squares[self._sel] if n else NONE
        b = self.session.board
        if b.phase == SETUP:
            self._tgt = min(self._tgt, self._ns - 1)  # the size stays as picked
            return
        self._nt = b.targets(self._sq, self._targets) if n else 0
        if not keep_tgt:
            self._tgt = 0

    # ---- input -------------------------------------------------------------------------------------
    def _busy(self):
        """Inputs wait while it is the device's turn or the game is not on the board."""
        s = self.session
        return s.device_due() or s.board.phase not in (SETUP, PLAY)

    def turn(self, knob, n):
        if self._busy():
            return
        self._fresh()
        if knob == ALARM:
            self._select(self._sel + n, False)
        elif self.session.board.phase == SETUP:
            self._tgt = min(max(self._tgt + n, 0), self._ns - 1)
        else:
            self._tgt = min(max(self._tgt + n, 0), self._nt - 1) if self._nt else 0

    def press(self, button):
        app = self.app
        if button == ALARM:
            self.undo()
        elif button == PROX:
            app.open("stacks")
        elif self.session.board.phase == OVER:
            app.open("new_game")  # asks first
        elif not self._busy():
            self._fresh()
            app.attempt(self._play)
            self._fresh()

    def _play(self):
        s = self.session
        if not self._n:
            raise RuleError("No move")
        if s.board.phase == SETUP:
            s.place(self._sizes[self._tgt], self._sq)
        else:
            s.move(self._targets[self._tgt])

    def hold(self, button):
        if button == GO:
            self.app.open("menu")

    def undo(self):
        """ALARM: the core's undo screen says what it takes back, GO there confirms."""
        if self.session.can_undo():
            self.app.open("undo")
        else:
            self.app.flash("Nothing to undo")

    def tick(self, now):
        """The game may have changed in game time (the device's move): the lists follow it."""
        self._fresh()
        return False

    # ---- drawing: reads the game and the lists, changes nothing -------------------------------------
    def draw(self, fb):
        s = self.session
        b = s.board
        for i in range(7):
            fb.vline(i * _CW, _Y0, 6 * _CH + 1, 1)
            fb.hline(0, _Y0 + i * _CH, 6 * _CW + 1, 1)
        cur = self._sq if self._n and not self._busy() else NONE
        tgt = NONE
        if cur != NONE:
            if b.phase == PLAY and self._nt:
                tgt = NB[self._targets[self._tgt]]
            elif b.phase == SETUP:
                tgt = cur
        marks = s.device_steps()
        landed = b.last_move()[1]
        for sq in range(SQUARES):
            x, y = _cell(sq)
            c = 1
            if sq == cur and b.phase == PLAY:
                fb.fill_rect(x + 1, y + 1, _CW - 1, _CH - 1, 1)
                c = 0
            if sq == landed or self._marked(sq, marks):  # a corner mark where a move landed
                fb.hline(x + _CW - 4, y + 1, 3, c)
                fb.vline(x + _CW - 2, y + 1, 3, c)
            k = b.top(sq)
            if k:
                p = OWNER[k]
                pips = SIZE[k]
                n = b.height(sq)
                top = y + 2 + (7 - _HEIGHTS[pips]) // 2
                if n < 2:
                    pyramid(fb, x + 8, top, pips, p, c)
                else:  # a stack: its height in the font's digit on a cleared strip at the left,
                    # on the apex's side, a row apart from the pyramid moved aside for it; a large
                    # one keeps its whole base row, so the three sizes still tell apart
                    pyramid(fb, x + 8 if pips == 3 else x + 10, top + 1 - 2 * p, pips, p, c)
                    fb.fill_rect(x + 1, y + 1 + p, 6, _CH - 2, 1 - c)
                    draw.text(fb, _STACK[min(n, 10)], x + 1, y + 1 + 2 * p, c)
            if sq == tgt and c:  # framed last, so a stack's digit leaves it whole
                fb.rect(x + 1, y + 1, _CW - 1, _CH - 1, 1)
        if b.phase == SETUP and cur != NONE and not b.top(cur):
            size = self._sizes[self._tgt]
            x, y = _cell(cur)
            pyramid(fb, x + 8, y + 2 + (7 - _HEIGHTS[size]) // 2, size, b.to_move, 1)
        self._panel(fb, b, marks)

    def _marked(self, sq, marks):
        """Square sq is where one of the device's last `marks` moves landed."""
        h = self.session.history
        for i in range(marks):
            arg = h.last_arg(i)
            m = arg & 0x1FF
            if (m >> 3 if arg >> 9 & 7 == K_PLACE else NB[m]) == sq:
                return True
        return False

    def _panel(self, fb, b, marks):
        s = self.session
        x = _PX
        if b.phase == OVER:
            lines = result_lines(b)
            y = 0
            if b.winner != DRAW:
                draw.text(fb, lines[0], x, 0, 1, 2)
                lines = lines[1:]
                y = 17
            for line in lines:
                draw.text(fb, line, x, y)
                y += 9
            draw.text(fb, "GO new", x, 53)
            return
        p = b.to_move
        draw.text(fb, _PLAYER[p], x, 0, 1, 2)
        pyramid(fb, 122, 3 if p == 0 else 5, 2, p, 1)
        due = s.device_due()
        if b.phase == SETUP:
            draw.text(fb, "stack" if self._stacking else "place", x, 17)
            if self._ns and not due:
                draw.text(fb, SIZE_NAMES[self._sizes[self._tgt]], x, 26)
        else:
            draw.text(fb, _LEFT[b.moves_left], x, 17)
        if b.passed:
            draw.text(fb, _PLAYER[b.passed - 1], x, 26)
            draw.text(fb, "passes", x, 35)
        if self._dev and not due:  # the device's moves since the player acted, oldest first
            for i in range(len(self._dev)):
                draw.text(fb, self._dev[i], x, 44 + 9 * i)
        else:
            if self._last and not b.passed:
                draw.text(fb, "last", x, 35)
            draw.text(fb, self._last, x, 44)
            if due:
                draw.text(fb, "thinks", x, 53)
