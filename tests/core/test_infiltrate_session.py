"""Infiltrate's Session on the core contract: every change one named undo step, refusals with a
reason that change nothing, the device in game time, the save of named fields (loaded only when
play can reach it), the v1 saves migrated, a finished game archived once."""
import json
from array import array

from lockdown.dice import Xorshift
from lockdown.games import unload
from lockdown.session import REDRAW, RuleError, SaveError
from lockdown.games.infiltrate.rules import board as R
from lockdown.games.infiltrate.session import A_DEVICE, A_MOVE, SLICE_MS, Session
from tests.core.test_game_id import _folder

FIXTURES = (__file__.rpartition("/")[0].rpartition("/")[0] or ".") + "/fixtures/"  # tests/fixtures/


def refused(fn, *args):
    try:
        fn(*args)
    except RuleError as e:
        return str(e)
    return None


def armies(s, device=False, level=0):
    """3 medium and 3 large for P1 (and P2 at the table, else the device's); setup, P1 first."""
    if device:
        s.set_level(level)
    for p in (0,) if device else (0, 1):
        s.army(p, 2, 3)
        s.army(p, 3, 3)
    s.start(0)
    return s


def device_plays(s, now=0):
    """Ticks until the device has made its steps (a few ticks: begin, then think)."""
    for _ in range(200):  # Hard thinks 50 slices a move at most
        if not s.device_due():
            return
        s.tick(now)
    assert False, "the device never moved"


def placed(s):
    """Places every pyramid, small first, leftmost square offered first; the device in its ticks."""
    b = s.board
    while b.phase == R.SETUP:
        if s.device_due():
            device_plays(s)
            continue
        p = b.to_move
        size = next(z for z in (1, 2, 3) if b.in_hand(p, z))
        s.place(size, next(q for q in range(36) if b.can_place(size, q)))
    return s


def some_moves(s, n):
    mv = array("H", [0] * R.MAX_MOVES)
    for i in range(n):
        if s.board.phase != R.PLAY:
            return
        if s.device_due():
            device_plays(s)
        else:
            s.move(mv[(i * 5) % s.board.moves(mv)])


def snapshot(s):
    return bytes(s.board.s), s.level, s.id, s.history.count, s.changes


# ---- refusals and undo steps ---------------------------------------------------------------------------
def test_refusals_are_rule_errors_with_a_reason_and_change_nothing():
    s = Session(Xorshift(1))
    s.army(0, 3, 4)
    before = snapshot(s)
    assert refused(s.army, 0, 3, 1) == "4 at most"
    assert snapshot(s) == before
    assert refused(s.army, 0, 2, 1) is None and refused(s.army, 0, 2, 1) == "No points left"
    s.undo()
    before = snapshot(s)
    assert refused(s.start, 0) == "Each army needs one"
    assert refused(s.place, 1, 0) == "Not in setup"
    assert refused(s.move, 8) == "Not in play"
    assert refused(s.end_draw) == "Only during play"
    assert snapshot(s) == before
    s.army(1, 1, 1)
    s.start(0)
    assert refused(s.set_level, 2) == "Set before setup" and refused(s.army, 0, 1, 1) == "Set before setup"
    assert refused(s.setting, R.STACK_ANY, True) == "Set before setup"
    assert refused(s.place, 1, 6) == "Your home row only" and refused(s.place, 2, 0) == "None of that size"


def test_a_capture_of_a_medium_is_refused_with_its_reason():
    from tests.infiltrate_positions import board
    s = Session(Xorshift(1))
    s.board.s[:] = board({0: [(0, 2)], 8: [(0, 3)], 14: [(1, 2)], 20: [(1, 3)]}).s
    before = snapshot(s)
    assert refused(s.move, 8 * 8 + 0) == "Mediums can't be captured"
    assert refused(s.move, 20 * 8) == "Not your pyramid" and snapshot(s) == before
    s.move(8 * 8 + 2)  # c2-d2
    assert refused(s.move, 9 * 8 + 2) == "It moved already"


