"""NPCs: placing them, the NPC phase walk, its settings, ordering, undo and lockdown."""
from lockdown.games.infiltration.rules import npc
from lockdown.games.infiltration.rules.game import (B_PHASE, CHECK_AT_START, NELSON_ALWAYS, NPC, OVER, RESOLUTION, SECURITY,
                           WOUNDED, END_LOCKDOWN, RuleError)
from lockdown.games.infiltration.rules.actions import A_NPC, A_PHASE
from lockdown.games.infiltration.rules.npc import (BACK, BAILEY, BAILEY_ASK, BAILEY_CHECK, CLEAR, CSX, HARRIS, HARRIS_GO,
                          KENT, KENT_GO, LEAVE, NELSON, NELSON_ASK, NELSON_GO)
from lockdown.games.infiltration.session import Session
from lockdown.dice import Xorshift
from tests.core.check import playing, raises, to_phase


def at_npc(placed, **settings):
    """A game at the start of the NPC phase with NPCs placed: {npc: room or (room, face_up)}."""
    g = playing()
    for bit, on in settings.items():
        g.set_setting({"check": CHECK_AT_START, "nelson": NELSON_ALWAYS}[bit], on)
    for n, where in placed.items():
        room, up = where if type(where) is tuple else (where, True)
        g.set_npc(n, room, up)
    to_phase(g, NPC)
    return g


def walk(g, answer=True):
    """Confirms every step with the same answer; returns the (npc, kind) steps in order."""
    seen = []
    while npc.current(g):
        seen.append(npc.current(g))
        npc.confirm(g, answer)
    return seen


def test_five_npcs_with_short_names_and_hints():
    assert npc.NAMES == ("CSX-13", "Harris", "Bailey", "Nelson", "Kent")
    assert (CSX, HARRIS, BAILEY, NELSON, KENT) == (0, 1, 2, 3, 4)
    assert all(len(t) <= 10 for t in npc.NAMES)
    assert len(npc.HINTS) == 5 and all(len(t) <= 16 for t in npc.HINTS)


def test_add_flip_move_remove():
    g = playing()
    g.set_npc(KENT, 13, False)
    assert g.npc(KENT) == (13, False)
    g.flip_npc(KENT)
    assert g.npc(KENT) == (13, True)
    g.move_npc(KENT, 4)
    assert g.npc(KENT) == (4, True)
    g.flip_npc(KENT)
    g.move_npc(KENT, 6)
    assert g.npc(KENT) == (6, False)
    g.remove_npc(KENT)
    assert g.npc(KENT) is None
    for fn, args in ((g.flip_npc, (KENT,)), (g.move_npc, (KENT, 2)), (g.remove_npc, (KENT,)),
                     (g.set_npc, (5, 1)), (g.set_npc, (0, 14))):
        raises(RuleError, fn, *args)
    g.set_npc(CSX, 2)
    raises(RuleError, g.move_npc, CSX, 0)
    raises(RuleError, g.move_npc, CSX, 14)


def test_npc_changes_are_undoable_through_the_session():
    s = Session(Xorshift(1), playing())
    g = s.game
    s.act(A_NPC, g.set_npc, HARRIS, 5, True)
    before = bytes(g.s)
    for fn, args in ((g.flip_npc, (HARRIS,)), (g.move_npc, (HARRIS, 9)), (g.remove_npc, (HARRIS,))):
        s.act(A_NPC, fn, *args)
        assert bytes(g.s) != before
        assert s.undo() == A_NPC and bytes(g.s) == before


def test_no_npcs_no_steps():
    g = at_npc({})
    assert npc.current(g) is None and npc.prompt(g) == ()
    raises(RuleError, npc.confirm, g)
    g.next_phase()
    assert g.phase == SECURITY


def test_walk_only_in_the_npc_phase():
    g = playing()
    g.set_npc(NELSON, 3)
    to_phase(g, RESOLUTION)
    assert npc.current(g) is None
    raises(RuleError, npc.confirm, g)
    raises(RuleError, npc.skip, g)


