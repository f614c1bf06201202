"""Every game keeps the contract ARCHITECTURE.md's "Adding a game" sets (issue 24e): its package's
__init__ names SAVE, ARCHIVE, HOME, SCREENS, before_home and new_session; every screen it names
exists; its session is a lockdown.session.GameSession naming its package and its save, whose
save, load and undo words the core finds in the package's own modules; and every screen opened
anywhere (open("name") in its screens and in the core's, a menu's places) is one the game or the
core has."""
import os
import re

import pytest

from lockdown.app import _CORE
from lockdown.dice import Xorshift
from lockdown.games import GAMES, TITLES, load
from lockdown.menu import Menu
from lockdown.session import GameSession

FIRMWARE = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "firmware", "lockdown")
OPENED = re.compile(r"""\bopen\(\s*["']([A-Za-z_]\w*)["']""")


def _class(package, spec):
    mod, cls = spec
    m = __import__(package + ".screens." + mod, None, None, (cls,))
    assert hasattr(m, cls), "%s.screens.%s has no %s" % (package, mod, cls)
    return getattr(m, cls)


def _opened(folder):
    """Every screen name opened in the .py files of `folder` (not its subfolders)."""
    names = set()
    for f in sorted(os.listdir(folder)):
        if f.endswith(".py"):
            with open(os.path.join(folder, f)) as src:
                names.update(OPENED.findall(src.read()))
    return names


def test_the_games_and_their_titles_line_up():
    assert len(GAMES) == len(TITLES) == len(set(GAMES)) and all(TITLES)


@pytest.mark.parametrize("name", GAMES)
def test_a_game_package_declares_the_contract(name):
    g = load(name)
    package = "lockdown.games." + name
    for attr in ("SAVE", "ARCHIVE", "HOME", "SCREENS", "before_home", "new_session"):
        assert hasattr(g, attr), "%s has no %s" % (name, attr)
    assert g.SAVE.endswith(".json") and g.ARCHIVE and "/" not in g.SAVE + g.ARCHIVE
    assert _class(package, g.HOME)
    for screen, spec in g.SCREENS.items():
        assert screen not in ("notice", "picker"), "%s redefines the core's %s" % (name, screen)
        assert _class(package, spec), screen
    s = g.new_session(Xorshift(1))
    assert isinstance(s, GameSession), "%s's session is no GameSession" % name
    assert s.PACKAGE == package
    assert s.changes == 0 and s.can_undo() is False
    first = g.before_home(s)
    assert first is None or first in g.SCREENS, first
    for method in ("dumps", "loads", "status", "tick", "undo", "undo_name"):
        assert callable(getattr(s, method)), method
    assert type(s.over) is bool and type(s.fresh) is bool


@pytest.mark.parametrize("name", GAMES)
def test_a_session_names_its_save(name):
    """The save it writes says which game and which version it is (Infiltration's, from before the
    other games, names none: its file is its own)."""
    import json
    s = load(name).new_session(Xorshift(1))
    doc = json.loads(s.dumps())
    assert doc.get("game", "infiltration") == name and type(doc["v"]) is int and doc["v"] >= 2


@pytest.mark.parametrize("name", GAMES)
def test_what_the_core_imports_for_a_moment_is_in_the_games_own_modules(name):
    """Where a session keeps the core's dumps, loads, status or describe, the module of its package
    the core imports for it (GameSession.part) has the function; the session keeps no save names."""
    from lockdown.games import unload
    s = load(name).new_session(Xorshift(1))
    for method, module, fn in (("dumps", "save", "dumps"), ("status", "save", "status"),
                               ("loads", "load", "loads"), ("describe", "describe", "describe")):
        if getattr(type(s), method) is getattr(GameSession, method):
            m = __import__(s.PACKAGE + "." + module, None, None, (fn,))
            assert callable(getattr(m, fn, None)), "%s.%s has no %s" % (name, module, fn)
            unload(s.PACKAGE + "." + module)
    for attr in ("NAME", "VERSION", "FIELDS", "fields", "load_fields", "upgrade"):
        assert not hasattr(s, attr), "%s's session keeps %s, which its save modules hold" % (name, attr)


@pytest.mark.parametrize("name", GAMES)
def test_every_screen_opened_anywhere_exists(name):
    g = load(name)
    known = set(g.SCREENS) | set(_CORE)
    opened = _opened(os.path.join(FIRMWARE, "games", name, "screens")) | _opened(FIRMWARE)
    missing = sorted(opened - known)
    assert not missing, "%s opens screens it does not have: %s" % (name, missing)
    for screen, spec in g.SCREENS.items():  # a menu's places, where the menu opens them itself
        cls = _class("lockdown.games." + name, spec)
        if issubclass(cls, Menu) and cls.go is Menu.go:
            places = {place for _, place in cls.ITEMS if place is not None}
            assert places <= known, (screen, sorted(places - known))


def test_the_check_finds_a_screen_that_does_not_exist(tmp_path):
    (tmp_path / "s.py").write_text('self.app.open("nowhere", 1)\napp.open( \'menu\')\n')
    assert _opened(str(tmp_path)) == {"nowhere", "menu"}
