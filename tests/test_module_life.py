"""The module walk of tests/core/test_module_life.py in a fresh interpreter, as a board boots:
there, no module another test imported is held, so every module it names is checked (issue 24.13)."""
import subprocess
import sys

from tests import mpy

CODE = ("import sys\nsys.path[:0] = ['firmware', 'host_sim/shims', '.']\n"
        "from tests.core.test_module_life import Walk, test_infiltration_forgets_on_every_path_and_loads_nothing_twice as t\n"
        "t()\nassert not Walk().pinned\nprint('WALKED')\n")


def test_the_walk_on_cpython_alone():
    r = subprocess.run([sys.executable, "-c", CODE], cwd=mpy.ROOT, capture_output=True, text=True, timeout=120)
    assert "WALKED" in r.stdout, r.stdout + r.stderr


def test_the_walk_on_micropython_alone():
    r = mpy.run("-c " + CODE.replace("'host_sim/shims', ", ""))
    assert "WALKED" in r.stdout, r.stdout + r.stderr
