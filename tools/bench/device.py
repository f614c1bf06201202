"""The MicroPython half of tools/bench.py: heap, allocation and time figures, measured inside the
interpreter, on the unix port and the 32-bit WebAssembly port alike.

The rig is the board's own loop (runloop.Loop: tick, inputs, draw, show, save) on a virtual clock,
with an SSD1306 driver on a bus that sends nothing and the script's commands as its inputs. The
heap figures are net of `base`, the heap in use before the first firmware import (the interpreter
and this harness), so both ports report the firmware's own share.

    micropython device.py MODE MPYDIR ROOT [EVENTS [ORDER [GAME]]]     prints one line: BENCH <json>

MODE: heap (boot and full6 peaks; needs EVENTS), alloc (per detent and odds), time, all,
modules (heap per module; ORDER: module names, dependencies first, comma-separated), fit
(the script replayed with no collection asked for, as on a board: does it run in this heap?),
or passes (each loop pass timed, with its cause: passes.py).
The WebAssembly driver (wasm.mjs) calls start() then advance() until it returns False.
EVENTS: the script as 7-byte records (tools/bench.py encodes them): line u16, op u8, arg u8,
value + 2**23 in 3 bytes. ROOT: an empty folder for the save files. GAME: the game to boot
(lockdown.games), as the picker would have chosen it; the default without.
"""
import gc
import sys

TICK_MS = 20  # host_sim.runner's step: animations and the screensaver run as in the simulator
BOARD_MODULES = ("boards.hw",)  # what a board keeps once built (boards.build forgets the rest)
T_TURN = 1
T_PRESS = 2
T_HOLD = 3
T_WAIT = 4
T_DIE = 5
GAME = None  # the game the rig boots (job's GAME argument); None: the board's default
REPEAT = 300  # events per median
WARM = 10  # first events left out of a median (first-use caches, lazy imports)


class NullBus:
    """machine.I2C's shape; the board's transfers allocate nothing, so neither does this."""

    def writeto(self, addr, buf, stop=True):
        return len(buf)

    def writevto(self, addr, vector, stop=True):
        return 0


class Rig:
    """The board's hardware contract (display, inputs, root, wdt, log) and its virtual clock."""

    def __init__(self, root):
        from lockdown.oled import SSD1306
        from lockdown.runloop import boot
        for name in BOARD_MODULES:
            try:
                __import__(name)
            except ImportError:
                pass
        sys.modules.pop("boards", None)  # as boards.build() leaves it: the package forgotten
        self.display = SSD1306(NullBus())
        self.inputs = self
        self._x = 1  # the simulator's entropy, host_sim's Xorshift(1), so a script plays the same game here
        self.root = root
        self.wdt = None
        self.now = 0
        self.kind = self.arg = self.value = 0  # the input the next poll delivers
        self.delivered = 0  # the kind of input the last poll delivered (passes.py clears it)
        self.line = 0  # the script line being replayed
        self.follow = False  # passes mode: each input's follow-up passes run before the next (follow_up)
        self.loop = boot(self, 0, name=GAME)  # as a board boots: the game, its save, the app
        self.app = self.loop.app
        self.loop.step(0)  # the first frame

    def log(self, msg):
        pass

    def entropy(self, n):
        """lockdown.dice.Xorshift's bytes (tests/test_bench.py holds them equal), made here: a
        board's os.urandom imports nothing, so neither does the rig for it."""
        out = bytearray(n)
        x = self._x
        for i in range(n):
            x ^= (x << 13) & 0xFFFFFFFF
            x ^= x >> 17
            x ^= (x << 5) & 0xFFFFFFFF
            out[i] = x >> 24
        self._x = x
        return out

    def diff(self, a, b):
        return a - b

    def poll(self, app, now):
        k = self.kind
        if k:
            self.kind = 0
            self.delivered = k
            if k == T_TURN:
                app.turn(self.arg, self.value)
            elif k == T_PRESS:
                app.press(self.arg)
            else:
                app.hold(self.arg)

    def step(self):
        self.loop.step(self.now)

    def wait(self, ms):
        """Steps the clock in TICK_MS ticks; yields after each step (see replay)."""
        end = self.now + ms
        while self.now < end:
            self.now = min(self.now + TICK_MS, end)
            self.step()
            yield

    def follow_up(self):
        """With `follow`: the passes that finish what the last input left (the frame after a
        screen's import, the forgetting after a close), at the same virtual time, before the next
        input comes. A board always runs them in between (a press takes DEBOUNCE_MS at least, ten
        passes); the script's commands come one pass apart."""
        app = self.app
        for _ in range(3):
            if not (self.follow and (app.dirty or getattr(app, "unused", None))):
                return
            self.step()
            yield

    def put(self, kind, arg, value=0):
        self.kind = kind
        self.arg = arg
        self.value = value
        self.step()

    def run(self, events):
        """Replays the script as the simulator does (host_sim.runner.Sim), one loop step at a
        time: a generator that yields after every step, with the script line in self.line."""
        from lockdown.events import HOLD_MS
        for i in range(0, len(events), 7):
            self.line = events[i] | events[i + 1] << 8
            op = events[i + 2]
            arg = events[i + 3]
            value = (events[i + 4] | events[i + 5] << 8 | events[i + 6] << 16) - 0x800000
            if op == T_TURN or op == T_PRESS:
                yield from self.follow_up()
                self.put(op, arg, value)
                yield
            elif op == T_HOLD:
                yield from self.wait(HOLD_MS)
                self.put(T_HOLD, arg)
                yield
                yield from self.wait(value - HOLD_MS)
            elif op == T_WAIT:
                yield from self.wait(value)
            else:
                self.app.session.forced = value


