"""Puts the firmware package, the MicroPython shims and the repository (for boards/) on sys.path,
the way a board's root holds them; and where the interactive simulator keeps its saves."""
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIRMWARE = os.path.join(ROOT, "firmware")
SHIMS = os.path.join(ROOT, "host_sim", "shims")


def user_saves(environ=None):
    """The interactive simulator's save folder: per user, as the Raspberry Pi build keeps its own in
    ~/.local/share/lockdown (its own folder, so a simulator on a Pi never touches the Pi's game)."""
    environ = os.environ if environ is None else environ
    data = environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local", "share")
    return os.path.join(data, "lockdown-sim")


def install():
    for p in (ROOT, FIRMWARE, SHIMS):
        if p not in sys.path:
            sys.path.insert(0, p)


install()
