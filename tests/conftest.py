import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import host_sim.paths  # noqa: E402,F401  (firmware/ and the micropython shim on sys.path)
