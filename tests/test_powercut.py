"""A power cut at any flash operation of a game boots into the game before or after that action.

The proof itself (tests/mp/powercut.py) runs on the MicroPython unix port with the real littlefs;
these tests run it and read its summary line.
"""
import re

from tests.mpy import run

SCRIPT = "tests/mp/powercut.py"


def summary(out):
    m = re.search(r"^powercut: (\d+) cut points checked, (\d+) failed, (\d+) ms$", out, re.M)
    assert m, out
    return int(m.group(1)), int(m.group(2)), int(m.group(3))


def test_every_cut_point_restores_the_game_before_or_after_the_action():
    r = run(SCRIPT, check=False)
    print(r.stdout)
    assert r.returncode == 0, r.stdout + r.stderr
    checked, failed, ms = summary(r.stdout)
    assert failed == 0
    assert checked > 500, "too few cut points to mean anything"


def test_a_save_that_is_not_atomic_is_caught():
    """The same proof with a save that removes the old file before writing the new one must fail."""
    r = run(SCRIPT, "1", "--broken", check=False)
    checked, failed, ms = summary(r.stdout)
    assert r.returncode == 1 and failed > 0, r.stdout + r.stderr
