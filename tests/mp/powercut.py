"""Power-cut proof: cut the power at every flash operation of a whole game, then boot from what is left.

Runs on the MicroPython unix port with the real littlefs (vfs.VfsLfs2) on a RAM flash that can
fail at any chosen write or erase (a read changes nothing, so a cut there is the cut before the
next write), either before it or in the middle of it (half of it done, or the range left as
garbage). For every cut point the scripted game is replayed from a blank flash up to the cut,
the surviving image is mounted fresh, and storage.Store.restore must give exactly the game as it
was before or after the interrupted action, with no notice; the game then plays on to its end
from what was restored, and must end as the uncut game did, with its finished game archived
exactly once. Scenarios:

- saves: the game alone (no log), on two flash geometries: 128-byte blocks (a save spans
  blocks) and 4096-byte blocks with 256-byte pages, as MicroPython sets up littlefs on the RP2040;
- log: the Session's own saves, which carry the game log and the game id (both geometries);
- archive: a game ends, New game archives it (log/1.json) and the next game is played a little;
- double: a first cut anywhere in the archive scenario (half an operation done), then a second
  cut at every flash operation of the boot and the save that follow it;
- infiltraitors, infiltrate: each new game's saves as its own script (tests/scripts) plays them,
  then a new game that archives the finished one (their sessions' save texts, recorded once on
  the simulator and written again at every cut: a game whose Session API changes needs no
  change here);
- folders: Infiltration's saves on a flash where folders hold game.tmp and game.bad;
- switch: an Infiltration game saved, then the picker's switch (the save, game.txt) and the
  other game's first saves: after any cut the board starts in one of the two games, each
  save whole.

Prints one line per scenario, "powercut <scenario>: N cut points checked, N failed", then
"powercut: N cut points checked, N failed, T ms", and exits 1 on any failure.

    micropython tests/mp/powercut.py [rounds] [scenario ...] [--broken] [--archive-always] [--firmware=DIR]

--broken swaps in a save that is not atomic (remove, then write), --archive-always an archive
that never checks the newest one (a duplicate after a cut): this must catch both.
"""
import os
import sys
import time
import vfs

# --firmware=DIR: the firmware as deployed (tools/deploy.py's .mpy build), loaded as a board loads it
_FW = [a[11:] for a in sys.argv if a.startswith("--firmware=")]
sys.path.insert(0, "firmware")
sys.path.insert(0, ".")
if _FW:
    sys.path.insert(0, _FW[0])

from lockdown.dice import Xorshift  # noqa: E402
from lockdown.games.infiltration.rules.actions import (A_ALARM, A_FIRST, A_OPERATIVE, A_PHASE, A_PROX,  # noqa: E402
                                                       A_SCORE, A_SETUP)
from lockdown.games.infiltration.session import Session  # noqa: E402
from lockdown.storage import ARCHIVE, Store, _is_dir  # noqa: E402
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


def roll(s, face):
    s.forced = face  # the same face on every replay, whatever the die's entropy has given out
    s.roll()


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
            ("roll", lambda r=r: roll(s, r % 6 + 1)),
            ("prox +3", lambda: s.turn(A_PROX, 3)),
            ("undo", s.undo),
            ("next round", lambda: s.act(A_PHASE, g.next_phase)),
        ]
        if r:
            acts.append(("escape %d" % (r - 1), lambda op=r - 1: s.act(A_OPERATIVE, g.escape, op)))
    return acts


def ending(s, rounds):
    """A game that ends in a lockdown, then New game (which archives it) and a little of the next."""
    g = s.game
    acts = script(s, rounds)[:-1]
    acts += [
        ("lockdown", lambda: s.turn(A_PROX, 99)),
        ("score 0", lambda: s.act(A_SCORE, g.set_score, 0, 6, 2)),
        ("new game", lambda: s.act(A_SETUP, g.setup, 4)),
        ("start", lambda: s.act(A_PHASE, g.next_phase)),
        ("alarm +2", lambda: s.turn(A_ALARM, 2)),
    ]
    return acts


def session():
    """A Session whose entropy (the game id at New game) depends on the game only, so a game
    replayed after a boot draws the same id as the uncut one; its rolls are forced (roll)."""
    box = []
    s = Session(lambda n: Xorshift(7 + sum(box[0].game.s))(n))
    box.append(s)
    return s


class Scenario:
    """What is saved (`doc(session)`: the Store's view of it), what must come back (`snap`)."""

    def __init__(self, name, acts, doc, snap, geometries, double=False):
        self.name, self.acts, self.doc, self.snap = name, acts, doc, snap
        self.geometries, self.double = geometries, double