def firmware_modules():
    return sorted(m for m in sys.modules if m.startswith("lockdown") or m.startswith("boards"))


def qstr_info():
    """Prints the interned-string pools' size (a "qstr pool:" line) for tools/bench.py to read."""
    import micropython
    micropython.qstr_info()


def heap(root, events, out):
    """Heap after boot, then the raw and live peaks over the script, into `out`. The interned
    strings' pools are printed before the first import, after boot and at the end (qstr_info).

    A generator that yields wherever it has just asked for a collection: the WebAssembly port
    only collects once control is back in JavaScript (its wasm stack cannot be scanned), so its
    driver returns there at each yield; the unix port has collected in place already.
    """
    gc.collect()
    yield
    qstr_info()
    base = gc.mem_alloc()
    rig = Rig(root)
    gc.collect()
    yield
    boot = live = raw = gc.mem_alloc() - base
    qstr_info()
    out["boot_modules"] = firmware_modules()
    out["origin"] = sys.modules["lockdown.runloop"].__file__  # where the firmware was imported from
    live_at = raw_at = 0
    for _ in rig.run(events):
        used = gc.mem_alloc() - base  # this step's garbage on the live set: the step's high water
        if used > raw:
            raw = used
            raw_at = rig.line
        gc.collect()
        yield
        used = gc.mem_alloc() - base
        if used > live:
            live = used
            live_at = rig.line
    app = rig.app
    qstr_info()
    out.update({"base": base, "boot": boot, "peak_raw": raw, "peak_raw_line": raw_at, "peak_live": live,
                "peak_live_line": live_at, "end_over": bool(app.session.over), "virtual_ms": rig.now,
                "end_screen": type(app.stack[-1]).__name__ if app.stack else "play"})


def fit(root, events, out):
    """The script replayed as the board runs it, collecting only when the heap is full: under
    -X heapsize it fails with MemoryError where the game does not fit."""
    rig = Rig(root)
    for _ in rig.run(events):
        pass
    app = rig.app
    out["end_screen"] = type(app.stack[-1]).__name__ if app.stack else "play"


def modules(order, out):
    """Heap each module takes once imported from its .mpy (its own imports loaded before it),
    in `order` (dependencies first); -1 for a module that will not import off-board."""
    cost = [-1] * len(order)
    for i in range(len(order)):
        gc.collect()
        yield
        before = gc.mem_alloc()
        try:
            __import__(order[i])
        except ImportError:
            continue
        gc.collect()
        yield
        cost[i] = gc.mem_alloc() - before
    for i in range(len(order)):
        out[order[i]] = cost[i]


def home(root):
    """A rig on the play screen of a started game (round 1 Selection), notices gone."""
    from lockdown.events import GO
    rig = Rig(root)
    rig.put(T_PRESS, GO)
    for _ in rig.wait(2000):
        pass
    return rig


