"""At the table (issue 12): wounds marked in the NPC step, the secret room's way out, the rules
chosen before round 1, one first-player default, backs that return where they came from, undo
prompts that name the change, the same status words everywhere, nothing drawn over or clipped."""
from lockdown import draw
from lockdown.events import ALARM, GO, PROX
from lockdown.games.infiltration.rules.game import (BLACKMAIL, EXTRACT, NELSON_ALWAYS, NPC, SELECTION, SETUP,
                                                    WOUNDED, Game)
from lockdown.games.infiltration.screens.undo import changes
from tests.core.check import Driver, playing


def at_npc_phase(*npcs):
    d = Driver()
    d.start()
    for n, room in npcs:
        d.game.set_npc(n, room, True)
    d.press(GO)
    d.press(GO)
    assert d.game.phase == NPC
    return d


def test_harris_step_marks_who_was_wounded_and_undo_takes_both_back():
    d = at_npc_phase((1, 3))
    d.press(GO)  # Harris: the step's details
    assert d.screen() == "NpcStep" and d.game.npc(1) == (3, True)
    d.turn(ALARM, 1)
    d.turn(PROX, 1)  # P2 was in room 3
    d.turn(ALARM, 2)
    d.turn(PROX, 2)  # P4 too
    d.press(GO)
    g = d.game
    assert d.screen() == "play" and g.npc(1) == (2, True) and g.proximity == 5
    assert [g.has(op, WOUNDED) for op in range(4)] == [False, True, False, True]
    d.press(ALARM)
    assert d.app.stack[-1].lines[:2] == ["Prox 05\x1a00", "P2 wounded: yes\x1ano"]
    d.press(GO)  # one undo takes the step and its wounds back
    assert g.npc(1) == (3, True) and g.proximity == 0 and not g.has(1, WOUNDED) and not g.has(3, WOUNDED)


def test_alarm_back_from_the_step_details_does_nothing():
    d = at_npc_phase((3, 6))
    d.press(GO)
    d.turn(PROX, 1)
    d.press(ALARM)
    assert d.screen() == "play" and d.game.alarm == 0 and not d.game.has(0, WOUNDED)


def test_secret_room_npc_goes_to_the_room_the_group_picks():
    d = at_npc_phase((4, 13))  # Kent in the secret room
    d.press(GO)
    assert d.screen() == "NpcStep" and d.app.stack[-1].rows == ("to", "ok")
    d.turn(PROX, -5)  # room 12 -> 7
    d.press(GO)
    assert d.game.npc(4) == (7, True)


def test_rules_and_variants_are_chosen_on_setup_before_round_one():
    d = Driver()
    setup = d.app.stack[-1]
    assert "rules" in setup.rows
    d.turn(ALARM, setup.rows.index("rules"))
    d.press(GO)  # GO on the Rules row opens it, it does not start the game
    assert d.screen() == "Settings" and d.game.phase == SETUP
    d.turn(ALARM, 3)
    d.turn(PROX, 1)  # Extract variant: yes, for the game about to start
    d.turn(ALARM, -2)
    d.turn(PROX, -1)  # Nelson always +1: no
    assert not d.game.flag(EXTRACT)  # nothing changes until the start
    d.press(ALARM)
    assert d.screen() == "Setup"
    d.hold(GO)  # holding GO opens the rules too, it does not just reopen setup
    assert d.screen() == "Settings"
    d.press(ALARM)
    d.turn(ALARM, 1)  # Start game
    d.press(GO)
    assert d.game.phase == SELECTION and d.game.flag(EXTRACT) and not d.game.flag(NELSON_ALWAYS)
    d.press(ALARM)
    d.press(GO)  # undo the new game: the settings go back with it
    assert d.game.phase == SETUP and not d.game.flag(EXTRACT) and d.game.flag(NELSON_ALWAYS)


