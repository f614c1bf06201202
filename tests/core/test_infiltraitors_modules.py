"""What Infiltraitors does not load before its first frame (the setup, on a board with no save):
a new Session has no Table until it is first asked for one or a mission starts, so neither
table.py nor clues.py or clock.py is imported by the session or the setup screen, nor the undo
ring (history.py) before the first step; the save format (save.py) is imported by dumps and
loads only and forgotten after each, and the undo step's words (describe.py) after each ask.

Each test imports the session anew and puts the modules it forgot back afterwards, so the other
test files (which hold RuleError and SaveError from the first import) see the same classes."""
import gc
import sys

from lockdown.games import unload

_PKG = "lockdown.games.infiltraitors"
SESSION = _PKG + ".session"
SAVE = _PKG + ".save"
LOAD = _PKG + ".load"
SETUP = _PKG + ".screens.setup"
RULES = (_PKG + ".rules.table", _PKG + ".rules.clues", _PKG + ".rules.clock")
HISTORY = "lockdown.history"
DESCRIBE = _PKG + ".describe"
COMMON = _PKG + ".screens.common"
_FORGOTTEN = (SESSION, SAVE, LOAD, SETUP, COMMON, HISTORY) + RULES


def _fresh(fn):
    """Runs fn(Session) on session.py and the rules' modules imported anew, as on a board just
    booted; every module it forgot is put back after, the ones imported meanwhile forgotten."""
    kept = [(m, sys.modules.get(m)) for m in _FORGOTTEN]
    for m, _ in kept:
        unload(m)
    try:
        from lockdown.games.infiltraitors.session import Session
        fn(Session)
    finally:
        for m, mod in kept:
            unload(m)
            if mod is not None:
                sys.modules[m] = mod
                parent, _, name = m.rpartition(".")
                setattr(sys.modules[parent], name, mod)


def _loaded(names):
    return [m for m in names if m in sys.modules]


def test_a_new_session_has_no_table_and_imports_no_rules():
    def check(Session):
        s = Session()
        assert s._table is None
        assert not s.started and not s.over and s.fresh
        assert s.status() == "no mission set up" and s.tick(0) == 0 and s.tick(5000) == 0
        assert s._table is None and _loaded(RULES + (SAVE, HISTORY)) == []
    _fresh(check)


def test_the_first_setup_frame_imports_no_table_no_clues_and_no_shared_screen_code():
    def check(Session):
        from tests.core.check import Driver
        from lockdown.events import ALARM, PROX
        d = Driver(session=Session())
        assert d.screen() == "Setup" and d.frames == 1
        for knob, n in ((PROX, 1), (ALARM, 1), (PROX, 1), (PROX, -1)):  # rows and values, drawn
            d.turn(knob, n)
        assert d.session._table is None and _loaded(RULES + (SAVE, COMMON, HISTORY)) == []
    _fresh(check)


def test_asking_for_the_table_makes_the_first_one_once():
    def check(Session):
        s = Session()
        t = s.table
        assert _loaded(RULES) == list(RULES) and SAVE not in sys.modules
        from lockdown.games.infiltraitors.rules.table import Table
        first = Table(0, 3)
        assert t is s.table and bytes(t.s) == bytes(first.s) and t.agents == 3 and t.mission == 0
        assert not s.started and s.status() == "no mission set up" and s.tick(0) == 0
    _fresh(check)


def test_a_mission_started_from_the_setup_brings_its_table():
    def check(Session):
        from tests.core.check import Driver
        from lockdown.events import GO, PROX
        d = Driver(session=Session())
        d.turn(PROX, 9)  # Mission 7
        d.press(GO)
        s = d.session
        assert s.started and s._table is not None and s.table.mission == 9 and s.steps == 0
        assert d.screen() == "play" and _loaded((SAVE, _PKG + ".start")) == []
    _fresh(check)


def test_save_is_forgotten_after_dumps_and_loads_and_a_bad_save_makes_no_table():
    def check(Session):
        from lockdown.session import SaveError
        s = Session()
        s.start(9, 3, 600, 0, 0)
        s.act(1, s.table.nab, 0)  # table.A_NAB
        assert s.undo_name() == "A1 nabs S1" and DESCRIBE not in sys.modules
        text = s.dumps()
        assert SAVE not in sys.modules
        r = Session()
        r.loads(text)
        assert _loaded((SAVE, LOAD)) == [] and r.started and r.steps == 1 and r.dumps() == text
        bad = Session()
        try:
            bad.loads(text.replace('"v": 2', '"v": 3').replace('"v":2', '"v":3'))
        except SaveError:
            pass
        else:
            raise AssertionError("no SaveError")
        assert bad._table is None and not bad.started and bad.changes == 0
        assert _loaded((SAVE, LOAD)) == []
    _fresh(check)


def test_the_table_once_made_allocates_nothing_when_read():
    if not hasattr(gc, "mem_alloc"):
        return  # measured on MicroPython
    from lockdown.games.infiltraitors.session import Session
    s = Session()
    s.start(9, 3, 600, 0, 0)
    gc.collect()
    before = gc.mem_alloc()
    t = None
    for _ in range(10):
        t = s.table
    used = gc.mem_alloc() - before
    assert used == 0 and t is s._table, used