def _game(s):
    return Saved(s.game)


def _bytes(s):
    return bytes(s.game.s)


def _session(s):
    return s


def _text(s):
    return s.dumps()


SCENARIOS = (
    Scenario("saves", script, _game, _bytes, GEOMETRIES),
    Scenario("log", script, _session, _text, GEOMETRIES),
    Scenario("archive", ending, _session, _text, GEOMETRIES),
    Scenario("double", ending, _session, _text, GEOMETRIES[1:], True),
)


def fresh(flash):
    """Mounts `flash` as a board does at boot and returns the Store on it."""
    try:
        vfs.umount(MOUNT)
    except OSError:
        pass
    vfs.mount(vfs.VfsLfs2(flash, progsize=flash.page), MOUNT)
    return Store(MOUNT, log=lambda msg: None)


class Run:
    """The scripted game on a blank, formatted flash, saved after every action."""

    def __init__(self, scen, rounds, flash, blank=True):
        self.scen, self.flash = scen, flash
        if blank:
            vfs.VfsLfs2.mkfs(flash, progsize=flash.page)
        self.store = fresh(flash)
        self.session = session()
        self.notice = self.store.restore(scen.doc(self.session))
        self.acts = scen.acts(self.session, rounds)
        self.skipped = False  # an undo after a boot had nothing to take back (the ring is not saved)
        self.over = None  # the save of the finished game that "new game" replaced, in this run

    def play(self, first, states=None, cut=-1, mode=BEFORE):
        """Actions from `first` on; returns the index of the one whose save the cut stopped, or None."""
        flash = self.flash
        flash.ops = 0  # count, and cut, only what the game's saves do
        flash.cut, flash.mode = cut, mode
        for i in range(first, len(self.acts)):
            name, action = self.acts[i]
            changes = self.session.changes
            if name == "new game":
                self.over = self.scen.doc(self.session).dumps()
            action()
            if name == "undo" and self.session.changes == changes and first:
                self.skipped = True
            else:
                assert self.session.changes > changes, name
            try:
                self.store.save(self.scen.doc(self.session))
            except OSError:
                assert flash.dead, "save failed with power on"
                return i
            if states is not None:
                states.append(self.scen.snap(self.session))
        return None


def archived(store):
    """The texts in the archive folder, oldest first (a cut archive's .tmp is no archive)."""
    try:
        names = os.listdir(store.path(ARCHIVE))
    except OSError:
        return []
    out = []
    for n in sorted(names):
        if n.endswith(".json"):
            with open(store.path(ARCHIVE + "/" + n)) as f:
                out.append(f.read())
    return out


class Truth:
    """The uncut game: the state after each action, its last game and what it archived."""

    def __init__(self, scen, rounds, geometry):
        run = Run(scen, rounds, Flash(geometry))
        assert run.notice is None
        self.states = [scen.snap(run.session)]
        assert run.play(0, self.states) is None
        self.ops = run.flash.ops
        self.actions = len(run.acts)
        self.end = bytes(run.session.game.s)
        self.archive = archived(run.store)
        names = [name for name, _ in run.acts]
        self.new_game = names.index("new game") if "new game" in names else self.actions


def boot(image, scen, rounds, truth, i):
    """Boots from `image` (a cut during action i's save): before or after i, nothing lost.

    Returns the Run on the booted flash and the index of the next action to play.
    """
    run = Run(scen, rounds, Flash(image.geometry, image.mem), False)
    assert run.notice is None, "notice %r" % run.notice
    got = scen.snap(run.session)
    assert got in (truth.states[i], truth.states[i + 1]), "restored neither the game before nor after"
    assert not run.store.exists("game.tmp") and not run.store.exists("game.bad"), "files left over"
    kept = archived(run.store)
    assert kept in ([], truth.archive), "archive %d files, not the finished game once" % len(kept)
    j = i + 1 if got == truth.states[i + 1] else i
    if j > truth.new_game:
        assert kept == truth.archive, "the finished game's archive is lost"
    return run, j


