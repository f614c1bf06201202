"""Infiltrate: the whole game in one bytearray, and the referee of every rule that changes it.

Army builder, setup, the move generator and the turn flow live here so the screens, the opponent
and the tests all ask the same referee. A move is one int, square * 8 + direction, so move lists
fit an array('H') and the opponent allocates nothing per node; what its search reads off a
position (a win at once, the threats, a value) is its own (order.py). Undo copies the whole state
(copy_into / restore_from, the shape lockdown.history.History expects).

Settings where the rules are silent (bits of the settings byte; their texts, rules/settings.py's, <= 21
characters: label, then what the setting means when off and when on; defaults in DEFAULT_FLAGS):
  twice      off  "One move per pyramid"   on  "Same pyramid twice ok"
  push_off   off  "No push off the board"  on  "Pushed off: it is out"
  push_wins  on   "Push to far row wins"   off "Only a mover wins"
  stuck      off  "No move: turn passes"   on  "No move: you lose"
  stack_any  off  "Setup: 2 high at most"  on  "Setup: any height"
With "stuck" off, a player who cannot move passes (counted in B_PASSES); if neither can move the
game is a draw. Setup: the rules stack the pyramids beyond six on top of the first six, so by
default a setup stack is at most 2 high; "stack_any" (chosen before setup) lifts that.
A turn whose second move is impossible ends after the first, whatever the settings.
"""
from array import array

from micropython import const

TWICE = const(0x01)  # one pyramid may make both moves of a turn
PUSH_OFF = const(0x02)  # a small pyramid may push a pyramid off the board (it leaves the game)
PUSH_WINS = const(0x04)  # a pyramid pushed onto its far row wins for its owner
STUCK_LOSES = const(0x08)  # a player with no legal move at the start of a turn loses
STACK_ANY = const(0x10)  # setup may stack any height on the full home row (else 2 high at most)
ALL_FLAGS = const(0x1F)
DEFAULT_FLAGS = const(0x04)
# Phases
ARMY = const(0)
SETUP = const(1)
PLAY = const(2)
OVER = const(3)
PHASE_NAMES = ("army", "setup", "play", "over")

# Why the game ended (B_END)
END_ROW = const(1)  # a pyramid reached its far row
END_STUCK = const(2)  # the player to move could not move (STUCK_LOSES)
END_DRAW = const(3)  # neither player could move
END_AGREED = const(4)  # the players ended it as a draw (a game that never ends)
DRAW = const(3)  # B_WINNER for a draw; otherwise player + 1

# What the last action was (B_LAST_KIND)
K_PLACE = const(1)
K_STEP = const(2)
K_PUSH = const(3)
K_PUSH_OFF = const(4)
K_CAPTURE = const(5)

BUDGET = const(15)  # army points
PER_SIZE = const(4)  # pyramids of each size a player owns
SIDE = const(6)
SQUARES = const(36)
NONE = const(255)  # no square: off the board, not in the army
HAND = const(254)  # in the army, not yet placed
PIECES = const(24)  # piece ids 1..24: 1 + player * 12 + (size - 1) * 4 + i
MAX_MOVES = const(72)  # at most 9 pyramids a side (4+4+1 for 15 points), 8 directions each

# Byte layout of the state
B_PHASE = const(0)
B_TURN = const(1)  # player to move (or to place), 0 or 1
B_LEFT = const(2)  # moves left this turn
B_FIRST = const(3)
B_WINNER = const(4)  # 0 none, player + 1, or DRAW
B_FLAGS = const(5)  # settings
B_MOVED = const(6)  # piece that moved this turn, 0 none
B_LAST_FROM = const(7)  # NONE for a placement or before any action
B_LAST_TO = const(8)  # NONE before any action
B_LAST_KIND = const(9)  # 0 or K_*
B_PASSED = const(10)  # player + 1 who just had to pass, until the next move
B_END = const(11)
B_ARMY = const(12)  # 6 counts: player * 3 + size - 1
B_TOP = const(18)  # 36 squares: id of the top pyramid, 0 empty
B_BELOW = const(54)  # by id: the pyramid under it, 0 none
B_POS = const(79)  # by id: its square, HAND or NONE
B_PASSES = const(104)  # 2 counts: how often each player has had to pass this game (to 255)
STATE_SIZE = const(106)

# Directions: N NE E SE S SW W NW; row 0 is player 1's home row (the bottom), row 5 player 2's.
_DR = (1, 1, 0, -1, -1, -1, 0, 1)
_DC = (0, 1, 1, 1, 0, -1, -1, -1)


def _neighbours():
    t = bytearray(SQUARES * 8)
    for sq in range(SQUARES):
        r, c = divmod(sq, SIDE)
        for d in range(8):
            rr, cc = r + _DR[d], c + _DC[d]
            t[sq * 8 + d] = rr * SIDE + cc if 0 <= rr < SIDE and 0 <= cc < SIDE else NONE
    return bytes(t)


