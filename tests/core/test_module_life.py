"""Modules the docs say are forgotten are forgotten on every path, and no module is ever loaded
twice (issue 24.13): Infiltration walked through its setup, menu, odds and graph, the table and
the undo screen, the NPC list, two NPC phases and an undo out of one, checking after each step
that no loaded module holds an old copy of one (the copy kept beside the next import: rules/npc.py
held by screens/npc.py cost 5.3 KB), and on CPython that no two copies of a module are alive."""
import gc
import sys

from lockdown.events import ALARM, GO, PROX
from lockdown.games.infiltration.rules.game import NPC, SECURITY, SELECTION
from tests.core.check import Driver

try:
    import weakref
except ImportError:  # MicroPython: the stale-copy check alone
    weakref = None

GAME = "lockdown.games.infiltration."
WALK = GAME + "rules.npc"
STEPS = GAME + "screens.npc"
SCREENS = tuple(GAME + "screens." + m for m in ("setup", "menu", "table", "undo", "end", "helpers", "stats", "npc"))
BROUGHT = ("lockdown.menu", GAME + "rules.odds", "lockdown.undo", "lockdown.picker", "lockdown.notice",
           "lockdown.modules")  # the forgetting itself, once it has forgotten
KENT = 4


class _Probe:
    """Put into each module's globals: alive exactly as long as that copy of the module."""


class Walk:
    def __init__(self):
        from lockdown.games import unload
        from lockdown.modules import forget
        names = SCREENS + BROUGHT + (WALK, GAME + "screens.play")
        forget(names)  # as on a board just booted, whatever tests ran before in this process...
        unload("lockdown.modules")  # (as App.tidy does after it)
        self.pinned = [n for n in names if n in sys.modules]  # ...but what their modules hold
        self.d = Driver()
        self.probes = []  # (module name, weak reference to its copy's probe)
        self.before = set(sys.modules)  # copies loaded before the walk are not counted
        self.step = "boot"

    def check(self, step, gone=(), loaded=()):
        self.step = step
        for name in gone:
            assert name not in sys.modules or name in self.pinned, "%s: %s still loaded" % (step, name)
        for name in loaded:
            assert name in sys.modules, "%s: %s not loaded" % (step, name)
        self._no_old_copies()
        if weakref:
            self._count_copies()

    def _no_old_copies(self):
        """No module of ours holds a module, function or class that is not the loaded copy's."""
        d = self.d
        for name, m in list(sys.modules.items()):
            other = name.startswith("lockdown.games.") and not name.startswith(GAME)  # another game's:
            if name.startswith("lockdown.") and not other:  # only other tests load it
                for key, v in list(m.__dict__.items()):
                    self._current(v, "%s.%s" % (name, key))
        for obj in [d.app, d.session, d.app._home] + d.app.stack:
            for key, v in list(getattr(obj, "__dict__", {}).items()):
                self._current(v, "%s.%s" % (type(obj).__name__, key))
            self._current(type(obj), type(obj).__name__)

    def _current(self, v, where):
        if type(v) is type(sys):
            if v.__name__.startswith("lockdown."):
                assert sys.modules.get(v.__name__) is v, "%s: %s holds an old copy of %s" % (self.step, where, v.__name__)
            return
        if isinstance(v, type):  # a class (or a type a module keeps, such as the function type)
            if getattr(v, "__module__", "").startswith("lockdown."):
                m = sys.modules.get(v.__module__)
                assert m is not None and getattr(m, v.__name__, None) is v, \
                    "%s: %s is a class of an old copy of %s" % (self.step, where, v.__module__)
            return
        g = getattr(v, "__globals__", None)
        if g is not None:
            name = g.get("__name__", "")
            if name.startswith("lockdown."):
                m = sys.modules.get(name)
                assert m is not None and m.__dict__ is g, "%s: %s is from an old copy of %s" % (self.step, where, name)

    def _count_copies(self):
        for name, m in list(sys.modules.items()):
            if name.startswith("lockdown.") and name not in self.before and "_probe" not in m.__dict__:
                p = m.__dict__["_probe"] = _Probe()
                self.probes.append((name, weakref.ref(p)))
        gc.collect()
        alive = {}
        for name, ref in self.probes:
            if ref() is not None:
                alive[name] = alive.get(name, 0) + 1
        twice = [n for n, k in alive.items() if k > 1]
        assert not twice, "%s: loaded twice: %s" % (self.step, twice)


