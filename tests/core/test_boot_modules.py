"""What a board does not load before the first frame (issue 16: 5): a game that starts on its
setup does not import its home screen; the crash report and the game switch are imported only
when a crash or a switch happens."""
import sys

from lockdown.dice import Xorshift
from lockdown.events import GO
from lockdown.games import load, unload
from tests.core.check import Driver

HOMES = {  # game -> its home screen's module, within its screens/ package
    "infiltration": "play",
    "infiltraitors": "home",
    "infiltrate": "board",
}


def _app_of(name):
    """A fresh App over a new session of game `name`, its home screen's module forgotten first."""
    from lockdown.app import App
    home = "lockdown.games.%s.screens.%s" % (name, HOMES[name])
    unload(home)
    return App(load(name).new_session(Xorshift(1))), home


def test_a_game_that_starts_on_its_setup_has_not_imported_its_home_screen():
    for name in HOMES:
        app, home = _app_of(name)
        assert app.stack and type(app.top()).__name__ in ("Setup", "Army"), name
        assert app._home is None and home not in sys.modules, name


def test_the_home_screen_comes_once_the_setup_is_done():
    d = Driver()
    assert d.screen() == "Setup" and d.app._home is None
    d.start()
    assert d.screen() == "play" and d.app._home is not None


def test_the_home_screen_is_made_when_a_screen_asks_for_it():
    app, home = _app_of("infiltration")
    assert app.home is app.home and home in sys.modules  # made once, then kept
    assert type(app.top()).__name__ == "Setup"  # asking for it does not show it


def test_a_started_game_boots_to_its_home_screen():
    d = Driver()
    d.start()
    from lockdown.app import App
    app = App(d.app.session)
    assert not app.stack and app._home is not None


def test_the_run_loop_imports_no_crash_report_and_no_switch():
    for m in ("lockdown.runloop", "lockdown.crash", "lockdown.picker"):
        unload(m)
    import lockdown.runloop  # noqa: F401
    assert "lockdown.crash" not in sys.modules and "lockdown.picker" not in sys.modules


def test_a_crash_imports_its_report_and_shows_it():
    from lockdown.runloop import crashed
    from lockdown.storage import Store
    unload("lockdown.crash")
    said = []
    hw = _NoDisplay(said.append)
    crashed(hw, Store(None, said.append), ValueError("boom"))
    assert "lockdown.crash" in sys.modules
    assert any("ValueError" in s and "boom" in s for s in said)


class _NoDisplay:
    display = None

    def __init__(self, log):
        self.log = log


def test_go_on_the_setup_still_starts_after_a_boot_without_the_home_screen():
    app, home = _app_of("infiltration")
    app.press(GO)  # the setup's default start
    assert not app.stack and app.session.game.round == 1 and home not in sys.modules
    app.tick(20)  # the next pass makes the home screen: the start and its import are passes apart
    assert home in sys.modules and app.home is app.top() and app.imported


def test_a_new_session_has_no_undo_ring_and_no_die_until_they_are_needed():
    from lockdown.games.infiltration.rules.actions import A_ALARM
    from lockdown.games.infiltration.session import Session
    from tests.core.check import playing
    s = Session(Xorshift(1), playing(4))
    assert s._history is None and s._die is None
    s.turn(A_ALARM, 1)
    assert s._history is not None and s.history.count == 1 and s._die is None
    from lockdown.games.infiltration.rules.game import SECURITY
    from tests.core.check import to_phase
    to_phase(s.game, SECURITY)
    s.roll(3)  # a physical die's face: still no device die
    assert s._die is None
    assert 1 <= s.die.roll() <= 6 and s.die is s.die


def test_the_npc_walk_leaves_ram_when_the_npc_phase_ends():
    from lockdown.games.infiltration.rules.game import NPC, SECURITY
    from tests.core.check import playing, to_phase
    g = playing(4)
    to_phase(g, NPC)
    g.next_phase()
    assert g.phase == SECURITY and "lockdown.games.infiltration.rules.npc" not in sys.modules


def test_the_loader_forgets_its_invariants_and_the_archive_is_forgotten_after_use():
    from lockdown.games.infiltration.session import Session
    from lockdown.storage import Store
    from tests.core.check import playing
    s = Session(Xorshift(1), playing(4))
    text = s.dumps()
    restored = Session(Xorshift(2))
    restored.loads(text)
    assert "lockdown.games.infiltration.rules.invariants" not in sys.modules
    assert restored._history is not None  # ready before a restored game's first detent
    from tests.core.test_game_id import _folder
    Store(_folder("boot_modules"), log=lambda m: None).archive(text)
    assert "lockdown.archive" not in sys.modules
