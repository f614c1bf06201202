"""Undo: a ring of whole-state snapshots, preallocated so recording an action allocates nothing.

Each entry is a game's whole state (a bytearray of `size` bytes) before an action, plus a one-byte
action code the game defines, so the device can say what an undo will take back. Every game keeps
its own History. The oldest entries drop off once DEPTH are kept. The ring has one slot more than
DEPTH, so recording never overwrites an entry that can still be undone: an action the rules
refuse after it was recorded (`drop`) leaves the history exactly as it was, even when full.
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
        self._top = 0  # index of the next free slot
        self.count = 0  # entries that can be undone
        self._evicted = False  # the last record pushed the oldest entry out of reach

    def record(self, game, code):
        """Call before changing `game` with action `code`."""
        game.copy_into(self._buf, self._top * self.size)
        self._codes[self._top] = code
        self._top = (self._top + 1) % self._slots
        self._evicted = self.count == self.depth
        if not self._evicted:
            self.count += 1

    def last_code(self):
        return self._codes[(self._top - 1) % self._slots] if self.count else 0

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
        self._evicted = False
        game.restore_from(self._buf, self._top * self.size)
        return self._codes[self._top]

    def drop(self):
        """Forgets the last entry (an action that failed after being recorded): the oldest comes back."""
        if self.count:
            self._top = (self._top - 1) % self._slots
            if not self._evicted:
                self.count -= 1
            self._evicted = False

    def clear(self):
        self._top = 0
        self.count = 0
        self._evicted = False
