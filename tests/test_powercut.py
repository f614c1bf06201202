"""A power cut at any flash operation of a game boots into the game before or after that action,
with nothing lost and no finished game archived twice, also after a second cut during the boot
and save that follow a first one; the same for each new game's saves and archive, and for the
picker's switch between two games.

The proof itself (tests/mp/powercut.py) runs on the MicroPython unix port with the real littlefs;
these tests run it and read its summary lines.
"""
import re

import pytest

from tests import mpy

SCRIPT = "tests/mp/powercut.py"
SCENARIOS = ("saves", "log", "archive", "double", "infiltraitors", "infiltrate", "folders", "switch")


@pytest.fixture(scope="module")
def firmware(deployed):
    """The proof loads the firmware as a board does: the .mpy build (tests/conftest.py)."""
    return "--firmware=" + deployed


def summary(out):
    m = re.search(r"^powercut: (\d+) cut points checked, (\d+) failed, (\d+) ms$", out, re.M)
    assert m, out
    return int(m.group(1)), int(m.group(2)), int(m.group(3))


def scenarios(out):
    return {m.group(1): (int(m.group(2)), int(m.group(3)))
            for m in re.finditer(r"^powercut (\w+): (\d+) cut points checked, (\d+) failed$", out, re.M)}


def test_every_cut_point_of_every_scenario_restores_the_game_with_nothing_lost_or_doubled(firmware):
    r = mpy.run(SCRIPT, "1", firmware, check=False, timeout=600)
    print(r.stdout)
    assert r.returncode == 0, r.stdout + r.stderr
    checked, failed, ms = summary(r.stdout)
    assert failed == 0
    assert checked > 5000, "too few cut points to mean anything"
    each = scenarios(r.stdout)
    assert sorted(each) == sorted(SCENARIOS), each
    for name, (n, bad) in each.items():
        assert n > 0 and bad == 0, (name, n, bad)


def test_a_save_that_is_not_atomic_is_caught(firmware):
    """The same proof with a save that removes the old file before writing the new one must fail."""
    r = mpy.run(SCRIPT, "1", "saves", "--broken", firmware, check=False)
    checked, failed, ms = summary(r.stdout)
    assert r.returncode == 1 and failed > 0, r.stdout + r.stderr


def test_an_archive_that_never_checks_the_newest_is_caught(firmware):
    """A cut between the archive and the new game's save must not leave the finished game twice."""
    r = mpy.run(SCRIPT, "1", "archive", "--archive-always", firmware, check=False, timeout=600)
    each = scenarios(r.stdout)
    assert r.returncode == 1 and each["archive"][1] > 0, r.stdout + r.stderr


def test_the_new_games_and_the_switch_catch_a_save_that_is_not_atomic(firmware):
    r = mpy.run(SCRIPT, "1", "infiltraitors", "infiltrate", "switch", "--broken", firmware, check=False)
    each = scenarios(r.stdout)
    assert r.returncode == 1 and all(each[n][1] > 0 for n in ("infiltraitors", "infiltrate", "switch")), r.stdout


def test_the_new_games_catch_an_archive_that_never_checks_the_newest(firmware):
    r = mpy.run(SCRIPT, "1", "infiltraitors", "infiltrate", "--archive-always", firmware, check=False)
    each = scenarios(r.stdout)
    assert r.returncode == 1 and each["infiltraitors"][1] > 0 and each["infiltrate"][1] > 0, r.stdout