def test_every_change_is_one_undo_step_that_names_itself():
    s = Session(Xorshift(1))
    names = []

    def step(fn, *args):
        count = s.history.count if s._history else 0
        fn(*args)
        assert s.history.count == count + 1, fn
        names.append(s.undo_name())
    step(s.army, 0, 3, 1)
    step(s.army, 0, 3, -1)
    step(s.set_level, 2)
    step(s.set_level, -1)
    step(s.setting, R.TWICE, True)
    step(s.army, 0, 2, 1)
    s.army(1, 3, -9)  # P2 keeps the army the device built until changed
    s.army(1, 2, -9)
    s.army(1, 1, -9)
    step(s.army, 1, 1, 1)
    step(s.start, 1)
    step(s.place, 1, 30)
    step(s.place, 2, 1)
    assert names == ["P1 +large", "P1 -large", "Opponent: Hard", "Opponent: Player 2", "Move twice: on",
                     "P1 +medium", "P2 +small", "Start: P2 first", "P2 +a6 small", "P1 +b1 medium"]
    assert s.board.phase == R.PLAY
    s.board.s[R.B_TOP + 7] = 0  # (the medium on b2 has a step north)
    step(s.move, 1 * 8 + 0)
    assert names[-1] == "P1 b1-b2"
    step(s.end_draw)
    step(s.new_game)
    assert names[-2:] == ["End as a draw", "New game"]
    while s.history.count:
        s.undo()
    assert s.board.phase == R.ARMY and s.board.army(0, 3) == 0 and s.level == -1


def test_the_opponent_choice_is_an_undo_step_even_across_a_new_game():
    """Issue 24 point 8: New game, Opponent = Player 2, undo: the device again."""
    s = placed(armies(Session(Xorshift(1)), device=True, level=1))
    s.new_game()
    s.set_level(-1)
    assert s.undo_name() == "Opponent: Player 2"
    s.undo()
    assert s.level == 1 and s.board.phase == R.ARMY
    s.undo()
    assert s.level == 1 and s.board.phase == R.PLAY


def test_the_devices_army_is_built_when_it_is_chosen_and_cannot_be_changed():
    s = Session(Xorshift(1))
    s.set_level(0)
    assert s.board.points(1) == 15
    assert refused(s.army, 1, 1, 1) == "The device's own army"


# ---- the device in game time --------------------------------------------------------------------------
def test_the_device_thinks_in_the_sessions_tick_and_each_of_its_moves_is_an_undo_step():
    s = placed(armies(Session(Xorshift(1)), device=True, level=1))
    while s.device._ai is None:  # the player's turn: the search is made ahead, a step a quiet pass
        assert s.tick(0) == 0 and s.busy_ms == 0 and not s.thinking
        s.ahead()
        assert s.busy_ms == SLICE_MS
    assert s.tick(0) == 0 and s.busy_ms == 0 and not s.thinking
    s.ahead()
    assert s.busy_ms == 0  # made: nothing more to do ahead
    mv = array("H", [0] * R.MAX_MOVES)
    s.move(mv[0])
    s.move(mv[s.board.moves(mv) - 1])
    mine = bytes(s.board.s)
    assert s.device_due()
    assert s.tick(20) == REDRAW and s.thinking and s.busy_ms == SLICE_MS and bytes(s.board.s) == mine
    ticks = 0
    while s.device_due():
        ticks += 1
        r = s.tick(40)
        assert s.busy_ms == SLICE_MS
    assert r == REDRAW and not s.thinking and s.history.last_code() == A_DEVICE
    assert s.tick(60) == 0 and s.busy_ms == 0
    assert s.device_steps() == 2
    name = s.undo_name()
    assert name.startswith("P1 ") and name.endswith(" + device"), name
    s.undo()  # the device's two moves and the player's second
    assert s.board.to_move == 0 and s.board.moves_left == 1 and s.history.last_code() == A_MOVE


def test_the_device_plays_a_whole_game_legally():
    s = placed(armies(Session(Xorshift(1)), device=True))
    assert s.board.points(1) == 15
    mv = array("H", [0] * R.MAX_MOVES)
    for _ in range(300):
        if s.board.phase == R.OVER:
            break
        if s.device_due():
            before = bytes(s.board.s)
            device_plays(s)
            assert bytes(s.board.s) != before
        else:
            s.move(mv[s.board.moves(mv) - 1])
    assert s.board.phase == R.OVER and s.board.winner