def median_and_spread(values):
    v = sorted(values[WARM:])
    n = len(v)
    return {"p10": v[n // 10], "median": v[n // 2], "p90": v[n * 9 // 10], "max": v[-1], "first": values[0]}


def detents(rig, knob, measure):
    """Calls measure(step) around each of REPEAT single detents (alternating direction) on the
    play screen; step(part) runs part 0 (turn), 1 (draw) or 2 (show) of one detent."""
    app = rig.app
    fb = rig.display.fb
    show = rig.display.show
    state = [1]

    def part(p):
        if p == 0:
            app.turn(knob, state[0])
        elif p == 1:
            app.draw(fb)
        else:
            show()

    out = []
    for i in range(REPEAT):
        rig.now += 100  # a steady spin: each detent merges into the previous undo step
        app.tick(rig.now)
        state[0] = 1 if i % 2 == 0 else -1
        gc.collect()
        out.append(measure(part))
    return out


def alloc(root):
    """Bytes allocated by one detent on the play screen (turn, draw, show), and by the odds."""
    from lockdown.events import ALARM, PROX
    rig = home(root)
    res = {}
    for name, knob in (("alarm", ALARM), ("prox", PROX)):
        parts = [[], [], []]

        def measure(part):
            total = 0
            for p in range(3):
                a = gc.mem_alloc()
                part(p)
                d = gc.mem_alloc() - a
                parts[p].append(d)
                total += d
            return total

        res[name] = median_and_spread(detents(rig, knob, measure))
        for p, label in enumerate(("turn", "draw", "show")):
            res[name + "_" + label] = median_and_spread(parts[p])
    from lockdown.games.infiltration.rules.odds import chance_by_round, expected_rounds
    out = [0.0] * 3
    a_chance = []
    a_rounds = []
    for _ in range(WARM + 20):
        gc.collect()
        a = gc.mem_alloc()
        chance_by_round(0, 0, 3, out)
        a_chance.append(gc.mem_alloc() - a)
        gc.collect()
        a = gc.mem_alloc()
        expected_rounds(0, 0)
        a_rounds.append(gc.mem_alloc() - a)
    res["odds_chance"] = median_and_spread(a_chance)
    res["odds_expected"] = median_and_spread(a_rounds)
    return res


def timing(root):
    """Microseconds of Python per detent on the play screen (turn, draw, show), and of the odds."""
    from time import ticks_diff, ticks_us
    from lockdown.events import ALARM, PROX
    rig = home(root)
    res = {}

    def measure(part):
        t = ticks_us()
        part(0)
        part(1)
        part(2)
        return ticks_diff(ticks_us(), t)

    for name, knob in (("alarm", ALARM), ("prox", PROX)):
        res[name] = median_and_spread(detents(rig, knob, measure))
    from lockdown.games.infiltration.rules.odds import chance_by_round, expected_rounds
    out = [0.0] * 3
    t_chance = []
    t_rounds = []
    for _ in range(WARM + 20):
        gc.collect()
        t = ticks_us()
        chance_by_round(0, 0, 3, out)
        t_chance.append(ticks_diff(ticks_us(), t))
        gc.collect()
        t = ticks_us()
        expected_rounds(0, 0)
        t_rounds.append(ticks_diff(ticks_us(), t))
    res["odds_chance"] = median_and_spread(t_chance)
    res["odds_expected"] = median_and_spread(t_rounds)
    return res


def mount_rom(image):
    """Imports from a ROMFS image, as a board with a ROM partition does: `.mpy` bytecode and
    its constants stay in the image (here a buffer read before the base figure is taken, as
    flash would hold it), so the heap holds about what freezing would leave there (freezing
    keeps the interned strings in flash too). The unix port has VfsRom; stock boards do not."""
    import vfs
    with open(image, "rb") as f:
        rom = f.read()
    vfs.mount(vfs.VfsRom(rom), "/rom")  # pyright: ignore[reportAttributeAccessIssue]  (not in the rp2 stubs)
    sys.path.insert(0, "/rom")


def job(mode, mpydir, root, events_path=None, order="", game=""):
    """The whole run as a generator (see heap); prints BENCH <json> at the end. `mpydir` is the
    deployed build's folder, or that build as a ROMFS image (a file ending in .romfs)."""
    import json
    import os
    global GAME
    GAME = game or None
    if mpydir.endswith(".romfs"):
        mount_rom(mpydir)
    else:
        sys.path.insert(0, mpydir)
    for d in (root + "/alloc", root + "/time"):
        try:
            os.mkdir(d)
        except OSError:
            pass
    events = None
    if events_path:
        with open(events_path, "rb") as f:
            events = f.read()
    out = {"version": sys.version, "platform": sys.platform, "mpy": sys.implementation._mpy}
    if mode in ("heap", "all"):
        out["heap"] = {}
        yield from heap(root, events, out["heap"])
    if mode == "fit":
        out["fit"] = {}
        fit(root, events, out["fit"])
    if mode == "modules":
        out["modules"] = {}
        yield from modules(order.split(","), out["modules"])
    if mode in ("alloc", "all"):
        out["alloc"] = alloc(root + "/alloc")
    if mode in ("time", "all"):
        out["time"] = timing(root + "/time")
    if mode == "passes":
        from passes import passes  # this folder's: how long each loop pass holds the board
        out["passes"] = passes(Rig(root), events)
    print("BENCH " + json.dumps(out))


_job = None


def start(*args):
    global _job
    _job = job(*args)


def advance():
    """One slice of the job; False once it is done. The WebAssembly driver calls this in a loop."""
    assert _job is not None  # start() made it
    try:
        next(_job)
        return True
    except StopIteration:
        return False


if __name__ == "__main__":
    for _ in job(*sys.argv[1:]):
        pass
