"""An Infiltrate game in progress: the Board, its undo History, the die, and the device opponent.

Every change goes through here, one undo entry each, so the screens, the script mode and the
save all see the same game. The device opponent (when chosen) plays player 2: it builds its army
when setup starts, then places and moves one step per `device_step`, each its own undo entry;
`undo` takes back the device's steps along with the player's last one.

The undo ring and the die are made at their first use, and ai.py is imported only when the device
plays: a board with no save draws its first frame (the armies' form) without them.
"""
import json

from micropython import const

from lockdown.session import GameSession
from lockdown.games.infiltrate.rules import (ARMY, B_BELOW, B_POS, B_TOP, HAND, NONE, OVER, PHASE_NAMES, PIECES,
                                             PLAY, SETUP, SQUARES, STATE_SIZE, Board)

VERSION = const(1)
DEVICE = const(1)  # the player the device opponent plays
A_ARMY = const(1)
A_START = const(2)
A_PLACE = const(3)
A_MOVE = const(4)
A_SETTING = const(5)
A_NEW = const(6)
A_DEVICE = const(7)
LEVELS = ("Easy", "Fair", "Hard")  # the device opponent's levels, weakest first (ai.py reads them)
ACTION_NAMES = ("", "army", "start", "placement", "move", "setting", "new game", "device")
_LIMITS = (3, 1, 2, 1, 3, 15, PIECES, NONE, NONE, 5, 2, 3)  # highest value of each header byte


class SaveError(ValueError):
    """The save text cannot be loaded; the message says why."""


class Session(GameSession):
    PACKAGE = "lockdown.games.infiltrate"
    STATE_SIZE = STATE_SIZE  # the undo ring's entry

    def __init__(self, entropy):
        self.board = Board()
        self.entropy = entropy
        self.level = -1  # the device opponent's level (LEVELS), -1: two players at the table
        self.changes = 0
        self._ai = None

    def _act(self, ok):
        """Keeps the undo entry recorded before an action the board took; drops it and refuses else."""
        if not ok:
            self.history.drop()
            raise ValueError("Not allowed")
        self.changes += 1

    def _rec(self, code):
        self.history.record(self.board, code)

    # ---- army and setup ----------------------------------------------------------------------------
    def army(self, p, size, d):
        """Adds (d > 0) or removes pyramids of one size; refuses what the 15 points or 4 a size forbid."""
        b = self.board
        while d:
            self._rec(A_ARMY)
            if d > 0:
                ok = b.army_add(p, size)
                if not ok:
                    self.history.drop()
                    raise ValueError("No points left" if b.pips_left(p) < size else "4 at most")
                d -= 1
            else:
                ok = b.army_remove(p, size)
                if not ok:
                    self.history.drop()
                    return
                d += 1
            self.changes += 1

    def set_level(self, level):
        """-1 for two players, else the device's level; it plays player 2 (army built at start)."""
        if self.board.phase != ARMY:
            raise ValueError("Set before setup")
        self.level = level
        self.changes += 1

    def start(self, first):
        """Ends the army phase; first is 0, 1, or -1 to draw with the device's die."""
        b = self.board
        self._rec(A_START)
        if self.level >= 0:
            for size in (1, 2, 3):
                while b.army_remove(DEVICE, size):
                    pass
            self.opponent().army(b, DEVICE)
        if first < 0:
            first = (self.die.roll() - 1) // 3
        if not b.start_setup(first):
            self.history.undo(b)
            raise ValueError("Each army needs one")
        self.changes += 1

    def place(self, size, sq):
        self._rec(A_PLACE)
        self._act(self.board.place(size, sq))

    # ---- play --------------------------------------------------------------------------------------
    def move(self, m):
        self._rec(A_MOVE)
        self._act(self.board.play(m))

    def setting(self, bit, on):
        if self.board.setting(bit) != on:
            self._rec(A_SETTING)
            self.board.set_setting(bit, on)
            self.changes += 1

    def new_game(self):
        """A new game, kept as an undo step (the settings and the opponent stay as they were)."""
        self._rec(A_NEW)
        self.board.new(self.board.s[5])
        self.changes += 1

    # ---- the device opponent -------------------------------------------------------------------------
    def opponent(self):
        if self._ai is None or self._ai.level != self.level:
            from lockdown.games.infiltrate.ai import Opponent
            self._ai = Opponent(self.level, self.entropy)
        return self._ai

    def device_due(self):
        """True when it is the device's turn to place or move."""
        b = self.board
        return self.level >= 0 and b.phase in (SETUP, PLAY) and b.to_move == DEVICE

    def device_step(self):
        """The device places one pyramid or makes one move (its own undo entry)."""
        b = self.board
        ai = self.opponent()
        self._rec(A_DEVICE)
        if b.phase == SETUP:
            size, sq = ai.placement(b)
            ok = b.place(size, sq)
        else:
            m = ai.choose(b)
            ok = m >= 0 and b.play(m)
        self._act(ok)

    def undo(self):
        """Takes back the last action; against the device, its steps too, back to the player's turn.
        Returns the code of the last action taken back, 0 when there was none."""
        code = self.history.undo(self.board)
        while code and self.history.count and self.device_due():
            code = self.history.undo(self.board)
        if code:
            self.changes += 1
        return code

    # ---- what the board's store and loop need ------------------------------------------------------
    def dumps(self):
        return json.dumps({"v": VERSION, "level": self.level, "state": list(self.board.s)})

    def loads(self, text):
        """All or nothing: a SaveError leaves the session as it was."""
        try:
            doc = json.loads(text)
        except ValueError:
            raise SaveError("not JSON")
        if not isinstance(doc, dict) or sorted(doc) != ["level", "state", "v"] or doc["v"] != VERSION:
            raise SaveError("unknown save")
        level, st = doc["level"], doc["state"]
        if level not in (-1, 0, 1, 2) or not isinstance(st, list) or len(st) != STATE_SIZE:
            raise SaveError("bad level or state")
        for v in st:
            if not isinstance(v, int) or not 0 <= v <= 255:
                raise SaveError("bad state byte")
        check(st)
        self.board.s[:] = bytes(st)
        self.level = level
        self.history.clear()
        self.changes += 1

    @property
    def over(self):
        return self.board.phase == OVER

    @property
    def fresh(self):
        """Not yet past placement: a new game that replaces (and archives) a finished one."""
        return self.board.phase in (ARMY, SETUP)

    def status(self):
        b = self.board
        return "infiltrate %s, P%d to move, %d left" % (PHASE_NAMES[b.phase], b.to_move + 1, b.moves_left)


def check(st):
    """Raises SaveError unless st (a list of state bytes) is a position the board could reach."""
    for i in range(len(_LIMITS)):
        if st[i] > _LIMITS[i]:
            raise SaveError("bad header byte %d" % i)
    for i in range(12, 18):
        if st[i] > 4:
            raise SaveError("bad army")
    seen = bytearray(PIECES + 1)
    for sq in range(SQUARES):
        k = st[B_TOP + sq]
        while k:
            if k > PIECES or seen[k] or st[B_POS + k] != sq:
                raise SaveError("bad stack")
            seen[k] = 1
            k = st[B_BELOW + k]
    for k in range(1, PIECES + 1):
        if not seen[k] and (st[B_POS + k] not in (HAND, NONE) or st[B_BELOW + k]):
            raise SaveError("bad pyramid")
    if st[0] == PLAY and not st[2]:
        raise SaveError("no moves left")
