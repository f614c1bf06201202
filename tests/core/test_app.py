"""The app: the play screen, the round driven by GO, undo, screens, the screensaver."""
from lockdown.app import SAVER_MS
from lockdown.games.infiltration.screens.play import ROLL_MS
from lockdown.events import ALARM, GO, PROX
from lockdown.games.infiltration.rules.game import NPC, OVER, RESOLUTION, SECURITY, SELECTION, SETUP, WOUNDED, DELAYED
from tests.core.check import Driver


def lit(buf):
    return sum(bin(b).count("1") for b in buf)


def test_a_fresh_device_opens_new_game_setup():
    d = Driver()
    assert d.game.phase == SETUP and d.screen() == "Setup"
    d.press(ALARM)  # back does not leave setup while there is no game
    assert d.screen() == "Setup"


def test_setup_starts_round_one_with_the_chosen_players():
    d = Driver()
    d.start(players=5, first=2)
    g = d.game
    assert g.players == 5 and g.round == 1 and g.phase == SELECTION and g.first_player == 2


def test_setup_random_first_player_uses_the_die():
    d = Driver(seed=9)
    d.turn(PROX, 2)
    d.app.stack[-1].first = -1
    d.press(GO)
    assert 0 <= d.game.first_player < 6


def test_knobs_move_the_dials_at_any_phase():
    d = Driver()
    d.start()
    for phase in (SELECTION, RESOLUTION, NPC, SECURITY):
        while d.game.phase != phase:
            d.press(GO)
        d.turn(ALARM, 1)
        d.turn(PROX, 3)
    assert d.game.alarm == 4 and d.game.proximity == 12


def test_go_walks_the_phases_and_rolls():
    d = Driver()
    d.start()
    d.turn(ALARM, 2)
    for phase in (RESOLUTION, NPC, SECURITY):
        d.press(GO)
        assert d.game.phase == phase
    d.session.forced = 5
    d.press(GO)
    assert d.game.proximity == 7 and d.game.die == 5
    d.press(GO)
    assert d.game.round == 2 and d.game.phase == SELECTION and d.game.first_player == 1


