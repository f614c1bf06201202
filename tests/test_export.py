"""Export: scripted games saved with their logs come out as the right CSV rows and JSON."""
import csv
import json
import os
import subprocess
import sys
import types

import pytest

from lockdown.games.infiltration import save
from lockdown.dice import Xorshift
from lockdown.games.infiltration.rules.game import NPC, SECURITY
from lockdown.games.infiltration.rules.gamelog import ACTED, LEFT, GameLog
from lockdown.games.infiltration.rules.actions import A_ALARM, A_PHASE, A_PROX
from lockdown.games.infiltration.session import Session
from tests.mpy import ROOT
from tools import export


def play(seed, log, stop_round=None):
    """Plays a game as the app would, calling the log's hooks; returns the session and what was rolled."""
    s = Session(Xorshift(seed))
    log.reset()
    s.game.start()
    rolled = []
    while not s.game.over and s.game.round != stop_round:
        g = s.game
        if g.round % 3 == 0:
            before = g.alarm
            s.turn(A_ALARM, 1)
            log.on_manual(g, A_ALARM, g.alarm - before)
        if g.round == 2:
            s.turn(A_PROX, 7)
            log.on_manual(g, A_PROX, 7)
        while g.phase != NPC:
            s.act(A_PHASE, g.next_phase)
        if g.round == 4:
            log.on_npc(g, 3, ACTED)
            log.on_npc(g, 0, LEFT)
        while g.phase != SECURITY:
            s.act(A_PHASE, g.next_phase)
        before = g.proximity
        face = s.roll()
        log.on_roll(g, before)
        rolled.append((g.round, face, g.alarm, before, g.proximity))
        if not g.over:
            s.act(A_PHASE, g.next_phase)
    return s, rolled


def saved(session, log):
    """The save document as storage writes it: the game, plus the log and the face counts."""
    doc = json.loads(save.dumps(session.game))
    doc["log"] = log.dump()
    doc["faces"] = list(log.faces)
    return json.dumps(doc)


@pytest.fixture
def board(tmp_path):
    """Two finished games in the archive and one in progress, as files on a board."""
    log = GameLog()
    files, rolls = {}, {}
    for name, seed, stop in (("log/2.json", 11, None), ("log/10.json", 12, None), ("game.json", 13, 5)):
        s, rolls[name] = play(seed, log, stop)
        files[name] = saved(s, log)
    return files, rolls, log.faces


def fake_mpremote(files, calls):
    def run(*args):
        calls.append(args)
        assert args[:2] == ("connect", "auto") and args[2] == "fs"
        if args[-2] == "ls":
            folder = args[-1][1:] + "/"
            return "".join("%10d %s\n" % (len(t), n[len(folder):]) for n, t in files.items() if n.startswith(folder))
        if args[-2] == "cat" and args[-1][1:] in files:
            return files[args[-1][1:]]
        raise export.MissingFile("mpremote: cat: %s: No such file or directory." % args[-1])
    return run


def check_outputs(out, rolls, faces):
    with open(out + ".csv") as f:
        rows = list(csv.DictReader(f))
    assert [r["game"] for r in rows][0] == "log/2.json"
    order = ["log/2.json", "log/10.json", "game.json"]  # archive by number, then the current game
    assert sorted(set(r["game"] for r in rows), key=order.index) == order
    for name in order:
        got = [(int(r["round"]), int(r["die"]), int(r["alarm"]), int(r["before"]), int(r["after"]))
               for r in rows if r["game"] == name and r["die"] != "0"]
        assert got == rolls[name]
    first = [r for r in rows if r["game"] == "log/2.json"]
    assert first[1]["turn_prox"] == "7" and first[2]["turn_alarm"] == "1"
    assert first[3]["acted"] == "Nelson" and first[3]["left"] == "CSX-13"
    assert all(int(r["step"]) == int(r["die"]) + int(r["alarm"]) for r in first[:-1])
    with open(out + ".json") as f:
        games = json.load(f)["games"]
    assert [g["end"] for g in games] == ["lockdown", "lockdown", "playing"]
    assert games[0]["rounds"][-1]["after"] == 99 and games[2]["round"] == 5
    assert games[2]["faces"] == list(faces) and sum(faces) == sum(len(v) for v in rolls.values())


