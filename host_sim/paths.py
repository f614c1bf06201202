"""Puts the firmware package, the MicroPython shims and the repository (for boards/) on sys.path,
the way a board's root holds them."""
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIRMWARE = os.path.join(ROOT, "firmware")
SHIMS = os.path.join(ROOT, "host_sim", "shims")


def install():
    for p in (ROOT, FIRMWARE, SHIMS):
        if p not in sys.path:
            sys.path.insert(0, p)


install()
