"""The simulator's script language and its runner: parsing, errors with line numbers, timing."""
import json
import os
import subprocess
import sys

import pytest
from PIL import Image

from host_sim import script
from host_sim.runner import Sim
from host_sim.script import ScriptError, parse
from host_sim.state_json import state
from lockdown.events import ALARM, GO, HOLD_MS, PROX


class FakeApp:
    """Records what the Sim feeds it, with the virtual time of each input."""

    def __init__(self, session):
        self.session = session
        self.now = None
        self.ticks = []
        self.log = []
        self.dirty = True

    def tick(self, now):
        self.ticks.append(now)
        self.now = now

    def turn(self, knob, n):
        self.log.append(("turn", knob, n, self.now))
        self.dirty = True

    def press(self, b):
        self.log.append(("press", b, self.now))
        self.dirty = True

    def hold(self, b):
        self.log.append(("hold", b, self.now))
        self.dirty = True

    def draw(self, fb):
        fb.fill(0)
        for i in range(len(self.log)):
            fb.pixel(i, i % 64, 1)
        self.dirty = False


def fake_sim(seed=1):
    return Sim(seed, app_factory=FakeApp)


def commands(text):
    return [(c.line, c.name, c.args) for c in parse(text, "t.txt")]


def test_every_command_parses():
    text = """# a comment line
turn alarm +1
turn prox -12   # trailing comment

press alarm
press prox
press go
hold go
hold alarm 2500
wait 0
wait 340
die 1
die 6
shot out/final.png
"""
    assert commands(text) == [
        (2, "turn", (ALARM, 1)),
        (3, "turn", (PROX, -12)),
        (5, "press", (ALARM,)),
        (6, "press", (PROX,)),
        (7, "press", (GO,)),
        (8, "hold", (GO, HOLD_MS)),
        (9, "hold", (ALARM, 2500)),
        (10, "wait", (0,)),
        (11, "wait", (340,)),
        (12, "die", (1,)),
        (13, "die", (6,)),
        (14, "shot", ("out/final.png",)),
    ]


def test_empty_script_has_no_commands():
    assert commands("") == []
    assert commands("\n   \n# only comments\n") == []


MALFORMED = [
    ("turn left 3", 'expected "turn alarm|prox +N|-N", got "turn left 3"'),
    ("turn alarm 3", 'expected "turn alarm|prox +N|-N", got "turn alarm 3"'),
    ("turn alarm +0", 'expected "turn alarm|prox +N|-N", got "turn alarm +0"'),
    ("turn alarm +x", 'expected "turn alarm|prox +N|-N", got "turn alarm +x"'),
    ("turn prox", 'expected "turn alarm|prox +N|-N", got "turn prox"'),
    ("turn prox +1 +2", 'expected "turn alarm|prox +N|-N", got "turn prox +1 +2"'),
    ("press", 'expected "press alarm|prox|go", got "press"'),
    ("press GO", 'expected "press alarm|prox|go", got "press GO"'),
    ("press go 2", 'expected "press alarm|prox|go", got "press go 2"'),
    ("hold knob", 'expected "hold alarm|prox|go [MS]", got "hold knob"'),
    ("hold go 500", 'expected "hold alarm|prox|go [MS]" (MS from 1000 to 3600000), got "hold go 500"'),
    ("hold go 1s", 'expected "hold alarm|prox|go [MS]" (MS from 1000 to 3600000), got "hold go 1s"'),
    ("wait", 'expected "wait MS", got "wait"'),
    ("wait -5", 'expected "wait MS", got "wait -5"'),
    ("wait 1.5", 'expected "wait MS", got "wait 1.5"'),
    ("die 0", 'expected "die N" (N from 1 to 6), got "die 0"'),
    ("die 7", 'expected "die N" (N from 1 to 6), got "die 7"'),
    ("die", 'expected "die N" (N from 1 to 6), got "die"'),
    ("shot", 'expected "shot FILE.png", got "shot"'),
    ("shot final.jpg", 'expected "shot FILE.png", got "shot final.jpg"'),
    ("shot my shot.png", 'expected "shot FILE.png", got "shot my shot.png"'),
    ("jump 3", 'expected a command (turn, press, hold, wait, die, shot), got "jump 3"'),
    ("Press go", 'expected a command (turn, press, hold, wait, die, shot), got "Press go"'),
]


