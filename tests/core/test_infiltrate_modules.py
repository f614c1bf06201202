"""What Infiltrate does not load before its first frame (the armies' form on a board with no save):
a new Session has no undo ring and no die until an action or a roll needs them, and neither the
Session nor the form imports the device opponent until the device is chosen (device.py, its turns;
opening.py, its army and placements, forgotten once setup is over), nor its search (ai.py) before
play; the search is made in passes of its own."""
import gc
import sys
from array import array

from lockdown.dice import Xorshift
from lockdown.games import unload
from lockdown.games.infiltrate.rules import board as R
from lockdown.games.infiltrate.session import A_ARMY, A_START, Session

_AI = "lockdown.games.infiltrate.ai"
_OPENING = "lockdown.games.infiltrate.opening"
_FORMS = "lockdown.games.infiltrate.screens.army"
_DEVICE = "lockdown.games.infiltrate.device"


def _opp(s):
    """The device's search once made (device.py's), else None."""
    return s._device._ai if s._device else None


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


def test_an_undo_step_is_named_by_describe_py_and_it_is_forgotten_again():
    s = Session(Xorshift(1))
    s.army(0, 3, 1)
    assert s.undo_name() == "P1 +large" and "lockdown.games.infiltrate.describe" not in sys.modules


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
    for m in (_AI, _OPENING, _FORMS, _DEVICE):
        unload(m)
    __import__(_FORMS)
    s = Session(Xorshift(1))
    s.army(0, 2, 2)
    s.army(1, 2, 2)
    s.start(0)
    s.place(2, 0)
    s.tick(0)  # game time with two players at the table
    s.undo()
    s.undo()
    assert _AI not in sys.modules and _OPENING not in sys.modules and _DEVICE not in sys.modules
    s.set_level(2)
    s.set_level(1)  # the device builds its army (opening.py), each level passed without its search
    b = s.board
    assert _OPENING in sys.modules and b.points(1) == 15 and _AI not in sys.modules
    s.army(0, 3, 2)
    s.start(1)
    s.tick(0)  # the device's first placement needs no search
    assert b.army(1, 2) - b.in_hand(1, 2) == 1 and _AI not in sys.modules
    assert not s.tick(5) and _AI not in sys.modules  # the player to place: nothing due ...
    s.ahead()  # ... and setup's quiet passes leave the search out: it never shares RAM with opening.py
    assert _AI not in sys.modules
    while b.phase == R.SETUP:  # the rest of setup, the device placing in its ticks
        if s.device_due():
            s.tick(10)
        else:
            size = next(z for z in (1, 2, 3) if b.in_hand(0, z))
            s.place(size, next(q for q in range(36) if b.can_place(size, q)))
    assert b.phase == R.PLAY and _OPENING not in sys.modules and _AI not in sys.modules  # placements done with
    assert s.device_due()  # it placed first, so it moves first: its ticks make the search ...
    s.tick(10)  # ... its module in one ...
    assert _AI in sys.modules and _opp(s) is None
    s.tick(15)  # ... its tables in the next
    assert _opp(s) is not None and _opp(s).level == 1


def device_game(s, ticks, plays):
    """Ticks s (the player placing and moving the first thing offered at every 4th tick of their turn),
    recording what each tick did: 'import', 'make', 'search' (a slice or a begin), or '', and the
    phase it began in."""
    mv = array("H", bytes(2 * R.MAX_MOVES))
    did = []
    phases = []
    b = s.board
    for t in range(ticks):
        if b.phase == R.OVER:
            break
        if s.device_due() or not plays or t % 4:
            pass
        elif b.phase == R.SETUP:
            size = next(z for z in (1, 2, 3) if b.in_hand(0, z))
            s.place(size, next(q for q in range(36) if b.can_place(size, q)))
        else:
            s.move(mv[t % b.moves(mv)])
        phases.append(b.phase)
        had, opp = _AI in sys.modules, _opp(s)
        slices = opp.slices if opp else 0
        thinking = s.thinking
        if not s.tick(t * 5) and not s.busy_ms:
            s.ahead()  # the App's quiet pass
        step = "import" if not had and _AI in sys.modules else "make" if _opp(s) is not opp else ""
        searched = _opp(s) is not None and (_opp(s).slices != slices or s.thinking and not thinking)
        did.append(step + ("search" if searched else ""))
    return did, phases


def test_no_pass_makes_the_search_and_searches():
    """Issue 26: ai.py's import, its tables and each slice of a move are passes of their own; the
    search is made once play begins (issue 24: never beside the placements), ahead in the player's
    idle passes or in the device's first ticks."""
    unload(_AI)
    s = Session(Xorshift(1))
    s.set_level(2)
    s.army(0, 2, 3)
    s.army(0, 3, 3)
    s.start(1)
    did, phases = device_game(s, 400, True)
    assert did.count("import") == 1 and did.count("make") == 1 and "search" in did, did
    assert set(did) <= {"", "import", "make", "search"}, did  # never two in a tick
    assert did.index("make") < did.index("search")
    assert phases[did.index("import")] == R.PLAY and phases[did.index("search")] == R.PLAY


def test_a_game_loaded_at_the_devices_move_makes_its_search_a_step_a_pass():
    from tests.infiltrate_positions import board
    unload(_AI)
    s = Session(Xorshift(1))
    s.set_level(0)
    s.board.s[:] = board({4: [(0, 2)], 33: [(1, 2)], 20: [(1, 3)]}, to_move=1).s
    assert s.device_due()
    assert device_game(s, 4, False)[0] == ["import", "make", "search", "search"]


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


def test_a_refused_moves_reason_is_imported_for_it_and_forgotten_again():
    from tests.infiltrate_positions import board
    refusals = "lockdown.games.infiltrate.rules.refusals"
    s = Session(Xorshift(1))
    s.board.s[:] = board({4: [(0, 2)], 20: [(0, 3)], 33: [(1, 2)]}).s
    s.move(4 * 8)  # a legal move needs none of it
    assert refusals not in sys.modules and s.board.top(10)
    for m, why in ((33 * 8 + 4, "Not your pyramid"), (10 * 8, "It moved already")):
        try:
            s.move(m)
            raise AssertionError("refused: %d" % m)
        except ValueError as e:
            assert str(e) == why and refusals not in sys.modules