def test_export_from_the_board_through_mpremote(board, tmp_path):
    files, rolls, faces = board
    calls = []
    out = str(tmp_path / "games")
    assert export.main(["--board", "--out", out], run=fake_mpremote(files, calls)) == 0
    check_outputs(out, rolls, faces)
    assert ("connect", "auto", "fs", "cat", ":game.json") in calls


def test_export_from_a_save_folder(board, tmp_path):
    files, rolls, faces = board
    for name, text in files.items():
        os.makedirs(os.path.dirname(str(tmp_path / "save" / name)), exist_ok=True)
        (tmp_path / "save" / name).write_text(text)
    out = str(tmp_path / "games")
    export.main(["--dir", str(tmp_path / "save"), "--out", out])
    check_outputs(out, rolls, faces)


def test_board_without_an_archive_gives_the_current_game():
    files = {"game.json": save.dumps(Session(Xorshift(1)).game)}
    docs = export.from_board(run=fake_mpremote(files, []))
    assert docs == [("game.json", files["game.json"])]
    assert export.read_game(*docs[0])["rounds"] == []


def test_a_bad_log_names_the_file_and_the_fault():
    doc = json.loads(save.dumps(Session(Xorshift(1)).game))
    doc["log"] = {"v": 1, "rounds": [[1, 9, 0, 0, 0, 0, 0, 0, 0]]}
    with pytest.raises(ValueError, match="log/3.json: log: die must be 0..6"):
        export.read_game("log/3.json", json.dumps(doc))
    with pytest.raises(ValueError, match="game.json: not JSON"):
        export.read_game("game.json", "{")


# ----- fairness: the face counts the export carries, tested against a fair die ------------------
def test_chi_square_of_known_counts():
    from tools.fairness import chi_square
    assert chi_square([10] * 6) == 0
    # 60 rolls, 10 expected each: (25 + 4 + 1 + 4 + 0 + 100) / 10
    assert chi_square([5, 8, 9, 8, 10, 20]) == pytest.approx(13.4)


def test_p_value_matches_the_table_and_the_density():
    import math
    from tools.fairness import CRITICAL, p_value
    for p, x in CRITICAL:  # the printed 5-df table, to its 3 decimals
        assert p_value(x) == pytest.approx(p, rel=2e-4)
    # integrate the 5-df density from 13.4 to far out (Simpson) as an independent check
    pdf = lambda t: t ** 1.5 * math.exp(-t / 2) / (2 ** 2.5 * math.gamma(2.5))  # noqa: E731
    a, b, n = 13.4, 200.0, 20000
    h = (b - a) / n
    tail = (pdf(a) + pdf(b) + sum((4 if i % 2 else 2) * pdf(a + i * h) for i in range(1, n))) * h / 3
    assert p_value(13.4) == pytest.approx(tail, rel=1e-9)
    assert p_value(0) == 1.0


def test_fairness_command_reads_the_saved_faces(board, tmp_path, capsys):
    from tools import fairness
    files, rolls, faces = board
    assert fairness.main(["--board"], run=fake_mpremote(files, [])) == 0
    out = capsys.readouterr().out
    assert "%d rolls, chi-square %.2f" % (sum(faces), fairness.chi_square(faces)) in out
    for face, c in enumerate(faces, 1):
        assert "%4d %6d" % (face, c) in out
    fairness.main(["--counts", "100,100,100,100,100,160"])
    out = capsys.readouterr().out
    assert "chi-square 27.27" in out and "p < 0.001" in out
    fairness.main(["--counts", "1,2,3,4,5,6"])
    assert "too few" in capsys.readouterr().out


# ----- what can be missing: mpremote, the board, a game; one line each, status 1 --------------
def no_mpremote(monkeypatch):
    monkeypatch.setitem(sys.modules, "mpremote", None)  # import mpremote now fails, as when not installed


