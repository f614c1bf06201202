"""The game log: what each round did to the Security Tracker, kept on the board and saved with
the game, so the device can draw it and the desktop can export and chart it.

One preallocated bytearray ring of CAP rounds; past CAP the oldest round is dropped, keeping the
end of the game, which is what the graph and the export care about. Entries are keyed by round:
the log is not part of the undo snapshot, so a roll undone and rolled again overwrites that
round's entry, and `sync` (after an undo) forgets rolls and rounds the game no longer has.
Net dial turns are the sum of what the app reported: undoing a turn does not take it back.
"""
from micropython import const

from lockdown.games.infiltration.rules.game import NPC_COUNT, PHYSICAL_DIE
from lockdown.games.infiltration.rules.actions import A_ALARM, A_PROX

CAP = const(40)  # rounds kept
VERSION = const(1)

# Fields of an entry, in byte order and in the order of a saved row.
_F_ROUND = const(0)  # 1..255; 0 marks an empty slot
F_DIE = const(1)  # the Security roll, 0 while the round is not rolled
F_ALARM = const(2)  # alarm at the roll (signed)
F_BEFORE = const(3)  # proximity just before the roll
F_AFTER = const(4)  # proximity just after it
F_ACTED = const(5)  # NPCs that acted this round, bit n for NPC n
F_LEFT = const(6)  # NPCs that left the game this round
F_TURN_ALARM = const(7)  # net alarm dial turns this round (signed)
F_TURN_PROX = const(8)  # net proximity dial turns this round (signed)
SIZE = const(9)
FIELDS = ("round", "die", "alarm", "before", "after", "acted", "left", "turn_alarm", "turn_prox")
_SIGNED = (F_ALARM, F_TURN_ALARM, F_TURN_PROX)

# NPC events for on_npc
ACTED = const(0)
LEFT = const(1)


def in_play(game):
    """Bit n set while NPC n is in the game; taken before an NPC step for `on_npc_step` (and
    read by invariants.py)."""
    m = 0
    for n in range(NPC_COUNT):
        if game.npc_room(n):  # 0: not in play
            m |= 1 << n
    return m


def _s8(v):
    return v - 256 if v > 127 else v


class GameLog:
    def __init__(self):
        self.buf = bytearray(CAP * SIZE)
        self.last = 0  # the latest round in the log, 0 when empty
        self.faces = [0] * 6  # device rolls per face, across games (saved apart from the rounds)
        self._kept = []  # (buf, last, id) of the game before each "new game" the undo ring holds

    def keep(self, ident, most):
        """A new game: the old game's log and id are kept, so undoing the new game brings them
        back; `most` of them, as many as the undo ring holds new games."""
        k = self._kept
        k.append((bytes(self.buf), self.last, ident))
        if len(k) > most:
            del k[:len(k) - most]

    def back(self, ident):
        """A new game undone: the log and the id of the game before it (`ident` if none is kept)."""
        if self._kept:
            buf, self.last, ident = self._kept.pop()
            self.buf[:] = buf
        return ident

    def reset(self):
        """A new game: forget the rounds, keep the face counts."""
        for i in range(CAP * SIZE):
            self.buf[i] = 0
        self.last = 0

    def first(self):
        """The oldest round still kept (1 when nothing was dropped)."""
        return self.last - CAP + 1 if self.last > CAP else 1

    def has(self, rnd):
        return 0 < rnd <= self.last and rnd >= self.first() and self.buf[(rnd - 1) % CAP * SIZE] == rnd

    def get(self, rnd, field):
        """One field of round `rnd` (signed fields decoded); check `has(rnd)` first."""
        v = self.buf[(rnd - 1) % CAP * SIZE + field]
        return _s8(v) if field in _SIGNED else v

    # ----- hooks the app calls -------------------------------------------------------------------
    def on_roll(self, game, before):
        """After a Security roll; `before` is the proximity just before it."""
        i = self._entry(game)
        if i < 0:
            return
        b = self.buf
        b[i + F_DIE] = game.die
        b[i + F_ALARM] = game.alarm & 0xFF
        b[i + F_BEFORE] = before
        b[i + F_AFTER] = game.proximity
        if not game.flag(PHYSICAL_DIE):
            # every device roll counts, undone or not: the die is what is under test, not the game
            self.faces[game.die - 1] += 1

    def on_manual(self, game, code, delta):
        """After a dial turn: `code` is A_ALARM or A_PROX, `delta` the change the dial really made."""
        i = self._entry(game)
        if i >= 0:
            i += F_TURN_ALARM if code == A_ALARM else F_TURN_PROX
            v = _s8(self.buf[i]) + delta
            self.buf[i] = (-127 if v < -127 else 127 if v > 127 else v) & 0xFF

    def on_npc(self, game, npc, event):
        """After NPC `npc` acted (ACTED) or left the game (LEFT) this round."""
        i = self._entry(game)
        if i >= 0:
            self.buf[i + (F_LEFT if event == LEFT else F_ACTED)] |= 1 << npc

    def on_npc_step(self, game, npc, was):
        """After NPC `npc` took its step: it acted, and every NPC of `was` (in_play before the
        step) that is out of the game now left it (CSX-13 clears a room, Bailey walks out)."""
        self.on_npc(game, npc, ACTED)
        gone = was & ~in_play(game)
        for n in range(NPC_COUNT):
            if gone >> n & 1:
                self.on_npc(game, n, LEFT)

    def sync(self, game):
        """After an undo: drop rounds after the game's round and an undone roll of this round."""
        self._truncate(game.round)
        if self.has(game.round) and not game.die:
            i = (game.round - 1) % CAP * SIZE
            for f in (F_DIE, F_ALARM, F_BEFORE, F_AFTER):
                self.buf[i + f] = 0

    def _truncate(self, rnd):
        while self.last > rnd:
            if self.has(self.last):
                self.buf[(self.last - 1) % CAP * SIZE] = 0
            self.last -= 1

    def _entry(self, game):
        """Byte offset of this round's entry, opened if new; -1 outside the rounds (setup)."""
        r = game.round
        if not r:
            return -1
        self._truncate(r)
        i = (r - 1) % CAP * SIZE
        if self.buf[i] != r:
            for f in range(SIZE):
                self.buf[i + f] = 0
            self.buf[i] = r
        if r > self.last:
            self.last = r
        return i

    # ----- saving ----------------------------------------------------------------------------
    def dump(self):
        """The log as a JSON-ready object, for the save document's "log" key."""
        rows = []
        for r in range(self.first(), self.last + 1):
            if self.has(r):
                rows.append([self.get(r, f) for f in range(SIZE)])
        return {"v": VERSION, "rounds": rows}