def play_on(run, first, truth):
    """Plays the rest of the game from the booted state: the same end (unless an undo found its
    ring empty after the boot), and the finished game archived once."""
    kept = archived(run.store)
    assert run.play(first) is None
    if not run.skipped:
        assert bytes(run.session.game.s) == truth.end, "played on to another end"
    if run.over is not None:
        kept = [run.over]
    elif first <= truth.new_game:
        kept = truth.archive
    now = archived(run.store)
    assert now == kept, "archive %d files after playing on, expected %d" % (len(now), len(kept))
    again = session()
    assert fresh(Flash(run.flash.geometry, run.flash.mem)).restore(run.scen.doc(again)) is None
    assert bytes(again.game.s) == bytes(run.session.game.s), "a save after the cut did not stick"


def cut_at(scen, rounds, geometry, cut, mode):
    """The game replayed from a blank flash with the power cut at `cut`: (flash, interrupted action)."""
    run = Run(scen, rounds, Flash(geometry))
    assert run.notice is None
    i = run.play(0, None, cut, mode)
    assert i is not None
    return run.flash, i


def second_cuts(scen, rounds, truth, image, i, report):
    """Every cut during the boot and the save that follow the first cut; returns (checked, failed)."""
    j = boot(image, scen, rounds, truth, i)[1]  # where an uncut boot lands
    if j >= truth.actions:
        return 0, 0
    probe = Flash(image.geometry, image.mem)
    store = fresh(probe)
    probe.ops = 0
    s = session()
    store.restore(scen.doc(s))
    acts = scen.acts(s, rounds)
    acts[j][1]()
    store.save(scen.doc(s))
    checked = failed = 0
    for cut in range(probe.ops):
        for mode in (BEFORE, HALF, GARBAGE):
            checked += 1
            try:
                dev = Flash(image.geometry, image.mem)
                dev.cut, dev.mode = cut, mode
                store = fresh(dev)
                dev.ops = 0
                s = session()
                store.restore(scen.doc(s))  # the board may die in here (removing game.tmp)
                if not dev.dead:
                    scen.acts(s, rounds)[j][1]()
                    try:
                        store.save(scen.doc(s))
                    except OSError:
                        assert dev.dead, "save failed with power on"
                assert dev.dead, "no cut at %d" % cut
                run2, k = boot(dev, scen, rounds, truth, j)
                play_on(run2, k, truth)
            except Exception as e:
                failed += 1
                report("second cut %d (%s) after action %d" % (cut, MODES[mode], j), e)
    return checked, failed


def cut_everywhere(scen, geometry, rounds, report):
    """Every cut point of one scenario on one geometry: returns (checked, failed, after, ops, actions)."""
    truth = Truth(scen, rounds, geometry)
    checked = failed = after = 0
    for cut in range(truth.ops):
        for mode in (HALF,) if scen.double else (BEFORE, HALF, GARBAGE):
            where = "%s %r: cut %d (%s)" % (scen.name, geometry, cut, MODES[mode])
            try:
                flash, i = cut_at(scen, rounds, geometry, cut, mode)
            except Exception as e:
                checked += 1
                failed += 1
                report(where, e)
                continue
            if scen.double:
                c, f = second_cuts(scen, rounds, truth, flash, i, lambda w, e: report(where + ", " + w, e))
                checked += c
                failed += f
                continue
            checked += 1
            try:
                run, j = boot(flash, scen, rounds, truth, i)
                after += j > i
                play_on(run, j, truth)
            except Exception as e:
                failed += 1
                report(where + " in action %d" % i, e)
    return checked, failed, after, truth.ops, truth.actions


class Doc:
    """A save as the Store sees a session: its text, over and fresh, recorded from a real one."""

    def __init__(self, s):
        self.text, self.over, self.fresh = s.dumps(), s.over, s.fresh

    def dumps(self):
        return self.text


def record(game, script):
    """The saves of `script` played on the simulator (one after each command that changed the
    game), then a new game's, which archives the finished one. Returns [Doc]."""
    from host_sim.runner import Sim
    from host_sim.script import parse
    sim = Sim(1, game=game)
    docs = []
    with open(script) as f:
        commands = parse(f.read(), script)
    seen = sim.session.changes
    for c in commands:
        if c.name != "shot":  # a picture changes nothing
            getattr(sim, c.name)(*c.args)
        if sim.session.changes != seen:
            seen = sim.session.changes
            docs.append(Doc(sim.session))
    assert docs[-1].over, "the script does not finish its game"
    from lockdown.games import load
    docs.append(Doc(load(game).new_session(Xorshift(2))))
    return docs


