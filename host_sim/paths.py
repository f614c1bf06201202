"""Puts the firmware package and the MicroPython shims on sys.path, the way the board's root holds them."""
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIRMWARE = os.path.join(ROOT, "firmware")
SHIMS = os.path.join(ROOT, "host_sim", "shims")


def install():
    for p in (FIRMWARE, SHIMS):
        if p not in sys.path:
            sys.path.insert(0, p)


install()