@pytest.mark.parametrize("line, message", MALFORMED)
def test_malformed_line_names_file_line_and_form(line, message):
    text = "# setup\npress go\n\n%s   # the bad one\npress go\n" % line
    with pytest.raises(ScriptError) as e:
        parse(text, "script.txt")
    assert str(e.value) == "script.txt:4: " + message
    assert e.value.line == 4


def test_malformed_line_stops_the_run_before_anything_happens(tmp_path, capsys, monkeypatch):
    from host_sim import __main__ as cli, runner
    path = tmp_path / "script.txt"
    path.write_text("press go\nwait 100\nturn left 3\n")
    monkeypatch.setattr(runner, "Sim", None)  # never even built
    assert cli.main(["--script", str(path), "--state-json", str(tmp_path / "s.json")]) == 2
    assert list(tmp_path.iterdir()) == [path]
    assert capsys.readouterr().err.strip() == (
        '%s:3: expected "turn alarm|prox +N|-N", got "turn left 3"' % path)


def test_a_failing_command_reports_its_line(tmp_path, capsys):
    from host_sim.__main__ import load_script, play_script
    path = tmp_path / "script.txt"
    path.write_text("press go\n\nturn alarm +2\n")
    sim = fake_sim()

    def broken(knob, n):
        raise RuntimeError("knob fell off")
    sim.app.turn = broken
    assert play_script(load_script(str(path)), sim, str(path)) == 1
    err = capsys.readouterr().err
    assert "RuntimeError: knob fell off" in err  # the traceback, for whoever debugs the app
    assert err.strip().splitlines()[-1] == (
        '%s:3: "turn alarm +2" failed: RuntimeError: knob fell off' % path)
    assert sim.app.log == [("press", GO, 0)]


def test_missing_script_is_a_clear_error(tmp_path, capsys):
    from host_sim.__main__ import main
    assert main(["--script", str(tmp_path / "nope.txt")]) == 2
    assert capsys.readouterr().err == "%s: cannot read the script: No such file or directory\n" % (
        tmp_path / "nope.txt")


def test_wait_ticks_at_most_every_20_ms():
    sim = fake_sim()
    sim.wait(95)
    assert sim.app.ticks == [0, 20, 40, 60, 80, 95]
    assert sim.now == 95
    sim.wait(0)
    assert sim.now == 95


def test_hold_fires_once_at_hold_ms_and_its_release_presses_nothing():
    sim = fake_sim()
    script.run(parse("wait 100\nhold prox 2500\npress go\n"), sim)
    assert sim.app.log == [("hold", PROX, 100 + HOLD_MS), ("press", GO, 2600)]
    assert max(b - a for a, b in zip(sim.app.ticks, sim.app.ticks[1:])) <= 20


def test_turn_and_press_happen_at_the_current_time():
    sim = fake_sim()
    script.run(parse("turn alarm -3\nwait 40\nturn prox +7\npress alarm\n"), sim)
    assert sim.app.log == [("turn", ALARM, -3, 0), ("turn", PROX, 7, 40), ("press", ALARM, 40)]


def test_die_forces_the_next_device_roll():
    sim = fake_sim()
    script.run(parse("die 5"), sim)
    assert sim.session.forced == 5
    with pytest.raises(ValueError):
        sim.die(7)


def test_frame_redraws_only_when_dirty():
    sim = fake_sim()
    blank = sim.frame()
    assert len(blank) == 1024 and not any(blank)
    sim.press(GO)
    drawn = sim.frame()
    assert drawn[0] == 1
    sim.buf[5] = 0xFF  # not redrawn while the app is clean
    assert sim.frame()[5] == 0xFF


