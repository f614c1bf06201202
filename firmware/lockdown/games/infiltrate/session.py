"""An Infiltrate game in progress: the Board, the device opponent, and the core's contract
(lockdown/session.py): every change one undo step through `act`, checked first and named.

The undo ring snapshots the board with the opponent's level and the game's id, so undoing a
new game or an opponent choice brings both back. The device opponent (when chosen) plays player
2 (device.py: its army, placements and moves, in game time through `tick`, each its own undo
step); `undo` takes back the device's steps along with the player's last one. The save is
save.py's and load.py's (the core imports them for it).
"""
from micropython import const

from lockdown.games import unload
from lockdown.session import GameSession, RuleError
from lockdown.games.infiltrate.rules.board import (ARMY, K_PLACE, NB, NONE, OVER, PER_SIZE, PLAY,
                                             SETUP, STACK_ANY, STATE_SIZE as BOARD_SIZE, Board,
                                             move_text)

DEVICE = const(1)  # the player the device opponent plays
A_ARMY = const(1)
A_START = const(2)
A_PLACE = const(3)
A_MOVE = const(4)
A_SETTING = const(5)
A_NEW = const(6)
A_DEVICE = const(7)
A_LEVEL = const(8)
A_DRAW = const(9)
LEVELS = ("Easy", "Fair", "Hard")  # the device opponent's levels, weakest first (ai.py reads them)
SLICE_MS = const(20)  # the device's work in one tick at most, on an RP2040 (ai.py's slice)
SIZE_NAMES = ("", "small", "medium", "large")
_OPENING = "lockdown.games.infiltrate.opening"  # the device's army and placements


def step_text(arg):
    """A placement's or a move's undo argument as the board lists it: "+a1", "c3-c4"."""
    kind = arg >> 9 & 7
    m = arg & 0x1FF
    return move_text(NONE, m >> 3, kind) if kind == K_PLACE else move_text(m >> 3, NB[m], kind)