def test_csx_leaves_from_the_entry_room():
    g = at_npc({CSX: 1})
    assert npc.current(g) == (CSX, LEAVE)
    npc.confirm(g)
    assert g.npc(CSX) is None and npc.current(g) is None


def test_csx_clears_his_room_of_other_npcs_then_moves_back():
    g = at_npc({CSX: 4, HARRIS: (4, False), KENT: 4, NELSON: 5})
    assert npc.current(g) == (CSX, CLEAR)
    npc.confirm(g)
    assert g.npc(CSX) == (3, True)
    assert g.npc(HARRIS) is None and g.npc(KENT) is None  # face down or up alike
    assert g.npc(NELSON) == (5, True)


def test_harris_leaves_from_the_entry_room_without_proximity():
    g = at_npc({HARRIS: 1})
    assert walk(g) == [(HARRIS, LEAVE)]
    assert g.npc(HARRIS) is None and g.proximity == 0


def test_harris_moves_back_and_adds_5_proximity():
    g = at_npc({HARRIS: 6})
    assert walk(g) == [(HARRIS, HARRIS_GO)]
    assert g.npc(HARRIS) == (5, True) and g.proximity == 5


def test_bailey_leaves_from_the_entry_room_with_20_proximity():
    g = at_npc({BAILEY: 1})
    assert walk(g) == [(BAILEY, LEAVE)]
    assert g.npc(BAILEY) is None and g.proximity == 20


def test_bailey_in_dock_or_elevator_leaves_with_20_proximity():
    g = at_npc({BAILEY: 7})
    assert walk(g, True) == [(BAILEY, BAILEY_CHECK)]
    assert g.npc(BAILEY) is None and g.proximity == 20


def test_bailey_elsewhere_moves_back():
    g = at_npc({BAILEY: 7})
    assert walk(g, False) == [(BAILEY, BAILEY_CHECK), (BAILEY, BACK)]
    assert g.npc(BAILEY) == (6, True) and g.proximity == 0


def test_nelson_raises_the_alarm_and_stays():
    g = at_npc({NELSON: 1})
    g.set_alarm(8)
    assert walk(g, False) == [(NELSON, NELSON_GO)]  # always: the answer does not matter
    assert g.alarm == 8 and g.npc(NELSON) == (1, True)
    g = at_npc({NELSON: 3})
    walk(g)
    assert g.alarm == 1 and g.npc(NELSON) == (3, True)


def test_nelson_asks_when_the_alarm_needs_an_operative_in_his_room():
    g = at_npc({NELSON: 3}, nelson=False)
    assert walk(g, False) == [(NELSON, NELSON_ASK)]
    assert g.alarm == 0
    g = at_npc({NELSON: 3}, nelson=False)
    walk(g, True)
    assert g.alarm == 1


def test_kent_leaves_from_the_entry_room_else_moves_back():
    g = at_npc({KENT: 1})
    assert walk(g) == [(KENT, LEAVE)]
    assert g.npc(KENT) is None
    g = at_npc({KENT: 9})
    assert walk(g) == [(KENT, KENT_GO)]
    assert g.npc(KENT) == (8, True)


def test_face_down_npcs_do_nothing():
    g = at_npc({CSX: (1, False), HARRIS: (4, False), BAILEY: (2, False), NELSON: (2, False)})
    before = bytes(g.s)
    assert npc.current(g) is None
    g.next_phase()
    assert g.phase == SECURITY
    after = bytearray(g.s)
    after[B_PHASE] = NPC
    assert bytes(after) == before  # nothing but the phase changed


def test_leave_checks_come_first_then_acts_room_by_room():
    g = at_npc({CSX: 5, HARRIS: 1, BAILEY: 9, NELSON: 2, KENT: 3})
    steps = walk(g, False)
    assert steps == [(HARRIS, LEAVE), (BAILEY, BAILEY_CHECK),
                     (NELSON, NELSON_GO), (KENT, KENT_GO), (CSX, CLEAR), (BAILEY, BACK)]
    assert [g.npc(n) for n in range(5)] == [(4, True), None, (8, True), (2, True), (2, True)]
    assert g.proximity == 0 and g.alarm == 1


