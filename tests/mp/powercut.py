"""Power-cut proof: cut the power at every flash operation of a whole game, then boot from what is left.

Runs on the MicroPython unix port with the real littlefs (vfs.VfsLfs2) on a RAM flash that can
fail at any chosen write or erase (a read changes nothing, so a cut there is the cut before the
next write), either before it or in the middle of it (half of it done, or the range left as
garbage). For every cut point the scripted game is replayed from a blank flash up to the cut,
the surviving image is mounted fresh, and storage.Store.restore must give exactly the game as it
was before or after the interrupted action, with no notice, and the flash must still take a save. It does so on two flash geometries: 128-byte blocks (a save
spans blocks) and 4096-byte blocks with 256-byte pages, as MicroPython sets up littlefs on the
RP2040. Prints "powercut: N cut points ..." and exits 1 on any failure.

    micropython tests/mp/powercut.py [rounds] [--broken]

--broken swaps in a save that is not atomic (remove, then write), which this must catch.
"""
import sys
import time
import vfs

sys.path.insert(0, "firmware")
sys.path.insert(0, ".")

from lockdown.dice import Xorshift  # noqa: E402
from lockdown.games.infiltration.rules.game import Game  # noqa: E402
from lockdown.games.infiltration.rules.actions import A_ALARM, A_FIRST, A_OPERATIVE, A_PHASE, A_PROX, A_SETUP  # noqa: E402
from lockdown.games.infiltration.rules.session import Session  # noqa: E402
from lockdown.storage import Store  # noqa: E402
from tests.core.check import Saved  # noqa: E402

EIO = -5  # what a block device returns to littlefs when it cannot do an operation
MOUNT = "/pc"
BEFORE, HALF, GARBAGE = 0, 1, 2
MODES = ("before", "half", "garbage")
GEOMETRIES = ((128, 48, 32), (4096, 8, 256))  # block size, block count, page (prog) size


