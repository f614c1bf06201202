"""Infiltraitors on the device, driven through the simulator's screens: setup, the table, the
clue board, eliminate, the rules, the clock with its warnings and the screensaver, the save over
a restart, the picker, scripts through the script mode, and knob turns that group alike."""
import json
import os
import subprocess
import sys

import pytest

from host_sim.runner import Sim
from host_sim.script import parse, run
from host_sim.state_json import state
from lockdown.events import ALARM, GO, PROX
from lockdown.games.infiltraitors.rules import missions as ms

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SCRIPTS = os.path.join(ROOT, "tests", "scripts", "infiltraitors")


def top(sim):
    return type(sim.app.top()).__name__


def to_row(sim, row):
    """The setup's cursor, one detent at a time, onto `row` (it stops only on rows to set)."""
    form = sim.app.top()
    sim.turn(ALARM, -99)
    for _ in form.rows:
        if form.row() == row:
            return
        sim.turn(ALARM, 1)
    raise AssertionError("the cursor never stops on " + row)


def started(mission=0, agents=3, minutes=None, save_dir=None):
    """A Sim past the setup screen (mission index, agents), the start notice gone."""
    sim = Sim(1, game="infiltraitors", save_dir=save_dir)
    assert top(sim) == "Setup"
    sim.turn(PROX, mission)
    sim.turn(ALARM, 1)
    sim.turn(PROX, agents - 3)
    if minutes is not None:
        to_row(sim, "clock")
        sim.turn(PROX, -99)
        sim.turn(PROX, minutes)
    sim.press(GO)
    sim.wait(1600)
    assert top(sim) == "Home"
    return sim


def lines(sim):
    """The lines of text the top screen draws (made when it is drawn)."""
    sim.frame()
    return sim.app.top().lines


def play(name):
    sim = Sim(1, game="infiltraitors")
    with open(os.path.join(SCRIPTS, name)) as f:
        run(parse(f.read(), name), sim, name)
    return state(sim.session)


def test_training_1_scripted_to_a_win():
    s = play("training1_win.txt")
    assert (s["game"], s["mission"], s["agents"]) == ("infiltraitors", "Training #1", 3)
    assert (s["result"], s["why"], s["bullets"], s["pile"]) == ("win", "all found", 2, 0)
    assert [(x["agent"], x["status"]) for x in s["suspects"]] == [(1, "identified"), (2, "identified")]
    assert s["suspects"][0]["clues"] == [["red", 7, "vertical"], ["yellow", 5, "horizontal"]]
    assert s["suspects"][1]["clues"] == [["red", 2, "vertical"]]
    assert s["timer_left_s"] is None and s["seen"] == []


def test_training_1_scripted_to_a_loss_on_time():
    s = play("training1_time_up.txt")
    assert (s["result"], s["why"], s["timer_left_s"], s["bullets"]) == ("lose", "time up", 0, 4)
    assert s["remaining"] == 1


def test_mission_7_scripted_to_a_loss_on_bullets():
    s = play("mission7_lose.txt")
    assert (s["mission"], s["result"], s["why"], s["bullets"], s["remaining"]) == \
        ("Mission 7", "lose", "too few bullets", 5, 6)
    sus = s["suspects"][0]
    assert sus["clues"] == [["red", 2, "vertical"], ["red", 3, "horizontal"],
                            ["red", 4, "vertical"], ["red", 5, "horizontal"]]
    # not red; a number sharing a multiple or factor with 2 and 4, none with 3 and 5
    want = sorted([suit, n] for suit in ("blue", "yellow", "black") for n in (2, 4, 8))
    assert sorted(sus["candidates"]["list"]) == want and sus["candidates"]["count"] == 9


