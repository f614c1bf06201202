"""The picture tools (tools/face.py, tools/wiring.py) write to out/ unless asked for docs/, and the
committed pictures in docs/ are what the firmware draws today (the wiring ones: tests/test_wiring.py)."""
import os
import sys

import pytest

from host_sim.paths import ROOT

sys.path.insert(0, os.path.join(ROOT, "tools"))
import face  # noqa: E402
import pictures  # noqa: E402
import wiring  # noqa: E402

Image = pytest.importorskip("PIL.Image")


def pixels(path):
    """The picture's size and a digest of its pixels (a mismatch then reads in one line)."""
    import hashlib
    img = Image.open(str(path)).convert("RGB")
    return img.size, hashlib.sha256(img.tobytes()).hexdigest()


def test_the_committed_device_face_is_the_one_the_firmware_draws(tmp_path):
    face.draw(str(tmp_path / face.NAME))
    assert pixels(tmp_path / face.NAME) == pixels(os.path.join(ROOT, "docs", face.NAME)), \
        "docs/%s is out of date: .venv/bin/python tools/face.py --docs" % face.NAME


@pytest.mark.parametrize("tool, names", [(face, [face.NAME]),
                                         (wiring, sorted(b["file"] for b in wiring.BOARDS.values()))])
def test_by_default_the_tools_write_to_out_and_leave_docs_alone(tool, names, tmp_path, monkeypatch):
    docs = tmp_path / "docs"
    docs.mkdir()
    monkeypatch.setattr(pictures, "OUT", str(tmp_path / "out"))
    monkeypatch.setattr(pictures, "DOCS", str(docs))
    tool.main([])
    assert sorted(os.listdir(tmp_path / "out")) == names
    assert os.listdir(docs) == []
    tool.main(["--docs"])
    assert sorted(os.listdir(docs)) == names
    tool.main(["--out", str(tmp_path / "elsewhere")])
    assert sorted(os.listdir(tmp_path / "elsewhere")) == names


def test_the_default_folder_is_the_repositorys_git_ignored_out():
    assert pictures.OUT == os.path.join(ROOT, "out") and pictures.DOCS == os.path.join(ROOT, "docs")
    with open(os.path.join(ROOT, ".gitignore")) as f:
        assert "/out/" in f.read().split()
