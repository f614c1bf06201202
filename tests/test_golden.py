"""Every screen, reached through the real App, is byte for byte its reviewed golden frame.

The goldens are made by tools/golden.py (never by this test) and reviewed as PNGs. On a mismatch
the actual and the expected PNG are written side by side in a temp folder named in the failure.
"""
import os
import shutil

import pytest
from PIL import Image, ImageChops

from host_sim.png import image, save_png
from tools import golden

NAMES = [name for name, _, _ in golden.STATES if name not in golden.HELD]


def stored(name, ext):
    return os.path.join(golden.FOLDER, name + ext)


@pytest.fixture(scope="module")
def frames():
    return {name: (want, got, frame) for name, want, got, frame in golden.frames(NAMES)}


@pytest.mark.parametrize("name", NAMES)
def test_screen_is_its_golden(name, frames, tmp_path):
    want, got, frame = frames[name]
    assert got == want, "%s ends on the %s screen, not %s" % (name, got, want)
    with open(stored(name, ".bin"), "rb") as f:
        expected = f.read()
    if frame != expected:
        actual_png = str(tmp_path / (name + ".actual.png"))
        expected_png = str(tmp_path / (name + ".expected.png"))
        save_png(frame, actual_png)
        shutil.copyfile(stored(name, ".png"), expected_png)
        diff = sum(1 for a, b in zip(frame, expected) if a != b)
        pytest.fail("%s: %d of 1024 bytes differ from the golden\n  expected %s\n  actual   %s"
                    % (name, diff, expected_png, actual_png))


def test_held_states_still_reach_their_screens():
    """Held for a visible defect, not stored; they stay ready for when the screen is fixed."""
    for name, want, got, _ in golden.frames(list(golden.HELD)):
        assert got == want, "%s ends on the %s screen, not %s" % (name, got, want)


def test_goldens_are_all_different():
    """Two states with the same frame mean one of them did not reach what it names."""
    seen = {}
    for name in NAMES:
        with open(stored(name, ".bin"), "rb") as f:
            data = f.read()
        assert len(data) == 1024, name
        assert data not in seen, "%s and %s are the same frame" % (seen.get(data), name)
        seen[data] = name


def test_each_png_shows_its_frame():
    """The PNG people reviewed is the stored frame, pixel for pixel."""
    for name in NAMES:
        with open(stored(name, ".bin"), "rb") as f:
            want = image(f.read())
        with Image.open(stored(name, ".png")) as got:
            assert ImageChops.difference(want, got.convert("RGB")).getbbox() is None, name


def test_the_folder_holds_exactly_the_goldens():
    """No golden left behind by a renamed or held state, none missing; held names are real states."""
    want = sorted(n + ext for n in NAMES for ext in (".bin", ".png"))
    assert sorted(os.listdir(golden.FOLDER)) == want
    assert set(golden.HELD) <= {name for name, _, _ in golden.STATES}