def test_secret_room_goes_last():
    g = at_npc({KENT: 13, HARRIS: 12, CSX: 2})
    assert [n for n, _ in walk(g)] == [CSX, HARRIS, KENT]


def test_check_at_start_bailey_leaves_before_csx_can_clear_her():
    g = at_npc({CSX: 4, BAILEY: 4})
    assert walk(g, True) == [(BAILEY, BAILEY_CHECK), (CSX, CLEAR)]
    assert g.proximity == 20 and g.npc(BAILEY) is None


def test_checks_when_acting_csx_clears_bailey_before_her_check():
    g = at_npc({CSX: 4, BAILEY: 4}, check=False)
    assert walk(g, True) == [(CSX, CLEAR)]
    assert g.proximity == 0 and g.npc(BAILEY) is None and g.npc(CSX) == (3, True)


def test_checks_when_acting_use_the_room_at_its_turn():
    g = at_npc({HARRIS: 2, NELSON: 1}, check=False)
    npc.confirm(g)
    assert npc.current(g) == (HARRIS, HARRIS_GO)
    g.move_npc(HARRIS, 1)  # a room card moved him before his turn
    assert npc.current(g) == (HARRIS, LEAVE)
    npc.confirm(g)
    assert g.npc(HARRIS) is None and g.proximity == 0


def test_checks_at_start_use_the_room_at_the_start():
    g = at_npc({HARRIS: 2, NELSON: 1})
    assert npc.current(g) == (NELSON, NELSON_GO)  # no leave check due: Harris started in room 2
    npc.confirm(g)
    g.move_npc(HARRIS, 1)  # a room card moved him before his turn
    assert npc.current(g) == (HARRIS, HARRIS_GO)
    npc.confirm(g)
    assert g.npc(HARRIS) is None and g.proximity == 5  # back out of the entry room: gone


def test_no_leave_check_for_an_npc_that_reached_the_entry_room_by_acting():
    g = at_npc({CSX: 2, KENT: 3})
    assert walk(g) == [(CSX, CLEAR), (KENT, KENT_GO)]
    assert g.npc(CSX) == (1, True) and g.npc(KENT) == (2, True)


def test_bailey_asked_once_when_checks_come_at_her_turn():
    g = at_npc({BAILEY: 5}, check=False)
    assert walk(g, False) == [(BAILEY, BAILEY_ASK)]
    assert g.npc(BAILEY) == (4, True)
    g = at_npc({BAILEY: 5}, check=False)
    walk(g, True)
    assert g.npc(BAILEY) is None and g.proximity == 20
    g = at_npc({BAILEY: 1}, check=False)
    assert walk(g) == [(BAILEY, LEAVE)] and g.proximity == 20


def test_same_room_goes_by_number_unless_the_first_player_picks():
    g = at_npc({CSX: 6, HARRIS: 6, KENT: 6, NELSON: 2})
    assert npc.current(g)[0] == NELSON and npc.choices(g) == [NELSON]
    npc.confirm(g)
    assert npc.current(g) == (CSX, CLEAR) and npc.choices(g) == [CSX, HARRIS, KENT]
    npc.choose(g, KENT)
    assert npc.current(g) == (KENT, KENT_GO)
    npc.confirm(g)
    assert npc.current(g) == (CSX, CLEAR)  # the pick was for one step
    npc.choose(g, HARRIS)
    npc.confirm(g)
    assert g.npc(HARRIS) == (5, True) and g.proximity == 5
    npc.confirm(g)  # CSX clears room 6: nobody left there
    assert g.npc(CSX) == (5, True) and g.npc(HARRIS) == (5, True) and npc.current(g) is None


def test_choose_refuses_npcs_not_due_in_this_room():
    g = at_npc({CSX: 6, HARRIS: 6, KENT: 7, NELSON: (6, False)})
    for n in (KENT, NELSON, BAILEY, 9):
        raises(RuleError, npc.choose, g, n)
    npc.choose(g, CSX)
    assert npc.current(g) == (CSX, CLEAR)


