"""Runs the shared core tests on MicroPython: `micropython tests/mp_run.py [module ...]`.

The test modules under tests/core use plain asserts and no pytest, so this small runner can
import them on the unix port. It ends with the line "N passed, N failed" and exits 1 on failure.
"""
import os
import sys

HERE = __file__.rpartition("/")[0] or "."
ROOT = HERE.rpartition("/")[0] or "."
sys.path.insert(0, ROOT + "/firmware")
sys.path.insert(0, ROOT)


def modules(args):
    if args:
        return args
    names = sorted(n[:-3] for n in os.listdir(HERE + "/core") if n.startswith("test_") and n.endswith(".py"))
    return ["tests.core." + n for n in names]


def main(args):
    passed = failed = 0
    for name in modules(args):
        mod = __import__(name, None, None, ["*"])
        for attr in sorted(dir(mod)):
            fn = getattr(mod, attr)
            if not attr.startswith("test_") or not callable(fn):
                continue
            try:
                fn()
                passed += 1
            except Exception as e:  # report every failure, keep going
                failed += 1
                print("FAIL %s.%s: %s: %s" % (name, attr, type(e).__name__, e))
                sys.print_exception(e)
    if not passed + failed:
        print("no tests found")
        failed = 1
    print("%d passed, %d failed" % (passed, failed))
    return failed


if __name__ == "__main__":
    sys.exit(1 if main(sys.argv[1:]) else 0)
