"""A bounded random-input storm: the real App through host_sim.runner.Sim on its virtual clock.

Random turns, presses, holds, waits, die faces and undos (through the screens, as a person
would), and after every event: the dials in
range, Game.check() and game over exactly when the rules say (lockdown at 99 or nobody inside),
the screen draws, a save loads back to the same save, and every undo restores exactly the state
before the action it takes back. The same code runs on CPython and MicroPython (tests/test_storm.py,
tools/soak.py). A switch to another game (the menu's picker) starts a fresh Infiltration Sim.
GamesStorm is the storm across the three games, with the picker's switches and undos back to
the start of each stretch.
"""
import sys

from lockdown.dice import Xorshift
from lockdown.events import ALARM, GO, PROX
from lockdown.games.infiltration.rules.game import INSIDE, SETUP
from lockdown.games.infiltration.session import Session

_INFILTRATION = "lockdown.games.infiltration"


class _Sink:
    """A framebuf that only counts calls: CPython's pure-Python framebuf would take most of the
    storm's time, and the drawing code runs the same (pixels are the golden frames' business)."""

    def __init__(self):
        self.calls = 0

    def _call(self, *args):
        self.calls += 1

    fill = pixel = hline = vline = line = rect = fill_rect = text = blit = scroll = _call


def _turn(st, r, n):
    """A turn of `n` detents, of the knob and in the direction the random byte `r` says."""
    knob = ALARM if r & 1 else PROX
    n = n if r & 2 else -n
    st.last = "turn %d %+d" % (knob, n)
    st.sim.turn(knob, n)


def _press(st, r):
    b = (ALARM, PROX, GO, GO)[r & 3]
    st.last = "press %d" % b
    st.sim.press(b)


def _hold(st, r):
    b = (ALARM, PROX, GO)[r % 3]
    st.last = "hold %d" % b
    st.sim.hold(b)


class StormError(AssertionError):
    """An invariant broke: the message names the seed, the event and what broke."""


class Storm:
    def __init__(self, seed):
        self.seed = seed
        self.rng = Xorshift(seed * 7919 + 1)
        self.events = 0
        self.undos = 0  # undos checked against the state before their action
        self.restarts = 0
        self.phases = 0  # a bit per phase seen after an event (SETUP .. OVER)
        self.last = ""
        self._boot()

    def _boot(self):
        from host_sim.runner import Sim
        self.sim = Sim(self.seed + 1000 * self.restarts)
        self.fb = _Sink() if sys.implementation.name == "cpython" else self.sim.fb
        self._mirror = []  # the state before each undo entry the ring holds, newest last
        self._top = self.sim.session.history._top

    def _byte(self):
        return self.rng(1)[0]

    def event(self):
        """One random input, then every check."""
        sim = self.sim
        s = sim.session
        before = bytes(s.game.s)
        top = s.history._top
        r = self._byte()
        if r < 90:
            _turn(self, r, 1 + self._byte() % 3 if r < 70 else 1 + self._byte() % 40)
        elif r < 190:
            _press(self, r)
        elif r < 205:
            _hold(self, r)
        elif r < 235:
            ms = 20 * (1 + self._byte() % 100) if r < 234 else 181000
            self.last = "wait %d" % ms
            sim.wait(ms)
        elif r < 248:
            face = 1 + self._byte() % 6
            self.last = "die %d" % face
            sim.die(face)
        elif sim.app.stack:  # back to the play screen (a menu's hold GO), as a person would
            self.last = "hold go"
            sim.hold(GO)
        else:  # undo, asked and confirmed
            self.last = "undo"
            sim.press(ALARM)
            sim.press(GO)
        self.events += 1
        if sim.session.PACKAGE != _INFILTRATION:  # the picker switched games: start afresh
            self.restarts += 1
            self._boot()
            return
        self._check(before, top)
        self.phases |= 1 << sim.session.game.phase

    def fail(self, what):
        raise StormError("seed %d, event %d (%s): %s" % (self.seed, self.events, self.last, what))

    def _check(self, before, top):
        sim = self.sim
        s = sim.session
        g = s.game
        if not (-1 <= g.alarm <= 8 and 0 <= g.proximity <= 99):
            self.fail("dials out of range: alarm %d, proximity %d" % (g.alarm, g.proximity))
        why = g.check()
        if why:
            self.fail("Game.check: " + why)
        if g.phase != SETUP:
            inside = False
            for op in range(g.ops):
                inside = inside or g.status(op) == INSIDE
            if g.over != (g.proximity == 99 or not inside):
                self.fail("over is %s at proximity %d, someone inside: %s" % (g.over, g.proximity, inside))
        sim.app.draw(self.fb)
        text = s.dumps()
        back = Session(Xorshift(1))
        back.loads(text)
        if back.dumps() != text or not back.game.same(g):
            self.fail("save then load is not the identity")
        self._undo(s, before, top)

    def _undo(self, s, before, top):
        """Mirrors the undo ring: a new entry remembers the state before it, an undo must bring it back."""
        h = s.history
        slots = h.depth + 1
        now = h._top
        if now == (top + 1) % slots:
            self._mirror.append(before)
            del self._mirror[:-h.depth]
        elif now == (top - 1) % slots:
            want = self._mirror.pop() if self._mirror else None
            if want is not None and bytes(s.game.s) != want:
                self.fail("undo did not restore the state before its action")
            self.undos += want is not None
        elif now != top:
            self._mirror = [None] * min(h.count, h.depth)  # several steps at once: not mirrored
        if len(self._mirror) > h.count:
            del self._mirror[:len(self._mirror) - h.count]


