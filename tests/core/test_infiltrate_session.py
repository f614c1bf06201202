"""Infiltrate's Session: army refusals, setup, undo of every step, the device's steps, the save."""
from lockdown.dice import Xorshift
from lockdown.games.infiltrate import rules as R
from lockdown.games.infiltrate.session import A_DEVICE, A_MOVE, SaveError, Session


def refused(fn, *args):
    try:
        fn(*args)
    except ValueError as e:
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


def placed(s):
    """Places every pyramid, small first, leftmost free square first."""
    b = s.board
    while b.phase == R.SETUP:
        p = b.to_move
        size = next(z for z in (1, 2, 3) if b.in_hand(p, z))
        s.place(size, next(q for q in range(36) if b.can_place(size, q)))
    return s


def test_the_army_refuses_more_than_15_points_and_more_than_4_of_a_size():
    s = Session(Xorshift(1))
    s.army(0, 3, 4)
    assert s.board.pips_left(0) == 3
    assert refused(s.army, 0, 3, 1) == "4 at most"
    s.army(0, 2, 1)
    assert refused(s.army, 0, 2, 1) == "No points left"
    assert s.board.pips_left(0) == 1 and s.board.army(0, 2) == 1
    count = s.history.count
    s.army(0, 3, -9)  # removing stops at none, quietly
    assert s.board.army(0, 3) == 0 and s.history.count == count + 4


def test_a_refused_action_leaves_no_undo_entry_and_no_change():
    s = Session(Xorshift(1))
    s.army(0, 3, 4)
    before = (bytes(s.board.s), s.history.count, s.changes)
    assert refused(s.army, 0, 3, 2)
    assert refused(s.place, 1, 0)  # not in setup yet
    assert (bytes(s.board.s), s.history.count, s.changes) == before


def test_setup_needs_two_armies_and_can_draw_the_first_player():
    s = Session(Xorshift(1))
    s.army(0, 1, 1)
    assert refused(s.start, 0) == "Each army needs one" and s.board.phase == R.ARMY
    s.army(1, 1, 1)
    firsts = set()
    for seed in (12345, 999331, 4242, 77, 31337, 271828):
        t = Session(Xorshift(seed))
        t.army(0, 1, 1)
        t.army(1, 1, 1)
        t.start(-1)
        firsts.add(t.board.to_move)
    assert firsts == {0, 1}


def test_placement_fills_the_home_row_before_stacking():
    s = Session(Xorshift(1))
    s.army(0, 1, 4)
    s.army(0, 2, 4)
    s.army(0, 3, 1)  # 9 pyramids: three of them must stack
    s.army(1, 3, 1)
    s.start(0)
    s.place(1, 0)
    s.place(3, 35)
    assert refused(s.place, 1, 0) and refused(s.place, 1, 6)  # taken; not the home row
    for sq in range(1, 6):
        s.place(1 if sq < 4 else 2, sq)
    s.place(2, 0)  # the row is full: now it stacks
    assert s.board.height(0) == 2


def test_undo_takes_back_every_step_to_the_first():
    s = placed(armies(Session(Xorshift(1))))
    out = bytearray(R.STATE_SIZE)
    states = []
    from array import array
    mv = array("H", [0] * R.MAX_MOVES)
    for _ in range(6):
        states.append(bytes(s.board.s))
        n = s.board.moves(mv)
        s.move(mv[n // 2])
    while states:
        assert s.undo() == A_MOVE
        s.board.copy_into(out)
        assert bytes(out) == states.pop()
    while s.history.count:
        s.undo()
    assert s.board.phase == R.ARMY  # the ring keeps 24: back past setup, into the army


def test_the_device_builds_its_army_places_and_moves_legally():
    s = armies(Session(Xorshift(1)), device=True)
    assert s.board.points(1) == 15
    steps = 0
    while s.board.phase != R.OVER and steps < 200:
        if s.device_due():
            before = bytes(s.board.s)
            s.device_step()
            assert s.history.last_code() == A_DEVICE and bytes(s.board.s) != before
        elif s.board.phase == R.SETUP:
            b = s.board
            size = next(z for z in (1, 2, 3) if b.in_hand(0, z))
            s.place(size, next(q for q in range(36) if b.can_place(size, q)))
        else:
            from array import array
            mv = array("H", [0] * R.MAX_MOVES)
            s.move(mv[s.board.moves(mv) - 1])
        steps += 1
    assert s.board.phase == R.OVER and s.board.winner


def test_undo_against_the_device_goes_back_to_the_players_turn():
    s = armies(Session(Xorshift(1)), device=True, level=1)
    while s.board.phase == R.SETUP:
        if s.device_due():
            s.device_step()
        else:
            b = s.board
            s.place(next(z for z in (1, 2, 3) if b.in_hand(0, z)), next(q for q in range(6) if not b.top(q)))
    from array import array
    mv = array("H", [0] * R.MAX_MOVES)
    s.move(mv[0])
    s.move(mv[s.board.moves(mv) - 1])
    mine = bytes(s.board.s)
    s.device_step()
    s.device_step()
    assert s.board.to_move == 0 and bytes(s.board.s) != mine
    s.undo()  # the device's two moves and the player's second
    assert s.board.to_move == 0 and s.board.moves_left == 1


def test_the_save_round_trips_and_refuses_anything_malformed():
    import json
    s = placed(armies(Session(Xorshift(1)), device=True, level=2))
    s.setting(R.TWICE, True)
    text = s.dumps()
    t = Session(Xorshift(2))
    t.loads(text)
    assert bytes(t.board.s) == bytes(s.board.s) and t.level == 2 and t.board.setting(R.TWICE)
    good = bytes(t.board.s)
    st = json.loads(text)["state"]

    def doc(v=1, level=2, state=st, **more):
        d = {"v": v, "level": level, "state": state}
        d.update(more)
        return json.dumps(d)

    def changed(i, v):
        c = list(st)
        c[i] = v
        return doc(state=c)

    bad = ["", "[]", "{}", "{", doc(v=2), doc(level=3), doc(level="2"), doc(state=st[:-1]),
           doc(extra=1), changed(0, 9), changed(3, 300), changed(R.B_TOP, 99),
           changed(R.B_TOP + 1, st[R.B_TOP]), changed(R.B_POS + st[R.B_TOP], 40), changed(7, 1.5)]
    for b in bad:
        try:
            t.loads(b)
        except SaveError:
            pass
        else:
            assert False, "loaded: %r" % b[:60]
        assert bytes(t.board.s) == good and t.level == 2


def test_over_and_fresh():
    s = Session(Xorshift(1))
    assert s.fresh and not s.over
    placed(armies(s))
    assert not s.fresh
    s.board.s[R.B_PHASE] = R.OVER
    assert s.over and "over" in s.status()