def _menu(d, label):
    d.hold(GO)
    d.turn(ALARM, [text for text, _ in d.app.stack[-1].ITEMS].index(label))
    d.press(GO)


def _npc_phase(w, n):
    d = w.d
    while d.game.phase != NPC:
        d.press(GO)
    w.check("NPC phase %d" % n, loaded=(WALK, STEPS))
    for _ in range(20):
        if d.game.phase != NPC:
            break
        d.press(GO)
        if d.screen() == "NpcStep":
            d.press(GO)
        w.check("NPC phase %d, a step" % n)
    assert d.game.phase == SECURITY
    w.check("NPC phase %d over" % n, gone=(WALK, STEPS) + SCREENS + BROUGHT)
    d.press(GO)  # roll
    d.wait(1000)
    d.press(GO)  # the next round
    assert d.game.phase == SELECTION


def test_infiltration_forgets_on_every_path_and_loads_nothing_twice():
    """Run alone (tests/test_module_life.py: a fresh process, as a board boots) every module is
    checked; after other tests, those their modules hold stay loaded and are not."""
    w = Walk()
    d = w.d
    w.check("boot", loaded=(GAME + "screens.setup",))
    d.start()
    w.check("round 1", gone=SCREENS + BROUGHT)
    _menu(d, "Lockdown odds")
    w.check("odds", loaded=(GAME + "rules.odds", "lockdown.menu"))
    d.press(ALARM)
    d.turn(ALARM, 1)  # Proximity graph
    d.press(GO)
    d.hold(GO)
    w.check("back from the graph", gone=SCREENS + BROUGHT)
    d.press(PROX)  # the operatives
    d.press(GO)  # P1
    d.press(ALARM)
    d.press(ALARM)
    d.turn(PROX, 3)  # something to undo
    d.press(ALARM)  # the undo screen
    w.check("undo", loaded=(GAME + "screens.undo", GAME + "screens.table"))
    d.press(ALARM)  # keep it
    w.check("kept", gone=SCREENS + BROUGHT)
    d.hold(ALARM)  # the NPC list: Kent, in room 8, face up
    d.turn(ALARM, KENT)
    d.press(GO)
    d.turn(PROX, 7)
    d.turn(ALARM, 2)
    d.press(GO)
    d.press(ALARM)
    assert d.game.npc(KENT) == (8, True) and d.screen() == "play"
    w.check("Kent in play", gone=SCREENS + BROUGHT + (WALK,))
    _npc_phase(w, 1)
    _npc_phase(w, 2)
    while d.game.phase != NPC:
        d.press(GO)
    d.press(GO)  # Kent's step
    d.press(ALARM)
    d.press(GO)  # undone
    d.press(ALARM)
    d.press(GO)  # undone: back in Resolution
    assert d.game.phase == NPC - 1, d.game.phase
    w.check("undone out of the NPC phase", gone=SCREENS + BROUGHT + (WALK,))
    _menu(d, "Other games")
    d.press(ALARM)
    d.press(ALARM)
    w.check("back from the picker", gone=SCREENS + BROUGHT)


def test_a_package_stays_while_a_module_inside_it_is_loaded_and_a_plain_module_goes():
    from lockdown.modules import forget
    import lockdown.games.infiltration.screens.play  # noqa: F401
    forget([GAME + "screens"])  # screens/ is a package: play.py is inside it
    assert GAME + "screens" in sys.modules
    import lockdown.archive  # noqa: F401  (imported in functions only: held by none of ours)
    forget(["lockdown.archive"])
    assert "lockdown.archive" not in sys.modules
