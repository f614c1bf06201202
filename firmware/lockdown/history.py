"""Undo: a ring of whole-state snapshots, preallocated so recording an action allocates nothing.

Each entry is a game's whole state (a bytearray of `size` bytes) before an action, plus a one-byte
action code the game defines and a 16-bit argument (which shot, which move), so the device can say
in words what an undo will take back. Every game keeps
its own History. The oldest entries drop off once DEPTH are kept. The ring has one slot more than
DEPTH, so recording never overwrites an entry that can still be undone: an action the rules
refuse after it was recorded (`drop`) leaves the history exactly as it was, even when full.
The same spare slot lets an action be copied first and recorded only once it applied (`begin`,
then `commit` or `abort`): lockdown/session.py's `act`, which every game's changes go through.
"""
from micropython import const

DEPTH = const(24)


class History:
    def __init__(self, size, depth=DEPTH):
        self.depth = depth
        self.size = size
        self._slots = depth + 1
        self._buf = bytearray(self._slots * size)
        self._codes = bytearray(self._slots)
        self._args = bytearray(2 * self._slots)  # each entry's argument, 16 bits little-endian
        self._top = 0  # index of the next free slot
        self.count = 0  # entries that can be undone
        self.evicted = False  # the last commit pushed the oldest entry out of reach

    def record(self, game, code, arg=0):
        """Call before changing `game` with action `code` (and its argument, 0..65535)."""
        self.begin(game)
        self.commit(code, arg)

    def begin(self, game):
        """Copies `game` into the spare slot: nothing that can be undone changes until `commit`."""
        game.copy_into(self._buf, self._top * self.size)

    def commit(self, code, arg=0):
        """The action begun applied: its copy becomes the newest entry."""
        t = self._top
        self._codes[t] = code
        self._args[2 * t] = arg & 0xFF
        self._args[2 * t + 1] = arg >> 8 & 0xFF
        self._top = (t + 1) % self._slots
        self.evicted = self.count == self.depth
        if not self.evicted:
            self.count += 1

    def abort(self, game):
        """The action begun was refused: `game` is put back as `begin` copied it."""
        game.restore_from(self._buf, self._top * self.size)

    def last_code(self, back=0):
        """The newest entry's action code (`back` entries further back); 0 when there is none."""
        return self._codes[(self._top - 1 - back) % self._slots] if back < self.count else 0

    def last_arg(self, back=0):
        """The argument the newest entry (`back` entries further back) was recorded with, or 0."""
        t = (self._top - 1 - back) % self._slots
        return self._args[2 * t] | self._args[2 * t + 1] << 8 if back < self.count else 0

    def codes(self, code):
        """How many entries that can be undone have action `code`."""
        n = 0
        for i in range(1, self.count + 1):
            n += self._codes[(self._top - i) % self._slots] == code
        return n

    def peek_into(self, game):
        """Writes the state the next undo would restore into `game` (a scratch Game)."""
        game.restore_from(self._buf, ((self._top - 1) % self._slots) * self.size)

    def undo(self, game):
        """Restores the state before the last action; returns its code, or 0 when there is none."""
        if not self.count:
            return 0
        self._top = (self._top - 1) % self._slots
        self.count -= 1
        self.evicted = False
        game.restore_from(self._buf, self._top * self.size)
        return self._codes[self._top]

    def drop(self):
        """Forgets the last entry (an action that failed after being recorded): the oldest comes back."""
        if self.count:
            self._top = (self._top - 1) % self._slots
            if not self.evicted:
                self.count -= 1
            self.evicted = False

    def clear(self):
        self._top = 0
        self.count = 0
        self.evicted = False