def no_board(monkeypatch):
    """mpremote is there, but finds no board: what it prints then."""
    monkeypatch.setitem(sys.modules, "mpremote", types.ModuleType("mpremote"))
    sent = []

    def run(cmd, **kw):
        sent.append(cmd)
        return subprocess.CompletedProcess(cmd, 1, "", "mpremote: no device found\n")
    monkeypatch.setattr(export.subprocess, "run", run)
    return sent


NO_BOARD = "the board did not answer (mpremote: no device found): plug it in over USB, or name its port with --port\n"


def test_export_without_mpremote_says_how_to_install_it(monkeypatch, capsys, tmp_path):
    no_mpremote(monkeypatch)
    assert export.main(["--board", "--out", str(tmp_path / "g")]) == 1
    out, err = capsys.readouterr()
    assert err == "export: mpremote is not installed: %s -m pip install mpremote\n" % export.python()
    assert not list(tmp_path.iterdir())


def test_export_without_a_board_says_so(monkeypatch, capsys, tmp_path):
    sent = no_board(monkeypatch)
    assert export.main(["--board", "--out", str(tmp_path / "g")]) == 1
    assert capsys.readouterr().err == "export: " + NO_BOARD
    assert sent == [[sys.executable, "-m", "mpremote", "connect", "auto", "fs", "--no-verbose", "ls", ":log"]]


def test_fairness_without_mpremote_or_a_board(monkeypatch, capsys):
    from tools import fairness
    no_mpremote(monkeypatch)
    assert fairness.main(["--board"]) == 1
    assert capsys.readouterr().err == "fairness: mpremote is not installed: %s -m pip install mpremote\n" % export.python()
    no_board(monkeypatch)
    assert fairness.main(["--board", "--port", "a0"]) == 1
    assert capsys.readouterr().err == "fairness: " + NO_BOARD


def test_board_with_archived_games_but_no_current_one(board):
    files, rolls, faces = board
    del files["game.json"]
    assert [n for n, _ in export.from_board(run=fake_mpremote(files, []))] == ["log/2.json", "log/10.json"]


def test_a_bad_save_is_one_line_and_status_1(tmp_path, capsys):
    (tmp_path / "game.json").write_text("{")
    assert export.main(["--dir", str(tmp_path), "--out", str(tmp_path / "g")]) == 1
    err = capsys.readouterr().err
    assert err.startswith("export: game.json: not JSON") and err.count("\n") == 1


def test_export_writes_into_out_by_default(board, tmp_path, monkeypatch):
    files, _, _ = board
    monkeypatch.chdir(tmp_path)
    assert export.main(["--board"], run=fake_mpremote(files, [])) == 0
    assert sorted(os.listdir(tmp_path / "out")) == ["games.csv", "games.json"]
    assert sorted(os.listdir(tmp_path)) == ["out"]


@pytest.mark.parametrize("tool, first_words", [
    ("export", "Pulls the saved games off the board"), ("fairness", "Is the device's die fair?"),
    ("chart", "Draws saved games as a PNG")])
def test_help_from_the_repo_root_says_whole_sentences(tool, first_words):
    r = subprocess.run([sys.executable, "-m", "tools." + tool, "--help"], capture_output=True, text=True, cwd=ROOT)
    assert r.returncode == 0, r.stderr
    text = " ".join(r.stdout.split())
    start = text.index(first_words)
    sentence = text[start:text.index("options:")].strip()
    assert sentence.endswith("."), sentence


def test_mpremote_missing_file_is_not_a_missing_board(monkeypatch):
    """mpremote says 'No such file' for a board without log/: that is a board with no archive yet."""
    monkeypatch.setitem(sys.modules, "mpremote", types.ModuleType("mpremote"))

    def run(cmd, **kw):
        if cmd[-1] == ":log":
            return subprocess.CompletedProcess(cmd, 1, "", "mpremote: ls: log: No such file or directory.\n")
        return subprocess.CompletedProcess(cmd, 0, '{"v": 1}', "")
    monkeypatch.setattr(export.subprocess, "run", run)
    assert export.from_board() == [("game.json", '{"v": 1}')]
