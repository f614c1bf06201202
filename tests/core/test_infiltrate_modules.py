"""What Infiltrate does not load before its first frame (the armies' form on a board with no save):
a new Session has no undo ring and no die until an action or a roll needs them, and neither the
Session nor the form imports the device opponent (ai.py) until the device is chosen."""
import gc
import sys

from lockdown.dice import Xorshift
from lockdown.games import unload
from lockdown.games.infiltrate.session import A_ARMY, A_START, Session

_AI = "lockdown.games.infiltrate.ai"
_FORMS = "lockdown.games.infiltrate.screens.forms"


def test_a_new_session_has_no_undo_ring_and_no_die():
    s = Session(Xorshift(1))
    assert s._history is None and s._die is None
    assert s.board.army(0, 3) == 0 and s.changes == 0  # reading the board makes neither


def test_the_undo_ring_comes_with_the_first_action_and_works():
    s = Session(Xorshift(1))
    s.army(0, 3, 1)
    assert s._history is not None and s._die is None
    assert s.history is s.history and s.history.count == 1 and s.history.last_code() == A_ARMY
    assert s.undo() == A_ARMY and s.board.army(0, 3) == 0 and s.history.count == 0


def test_the_die_comes_with_the_first_drawn_start_and_works():
    s = Session(Xorshift(1))
    for p in (0, 1):
        s.army(p, 3, 1)
    s.start(0)  # a chosen first player: no die
    assert s._die is None and s.history.last_code() == A_START
    s.undo()
    s.start(-1)  # drawn with the die
    assert s._die is not None and s.die is s.die
    assert s.board.to_move in (0, 1)
    assert all(1 <= s.die.roll() <= 6 for _ in range(20))


def test_the_opponent_is_imported_only_when_the_device_plays():
    unload(_AI)
    unload(_FORMS)
    __import__(_FORMS)
    s = Session(Xorshift(1))
    s.army(0, 2, 2)
    s.army(1, 2, 2)
    s.start(0)
    s.place(2, 0)
    s.tick(0)  # game time with two players at the table
    s.undo()
    s.undo()
    assert _AI not in sys.modules and s._ai is None
    s.set_level(2)
    s.set_level(1)  # the device builds its army, each level passed without its search tables
    b = s.board
    assert _AI in sys.modules and b.points(1) == 15 and s._ai is None
    s.army(0, 3, 2)
    s.start(1)
    s.tick(0)  # the device's first placement: now they are made
    assert s._ai is not None and s._ai.level == 1


def test_the_ring_and_the_die_once_made_allocate_nothing_when_read():
    if not hasattr(gc, "mem_alloc"):
        return  # measured on MicroPython
    s = Session(Xorshift(1))
    s.army(0, 1, 1)
    s.die.roll()
    gc.collect()
    before = gc.mem_alloc()
    h = d = None
    for _ in range(10):
        h = s.history
        d = s.die
    used = gc.mem_alloc() - before
    assert used == 0 and h is s._history and d is s._die, used


def test_a_save_is_written_without_the_loader_and_both_are_forgotten():
    s = Session(Xorshift(1))
    s.army(0, 3, 1)
    saver, loader = "lockdown.games.infiltrate.save", "lockdown.games.infiltrate.load"
    seen = []
    real = __import__

    def spy(name, *args):
        seen.append(name)
        return real(name, *args)

    import builtins
    builtins.__import__ = spy
    try:
        text = s.dumps()
    finally:
        builtins.__import__ = real
    assert saver in seen and loader not in seen
    assert saver not in sys.modules and loader not in sys.modules
    t = Session(Xorshift(2))
    t.loads(text)
    assert t.board.army(0, 3) == 1 and saver not in sys.modules and loader not in sys.modules
