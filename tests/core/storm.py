"""A bounded random-input storm: the real App through host_sim.runner.Sim on its virtual clock.

Random turns, presses, holds, waits, die faces and undos (through the screens, as a person
would), and after every event: the dials in
range, Game.check() and game over exactly when the rules say (lockdown at 99 or nobody inside),
the screen draws, a save loads back to the same save, and every undo restores exactly the state
before the action it takes back. The same code runs on CPython and MicroPython (tests/test_storm.py,
tools/soak.py). A switch to another game (the menu's picker) starts a fresh Infiltration Sim.
"""
import sys

from lockdown.dice import Xorshift
from lockdown.events import ALARM, GO, PROX
from lockdown.games.infiltration.rules.game import INSIDE, SETUP
from lockdown.games.infiltration.rules.session import Session

_INFILTRATION = "lockdown.games.infiltration"


class _Sink:
    """A framebuf that only counts calls: CPython's pure-Python framebuf would take most of the
    storm's time, and the drawing code runs the same (pixels are the golden frames' business)."""

    def __init__(self):
        self.calls = 0

    def _call(self, *args):
        self.calls += 1

    fill = pixel = hline = vline = line = rect = fill_rect = text = blit = scroll = _call


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
            n = 1 + self._byte() % 3 if r < 70 else 1 + self._byte() % 40
            knob = ALARM if r & 1 else PROX
            self.last = "turn %d %+d" % (knob, n if r & 2 else -n)
            sim.turn(knob, n if r & 2 else -n)
        elif r < 190:
            b = (ALARM, PROX, GO, GO)[r & 3]
            self.last = "press %d" % b
            sim.press(b)
        elif r < 205:
            b = (ALARM, PROX, GO)[r % 3]
            self.last = "hold %d" % b
            sim.hold(b)
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