def test_secret_room_npc_goes_to_room_12_or_where_the_group_says():
    g = at_npc({HARRIS: 13})
    assert npc.prompt(g)[:3] == ("Harris, secret", "wounds ops here", "back: a room")
    assert npc.asks_room(g)
    npc.confirm(g)
    assert g.npc(HARRIS) == (12, True)
    assert not npc.asks_room(at_npc({HARRIS: 12}))  # from a numbered room the way back is known
    assert npc.asks_room(at_npc({CSX: 13})) and npc.asks_room(at_npc({KENT: 13}))
    g = at_npc({BAILEY: 13})
    assert not npc.asks_room(g)  # her leave check moves nobody
    npc.confirm(g, False)
    assert npc.current(g) == (BAILEY, BACK) and npc.asks_room(g)
    g = at_npc({BAILEY: 13}, check=False)  # Bailey asks: yes, she leaves (no room); no, she moves
    assert not npc.asks_room(g, True) and npc.asks_room(g, False)
    assert not npc.asks_room(at_npc({NELSON: 13}))  # Nelson does not move
    g = at_npc({KENT: 13})
    npc.confirm(g, True, 8)
    assert g.npc(KENT) == (8, True)
    raises(RuleError, npc.confirm, at_npc({KENT: 13}), True, 14)


def test_the_group_can_correct_where_an_npc_goes():
    g = at_npc({CSX: 9})
    npc.confirm(g, True, 6)  # a room effect made him skip rooms
    assert g.npc(CSX) == (6, True)


def test_npc_phase_cannot_end_with_steps_left_unless_skipped():
    g = at_npc({KENT: 5, NELSON: 4})
    raises(RuleError, g.next_phase)
    npc.confirm(g)
    raises(RuleError, g.next_phase)
    npc.skip(g)
    assert npc.current(g) is None
    g.next_phase()
    assert g.phase == SECURITY and g.npc(KENT) == (5, True) and g.alarm == 1


def test_walk_starts_afresh_every_npc_phase():
    g = at_npc({NELSON: 4})
    walk(g)
    g.next_phase()
    g.security(1)
    to_phase(g, NPC)
    assert walk(g) == [(NELSON, NELSON_GO)] and g.alarm == 2


def test_npc_flipped_face_up_mid_phase_acts():
    g = at_npc({KENT: (5, False), NELSON: 2})
    npc.confirm(g)
    assert npc.current(g) is None
    g.flip_npc(KENT)
    assert npc.current(g) == (KENT, KENT_GO)


def test_each_step_undoes_to_the_exact_state():
    s = Session(Xorshift(2), at_npc({CSX: 5, HARRIS: 1, BAILEY: 3, NELSON: 3, KENT: 8}))
    g = s.game
    states = []
    while npc.current(g):
        states.append(bytes(g.s))
        s.act(A_NPC, npc.confirm, g, False)
    assert len(states) == 6
    s.act(A_PHASE, g.next_phase)
    assert s.undo() == A_PHASE
    for before in reversed(states):
        assert s.undo() == A_NPC
        assert bytes(g.s) == before
    assert npc.current(g) == (HARRIS, LEAVE)


def test_a_pick_is_undone_too():
    s = Session(Xorshift(2), at_npc({CSX: 3, KENT: 3}))
    g = s.game
    before = bytes(g.s)
    s.act(A_NPC, npc.choose, g, KENT)
    assert npc.current(g)[0] == KENT
    s.undo()
    assert bytes(g.s) == before and npc.current(g)[0] == CSX
    raises(RuleError, s.act, A_NPC, npc.choose, g, HARRIS)
    assert s.history.count == 0


