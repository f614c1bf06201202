"""The board: Infiltrate's home screen, the 6x6 grid and beside it whose turn, moves left, the last move.

Player 1's pyramids are filled and point up, player 2's are outlines and point down (each points
away from its owner, as seen across the table); small, medium and large are 5, 9 and 13 pixels
wide, and a stack shows its height as a font digit at its left, the pyramid moved aside. Row 1
(player 1's home row) is at the bottom. GO on a finished game asks before a new one. Setup: ALARM walks the free squares of the home row, PROX picks the size. Play: ALARM walks the
pyramids that can move, PROX picks among that pyramid's legal targets; GO or PROX press plays,
ALARM press undoes, hold GO opens the menu. Only legal moves can be picked, since the cursor only
ever stands on what the referee offered. Lists are remade only when the game changes, never per
detent, and knob turns clamp at the ends, so how detents are grouped never matters.
"""
from array import array

from micropython import const

from lockdown import draw, ticks
from lockdown.events import ALARM, GO
from lockdown.games.infiltrate.rules import (ARMY, B_LAST_TO, DRAW, K_PLACE, K_PUSH_OFF, NB, NONE,
                                             OVER, OWNER, PLAY, SETUP, SIZE, SQUARES)
from lockdown.games.infiltrate.session import ACTION_NAMES, LEVELS

DEVICE_MS = const(700)  # the device's move waits this long, so the player sees each one land
_CW = const(15)  # cell width and height, grid lines included
_CH = const(10)
_Y0 = const(1)
_PX = const(93)  # the side panel's left edge
_HEIGHTS = (0, 3, 5, 7)  # triangle rows by pips; the base is 2h - 1 wide
_STACK = ("", "", "2", "3", "4", "5", "6", "7", "8", "9", "+")  # a stack's height; "+" past 9
_COLS = "abcdef"
_ROWS = "123456"
_KIND = ("", "", "-", ">", ">", "x")
_PLAYER = ("P1", "P2")
_LEFT = ("", "1 left", "2 left")
_SIZE_NAMES = ("", "small", "medium", "large")


def square_name(sq):
    return _COLS[sq % 6] + _ROWS[sq // 6]


def move_text(frm, to, kind):
    """b2-b3 a step, b2xb3 a capture, b2>b3 a push (b2>b3! off the board), +b1 a placement."""
    if kind == K_PLACE:
        return "+" + square_name(to)
    if not kind:
        return ""
    return square_name(frm) + _KIND[kind] + square_name(to) + ("!" if kind == K_PUSH_OFF else "")


def pyramid(fb, cx, top, pips, player, c):
    """A triangle apex up (player 1, filled) or apex down (player 2, outline) in colour c."""
    h = _HEIGHTS[pips]
    for i in range(h):
        half = i if player == 0 else h - 1 - i
        y = top + i
        if player == 0 or i == 0:
            fb.hline(cx - half, y, 2 * half + 1, c)
        else:
            fb.pixel(cx - half, y, c)
            fb.pixel(cx + half, y, c)


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
        self._due = None  # when the device's next step is due
        self._last = ""

    def shown(self):
        if self.session.board.phase == ARMY:
            self.app.open("army")

    def saver_text(self):
        return "Infiltrate"

    # ---- the lists the knobs walk ------------------------------------------------------------------
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
            for sq in range(home, home + 6):
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
        elif self.session.board.phase == OVER:
            if button == GO:
                app.open("new_game")  # asks first
        elif not self._busy():
            self._fresh()
            app.attempt(self._play)

    def _play(self):
        s = self.session
        if not self._n:
            raise ValueError("No move")
        if s.board.phase == SETUP:
            s.place(self._sizes[self._tgt], self._sq)
        else:
            s.move(self._targets[self._tgt])
        self._due = None

    def hold(self, button):
        if button == GO:
            self.app.open("menu")

    def undo(self):
        s = self.session
        code = s.undo()
        self._due = None
        self.app.flash("Undone: " + ACTION_NAMES[code] if code else "Nothing to undo")
        self.shown()

    def tick(self, now):
        """The device's step, DEVICE_MS after its turn came; True when the frame changed."""
        s = self.session
        if self.app.stack or not s.device_due():
            self._due = None
            return False
        if self._due is None:
            self._due = ticks.add(now, DEVICE_MS)
            return True  # "thinks" appears
        if ticks.diff(now, self._due) < 0:
            return False
        self._due = None
        s.device_step()
        return True

    # ---- drawing -----------------------------------------------------------------------------------
    def draw(self, fb):
        self._fresh()
        s = self.session
        b = s.board
        for i in range(7):
            fb.vline(i * _CW, _Y0, 6 * _CH + 1, 1)
            fb.hline(0, _Y0 + i * _CH, 6 * _CW + 1, 1)
        cur = self._sq if self._n and not self._busy() else NONE
        tgt = NONE
        if cur != NONE:
            if b.phase == PLAY and self._nt:
                m = self._targets[self._tgt]
                tgt = NB[m]
            elif b.phase == SETUP:
                tgt = cur
        last = b.s[B_LAST_TO]
        for sq in range(SQUARES):
            x = (sq % 6) * _CW
            y = _Y0 + (5 - sq // 6) * _CH
            c = 1
            if sq == cur and b.phase == PLAY:
                fb.fill_rect(x + 1, y + 1, _CW - 1, _CH - 1, 1)
                c = 0
            if sq == last:  # a corner mark on where the last move landed
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
        if b.phase == SETUP and cur != NONE:
            size = self._sizes[self._tgt]
            x = (cur % 6) * _CW
            y = _Y0 + (5 - cur // 6) * _CH
            if not b.top(cur):
                pyramid(fb, x + 8, y + 2 + (7 - _HEIGHTS[size]) // 2, size, b.to_move, 1)
        self._panel(fb, b)

    def _panel(self, fb, b):
        s = self.session
        x = _PX
        if b.phase == OVER:
            if b.winner == DRAW:
                draw.text(fb, "DRAW", x, 0, 1, 2)
            else:
                draw.text(fb, _PLAYER[b.winner - 1], x, 0, 1, 2)
                draw.text(fb, "wins", x, 17)
            draw.text(fb, "GO new", x, 53)
        else:
            p = b.to_move
            draw.text(fb, _PLAYER[p], x, 0, 1, 2)
            pyramid(fb, 122, 3 if p == 0 else 5, 2, p, 1)
            if b.phase == SETUP:
                draw.text(fb, "place", x, 17)
                if self._ns and not s.device_due():
                    draw.text(fb, _SIZE_NAMES[self._sizes[self._tgt]], x, 26)
            else:
                draw.text(fb, _LEFT[b.moves_left], x, 17)
            if s.device_due():
                draw.text(fb, "thinks", x, 53)
        if self._last:
            draw.text(fb, "last", x, 35)
            draw.text(fb, self._last, x, 44)
        if s.level >= 0 and b.phase != OVER and not s.device_due():
            draw.text(fb, LEVELS[s.level], x, 53)