RECORDED = (  # scenario, game, script, folders made first: the game's own saves and its archive
    ("infiltraitors", "infiltraitors", "tests/scripts/infiltraitors/training1_win.txt", ()),
    ("infiltrate", "infiltrate", "tests/scripts/infiltrate/two_players.txt", ()),
    # folders holding the names of the temporary file and the set-aside save: saves go on beside them
    ("folders", "infiltration", "tests/scripts/escape.txt", ("game.tmp", "game.bad", "game.bad/mine")),
)
ROOMY = (4096, 16, 256)  # each littlefs folder takes two blocks: 8 would be full with three


def _store(game, flash=None):
    """The game's Store on MOUNT (`flash` mounted first, as at a boot) and its package."""
    from lockdown.games import load
    g = load(game)
    if flash:
        fresh(flash)
    return Store(MOUNT, lambda msg: None, g.SAVE, g.ARCHIVE), g


def _cut(flash, cut=-1, mode=BEFORE):
    """Counts the flash operations from here, and loses power at the `cut`th."""
    flash.ops = 0
    flash.cut, flash.mode = cut, mode


def _write(game, docs, flash, first=0):
    """Saves docs[first:] in order; returns the index whose save the cut stopped, or None."""
    store, _ = _store(game, flash)
    if first:
        store._finished = docs[first - 1].text if docs[first - 1].over else None
    for i in range(first, len(docs)):
        try:
            store.save(docs[i])
        except OSError:
            assert flash.dead, "save failed with power on"
            return i
    return None


def _booted(game, flash, texts):
    """Mounts what the cut left, restores as a board boots: the text it restored (None: none)."""
    store, g = _store(game, flash)
    s = g.new_session(Xorshift(3))
    notice = store.restore(s)
    assert notice is None, "notice %r" % notice
    assert not store.exists(store.spare(g.SAVE.rpartition(".")[0] + ".tmp")), "files left over"
    if not store.exists(g.SAVE):
        return None, store
    got = s.dumps()
    assert got in texts, "restored a save the game never had"
    return got, store


def _archived(store):
    try:
        names = sorted(os.listdir(store.path(store.archive_dir)))
    except OSError:
        return []
    out = []
    for n in names:
        if n.endswith(".json"):
            with open(store.path(store.archive_dir + "/" + n)) as f:
                out.append(f.read())
    return out


def _blank(geometry, folders):
    """A formatted flash holding `folders` (made by hand on a board, say)."""
    flash = Flash(geometry)
    vfs.VfsLfs2.mkfs(flash, progsize=flash.page)
    fresh(flash)
    for f in folders:
        os.mkdir(MOUNT + "/" + f)
    return flash


def recorded_cuts(game, script, geometry, report, folders=()):
    """Every cut point of writing a recorded game's saves: (checked, failed, ops, saves)."""
    docs = record(game, script)
    texts = [d.text for d in docs]
    flash = _blank(geometry, folders)
    _cut(flash)
    assert _write(game, docs, flash) is None
    ops = flash.ops
    truth = _archived(_store(game, flash)[0])
    assert len(truth) == docs[-1].fresh, "the finished game is not archived once"  # (a new
    # Infiltration session is not a new game: its setup is, once started)
    checked = failed = 0
    for cut in range(ops):
        for mode in (BEFORE, HALF, GARBAGE):
            checked += 1
            try:
                flash = _blank(geometry, folders)
                _cut(flash, cut, mode)
                i = _write(game, docs, flash)
                assert i is not None, "no cut at %d" % cut
                image = Flash(geometry, flash.mem)
                got, store = _booted(game, image, texts[max(i - 1, 0):i + 1])
                kept = _archived(store)
                assert kept in ([], truth), "archive %d files, not the finished game once" % len(kept)
                j = 0 if got is None else texts.index(got, max(i - 1, 0)) + 1
                assert _write(game, docs, image, j) is None
                assert _archived(store) == truth, "after playing on, not the finished game once"
                assert _booted(game, Flash(geometry, image.mem), texts[-1:])[0] == texts[-1]
                for f in folders:  # left alone
                    assert _is_dir(MOUNT + "/" + f), f + " is gone"
            except Exception as e:
                failed += 1
                report("%s %r: cut %d (%s)" % (game, geometry, cut, MODES[mode]), e)
    return checked, failed, ops, len(docs)


