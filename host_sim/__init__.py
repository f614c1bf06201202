"""Desktop simulator: runs the firmware's app unchanged against fake hardware.

On CPython, importing it puts firmware/ and the MicroPython shims on sys.path. The script runner
(script.py, runner.py) also runs on the MicroPython unix port, which has its own path set-up.
"""
import sys

if sys.implementation.name != "micropython":
    from host_sim import paths  # noqa: F401