def run(seeds, events):
    """`events` events for each seed; returns (events, undos checked, restarts, phases seen)."""
    total = undos = restarts = phases = 0
    for seed in seeds:
        st = Storm(seed)
        for _ in range(events):
            st.event()
        total += st.events
        undos += st.undos
        restarts += st.restarts
        phases |= st.phases
    return total, undos, restarts, phases


class GamesStorm:
    """The storm across the three games: random inputs on the real App of whichever game runs, the
    picker switching games now and then (saved, remembered, resumed from `root` as on a board),
    and every few changes an undo all the way back to where the stretch began, which must bring
    back exactly the save it had then. After every event: the screen draws and the save loads
    back to itself."""

    UNDO_EVERY = 12  # changes between undos to the start: fewer than any game's undo ring holds
    KEPT = {  # what no undo takes back, on purpose: Infiltration's game log, which records the
        # undos too, and the die's faces rolled (the die was thrown); Infiltraitors' count of the
        # mission's actions, undos included (a mission with any is no longer a fresh one)
        "lockdown.games.infiltration": ("faces", "log"),
        "lockdown.games.infiltraitors": ("steps",),
    }
    def __init__(self, seed, root=None, games=None):
        from lockdown.games import GAMES
        self.seed = seed
        self.root = root
        self.games = games or GAMES  # the games the picker chooses among
        self.rng = Xorshift(seed * 104729 + 3)
        self.events = self.switches = self.rewinds = self.undos = 0
        self.seen = set()  # the games played
        self.last = ""
        from host_sim.runner import Sim
        self.sim = Sim(seed, save_dir=root)
        self.fb = _Sink() if sys.implementation.name == "cpython" else self.sim.fb
        self._mark()

    def _undone(self, s):
        """The save without what undo keeps on purpose (KEPT)."""
        import json
        doc = json.loads(s.dumps())
        for k in self.KEPT.get(s.PACKAGE, ()):
            doc.pop(k, None)
        return doc

    def _mark(self):
        """A new stretch starts here: its states, in order, are what undo must walk back through."""
        s = self.sim.session
        self.trail = [self._undone(s)]
        self.changes = self.start_changes = s.changes
        self.package = s.PACKAGE
        self.seen.add(s.PACKAGE)

    def _byte(self):
        return self.rng(1)[0]

    def fail(self, what):
        raise StormError("games seed %d, event %d (%s) in %s: %s" % (self.seed, self.events, self.last,
                                                                    self.package, what))

    def event(self):
        sim = self.sim
        r = self._byte()
        if r < 100:
            _turn(self, r, 1 + self._byte() % 3)
        elif r < 200:
            _press(self, r)
        elif r < 215:
            _hold(self, r)
        elif r < 245:
            ms = 20 * (1 + self._byte() % 50)
            self.last = "wait %d" % ms
            sim.wait(ms)
        elif r < 250 and sim.app.stack:
            self.last = "hold go"
            sim.hold(GO)
        else:
            self._switch()
        self.events += 1
        if sim.session.PACKAGE != self.package:  # the picker switched games: a new stretch
            self.switches += 1
            self._mark()
        self._check()

    def _switch(self):
        """The picker, as the menu's "Other games" opens it, and a game chosen in it."""
        from lockdown.games import GAMES
        sim = self.sim
        sim.app.open("picker")
        name = self.games[self._byte() % len(self.games)]
        self.last = "switch to " + name
        sim.turn(ALARM, -5)
        sim.turn(ALARM, GAMES.index(name))
        sim.press(GO)
        sim.wait(40)

    def _check(self):
        sim = self.sim
        s = sim.session
        sim.app.draw(self.fb)
        text = s.dumps()
        from lockdown.games import load
        back = load(s.PACKAGE.rpartition(".")[2]).new_session(Xorshift(1))
        try:
            back.loads(text)
        except ValueError as e:
            self.fail("its own save does not load: %s" % e)
        if back.dumps() != text:
            self.fail("save then load is not the identity")
        if s.changes != self.changes:
            self.changes = s.changes
            if not s.can_undo():  # a change no undo takes back (a first mission): the stretch starts anew
                self._mark()
            else:
                self.trail.append(self._undone(s))
        if s.changes - self.start_changes >= self.UNDO_EVERY:
            self._rewind()

    def _rewind(self):
        """Undo, step by step, back to the start of the stretch: each undo brings back an earlier
        state of it, in order (a knob's spin is one step), and the last one exactly its start."""
        sim = self.sim
        s = sim.session
        sim.app.close_all()
        at = len(self.trail) - 1  # where in the stretch the game is
        for _ in range(200):
            if not s.undo():
                break
            self.undos += 1
            now = self._undone(s)
            back = at - 1
            while back >= 0 and self.trail[back] != now:
                back -= 1
            if back < 0:
                self.fail("undo %d brought back no earlier state of the stretch" % self.undos)
            at = back
        now = self._undone(s)
        start = self.trail[0]
        if now != start:
            self.fail("undo all the way did not bring back the start: %s" % sorted(
                (k, start.get(k), now.get(k)) for k in set(now) | set(start) if now.get(k) != start.get(k)))
        self.rewinds += 1
        sim.app.close_all()  # as each game's undo screen leaves it: before the game began, its setup
        sim.wait(40)
        self._mark()


def run_games(seeds, events, root=None, games=None):
    """`events` events across the games for each seed: (events, switches, rewinds, undos, games seen)."""
    total = switches = rewinds = undos = 0
    seen = set()
    for seed in seeds:
        st = GamesStorm(seed, root, games)
        for _ in range(events):
            st.event()
        total += st.events
        switches += st.switches
        rewinds += st.rewinds
        undos += st.undos
        seen |= st.seen
    return total, switches, rewinds, undos, len(seen)