# ----- the real app, driven by the example scripts ------------------------------------------------
SCRIPTS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "scripts")
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def play(name, seed=1, frames=None):
    """Runs tests/scripts/<name> on a Sim with the real App; `frames` collects a frame per command."""
    sim = Sim(seed)
    with open(os.path.join(SCRIPTS, name)) as f:
        for c in parse(f.read(), name):
            getattr(sim, c.name)(*c.args)
            if frames is not None:
                frames.append(sim.frame())
    return sim


def test_four_player_game_plays_two_rounds(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    s = state(play("four_players.txt").session)
    assert (s["player_count"], s["round"], s["phase"]) == (4, 3, "selection")
    assert (s["alarm"], s["proximity"]) == (2, 7 + 3 + 4)
    assert [(p["player"], p["status"], p["wounded"], p["delayed"]) for p in s["players"]] == [
        (1, "inside", False, False), (2, "inside", True, False),
        (3, "inside", False, False), (4, "inside", False, False)]
    assert s["npcs"] == [] and not s["game_over"] and s["winners"] == []
    assert (tmp_path / "out" / "round1.png").exists()


def test_lockdown_script_ends_the_game(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    s = state(play("lockdown.txt").session)
    assert (s["proximity"], s["phase"], s["game_over"], s["lockdown"]) == (99, "game_over", True, True)
    assert [p["status"] for p in s["players"]] == ["captured"] * 4
    assert (s["result"], s["winners"]) == ("nobody", [])


def test_escape_then_lockdown_gives_the_win_to_the_one_out(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    s = state(play("escape.txt").session)
    assert s["player_count"] == 2 and s["game_over"] and s["lockdown"]
    assert [p["status"] for p in s["players"]] == ["captured", "escaped"]
    assert (s["result"], s["decided_by"], s["winners"]) == ("win", "sole_escape", [2])


def test_same_seed_same_frames_and_state(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    a, b = [], []
    sa, sb = play("four_players.txt", 7, a), play("four_players.txt", 7, b)
    assert a == b and len(set(a)) > 5  # identical, and the screen really changed along the way
    assert state(sa.session) == state(sb.session)


def run_cli(tmp_path, *args):
    env = dict(os.environ, PYTHONPATH=ROOT)
    return subprocess.run([sys.executable, "-m", "host_sim", *args], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=120)


def test_cli_writes_state_json_and_screenshot(tmp_path):
    done = run_cli(tmp_path, "--script", os.path.join(SCRIPTS, "four_players.txt"), "--seed", "3",
                   "--state-json", "out/state.json", "--screenshot", "final.png")
    assert done.returncode == 0, done.stderr
    with open(tmp_path / "out" / "state.json") as f:
        s = json.load(f)
    assert (s["round"], s["phase"], s["proximity"], s["alarm"]) == (3, "selection", 14, 2)
    assert len(s["players"]) == 4
    with Image.open(tmp_path / "final.png") as im:
        assert im.size == (512, 256)
    assert (tmp_path / "out" / "round1.png").exists()  # `shot` is relative to the current directory


def test_cli_malformed_script_exits_2_before_running(tmp_path):
    bad = tmp_path / "script.txt"
    bad.write_text("press go\n\n# fine so far\nturn left 3\n")
    done = run_cli(tmp_path, "--script", "script.txt", "--state-json", "s.json")
    assert done.returncode == 2
    assert done.stderr == 'script.txt:4: expected "turn alarm|prox +N|-N", got "turn left 3"\n'
    assert not (tmp_path / "s.json").exists()


def cli_fails(tmp_path, *args):
    """Runs the CLI in tmp_path; asserts exit status 2, one line on stderr, nothing on stdout."""
    done = run_cli(tmp_path, *args)
    assert done.returncode == 2, done.stderr
    assert done.stdout == "" and done.stderr.count("\n") == 1 and "Traceback" not in done.stderr, done.stderr
    return done.stderr.strip()


@pytest.mark.parametrize("data, line, what", [
    (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\xff\xd8", 1, "not UTF-8 text"),
    (b"press go\nwait 100\nturn alarm +1 # caf\xe9\n", 3, "not UTF-8 text"),
    ("press go\n".encode("utf-16"), 1, "not UTF-8 text"),  # Windows Notepad's "Unicode"
    (b"press go\n\x00\x01\x02\n", 2, "not text: a NUL byte"),
])
def test_a_binary_or_non_utf8_script_is_one_line_naming_file_and_line(tmp_path, data, line, what):
    (tmp_path / "script.txt").write_bytes(data)
    err = cli_fails(tmp_path, "--script", "script.txt", "--state-json", "s.json")
    assert err.startswith("script.txt:%d: %s" % (line, what)), err
    assert sorted(os.listdir(tmp_path)) == ["script.txt"]


@pytest.mark.parametrize("line, message", [
    ("turn alarm +" + "9" * 5000, 'expected "turn alarm|prox +N|-N" (N from 1 to 9999)'),
    ("turn prox -10000", 'expected "turn alarm|prox +N|-N" (N from 1 to 9999)'),
    ("wait " + "1" * 4301, 'expected "wait MS" (MS at most 3600000)'),
    ("wait 100000000000", 'expected "wait MS" (MS at most 3600000)'),
    ("wait 3600001", 'expected "wait MS" (MS at most 3600000)'),
    ("hold go 100000000000", 'expected "hold alarm|prox|go [MS]" (MS from 1000 to 3600000)'),
    ("hold go " + "5" * 4400, 'expected "hold alarm|prox|go [MS]" (MS from 1000 to 3600000)'),
    ("die " + "3" * 4400, 'expected "die N" (N from 1 to 6)'),
])
def test_a_count_beyond_its_maximum_is_refused_with_its_line(line, message):
    with pytest.raises(ScriptError) as e:
        parse("press go\n%s\n" % line, "s.txt")
    assert str(e.value).startswith("s.txt:2: " + message), str(e.value)[:200]


def test_a_huge_count_on_the_command_line_is_one_line_and_exit_2(tmp_path):
    (tmp_path / "script.txt").write_text("press go\nwait %s\n" % ("7" * 5000))
    err = cli_fails(tmp_path, "--script", "script.txt", "--state-json", "s.json")
    assert err == 'script.txt:2: expected "wait MS" (MS at most 3600000), got "wait %s..."' % ("7" * 52)
    assert sorted(os.listdir(tmp_path)) == ["script.txt"]


def test_the_longest_wait_and_hold_accepted_run_on_the_virtual_clock():
    sim = fake_sim()
    script.run(parse("wait 3600000\nhold go 3600000\n"), sim)
    assert sim.now == 2 * 3600000
    assert sim.app.log == [("hold", GO, 3600000 + HOLD_MS)]
    assert commands("wait 0003600000\nturn alarm +9999\n") == [(1, "wait", (3600000,)), (2, "turn", (ALARM, 9999))]


@pytest.mark.parametrize("where", ["folder/s.json", "file.txt/s.json", "file.txt/deeper/s.json"])
def test_an_unwritable_state_json_path_is_one_line_before_anything_runs(tmp_path, where):
    (tmp_path / "script.txt").write_text("press go\nshot shot.png\n")
    (tmp_path / "file.txt").write_text("")
    (tmp_path / "folder" / "s.json").mkdir(parents=True)
    err = cli_fails(tmp_path, "--script", "script.txt", "--state-json", where, "--screenshot", "final.png",
                    "--save-dir", "board")
    assert err.startswith(where + ": cannot write it"), err
    assert not (tmp_path / "shot.png").exists() and not (tmp_path / "final.png").exists()
    assert not (tmp_path / "board").exists()


def test_a_state_json_that_fails_at_the_end_is_one_line_and_exit_2(tmp_path, capsys, monkeypatch):
    from host_sim import __main__ as cli
    (tmp_path / "script.txt").write_text("press go\n")
    out = tmp_path / "s.json"
    real = open

    def no_space(path, *a, **kw):
        if str(path) == str(out):
            raise OSError(28, "No space left on device")
        return real(path, *a, **kw)
    monkeypatch.setattr("builtins.open", no_space)
    assert cli.main(["--script", str(tmp_path / "script.txt"), "--state-json", str(out)]) == 2
    cap = capsys.readouterr()
    assert cap.out == "" and cap.err == "%s: cannot write it: No space left on device\n" % out
    assert not out.exists()
