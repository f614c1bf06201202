"""Undo: a ring of whole-state snapshots, preallocated so recording an action allocates nothing.

Each entry is the state before an action plus a one-byte action code (see ACTION_NAMES) so the
device can say what an undo will take back. The oldest entries drop off once DEPTH are kept.
"""
from micropython import const

from lockdown.game import STATE_SIZE

DEPTH = const(24)

# Action codes: what the user did, for "Undo <name>?"
A_ALARM = const(1)
A_PROX = const(2)
A_PHASE = const(3)
A_ROLL = const(4)
A_FIRST = const(5)
A_OPERATIVE = const(6)
A_NPC = const(7)
A_SCORE = const(8)
A_SETUP = const(9)
A_SETTING = const(10)
ACTION_NAMES = ("", "alarm", "proximity", "phase", "roll", "first player", "operative",
                "NPC", "score", "new game", "setting")


class History:
    def __init__(self, depth=DEPTH):
        self.depth = depth
        self._buf = bytearray(depth * STATE_SIZE)
        self._codes = bytearray(depth)
        self._top = 0  # index of the next free slot
        self.count = 0  # entries that can be undone

    def record(self, game, code):
        """Call before changing `game` with action `code`."""
        game.copy_into(self._buf, self._top * STATE_SIZE)
        self._codes[self._top] = code
        self._top = (self._top + 1) % self.depth
        if self.count < self.depth:
            self.count += 1

    def last_code(self):
        return self._codes[(self._top - 1) % self.depth] if self.count else 0

    def peek_into(self, game):
        """Writes the state the next undo would restore into `game` (a scratch Game)."""
        game.restore_from(self._buf, ((self._top - 1) % self.depth) * STATE_SIZE)

    def undo(self, game):
        """Restores the state before the last action; returns its code, or 0 when there is none."""
        if not self.count:
            return 0
        self._top = (self._top - 1) % self.depth
        self.count -= 1
        game.restore_from(self._buf, self._top * STATE_SIZE)
        return self._codes[self._top]

    def drop(self):
        """Forgets the last entry (an action that failed after being recorded)."""
        if self.count:
            self._top = (self._top - 1) % self.depth
            self.count -= 1

    def clear(self):
        self._top = 0
        self.count = 0