class Session(GameSession):
    PACKAGE = "lockdown.games.infiltrate"
    STATE_SIZE = BOARD_SIZE + 3  # the board, the level and the id

    def __init__(self, entropy):
        self.board = Board()
        self.entropy = entropy
        self.state = self
        self.level = -1  # the device opponent's level (LEVELS), -1: two players at the table
        self.changes = 0
        self.thinking = False  # the device is searching for its move
        self._device = None  # its turns (device.py), once a level is chosen
        self.new_id()

    # ---- the undo ring's entry: the board, the level, the id ---------------------------------------
    def copy_into(self, buf, at):
        self.board.copy_into(buf, at)
        at += BOARD_SIZE
        buf[at] = self.level + 1
        buf[at + 1] = self.id >> 8
        buf[at + 2] = self.id & 0xFF

    def restore_from(self, buf, at):
        self.board.restore_from(buf, at)
        at += BOARD_SIZE
        self.level = buf[at] - 1
        self.id = buf[at + 1] << 8 | buf[at + 2]

    # ---- army and setup ----------------------------------------------------------------------------
    def _before_setup(self):
        if self.board.phase != ARMY:
            raise RuleError("Set before setup")

    def army(self, p, size, d):
        """Adds (d > 0) or removes pyramids of one size, one undo step for the turn; refuses what
        passes 15 points or 4 of a size. A turn that reaches the limit stops there: returns why
        (for the screen to say), else None."""
        b = self.board
        self._before_setup()
        if p == DEVICE and self.level >= 0:
            raise RuleError("The device's own army")
        if d > 0:
            if b.army(p, size) >= PER_SIZE:
                raise RuleError("4 at most")
            if b.pips_left(p) < size:
                raise RuleError("No points left")
            n = min(d, PER_SIZE - b.army(p, size), b.pips_left(p) // size)
        else:
            n = -min(-d, b.army(p, size))
        if n:
            self.act(A_ARMY, self._army, p, size, n, arg=p | size << 1 | (8 if n > 0 else 0) | abs(n) << 4)
        if n < d:
            return "4 at most" if b.army(p, size) >= PER_SIZE else "No points left"

    def _army(self, p, size, n):
        b = self.board
        for _ in range(abs(n)):
            b.army_add(p, size) if n > 0 else b.army_remove(p, size)

    def set_level(self, level):
        """-1 for two players, else the device's level; it plays player 2 with its own army."""
        self._before_setup()
        if level != self.level:
            self.act(A_LEVEL, self._set_level, level, arg=level + 1)

    def _set_level(self, level):
        self.level = level
        if level >= 0:
            self.device.army()

    @property
    def device(self):
        """The device opponent's turns (device.py), made at their first use."""
        d = self._device
        if d is None:
            from lockdown.games.infiltrate.device import Device
            d = self._device = Device(self)
        return d

    def start(self, first):
        """Ends the army phase; first is 0, 1, or -1 to draw with the device's die."""
        b = self.board
        self._before_setup()
        if not b.points(0) or not b.points(1):
            raise RuleError("Each army needs one")
        if first < 0:
            first = (self.roll_die() - 1) // 3
        self.act(A_START, b.start_setup, first, arg=first)

    def _players_turn(self):
        if self.device_due():
            raise RuleError("The device's turn")

    def place(self, size, sq):
        b = self.board
        self._players_turn()
        why = b.why_not_place(size, sq)
        if why:
            raise RuleError(why)
        self.act(A_PLACE, b.place, size, sq, arg=self.step_arg(K_PLACE, sq << 3 | size))
        self.placed()

    def placed(self):
        """Once the last pyramid is placed the device's army and placements are done with: opening.py
        forgotten (imported again if undo goes back into setup)."""
        if self.board.phase != SETUP:
            unload(_OPENING)

    # ---- play --------------------------------------------------------------------------------------
    def move(self, m):
        b = self.board
        self._players_turn()
        if not b.legal(m):
            raise RuleError(self.part("rules.refusals", "why_not", b, m))  # the reason, imported for it
        self.act(A_MOVE, b.apply, m, arg=self.step_arg(b.kind(m), m))

    def step_arg(self, kind, m):
        """An undo step's argument for a placement (m: square * 8 + size) or a move: who, what."""
        return self.board.to_move << 12 | kind << 9 | m

    def setting(self, bit, on):
        b = self.board
        if b.setting(bit) == on:
            return
        if bit == STACK_ANY:
            self._before_setup()
        self.act(A_SETTING, b.set_setting, bit, on, arg=bit << 1 | on)

    def new_game(self):
        """A new game with its own id, an undo step (the settings and the opponent stay)."""
        self.act(A_NEW, self._new)

    def _new(self):
        self.board.again()
        self.new_id()
        if self.level >= 0:
            self.device.army()

    def end_draw(self):
        """Ends the game in play as a draw: for a game that would never end."""
        if self.board.phase != PLAY:
            raise RuleError("Only during play")
        self.act(A_DRAW, self.board.end_draw)

    # ---- undo --------------------------------------------------------------------------------------
    def device_steps(self):
        """How many of the newest undo steps are the device's (its moves since the player acted)."""
        h = self._history
        n = 0
        while h is not None and h.last_code(n) == A_DEVICE:
            n += 1
        return n

    def undo(self):
        """Takes back the last step; against the device, its steps and the player's one before them.
        Returns the code of the last step taken back, 0 when there was none."""
        h = self.history
        n = self.device_steps()
        for _ in range(n):
            h.undo(self)
        code = GameSession.undo(self)
        if n and not code:  # only the device's steps were left in the ring
            self.changes += 1
            code = A_DEVICE
        return code

    def undo_name(self):
        h = self.history
        n = self.device_steps()
        if n and n == h.count:
            return "Device's moves"
        name = self.describe(h.last_code(n), h.last_arg(n)) if h.count else ""
        return name + " + device" if n else name

    # ---- the device opponent -------------------------------------------------------------------------
    def device_due(self):
        """True when it is the device's turn to place or move."""
        b = self.board
        return self.level >= 0 and b.phase in (SETUP, PLAY) and b.to_move == DEVICE

    def ahead(self):
        """From play on, the device's search made ahead, a step a quiet pass."""
        if self.level >= 0 and self.board.phase == PLAY:
            self.device.ahead()

    def tick(self, now):
        """The device's turn in game time (device.py), when it is due. REDRAW when the frame
        changed."""
        self.busy_ms = 0
        if not self.device_due():
            self.thinking = False
            return 0
        return self.device.tick()

    @property
    def over(self):
        return self.board.phase == OVER

    @property
    def fresh(self):
        """Not yet past placement: a new game that replaces (and archives) a finished one."""
        return self.board.phase in (ARMY, SETUP)