def test_roll_animation_runs_under_a_second_then_shows_the_sum():
    d = Driver()
    d.start()
    while d.game.phase != SECURITY:
        d.press(GO)
    before = d.frames
    d.session.forced = 3
    d.press(GO)
    frames = set()
    for _ in range(ROLL_MS // 20):
        d.wait(20)
        frames.add(bytes(d.buf))
    assert ROLL_MS < 1000 and len(frames) >= 4 and d.frames - before >= 8
    d.wait(200)
    settled = bytes(d.buf)
    d.wait(500)
    assert bytes(d.buf) == settled  # no redraw once the animation is over


def test_dial_turns_close_together_undo_as_one():
    d = Driver()
    d.start()
    for _ in range(4):
        d.turn(PROX, 2)
    d.press(ALARM)
    assert d.screen() == "UndoConfirm"
    d.press(GO)
    assert d.game.proximity == 0


def test_undo_asks_first_and_alarm_keeps():
    d = Driver()
    d.start()
    d.press(GO)
    d.press(ALARM)
    assert d.screen() == "UndoConfirm" and "phase" in d.app.stack[-1].name
    d.press(ALARM)
    assert d.screen() == "play" and d.game.phase == RESOLUTION
    d.press(ALARM)
    d.press(GO)
    assert d.game.phase == SELECTION


def test_undo_of_the_new_game_returns_to_setup():
    d = Driver()
    d.start()
    d.press(ALARM)
    d.press(GO)
    assert d.game.phase == SETUP and d.screen() == "Setup"


def test_physical_die_is_entered_with_the_prox_knob():
    d = Driver()
    d.turn(ALARM, 2)  # to the die row (players, alarm start, die)
    d.turn(PROX, 1)  # own die
    d.press(GO)
    while d.game.phase != SECURITY:
        d.press(GO)
    d.press(GO)
    assert d.screen() == "DieEntry"
    d.turn(PROX, 3)
    d.press(GO)
    assert d.game.die == 4 and d.game.proximity == 4 and d.screen() == "play"


def test_screensaver_wakes_without_acting():
    d = Driver()
    d.start()
    d.wait(SAVER_MS + 100)
    assert d.app.sleeping and lit(d.buf) < 40
    d.turn(ALARM, 1)
    assert not d.app.sleeping and d.game.alarm == 0
    d.turn(ALARM, 1)
    assert d.game.alarm == 1


def test_refused_go_shows_why():
    d = Driver()
    d.start()
    d.turn(PROX, 99)
    assert d.game.phase == OVER
    d.turn(ALARM, 1)
    assert d.app._flash and d.game.alarm == 0


def test_operatives_screen_wounds_moves_and_escapes():
    d = Driver()
    d.start(players=3)
    d.press(PROX)
    assert d.screen() == "Operatives"
    d.turn(ALARM, 1)  # P2
    d.press(GO)
    assert d.screen() == "Operative"
    assert d.app.stack[-1].row() == "wounded"  # it opens on the first setting, not on Moved
    d.turn(PROX, 1)
    assert d.game.has(1, WOUNDED)
    d.turn(ALARM, 3)  # Moved row, the last
    d.press(GO)
    assert d.game.has(1, DELAYED)
    d.turn(ALARM, -1)  # Status row
    d.turn(PROX, 1)  # asks
    assert d.game.status(1) == 0
    d.press(GO)  # confirms
    assert d.game.status(1) == 1
    d.press(ALARM)
    d.press(ALARM)
    assert d.screen() == "play"


def test_menu_opens_on_hold_and_settings_toggle():
    from lockdown.games.infiltration.rules.game import PASS_SKIPS_ESCAPED
    d = Driver()
    d.start()
    d.hold(GO)
    assert d.screen() == "Menu"
    d.turn(ALARM, menu_index(d, "Settings"))
    d.press(GO)
    assert d.screen() == "Settings"
    d.turn(PROX, 1)  # clockwise is yes, and it is yes already
    assert d.game.flag(PASS_SKIPS_ESCAPED)
    d.turn(PROX, -1)
    assert not d.game.flag(PASS_SKIPS_ESCAPED)
    d.turn(PROX, -2)  # stops at no
    assert not d.game.flag(PASS_SKIPS_ESCAPED)
    d.press(ALARM)  # back to the menu it came from
    assert d.screen() == "Menu"
    d.hold(GO)
    assert d.screen() == "play"


def test_lockdown_then_scores_then_the_winner():
    d = Driver()
    d.start(players=3)
    d.press(PROX)
    d.press(GO)  # P1
    d.turn(ALARM, 2)  # Status
    d.turn(PROX, 1)  # escape?
    d.press(GO)  # P1 escapes
    d.press(ALARM)
    d.press(ALARM)
    d.turn(PROX, 99)
    assert d.game.phase == OVER
    d.press(GO)
    assert d.screen() == "Scoring"
    d.turn(PROX, 7)  # P1 data 7
    assert d.game.data(0) == 7
    d.press(GO)
    assert d.screen() == "Result" and d.app.stack[-1].players == [0]
    d.press(GO)
    assert d.screen() == "Setup"


def menu_index(d, label):
    return [name for name, _ in d.app.stack[-1].ITEMS].index(label)


def test_every_screen_draws_something():
    d = Driver()
    for name in ("menu", "settings", "about", "table", "die", "end", "result", "setup", "npcs",
                 "risk", "graph", "helpers", "download", "extract", "draft"):
        d.app.open(name)
        d.frame()
        assert lit(d.buf) > 50, name
        d.app.close()


def test_odds_only_on_request_and_the_log_records_rolls():
    d = Driver()
    d.start()
    d.hold(PROX)
    assert d.screen() == "Risk"
    d.press(GO)
    assert d.screen() == "play"
    while d.game.phase != SECURITY:
        d.press(GO)
    d.turn(ALARM, 2)
    d.session.forced = 6
    d.press(GO)
    log = d.session.log
    from lockdown.games.infiltration.rules.gamelog import F_AFTER, F_DIE, F_TURN_ALARM
    assert log.get(1, F_DIE) == 6 and log.get(1, F_AFTER) == 8 and log.get(1, F_TURN_ALARM) == 2


def test_npc_added_from_the_list_acts_in_the_npc_phase():
    d = Driver()
    d.start()
    d.hold(ALARM)
    assert d.screen() == "NpcList"
    d.turn(ALARM, 3)  # Nelson
    d.press(GO)
    assert d.screen() == "NpcEdit"
    d.turn(PROX, 3)  # room 4
    d.turn(ALARM, 2)
    d.press(GO)  # bring into play
    assert d.game.npc(3) == (4, True)
    d.press(ALARM)
    d.press(GO)
    d.press(GO)  # Resolution -> NPC phase
    d.press(GO)  # Nelson wounds: who was in his room?
    assert d.screen() == "NpcStep" and d.game.alarm == 0
    d.turn(PROX, 1)  # P1 was: wounded
    d.press(GO)  # Nelson: alarm +1
    assert d.screen() == "play"
    assert d.game.alarm == 1 and d.game.npc(3) == (4, True) and d.game.has(0, WOUNDED)
    d.press(GO)
    assert d.game.phase == SECURITY


def test_extract_variant_shares_at_the_end_of_resolution():
    from lockdown.games.infiltration.rules.game import EXTRACT
    d = Driver()
    d.start(players=3, first=1)
    d.game.set_setting(EXTRACT, True)
    d.press(GO)  # Resolution
    d.press(GO)
    assert d.screen() == "Extract"
    ext = d.app.stack[-1]
    d.turn(PROX, 3)  # P1 extracts in room 3
    d.turn(ALARM, 1)
    d.turn(PROX, 3)  # P2 too
    d.turn(ALARM, 2)  # tokens in room 3
    d.turn(PROX, -1)  # 3 tokens
    # turn order from P2: P2 takes 2, then P1 takes the last 1
    labels = [(ext.label(row), ext.value(row)) for row in ext.rows]
    assert ("= P2 takes", "2") in labels and ("= P1 takes", "1") in labels and ("= P3 takes", "-") in labels
    d.press(GO)
    assert d.screen() == "play" and d.game.phase == NPC


def test_download_shares_first_two_then_one():
    d = Driver()
    d.start()
    d.app.open("download")
    dl = d.app.stack[-1]
    d.turn(ALARM, 1)
    d.turn(PROX, 1)  # three downloading, three tokens
    assert [dl.value(row) for row in dl.rows[3:]] == ["2", "1", "0"]


def test_item_draft_is_guided_after_setup():
    d = Driver()
    d.turn(ALARM, 4)  # the draft row (players, alarm, die, first, draft)
    d.turn(PROX, 1)
    d.press(GO)
    assert d.screen() == "Draft"
    for _ in range(5):
        d.press(GO)
    assert d.screen() == "play"


def test_npc_steps_can_be_skipped_from_the_list():
    d = Driver()
    d.start()
    d.game.set_npc(1, 4)
    d.press(GO)
    d.press(GO)
    assert d.game.phase == NPC
    d.hold(ALARM)
    d.turn(ALARM, 5)
    d.press(GO)
    d.press(GO)
    assert d.game.phase == SECURITY and d.game.npc(1) == (4, True) and d.game.proximity == 0


def test_a_boot_notice_stays_until_a_button_is_pressed():
    from lockdown.app import App
    d = Driver()
    d.app = App(d.session, notice="Save unreadable: new game\nconfig go: GP29 is not a usable pin; using GP15")
    d.wait(5000)
    assert d.screen() == "Notice" and len(d.app.stack[-1].lines) >= 3
    d.press(GO)
    assert d.screen() == "Setup"


def test_a_closed_screen_gives_its_module_back():
    import sys
    d = Driver()
    d.start()
    d.hold(GO)
    d.turn(ALARM, menu_index(d, "Settings"))
    d.press(GO)
    assert "lockdown.games.infiltration.screens.menu" in sys.modules
    d.hold(GO)  # back to the play screen, closing settings and the menu
    assert d.screen() == "play" and "lockdown.games.infiltration.screens.menu" not in sys.modules
    d.hold(GO)
    assert d.screen() == "Menu"  # and it comes back when opened again