def test_harris_lockdown_ends_the_game_and_the_walk_at_once():
    s = Session(Xorshift(2), at_npc({HARRIS: 4, KENT: 7}))
    g = s.game
    g.set_proximity(96)
    s.act(A_NPC, npc.confirm, g)
    assert g.phase == OVER and g.end_reason() == END_LOCKDOWN and g.proximity == 99
    assert npc.current(g) is None and npc.prompt(g) == ()
    raises(RuleError, npc.confirm, g)
    assert g.npc(KENT) == (7, True)
    s.undo()
    assert g.phase == NPC and g.proximity == 96 and npc.current(g) == (HARRIS, HARRIS_GO)


def test_bailey_lockdown_ends_the_game_at_once():
    g = at_npc({BAILEY: 1, NELSON: 2})
    g.set_proximity(80)
    npc.confirm(g)
    assert g.over and g.end_reason() == END_LOCKDOWN and npc.current(g) is None
    assert g.alarm == 0


def test_prompts_are_short_and_name_the_npc():
    g = at_npc({CSX: 5, HARRIS: 1, BAILEY: 3, NELSON: 3, KENT: 8}, nelson=False)
    seen = 0
    while npc.current(g):
        lines = npc.prompt(g)
        n = npc.current(g)[0]
        assert lines[0].startswith(npc.NAMES[n] + ", ")
        assert 2 <= len(lines) <= 4 and all(len(t) <= 16 for t in lines), lines
        npc.confirm(g, False)
        seen += 1
    assert seen == 6
    g = at_npc({BAILEY: 12}, check=False)
    assert npc.prompt(g) == ("Bailey, room 12", "Dock/Elevator?", "yes: leaves +20", "no: to room 11")
    g = at_npc({KENT: 5, NELSON: 1})
    npc.confirm(g)
    assert npc.prompt(g) == ("Kent, room 5", "back: room 4", "new room's data", "tokens to box")
    g.move_npc(KENT, 1)  # after the start checks: backward out of the entry room
    assert npc.prompt(g) == ("Kent, room 1", "back: leaves")
    npc.confirm(g)
    assert g.npc(KENT) is None


def test_questions_are_the_yes_no_steps():
    assert set(npc.QUESTIONS) == {BAILEY_CHECK, BAILEY_ASK, NELSON_ASK}


def test_a_wounding_step_wounds_the_operatives_marked_in_its_room():
    for placed in ({HARRIS: 3}, {NELSON: 5}):
        g = at_npc(placed)
        assert npc.wounds(g)
        npc.confirm(g, True, 0, 0b0101)  # P1 and P3 were in the room
        assert [g.has(op, WOUNDED) for op in range(4)] == [True, False, True, False]
    g = at_npc({NELSON: 5}, nelson=False)  # Nelson asks: only a yes wounds
    assert npc.wounds(g, True) and not npc.wounds(g, False)
    raises(RuleError, npc.confirm, g, False, 0, 1)
    assert not g.has(0, WOUNDED) and npc.current(g) == (NELSON, NELSON_ASK)  # refused: nothing done
    for placed in ({KENT: 3}, {CSX: 4}, {BAILEY: 4}):
        g = at_npc(placed)
        assert not npc.wounds(g)
        raises(RuleError, npc.confirm, g, True, 0, 1)


def test_only_operatives_inside_can_be_wounded_by_a_step():
    g = at_npc({HARRIS: 3})
    g.escape(1)
    raises(RuleError, npc.confirm, g, True, 0, 0b0010)
    raises(RuleError, npc.confirm, g, True, 0, 0b10000)  # no fifth operative
    assert npc.current(g) == (HARRIS, HARRIS_GO) and not g.has(1, WOUNDED)


def test_wounds_of_a_step_are_undone_with_it():
    s = Session(Xorshift(1), at_npc({HARRIS: 3}))
    g = s.game
    s.act(A_NPC, npc.confirm, g, True, 0, 0b0010)
    assert g.has(1, WOUNDED) and g.npc(HARRIS) == (2, True) and g.proximity == 5
    s.undo()
    assert not g.has(1, WOUNDED) and g.npc(HARRIS) == (3, True) and g.proximity == 0
    assert npc.current(g) == (HARRIS, HARRIS_GO)