def test_the_command_line_writes_the_state_json(tmp_path):
    out = tmp_path / "state.json"
    r = subprocess.run([sys.executable, "-m", "host_sim", "--game", "infiltraitors", "--script",
                        os.path.join(SCRIPTS, "training1_win.txt"), "--state-json", str(out)],
                       cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    assert json.loads(out.read_text())["result"] == "win"


def test_mission_7_refuses_a_shot_before_four_balanced_clues():
    sim = started(ms.TRAINING + 6)
    sim.press(GO)
    sim.press(GO)
    sim.hold(GO)
    sim.press(GO)
    assert sim.session.table.bullets == 7 and sim.app._flash == "Needs 4+ clues, V=H"


def test_setup_derives_suspects_and_bullets_and_shows_the_rule():
    sim = Sim(1, game="infiltraitors")
    setup = sim.app.top()
    sim.turn(PROX, 1)  # Training #2
    sim.turn(ALARM, 1)
    sim.turn(PROX, 2)  # 5 agents
    assert (setup.value("suspects"), setup.value("bullets")) == ("5", "8")
    sim.turn(ALARM, -1)
    sim.turn(PROX, ms.TRAINING + 6 - 1)  # Mission 7
    assert (setup.value("suspects"), setup.value("bullets")) == ("6", "7")
    assert [setup.label(r) for r in setup.rows if type(r) is tuple] == ms.part(ms.RULES, ms.TRAINING + 6).split("\n")


def test_the_clue_board_counts_and_lists_and_flags_a_wrong_clue():
    sim = started()
    sim.press(GO)  # A1 nabs
    sim.press(GO)
    board = sim.app.top()
    assert type(board).__name__ == "SuspectBoard"
    sim.turn(PROX, 5)  # Red 7
    sim.press(GO)
    assert lines(sim)[0] == "13 cards can be"
    assert lines(sim)[1].startswith("R2 R3 R4")
    sim.press(PROX)  # horizontal from now on
    sim.turn(PROX, 1)  # Red 8: not red, nothing of 8's: Yellow 7 and Black 7 are left
    sim.press(GO)
    assert lines(sim) == ["2 cards can be", "Y7 K7"]
    sim.turn(ALARM, 1)
    sim.turn(PROX, -1)  # Yellow 7 horizontal: nothing of 7's either, so no card at all
    sim.press(GO)
    sim.wait(100)
    assert lines(sim)[0] == "0 cards: clue wrong?" and sim.app._flash == "0 cards: clue wrong?"
    sim.hold(GO)
    sim.turn(ALARM, 4)  # Fix a clue
    sim.press(GO)
    assert top(sim) == "ClueList"
    sim.turn(ALARM, 2)
    sim.turn(PROX, -1)  # Yellow 7 vertical after all
    sim.press(ALARM)
    sim.press(ALARM)
    assert sim.app.top() is board and lines(sim) == ["1 card can be", "K7"]


def test_count_only_and_off_hide_the_list():
    sim = started()
    rules_board = sim.session.table
    sim.press(PROX)  # the mission rules
    rules = sim.app.top()
    sim.turn(ALARM, rules.rows.index("board"))
    sim.turn(PROX, 1)
    assert rules_board.display == 1
    sim.press(ALARM)
    sim.press(GO)
    sim.press(GO)
    sim.press(GO)
    assert lines(sim) == ["23 cards can be"]  # Red 2 vertical: red, or an even number
    sim.press(ALARM)
    sim.press(PROX)
    sim.turn(ALARM, 9)
    sim.turn(PROX, 1)
    sim.press(ALARM)
    sim.press(GO)
    assert lines(sim) == ["Clue board off"]


def test_eliminate_right_and_wrong_and_undo():
    sim = started(ms.TRAINING)  # Mission 1: 7 suspects, 10 bullets
    t = sim.session.table
    sim.press(GO)
    sim.press(GO)
    sim.hold(GO)
    sim.turn(ALARM, 1)
    sim.press(GO)  # wrong
    assert (t.bullets, t.identified, top(sim)) == (9, 0, "SuspectBoard")
    sim.hold(GO)
    sim.press(GO)  # right
    assert (t.bullets, t.identified, top(sim)) == (8, 1, "Home")
    sim.press(ALARM)
    assert top(sim) == "UndoConfirm" and sim.app.top().name == "Shot at S1 (right)"
    sim.press(GO)
    assert (t.bullets, t.identified) == (9, 0)


def test_face_up_cards_leave_every_suspect():
    sim = started()
    sim.press(GO)
    sim.hold(ALARM)
    assert top(sim) == "SeenCards"
    sim.turn(PROX, 3)  # Red 5
    sim.press(GO)
    assert sim.session.table.seen_list() == [(0, 5)]
    sim.press(GO)  # again: taken back
    assert sim.session.table.seen_list() == []


def test_the_clock_warns_pauses_runs_out_and_the_saver_shows_it():
    sim = started(2, 3)  # Training #3: 15 minutes, 1.6 s of them gone
    t = sim.session.table
    assert t.clock.left_ms() == 900000 - 1600
    sim.wait(300000)  # idle for 5 minutes: the screensaver, which keeps the clock
    assert sim.app.sleeping and sim.app.home.saver_text() == "9:59"
    sim.wait(300000 - 1600)  # ten minutes in: the 5-minute warning wakes it
    assert not sim.app.sleeping and sim.app._flash == "5 minutes left"
    sim.wait(180000)  # asleep again, 2 minutes left
    assert sim.app.sleeping and sim.app.home.saver_text() == "2:00"
    sim.press(GO)  # wakes only
    assert not sim.app.sleeping and not t.board.n and t.slots == 0
    sim.hold(PROX)  # paused
    left = t.clock.left_s()
    assert left == 119 and not t.clock.running  # 40 ms after 2:00
    sim.wait(60000)
    assert t.clock.left_s() == left
    sim.hold(PROX)  # runs again
    assert t.clock.running
    sim.wait((left - 60) * 1000)
    assert sim.app._flash == "1 minute left"
    sim.wait(59000)
    assert not t.result
    sim.wait(1000)
    assert (t.result, t.why, t.clock.left_s()) == (2, 4, 0)
    sim.frame()
    assert sim.app.home._hints[0] == "LOST: time up"
    assert sim.app._flash == "Time up: lost"


def test_a_restart_resumes_the_mission_from_the_save(tmp_path):
    sim = started(ms.TRAINING + 6, minutes=20, save_dir=str(tmp_path))
    sim.press(GO)
    sim.press(GO)
    sim.press(GO)
    sim.press(PROX)
    sim.turn(PROX, 4)
    sim.press(GO)
    sim.wait(12000)
    before = state(sim.session)
    again = Sim(1, game="infiltraitors", save_dir=str(tmp_path))  # the power came back
    assert top(again) == "Home"
    after = state(again.session)
    assert before["timer_left_s"] == 20 * 60 - 13 and before["suspects"][0]["clues"]
    lost = after.pop("timer_left_s") - before.pop("timer_left_s")
    assert after == before
    assert 0 <= lost <= 10  # the clock's time is saved every 10 s it runs


def test_other_games_switches_away_saving_the_mission_and_the_choice_boots_back(tmp_path):
    sim = started(save_dir=str(tmp_path))
    sim.press(GO)  # A1 nabs
    sim.hold(GO)
    assert top(sim) == "Menu"
    sim.turn(ALARM, 10)  # the last row: Other games
    sim.press(GO)
    assert top(sim) == "Picker"
    sim.turn(ALARM, -9)
    sim.press(GO)
    assert sim.session.PACKAGE == "lockdown.games.infiltration"
    with open(os.path.join(str(tmp_path), "infiltraitors.json")) as f:
        assert json.load(f)["suspects"] == [[0, 0]]  # one suspect out of the pile, A1's
    with open(os.path.join(str(tmp_path), "game.txt"), "w") as f:
        f.write("infiltraitors")
    back = Sim(1, save_dir=str(tmp_path))  # no --game: the board's own choice
    assert back.session.PACKAGE == "lockdown.games.infiltraitors" and top(back) == "Home"
    assert back.session.table.holder(0) == 0


def _screens():
    """(name, fn) each bringing a started Sim to a screen with both knobs live."""
    def board(sim):
        sim.press(GO)
        sim.press(GO)

    def rules(sim):
        sim.press(PROX)

    def seen(sim):
        sim.hold(ALARM)

    def menu(sim):
        sim.hold(GO)

    def clues(sim):
        board(sim)
        sim.press(GO)
        sim.turn(PROX, 2)
        sim.press(GO)
        sim.hold(GO)
        sim.turn(ALARM, 4)
        sim.press(GO)

    return [("home", lambda sim: None), ("board", board), ("rules", rules), ("seen", seen),
            ("menu", menu), ("clues", clues)]


@pytest.mark.parametrize("name,fn", _screens())
@pytest.mark.parametrize("knob", [ALARM, PROX])
@pytest.mark.parametrize("a,b", [(1, 2), (3, 9), (-1, -2), (-4, -30)])
def test_turns_group_alike(name, fn, knob, a, b):
    """turn(a) then turn(b) is turn(a + b): the same state and the same frame."""
    one = started(ms.TRAINING + 14)
    two = started(ms.TRAINING + 14)
    fn(one)
    fn(two)
    one.turn(knob, a)
    one.turn(knob, b)
    two.turn(knob, a + b)
    assert one.frame() == two.frame()
    assert state(one.session) == state(two.session)
    assert one.session.dumps() == two.session.dumps()


def test_every_screen_is_its_reviewed_golden():
    """tools/golden_infiltraitors.py wrote these and a person looked at each PNG."""
    from tools import golden_infiltraitors as golden
    seen = {}
    for name, want, got, frame in golden.frames():
        assert got == want, "%s ends on %s, not %s" % (name, got, want)
        with open(os.path.join(golden.FOLDER, name + ".bin"), "rb") as f:
            stored = f.read()
        assert frame == stored, "%s: %d bytes differ" % (name, sum(a != b for a, b in zip(frame, stored)))
        assert frame not in seen, "%s and %s are the same frame" % (seen.get(frame), name)
        seen[frame] = name
    assert len(seen) == len(os.listdir(golden.FOLDER)) // 2


def test_mission_19_the_shooter_clues_the_kingpin_from_his_board():
    """Issue 25 point 5: the agent named as the shooter gives the Kingpin clue and sits out,
    however the table's knob is turned on the way to the Kingpin's board."""
    for spin in (9, 1):  # one fast spin, or a detent at a time
        sim = started(ms.TRAINING + 18)
        t = sim.session.table
        sim.turn(ALARM, 1)  # A2 nabs suspect 2 (slot 0 is the Kingpin, aside)
        sim.press(GO)
        sim.press(GO)
        sim.hold(GO)
        shoot = sim.app.top()
        assert shoot.rows[0] == "shooter" and shoot.row() == "right" and shoot.value("shooter") == "A1"
        sim.turn(ALARM, -1)
        sim.turn(PROX, 2)  # A3 shot
        sim.turn(ALARM, 1)
        sim.press(GO)  # right
        sim.wait(1600)
        assert t.kingpin_clues_left() == 1 and t.kingpin_agent == 2
        while sim.app.home.agent < t.agents:
            sim.turn(ALARM, spin)  # on to the Kingpin, past A3 or not
        sim.frame()
        assert sim.app.home._lines[-1].startswith("Kingpin aside")
        sim.press(GO)
        assert top(sim) == "SuspectBoard"
        sim.frame()
        assert sim.app.top().footer == "GO: clue from A3"
        sim.press(GO)
        assert t.is_out(2) and not t.is_out(0) and not t.is_out(1) and t.board.count(0, 1) == 1
        assert state(sim.session)["sits_out"] == [3]


def test_mission_12_the_elite_agent_is_set_on_the_rules_and_never_nabs():
    sim = started(ms.TRAINING + 11)
    t = sim.session.table
    sim.press(PROX)
    rules = sim.app.top()
    sim.turn(ALARM, rules.rows.index("elite"))
    sim.turn(PROX, 2)  # none -> A1 -> A2
    assert t.elite == 1
    sim.press(ALARM)
    sim.turn(ALARM, 1)
    sim.frame()
    assert sim.app.home._hints[1] == "hold GO: menu"
    sim.press(GO)
    assert t.slots == 0 and sim.app._flash == "Elite never nabs"


def test_a_won_mission_is_archived_when_a_new_one_starts(tmp_path):
    sim = Sim(1, game="infiltraitors", save_dir=str(tmp_path))
    with open(os.path.join(SCRIPTS, "training1_win.txt")) as f:
        run(parse(f.read(), "training1_win.txt"), sim, "training1_win.txt")
    assert sim.session.over
    sim.press(GO)  # GO on a finished mission: the setup of the next
    assert top(sim) == "Setup"
    sim.press(GO)
    sim.wait(1600)
    folder = os.path.join(str(tmp_path), "infiltraitors-log")
    assert os.listdir(folder) == ["1.json"]
    with open(os.path.join(folder, "1.json")) as f:
        assert json.load(f)["result"] == 1  # a win


def test_mission_7_scripted_to_a_win():
    s = play("mission7_win.txt")
    assert (s["mission"], s["result"], s["why"], s["bullets"], s["pile"]) == ("Mission 7", "win", "all found", 1, 0)
    assert [x["status"] for x in s["suspects"]] == ["identified"] * 6
    for x in s["suspects"]:
        kinds = [c[2] for c in x["clues"]]
        assert kinds == ["vertical", "horizontal"] * 2 and x["agent"] == 1


def _setup_on_suits(mission, stops=True):
    sim = Sim(1, game="infiltraitors")
    setup = sim.app.top()
    sim.turn(PROX, mission)
    if stops:
        to_row(sim, "suits")
    else:  # only read: the cursor passes it by
        assert "suits" in setup.rows and not setup.editable("suits")  # a read-only row
    return sim, setup


def test_setup_shows_the_default_suits_and_lets_the_group_choose_others():
    sim, setup = _setup_on_suits(ms.TRAINING)  # Mission 1: 4 suits, the number only
    assert (setup.label("suits"), setup.value("suits")) == ("Suits (default)", "RBYK")
    assert setup.label("names") == "Red, Blu, Yel, Blk"
    sim.turn(PROX, 1)
    assert (setup.label("suits"), setup.value("suits")) == ("Suits (chosen)", "RBGY")
    assert setup.label("names") == "Red, Blu, Grn, Yel"
    sim.turn(PROX, 99)  # stops at the last of the five choices of 4 suits
    assert setup.value("suits") == "BGYK"
    sim.turn(PROX, -99)
    assert setup.label("suits") == "Suits (default)"
    sim.turn(PROX, 3)
    sim.press(GO)
    sim.wait(1600)
    t = sim.session.table
    assert top(sim) == "Home" and t.suits == 0x1D
    assert state(sim.session)["suits"] == ["red", "green", "yellow", "black"]
    assert not t.valid_card(1, 7)  # blue is out of play
    sim.hold(GO)
    sim.turn(ALARM, sim.app.top().rows.index("setup"))  # New mission: its setup keeps the choice
    sim.press(GO)
    assert sim.app.top().value("suits") == "RGYK"


def test_setup_suits_fixed_or_all_are_not_changed():
    sim, setup = _setup_on_suits(0, False)  # Training #1 names its three
    assert (setup.label("suits"), setup.value("suits"), setup.label("names")) == \
        ("Suits (fixed)", "RYK", "Red, Yel, Blk")
    sim, setup = _setup_on_suits(ms.TRAINING + 4, False)  # Mission 5: all five
    assert (setup.label("suits"), setup.value("suits")) == ("Suits (all five)", "RBGYK")
    assert "names" not in setup.rows


@pytest.mark.parametrize("a,b", [(1, 2), (3, 9), (-1, -2)])
def test_setup_suit_turns_group_alike(a, b):
    one, _ = _setup_on_suits(1)  # Training #2: 3 of 5, ten choices
    two, _ = _setup_on_suits(1)
    one.turn(PROX, 4)
    two.turn(PROX, 4)
    one.turn(PROX, a)
    one.turn(PROX, b)
    two.turn(PROX, a + b)
    assert one.frame() == two.frame() and one.app.top().suits == two.app.top().suits


def test_a_new_mission_over_one_in_play_asks_first_and_undo_brings_it_back():
    sim = started(ms.TRAINING)  # Mission 1
    sim.press(GO)  # A1 nabs
    t = sim.session.table
    sim.hold(GO)
    sim.turn(ALARM, sim.app.top().rows.index("setup"))  # New mission
    sim.press(GO)
    assert top(sim) == "Setup"
    sim.turn(PROX, -1)  # Training #3
    sim.press(GO)
    assert top(sim) == "NewConfirm" and sim.session.table is t
    sim.press(ALARM)  # keep it
    assert top(sim) == "Setup" and sim.session.table is t and t.slots == 1
    sim.press(GO)
    sim.press(GO)  # yes: a new one
    sim.wait(1600)
    assert top(sim) == "Home" and sim.session.table.mission == 2
    sim.press(ALARM)
    assert top(sim) == "UndoConfirm" and sim.app.top().name == "New mission"
    sim.press(GO)
    back = sim.session.table
    assert (back.mission, back.slots, back.holder(0)) == (ms.TRAINING, 1, 0)
    assert sim.app._flash == "Undone: New mission"
    sim.press(ALARM)
    assert sim.app._flash == "Nothing to undo"  # the old mission's own steps stay as they are


def test_mission_19_the_kingpin_clue_is_the_shooter_s_scripted():
    """Issue 25 point 5: a detent at a time past A3 credits the shooter A1, not the cursor."""
    s = play("mission19_kingpin.txt")
    assert s["mission"] == "Mission 19" and s["sits_out"] == [1]
    kingpin = s["suspects"][0]
    assert kingpin["agent"] is None and kingpin["clues"] == [["red", 2, "vertical"]]
    assert (s["elite_agent"], s["next_token"], s["reward_cards_left"]) == (None, None, None)


def test_eliminate_names_the_suspect_s_card_and_warns_before_a_ruled_out_one_scripted():
    """Issue 25 point 7."""
    s = play("eliminate_named.txt")
    one, two = s["suspects"]
    assert one["status"] == "identified" and one["card"] == ["black", 7]
    assert two["status"] == "identified" and two["card"] == ["black", 3]
    assert s["bullets"] == 3 and s["result"] == "win"  # two shots: the warning cost none


def test_a_card_entered_twice_is_refused_scripted():
    """Issue 25 point 8."""
    sim = Sim(1, game="infiltraitors")
    name = "card_twice.txt"
    with open(os.path.join(SCRIPTS, name)) as f:
        commands = parse(f.read(), name)
    flashes = []
    for c in commands:
        run([c], sim, name)
        if c.name == "press" and sim.app._flash:
            flashes.append(sim.app._flash)
    s = state(sim.session)
    assert s["suspects"][0]["clues"] == [["red", 7, "vertical"]] and s["seen"] == []
    assert flashes.count("Card entered already") == 2


def test_a_fresh_setup_reaches_the_picker_scripted():
    """Issue 24 point 10: from the first setup, no mission started, to another game."""
    sim = Sim(1, game="infiltraitors")
    with open(os.path.join(SCRIPTS, "first_setup_picker.txt")) as f:
        run(parse(f.read(), "first_setup_picker.txt"), sim, "first_setup_picker.txt")
    assert sim.session.PACKAGE == "lockdown.games.infiltration"


def test_the_state_json_names_each_mission_s_own_rules():
    """Issue 25 point 10: the elite agent, the next token, the reward cards left."""
    sim = started(ms.TRAINING + 11)  # Mission 12
    assert state(sim.session)["elite_agent"] is None
    from lockdown.games.infiltraitors.rules.settings import set_elite
    sim.session.act(10, set_elite, sim.session.table, 2)  # table.A_ELITE
    assert state(sim.session)["elite_agent"] == 3
    sim = started(ms.TRAINING + 2)  # Mission 3
    sim.press(GO)
    assert state(sim.session)["next_token"] == 1 and state(sim.session)["sits_out"] is None
    sim = started(ms.TRAINING + 17)  # Mission 18
    s = state(sim.session)
    assert s["reward_cards_left"] == 8 and s["pile"] == 8  # the last one aside is not in the pile


def test_the_table_labels_suspects_as_suspects():
    """Issue 25 point 9: the line under BULLETS counts suspects, and says so."""
    sim = started(ms.TRAINING)  # Mission 1: 7 suspects
    sim.frame()
    assert sim.app.home._info[1:3] == ("Suspects 7/7", "Pile 7")


def test_a_finished_mission_is_archived_once_across_a_power_cut(tmp_path):
    """Issue 24 point 7: the cut comes after the archive, before the new mission's save; the
    finished mission comes back, is changed, and a new one archives it again: still one file."""
    folder = os.path.join(str(tmp_path), "infiltraitors-log")
    sim = Sim(1, game="infiltraitors", save_dir=str(tmp_path))
    with open(os.path.join(SCRIPTS, "training1_win.txt")) as f:
        run(parse(f.read(), "training1_win.txt"), sim, "training1_win.txt")
    with open(os.path.join(str(tmp_path), "infiltraitors.json")) as f:
        finished = f.read()
    sim.press(GO)  # the setup of the next
    sim.press(GO)
    sim.wait(1600)
    assert os.listdir(folder) == ["1.json"]
    with open(os.path.join(str(tmp_path), "infiltraitors.json"), "w") as f:
        f.write(finished)  # the power was cut before the new mission's save
    again = Sim(1, game="infiltraitors", save_dir=str(tmp_path))
    assert again.session.over
    again.press(PROX)  # the rules: the clue board's display, a change to the finished mission
    again.turn(ALARM, again.app.top().rows.index("board"))
    again.turn(PROX, 1)
    again.press(ALARM)
    again.wait(5000)  # saved
    again.press(GO)  # a new mission
    again.press(GO)
    again.wait(1600)
    assert os.listdir(folder) == ["1.json"]
    with open(os.path.join(folder, "1.json")) as f:
        assert json.load(f)["display"] == 1  # the changed one replaced it (the same id)


def test_a_new_mission_starts_the_tables_cursor_at_the_first_agent():
    sim = started(ms.TRAINING)
    sim.turn(ALARM, 2)
    assert sim.app.home.agent == 2
    sim.hold(GO)
    sim.turn(ALARM, sim.app.top().rows.index("setup"))  # New mission
    sim.press(GO)
    sim.press(GO)
    assert top(sim) == "NewConfirm"
    sim.press(GO)
    sim.wait(1600)
    assert top(sim) == "Home" and sim.app.home.agent == 0