def test_a_forced_die_face_decides_the_drawn_first_player():
    """Issue 24 point 13: the script's `die N` reaches Infiltrate's drawn first player."""
    for face, first in ((1, 0), (3, 0), (4, 1), (6, 1)):
        s = Session(Xorshift(1))
        s.army(0, 1, 1)
        s.army(1, 1, 1)
        s.forced = face
        s.start(-1)
        assert s.board.to_move == first and s.forced == 0
        assert s.undo_name() == "Start: P%d first" % (first + 1)


# ---- the board's rules the session shows ---------------------------------------------------------------
def test_setup_stacks_two_high_by_default():
    s = Session(Xorshift(1))
    s.army(0, 1, 4)
    s.army(0, 2, 4)
    s.army(0, 3, 1)
    s.army(1, 3, 1)
    s.start(1)
    s.place(3, 30)
    for c in range(6):
        s.place(1 if c < 4 else 2, c)
    s.place(2, 0)
    assert refused(s.place, 2, 0) == "2 high at most"
    s.place(2, 1)


def test_passes_are_counted():
    from tests.infiltrate_positions import board
    b = board({2: [(0, 1)], 35: [(1, 3)], 33: [(1, 2)]}, to_move=1, left=1)  # P1's lone small cannot move
    b.apply(35 * 8 + 4)  # f6-f5: P1 has no move, so P2 again
    assert b.s[R.B_PASSED] == 1 and b.s[R.B_PASSES] == 1 and b.to_move == 1


# ---- the save ---------------------------------------------------------------------------------------------
def played(level=2, moves=6):
    s = placed(armies(Session(Xorshift(1)), device=level >= 0, level=max(level, 0)))
    s.setting(R.TWICE, True)
    some_moves(s, moves)
    return s


def test_the_save_is_named_fields_and_round_trips():
    s = played()
    text = s.dumps()
    doc = json.loads(text)
    assert doc["game"] == "infiltrate" and doc["v"] == 2 and doc["id"] == s.id and s.id
    from lockdown.games.infiltrate.load import FIELDS  # the loader's, forgotten again
    for m in ("load", "save"):
        unload("lockdown.games.infiltrate." + m)
    assert sorted(doc) == sorted(FIELDS + ("game", "v", "id"))
    assert doc["phase"] == "play" and len(doc["board"]) == 36
    t = Session(Xorshift(2))
    t.loads(text)
    assert t.dumps() == text and t.level == 2 and t.board.setting(R.TWICE) and t.id == s.id
    assert t.status() == s.status()


def _loads(doc):
    t = Session(Xorshift(5))
    before = snapshot(t)
    try:
        t.loads(json.dumps(doc) if not isinstance(doc, str) else doc)
    except SaveError as e:
        assert snapshot(t) == before
        return str(e)
    return None


def test_the_loader_refuses_a_last_square_off_the_board_and_a_level_not_an_int():
    """Issue 24 points 1 and 2."""
    doc = json.loads(played().dumps())
    for v in (36, 100, 255):
        d = dict(doc)
        d["last"] = [doc["last"][0], v, doc["last"][2]]
        assert _loads(d), v
    for v in (2.0, True, False, "2", None, 3, -2):
        d = dict(doc)
        d["level"] = v
        assert _loads(d), v
    assert _loads(doc) is None


def _setup_doc():
    s = armies(Session(Xorshift(1)), device=True, level=0)
    s.place(3, 2)
    device_plays(s)
    return json.loads(s.dumps())


def test_the_loader_refuses_a_setup_where_the_device_must_place_with_nothing_in_hand():
    """Issue 24 point 3."""
    doc = _setup_doc()
    assert doc["turn"] == 0 and _loads(doc) is None
    d = dict(doc)
    d["army"] = [doc["army"][0], [0, 0, 1]]
    d["board"] = [sq for sq in doc["board"]]
    d["board"][32] = [6]
    d["board"] = [[6] if i == 32 else ([] if i >= 30 else sq) for i, sq in enumerate(doc["board"])]
    d["turn"] = 1
    assert _loads(d)


def _with(doc, **changes):
    d = json.loads(json.dumps(doc))
    d.update(changes)
    return d


def _board(stacks):
    return [stacks.get(i, []) for i in range(36)]