def test_p1_starts_by_default_at_boot_from_the_menu_and_after_a_result():
    d = Driver()
    assert d.app.stack[-1].value("first") == "P1"
    d.press(GO)
    assert d.game.first_player == 0
    d.hold(GO)
    menu = d.app.stack[-1]
    d.turn(ALARM, menu.rows.index("setup"))
    d.press(GO)
    assert d.screen() == "Setup" and d.app.stack[-1].value("first") == "P1"
    d.press(ALARM)
    assert d.screen() == "Menu"  # New game's back returns to the menu
    d.hold(GO)
    d.turn(PROX, 99)  # lockdown
    d.press(GO)
    d.press(GO)  # result
    d.press(GO)  # new game
    assert d.screen() == "Setup" and d.app.stack[-1].value("first") == "P1"


def test_back_from_a_menu_place_returns_to_the_menu():
    d = Driver()
    d.start()
    for place in ("settings", "helpers", "about", "graph", "table"):
        d.hold(GO)
        menu = d.app.stack[-1]
        d.turn(ALARM, menu.rows.index(place))
        d.press(GO)
        assert d.screen() != "Menu"
        d.press(ALARM)
        assert d.screen() == "Menu", place
        d.turn(ALARM, 1)  # meant for the menu: it moves the cursor, not the alarm
        d.press(ALARM)
        assert d.screen() == "play" and d.game.alarm == 0


def test_the_operative_screen_opens_on_wounded_and_a_stray_go_moves_nobody():
    d = Driver()
    d.start()
    d.press(PROX)
    d.press(GO)
    assert d.app.stack[-1].row() == "wounded"
    d.turn(PROX, -1)
    d.press(GO)  # wounded, not "moved"
    assert d.game.has(0, WOUNDED)


def _fits(line):
    return draw.width(line) <= 125


def test_undo_prompts_name_the_change_within_the_screen():
    before = playing(2, two_player=True)
    after = Game(2, two_player=True)
    after.restore_from(before.s)
    after.next_phase()
    assert changes(before, after) == ["Resolution\x1aSelection"]
    after = Game(2, two_player=True)
    after.restore_from(before.s)
    after.set_wounded(0)
    after.set_npc(0, 12, False)
    after.set_npc(4, 13)
    assert changes(before, after) == ["P1a wounded: yes\x1ano", "CSX-13 room 12\x1aout", "Kent secret\x1aout"]
    moved = Game(2, two_player=True)
    moved.restore_from(after.s)
    moved.move_npc(4, 12)
    moved.flip_npc(0)
    assert changes(after, moved) == ["CSX-13 face up\x1adown", "Kent room 12\x1asecret"]
    end = Game(2, two_player=True)
    end.restore_from(before.s)
    end.set_proximity(99)
    end.set_card(3, BLACKMAIL)
    end.set_score(3, 255, 255)
    assert changes(before, end) == ["Game over\x1aSelection", "Prox 99\x1a00", "P1a captured\x1ainside"]
    for a, b in ((before, end), (end, before), (before, after), (after, moved)):
        for line in changes(a, b):
            assert _fits(line), line


def test_status_words_are_escaped_captured_released():
    from lockdown.games.infiltration.screens.table import op_summary, status_word
    g = playing(3)
    g.escape(0)
    g.set_card(2, BLACKMAIL)
    g.set_proximity(99)
    assert [status_word(g, op) for op in range(3)] == ["escaped", "captured", "released"]
    assert op_summary(g, 0) == "escaped"


def test_the_result_lists_every_player_total():
    d = Driver()
    d.turn(PROX, 2)  # 6 players
    d.press(GO)
    d.turn(PROX, 99)
    d.press(GO)
    d.press(GO)
    assert d.screen() == "Result"
    totals = d.app.stack[-1].totals
    assert totals == ("P1:- P2:- P3:-", "P4:- P5:- P6:-")
    assert all(_fits(t) for t in totals)


def test_round_one_names_who_starts_without_a_notice():
    d = Driver()
    d.press(GO)
    assert d.app._flash is None
    assert d.app.home._texts(d.game, d.game.phase)[2] == "P1 starts"