class Flash:
    """NOR-like flash in RAM (the extended block protocol littlefs uses) that loses power on cue.

    `cut` is the index of the write or erase during which power fails; `mode` says what that
    operation leaves behind. From then on every operation fails, like a board that is off.
    """

    def __init__(self, geometry, image=None):
        self.geometry = geometry
        block_size, blocks, self.page = geometry
        self.bs = block_size
        self.blocks = blocks
        self.mem = bytearray(image) if image else bytearray(b"\xff" * (block_size * blocks))
        self.ops = 0  # writes and erases so far
        self.cut = -1
        self.mode = BEFORE
        self.dead = False
        self.noise = Xorshift(7)

    def readblocks(self, block, buf, off=0):
        if self.dead:
            return EIO
        a = block * self.bs + off
        buf[:] = self.mem[a:a + len(buf)]
        return 0

    def writeblocks(self, block, buf, off=0):
        return self._change(block * self.bs + off, buf)

    def ioctl(self, op, arg):
        if op == 4:
            return self.blocks
        if op == 5:
            return self.bs
        if op == 6:
            return self._change(arg * self.bs, None)
        return 0

    def _change(self, a, buf):
        """A program (buf) or an erase (None) of the flash at byte address a."""
        if self.dead:
            return EIO
        n = self.bs if buf is None else len(buf)
        new = b"\xff" * n if buf is None else buf
        if self.ops == self.cut:
            self.dead = True
            if self.mode == HALF:
                self.mem[a:a + n // 2] = new[:n // 2]
            elif self.mode == GARBAGE:
                self.mem[a:a + n] = self.noise(n)
            return EIO
        self.ops += 1
        self.mem[a:a + n] = new
        return 0


def script(s, rounds):
    """A five-player game as (name, callable) actions, every one a committed Session action."""
    g = s.game
    acts = [("setup 5", lambda: s.act(A_SETUP, g.setup, 5)), ("start", lambda: s.act(A_PHASE, g.next_phase))]
    for r in range(rounds):
        op = r % 5
        acts += [
            ("alarm +1", lambda: s.turn(A_ALARM, 1)),
            ("alarm +1 merged", lambda: s.turn(A_ALARM, 1, True)),
            ("wound %d" % op, lambda op=op: s.act(A_OPERATIVE, g.set_wounded, op)),
            ("to resolution", lambda: s.act(A_PHASE, g.next_phase)),
            ("move %d" % op, lambda op=op: s.act(A_OPERATIVE, g.resolve_move, op)),
            ("to npc", lambda: s.act(A_PHASE, g.next_phase)),
            ("first player", lambda r=r: s.act(A_FIRST, g.set_first_player, (r + 2) % 5)),
            ("to security", lambda: s.act(A_PHASE, g.next_phase)),
            ("alarm -2", lambda: s.turn(A_ALARM, -2)),
            ("roll", s.roll),
            ("prox +3", lambda: s.turn(A_PROX, 3)),
            ("undo", s.undo),
            ("next round", lambda: s.act(A_PHASE, g.next_phase)),
        ]
        if r:
            acts.append(("escape %d" % (r - 1), lambda op=r - 1: s.act(A_OPERATIVE, g.escape, op)))
    return acts


def fresh(flash):
    """Mounts `flash` as a board does at boot and returns the Store on it."""
    try:
        vfs.umount(MOUNT)
    except OSError:
        pass
    vfs.mount(vfs.VfsLfs2(flash, progsize=flash.page), MOUNT)
    return Store(MOUNT, log=lambda msg: None)


def play(flash, rounds, states=None, cut=-1, mode=BEFORE):
    """Plays the script on a blank, formatted `flash`, saving after every action.

    Returns the index of the action whose save the power cut interrupted, or None. With a list
    for `states`, records the game after each action (index 0 is the new game before any).
    """
    vfs.VfsLfs2.mkfs(flash, progsize=flash.page)
    store = fresh(flash)
    session = Session(Xorshift(5))
    assert store.restore(Saved(session.game)) is None
    if states is not None:
        states.append(bytes(session.game.s))
    flash.ops = 0  # count, and cut, only what the game's saves do
    flash.cut, flash.mode = cut, mode
    for i, (name, action) in enumerate(script(session, rounds)):
        changes = session.changes
        action()
        assert session.changes > changes, name
        try:
            store.save(Saved(session.game))
        except OSError:
            assert flash.dead, "save failed with power on"
            return i
        if states is not None:
            states.append(bytes(session.game.s))
    return None


def check(flash, states, i):
    """Boots from what a cut during action i's save left: before or after i, and still writable.

    Returns True when the restored game is the one after the interrupted action.
    """
    dev = Flash(flash.geometry, flash.mem)
    store = fresh(dev)
    game = Game()
    notice = store.restore(Saved(game))
    got = bytes(game.s)
    assert notice is None, "notice %r" % notice
    assert got in (states[i], states[i + 1]), "restored neither the game before nor after"
    assert not store.exists("game.tmp") and not store.exists("game.bad"), "files left over"
    game.set_score(0, 7, 1)
    store.save(Saved(game))
    again = Game()
    assert fresh(Flash(dev.geometry, dev.mem)).restore(Saved(again)) is None
    assert bytes(again.s) == bytes(game.s), "a save after the cut did not stick"
    return got == states[i + 1]


def cut_everywhere(geometry, rounds):
    """Every cut point of one game on one geometry: returns (checked, failed, after, ops, actions)."""
    states = []
    whole = Flash(geometry)
    assert play(whole, rounds, states) is None
    checked = failed = after = 0
    for cut in range(whole.ops):
        for mode in (BEFORE, HALF, GARBAGE):
            flash = Flash(geometry)
            i = play(flash, rounds, None, cut, mode)
            assert i is not None
            checked += 1
            try:
                after += check(flash, states, i)
            except Exception as e:
                failed += 1
                if failed <= 5:
                    print("FAIL %r: cut %d (%s) in action %d: %r" % (geometry, cut, MODES[mode], i, e))
    return checked, failed, after, whole.ops, len(states) - 1


def not_atomic(self, name, text):
    """A save that is not atomic (remove, then write): what this test exists to catch."""
    self.remove(name)
    with open(self.path(name), "w") as f:
        f.write(text)


def main(rounds=4, broken=False):
    if broken:
        Store.write = not_atomic
    t0 = time.ticks_ms()
    total = bad = 0
    for geometry in GEOMETRIES:
        checked, failed, after, ops, actions = cut_everywhere(geometry, rounds)
        total += checked
        bad += failed
        print("  %d-byte blocks: %d cut points in %d flash operations of %d actions; %d failed; "
              "%d restored the action in flight, %d the one before"
              % (geometry[0], checked, ops, actions, failed, after, checked - failed - after))
    print("powercut: %d cut points checked, %d failed, %d ms" % (total, bad, time.ticks_diff(time.ticks_ms(), t0)))
    return bad


if __name__ == "__main__":
    args = [a for a in sys.argv[1:] if a != "--broken"]
    sys.exit(1 if main(*[int(a) for a in args], broken="--broken" in sys.argv) else 0)
