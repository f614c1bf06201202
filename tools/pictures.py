"""Where the picture tools (tools/face.py, tools/wiring.py) write: out/ by default, so a run leaves
the checkout as it was; --docs refreshes the committed pictures in docs/ that the README shows."""
import argparse
import os

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DOCS = os.path.join(ROOT, "docs")
OUT = os.path.join(ROOT, "out")  # git-ignored


def folder(description, argv=None):
    """The folder the tool's pictures go to, from its command line (made if missing)."""
    p = argparse.ArgumentParser(description=description)
    where = p.add_mutually_exclusive_group()
    where.add_argument("--docs", action="store_true", help="refresh the committed pictures in docs/")
    where.add_argument("--out", default=OUT, help="the folder to write to (default: out/)")
    a = p.parse_args(argv)
    path = DOCS if a.docs else a.out
    os.makedirs(path, exist_ok=True)
    return path