def switch_cuts(geometry, report):
    """A cut anywhere in an Infiltration save, the picker's switch and Infiltrate's first saves:
    the board boots into one of the two games, without a notice, each save whole."""
    from lockdown.runloop import PICKED, picked
    first = record("infiltration", "tests/scripts/escape.txt")[:3]
    other = record("infiltrate", "tests/scripts/infiltrate/two_players.txt")[:3]

    def play(flash, cut=-1, mode=BEFORE):
        _cut(flash, cut, mode)
        try:
            if _write("infiltration", first, flash) is None:
                _store("infiltration")[0].write(PICKED, "infiltrate")  # the switch, after its save
                _write("infiltrate", other, flash)
        except OSError:
            assert flash.dead, "a write failed with power on"

    flash = Flash(geometry)
    vfs.VfsLfs2.mkfs(flash, progsize=flash.page)
    play(flash)
    ops = flash.ops
    checked = failed = 0
    for cut in range(ops):
        for mode in (BEFORE, HALF, GARBAGE):
            checked += 1
            try:
                flash = Flash(geometry)
                vfs.VfsLfs2.mkfs(flash, progsize=flash.page)
                play(flash, cut, mode)
                assert flash.dead, "no cut at %d" % cut
                image = Flash(geometry, flash.mem)
                fresh(image)
                name = picked(MOUNT + "/" + PICKED) if Store(MOUNT).exists(PICKED) else "infiltration"
                assert name in ("infiltration", "infiltrate"), "game.txt names %r" % name
                _booted("infiltration", Flash(geometry, image.mem), [d.text for d in first])
                _booted("infiltrate", Flash(geometry, image.mem), [d.text for d in other])
            except Exception as e:
                failed += 1
                report("switch %r: cut %d (%s)" % (geometry, cut, MODES[mode]), e)
    return checked, failed, ops


def not_atomic(self, name, text):
    """A save that is not atomic (remove, then write): what this test exists to catch."""
    if self.off:  # a store with no folder (a session that keeps nothing) writes nothing, as Store.write
        return
    self.remove(name)
    with open(self.path(name), "w") as f:
        f.write(text)


def archive_always(self, text):
    """An archive that never looks at the newest one: a cut before the save duplicates a game."""
    if self.off:
        return
    folder = self.path(self.archive_dir)
    try:
        os.mkdir(folder)
    except OSError:
        pass
    self.write("%s/%d.json" % (self.archive_dir, len(os.listdir(folder)) + 1), text)


def main(rounds=4, broken=False, only=None, twice=False):
    if broken:
        Store.write = not_atomic
    if twice:
        Store.archive = archive_always
    t0 = time.ticks_ms()
    total = bad = 0
    shown = [0]

    def report(where, e):
        shown[0] += 1
        if shown[0] <= 5:
            print("FAIL %s: %r" % (where, e))

    for scen in SCENARIOS:
        if only and scen.name not in only:
            continue
        n = f = 0
        for geometry in scen.geometries:
            checked, failed, after, ops, actions = cut_everywhere(scen, geometry, rounds, report)
            n += checked
            f += failed
            line = "  %s, %d-byte blocks: %d cut points in %d flash operations of %d actions; %d failed" % (
                scen.name, geometry[0], checked, ops, actions, failed)
            if not scen.double:
                line += "; %d restored the action in flight, %d the one before" % (after, checked - failed - after)
            print(line)
        print("powercut %s: %d cut points checked, %d failed" % (scen.name, n, f))
        total += n
        bad += f
    for scen, game, script, folders in RECORDED:
        if only and scen not in only:
            continue
        geometry = ROOMY if folders else GEOMETRIES[1]  # the RP2040's littlefs geometry
        n, f, ops, saves = recorded_cuts(game, script, geometry, report, folders)
        print("  %s, %d-byte blocks: %d cut points in %d flash operations of %d saves; %d failed" % (
            scen, geometry[0], n, ops, saves, f))
        print("powercut %s: %d cut points checked, %d failed" % (scen, n, f))
        total += n
        bad += f
    if not only or "switch" in only:
        geometry = GEOMETRIES[1]
        n, f, ops = switch_cuts(geometry, report)
        print("  switch, %d-byte blocks: %d cut points in %d flash operations; %d failed" % (geometry[0], n, ops, f))
        print("powercut switch: %d cut points checked, %d failed" % (n, f))
        total += n
        bad += f
    print("powercut: %d cut points checked, %d failed, %d ms" % (total, bad, time.ticks_diff(time.ticks_ms(), t0)))
    return bad


if __name__ == "__main__":
    names = [a for a in sys.argv[1:] if not a.startswith("-") and not a.isdigit()]
    nums = [int(a) for a in sys.argv[1:] if a.isdigit()]
    sys.exit(1 if main(*nums, broken="--broken" in sys.argv, only=names, twice="--archive-always" in sys.argv) else 0)