def _moved_onto(board, top, under):
    """The board with the first stack `top` put on the first stack `under`."""
    b = [list(sq) for sq in board]
    b[b.index(under)] += b[b.index(top)]
    b[b.index(top)] = []
    return b


def test_the_loader_refuses_impossible_positions():
    """Issue 24 point 4: each a position no play reaches, each refused."""
    play = json.loads(played(level=-1, moves=4).dumps())
    army = json.loads(Session(Xorshift(1)).dumps())
    setup = _setup_doc()
    over = json.loads(played(level=-1, moves=0).dumps())
    bad = {
        "24-point army": _with(army, army=[[4, 4, 4], [0, 0, 0]]),
        "pyramids beyond the army": _with(play, army=[[0, 1, 3], play["army"][1]]),
        "pyramids in the army phase": _with(army, army=[[1, 0, 0], [0, 0, 0]], board=_board({0: [1]})),
        "a winner while playing": _with(play, winner=1),
        "over with no winner": _with(play, phase="over", left=0),
        "a large on a medium": _with(play, board=_moved_onto(play["board"], [6], [2])),
        "an own stack away from home": _with(play, board=_board({14: [2, 3]}), army=[[0, 1, 1], [1, 0, 0]]),
        "no pyramids in play": _with(play, board=_board({})),
        "a setup turn out of order": _with(setup, turn=1),
        "a setup with a pass": _with(setup, passes=[1, 0]),
        "bad phase": _with(play, phase="lunch"),
        "unknown field": _with(play, extra=1),
    }
    for name, doc in bad.items():
        assert _loads(doc), name
    for text in ("", "[]", "{", "{}", json.dumps(_with(play, v=3)), json.dumps(_with(play, game="infiltration"))):
        assert _loads(text), text
    for doc in (play, army, setup, over):
        assert _loads(doc) is None


def test_todays_v1_saves_migrate():
    for name in ("play", "over"):
        with open(FIXTURES + "infiltrate_v1_%s.json" % name) as f:
            text = f.read()
        old = json.loads(text)
        t = Session(Xorshift(3))
        t.loads(text)
        assert t.level == old["level"] and t.id
        assert t.board.phase == old["state"][0] and t.board.to_move == old["state"][1]
        for sq in range(36):
            assert t.board.height(sq) == _v1_height(old["state"], sq)
        u = Session(Xorshift(4))
        u.loads(t.dumps())
        assert u.dumps() == t.dumps()
    assert t.over and t.board.winner == 2
    with open(FIXTURES + "infiltrate_v1_play.json") as f:
        text = f.read()
    t.loads(text)
    assert t.board.setting(R.STACK_ANY) and t.board.height(0) == 4  # v1 stacked a1 four high
    old = json.loads(text)
    for i, v in ((0, 7), (10, 5), (18, 30), (79 + 1, 40), (5, 99)):  # damaged v1 bytes: refused, no crash
        st = list(old["state"])
        st[i] = v
        assert _loads({"v": 1, "level": old["level"], "state": st}), (i, v)


def _v1_height(st, sq):
    k = st[18 + sq]
    n = 0
    while k:
        n += 1
        k = st[54 + k]
    return n


def test_a_finished_game_is_archived_once_whatever_undo_and_restarts_happen():
    """Issue 24 point 7: New game, undo, change a setting, New game: one archived game."""
    from lockdown.storage import Store
    root = _folder("infiltrate-once")
    store = Store(root, log=lambda m: None, save="infiltrate.json", archive="infiltrate-log")
    s = played(level=-1, moves=4)
    s.end_draw()
    store.save(s)
    s.new_game()
    store.save(s)
    s.undo()
    store.save(s)
    s.setting(R.PUSH_OFF, True)
    store.save(s)
    s.new_game()
    store.save(s)
    import os
    logs = os.listdir(root + "/infiltrate-log")
    assert len(logs) == 1, logs
    with open(root + "/infiltrate-log/" + logs[0]) as f:
        assert json.loads(f.read())["settings"] & R.PUSH_OFF  # the game as it ended, changed since


def test_over_and_fresh():
    s = Session(Xorshift(1))
    assert s.fresh and not s.over
    placed(armies(s))
    assert not s.fresh
    s.end_draw()
    assert s.over and "over" in s.status()