NB = _neighbours()  # NB[square * 8 + direction]: the next square, NONE off the board
OWNER = bytes([0] + [(k - 1) // 12 for k in range(1, PIECES + 1)])  # by piece id
SIZE = bytes([0] + [(k - 1) % 12 // 4 + 1 for k in range(1, PIECES + 1)])  # pips, by piece id


_KIND = ("", "", "-", ">", ">", "x")


def square_name(sq):
    return "abcdef"[sq % 6] + "123456"[sq // 6]


def move_text(frm, to, kind):
    """b2-b3 a step, b2xb3 a capture, b2>b3 a push (b2>b3! off the board), +b1 a placement."""
    if kind == K_PLACE:
        return "+" + square_name(to)
    if not kind:
        return ""
    return square_name(frm) + _KIND[kind] + square_name(to) + ("!" if kind == K_PUSH_OFF else "")


def far_row(p, sq):
    """True when square sq is on player p's goal, the opponent's home row."""
    return sq >= 30 if p == 0 else sq < SIDE


class Board:
    """The state and the referee. Every changing call checks its move and returns False if illegal."""

    def __init__(self, flags=DEFAULT_FLAGS):
        self.s = bytearray(STATE_SIZE)
        self._one = array("H", [0] * 8)  # scratch for has_move and legal: one pyramid's moves
        self.new(flags)

    def again(self):
        """A new game with the same settings."""
        self.new(self.s[B_FLAGS])

    def new(self, flags=DEFAULT_FLAGS):
        s = self.s
        for i in range(STATE_SIZE):
            s[i] = 0
        for i in range(B_POS, B_POS + PIECES + 1):
            s[i] = NONE
        s[B_FLAGS] = flags
        s[B_LAST_FROM] = s[B_LAST_TO] = NONE

    def copy_into(self, buf, at=0):
        buf[at:at + STATE_SIZE] = self.s

    def swap(self, buf):
        """Plays on `buf` (STATE_SIZE bytes) from now on; returns the state it played on before.
        The opponent's search steps through its own preallocated states this way, copying none."""
        old = self.s
        self.s = buf
        return old

    def restore_from(self, buf, at=0):
        self.s[:] = buf[at:at + STATE_SIZE]

    # Reading the state
    @property
    def phase(self):
        return self.s[B_PHASE]

    @property
    def to_move(self):
        return self.s[B_TURN]

    @property
    def moves_left(self):
        return self.s[B_LEFT]

    @property
    def winner(self):
        """0 while nobody has won, player + 1, or DRAW."""
        return self.s[B_WINNER]

    @property
    def end_reason(self):
        """How a finished game ended: END_ROW, END_STUCK, END_DRAW or END_AGREED (0 before)."""
        return self.s[B_END]

    @property
    def passed(self):
        """The player (+ 1) who just had no move and passed, until the next move; 0 for none."""
        return self.s[B_PASSED]

    def passes(self, p):
        """How often player p has had to pass."""
        return self.s[B_PASSES + p]

    def setting(self, bit):
        return bool(self.s[B_FLAGS] & bit)

    def set_setting(self, bit, on):
        s = self.s
        s[B_FLAGS] = s[B_FLAGS] | bit if on else s[B_FLAGS] & ~bit

    def top(self, sq):
        """Id of the pyramid on top of square sq, 0 when empty; OWNER[id] and SIZE[id] describe it."""
        return self.s[B_TOP + sq]

    def height(self, sq):
        s = self.s
        k = s[B_TOP + sq]
        n = 0
        while k:
            n += 1
            k = s[B_BELOW + k]
        return n

    def stack(self, sq):
        """[[player, pips], ...] from the bottom up (allocates: for the state JSON, not for drawing)."""
        s = self.s
        out = []
        k = s[B_TOP + sq]
        while k:
            out.insert(0, [OWNER[k], SIZE[k]])
            k = s[B_BELOW + k]
        return out

    def last_move(self):
        """(from square or NONE, to square or NONE, K_* or 0) of the last placement or move."""
        s = self.s
        return s[B_LAST_FROM], s[B_LAST_TO], s[B_LAST_KIND]

    # Army
    def army(self, p, size):
        """How many pyramids of this size player p has chosen."""
        return self.s[B_ARMY + p * 3 + size - 1]

    def points(self, p):
        s = self.s
        o = B_ARMY + p * 3
        return s[o] + 2 * s[o + 1] + 3 * s[o + 2]

    def pips_left(self, p):
        """Army phase: points still to spend; setup: pips still to place; play: pips on the board."""
        s = self.s
        if s[B_PHASE] == ARMY:
            return BUDGET - self.points(p)
        setup = s[B_PHASE] == SETUP
        n = 0
        for k in range(1 + p * 12, 13 + p * 12):
            pos = s[B_POS + k]
            if pos == HAND if setup else pos < SQUARES:
                n += SIZE[k]
        return n

    def army_add(self, p, size):
        """Adds one pyramid to p's army; False past 4 of a size or 15 points, or outside the army phase."""
        s = self.s
        i = B_ARMY + p * 3 + size - 1
        if s[B_PHASE] != ARMY or s[i] >= PER_SIZE or self.points(p) + size > BUDGET:
            return False
        s[i] += 1
        return True

    def army_remove(self, p, size):
        s = self.s
        i = B_ARMY + p * 3 + size - 1
        if s[B_PHASE] != ARMY or not s[i]:
            return False
        s[i] -= 1
        return True

    def start_setup(self, first):
        """Ends the army phase (each army needs a pyramid); first places first and moves first.
        The device draws `first` with its die when the players ask it to."""
        s = self.s
        if s[B_PHASE] != ARMY or not self.points(0) or not self.points(1):
            return False
        for p in (0, 1):
            for size in (1, 2, 3):
                k = 1 + p * 12 + (size - 1) * 4
                for i in range(s[B_ARMY + p * 3 + size - 1]):
                    s[B_POS + k + i] = HAND
        s[B_PHASE] = SETUP
        s[B_FIRST] = s[B_TURN] = first
        return True

    # Setup
    def in_hand(self, p, size):
        s = self.s
        k = 1 + p * 12 + (size - 1) * 4
        n = 0
        for i in range(PER_SIZE):
            if s[B_POS + k + i] == HAND:
                n += 1
        return n

    def can_place(self, size, sq):
        """The player to place may put a pyramid of this size on sq: an empty square of the home row,
        or once all six are filled one holding a single pyramid (any, with STACK_ANY)."""
        return not self.why_not_place(size, sq)

    def why_not_place(self, size, sq):
        """"" when can_place(size, sq), else why not, in a few words."""
        s = self.s
        p = s[B_TURN]
        home = 0 if p == 0 else 30
        if s[B_PHASE] != SETUP:
            return "Not in setup"
        if not home <= sq < home + SIDE:
            return "Your home row only"
        if not self.in_hand(p, size):
            return "None of that size"
        if not s[B_TOP + sq]:
            return ""
        for i in range(home, home + SIDE):
            if not s[B_TOP + i]:
                return "Fill the row first"
        if self.height(sq) > 1 and not s[B_FLAGS] & STACK_ANY:
            return "2 high at most"
        return ""

    def place(self, size, sq):
        """Places a pyramid for the player whose turn it is to place; the other places next while
        they have pyramids. Play starts, with the first player, once both hands are empty."""
        if not self.can_place(size, sq):
            return False
        s = self.s
        p = s[B_TURN]
        k = 1 + p * 12 + (size - 1) * 4
        while s[B_POS + k] != HAND:
            k += 1
        s[B_BELOW + k] = s[B_TOP + sq]
        s[B_TOP + sq] = k
        s[B_POS + k] = sq
        s[B_LAST_FROM] = NONE
        s[B_LAST_TO] = sq
        s[B_LAST_KIND] = K_PLACE
        if self.pips_left(1 - p):
            s[B_TURN] = 1 - p
        elif not self.pips_left(p):
            s[B_PHASE] = PLAY
            self._start_turn(s[B_FIRST])
        return True

    # Play
    def pyramid_moves(self, k, out, n):
        """Appends the legal moves of pyramid k (one that may_move, the player to move's) to out from
        index n; returns the new end."""
        s = self.s
        a = s[B_POS + k]
        size = SIZE[k]
        nb = NB
        base = a * 8
        for d in range(8):
            b = nb[base + d]
            if b == NONE:
                continue
            if d & 1 and s[B_TOP + nb[base + d - 1]] and s[B_TOP + nb[base + ((d + 1) & 7)]]:
                continue  # a diagonal step between two pyramids
            t = s[B_TOP + b]
            if size == 1:
                if not t or s[B_BELOW + t]:
                    continue  # moves only by pushing one lone pyramid
                c = nb[b * 8 + d]
                if c == NONE:
                    if not s[B_FLAGS] & PUSH_OFF:
                        continue
                elif s[B_TOP + c] or (d & 1 and s[B_TOP + nb[b * 8 + d - 1]]
                                      and s[B_TOP + nb[b * 8 + ((d + 1) & 7)]]):
                    continue  # two in a row, onto a stack, or squeezed diagonally
            elif t and (size == 2 or OWNER[t] == OWNER[k] or SIZE[t] == 2):
                continue  # only a large pyramid captures, and never a medium one
            out[n] = base + d
            n += 1
        return n

    def may_move(self, k):
        """Pyramid k is on top of its stack, and not the one that moved this turn unless "twice" is on."""
        s = self.s
        a = s[B_POS + k]
        return a < SQUARES and s[B_TOP + a] == k and (k != s[B_MOVED] or s[B_FLAGS] & TWICE)

    def moves(self, out, n=0):
        """Writes the legal moves of the player to move into out from index n; returns the new end.
        out needs room for MAX_MOVES (an array('H'))."""
        s = self.s
        if s[B_PHASE] != PLAY:
            return n
        p = s[B_TURN]
        for k in range(1 + p * 12, 13 + p * 12):
            if self.may_move(k):
                n = self.pyramid_moves(k, out, n)
        return n

    def targets(self, sq, out):
        """Writes the legal moves of the pyramid on top of sq into out (room for 8); returns how many."""
        s = self.s
        k = s[B_TOP + sq]
        if s[B_PHASE] != PLAY or not k or OWNER[k] != s[B_TURN] or not self.may_move(k):
            return 0
        return self.pyramid_moves(k, out, 0)

    def has_move(self):
        s = self.s
        if s[B_PHASE] != PLAY:
            return False
        p = s[B_TURN]
        for k in range(1 + p * 12, 13 + p * 12):
            if self.may_move(k):
                if SIZE[k] > 1:  # fast path: an empty square straight beside it
                    base = s[B_POS + k] * 8
                    for d in (0, 2, 4, 6):
                        b = NB[base + d]
                        if b != NONE and not s[B_TOP + b]:
                            return True
                if self.pyramid_moves(k, self._one, 0):
                    return True
        return False

    def kind(self, m):
        """What legal move m would be: K_STEP, K_CAPTURE, K_PUSH or K_PUSH_OFF (before it is made)."""
        s = self.s
        a = m >> 3
        b = NB[m]
        if not s[B_TOP + b]:
            return K_STEP
        if SIZE[s[B_TOP + a]] > 1:
            return K_CAPTURE
        return K_PUSH_OFF if NB[b * 8 + (m & 7)] == NONE else K_PUSH

    def end_draw(self):
        """The players end the game as a draw (one that would never end)."""
        self._end(DRAW, END_AGREED)

    def legal(self, m):
        """True when move m is legal now (for moves that came from elsewhere: a screen, a save);
        why one is not is rules/refusals.py's."""
        if not 0 <= m < SQUARES * 8:
            return False
        one = self._one
        n = self.targets(m >> 3, one)
        for i in range(n):
            if one[i] == m:
                return True
        return False

    def play(self, m):
        """Makes legal move m (False if it is not) and carries the turn on: a win ends the game,
        the second move ends the turn, a player who cannot move passes or loses (settings)."""
        if not self.legal(m):
            return False
        self.apply(m)
        return True

    def apply(self, m):
        """play() without the legality check, for moves straight from moves()."""
        s = self.s
        a = m >> 3
        d = m & 7
        b = NB[a * 8 + d]
        k = s[B_TOP + a]
        p = OWNER[k]
        s[B_TOP + a] = s[B_BELOW + k]  # what was under it is free again
        t = s[B_TOP + b]
        kind = K_STEP
        win = 0
        if t and SIZE[k] == 1:
            c = NB[b * 8 + d]
            if c == NONE:
                s[B_POS + t] = NONE
                kind = K_PUSH_OFF
            else:
                s[B_TOP + c] = t
                s[B_POS + t] = c
                kind = K_PUSH
                if s[B_FLAGS] & PUSH_WINS and far_row(OWNER[t], c):
                    win = OWNER[t] + 1
            s[B_BELOW + k] = 0
        else:
            s[B_BELOW + k] = t
            if t:
                kind = K_CAPTURE
        s[B_TOP + b] = k
        s[B_POS + k] = b
        if far_row(p, b):
            win = p + 1
        s[B_LAST_FROM] = a
        s[B_LAST_TO] = b
        s[B_LAST_KIND] = kind
        s[B_PASSED] = 0
        if win:
            self._end(win, END_ROW)
            return
        s[B_MOVED] = k
        s[B_LEFT] -= 1
        if not s[B_LEFT] or not self.has_move():
            self._start_turn(1 - p)

    def _start_turn(self, p):
        s = self.s
        for _ in range(2):
            s[B_TURN] = p
            s[B_LEFT] = 2
            s[B_MOVED] = 0
            if self.has_move():
                return
            if s[B_FLAGS] & STUCK_LOSES:
                self._end(2 - p, END_STUCK)
                return
            s[B_PASSED] = p + 1
            if s[B_PASSES + p] < 255:
                s[B_PASSES + p] += 1
            p = 1 - p
        self._end(DRAW, END_DRAW)

    def _end(self, winner, why):
        s = self.s
        s[B_WINNER] = winner
        s[B_END] = why
        s[B_PHASE] = OVER
        s[B_LEFT] = 0
