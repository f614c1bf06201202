"""The benchmark: every memory, bus, size and time figure of BENCHMARKS.md, with its budget.

    python tools/bench.py [--game NAME] [--json OUT]       (default build/bench.json; about 3 minutes)
    python tools/bench.py --passes                           (the loop passes alone, every game)

Each game is measured alone, booted as the board boots it after the picker chose it (NAME: one of
lockdown.games.GAMES with a full scripted session in SCRIPTS; infiltration by default).
RAM and code size come from the firmware as deployed: tools/deploy.py's .mpy build, loaded by
the 32-bit MicroPython WebAssembly port (the RP2040's word size) and by the 64-bit unix port, which
also imports it from a ROMFS image (what a board with its modules in flash keeps in RAM).
Display traffic comes from the real driver on host_sim's fake I2C bus; the simulator's wall time
from CPython; how long each loop pass holds the board (and why), and the press latency, from the
unix port scaled to an RP2040 (RP2040_RATIO). The workload for the heap peaks and the smallest heap is the game's script; the
play screen's detents, the odds and the display traffic are measured for Infiltration (DETAILED).
"""
import argparse
import ast
import glob
import json
import os
import platform
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path[:0] = [ROOT, HERE, os.path.join(HERE, "bench")]  # bench/: this tool's helpers
import host_sim  # noqa: E402,F401  (firmware/ and the shims on sys.path)

import deploy  # noqa: E402
import opponent  # noqa: E402  (bench/opponent.py: the Infiltrate opponent's time and RAM)

DEVICE = os.path.join(HERE, "bench", "device.py")
WASM_DRIVER = os.path.join(HERE, "bench", "wasm.mjs")
WASM = os.path.join(HERE, "node_modules", "@micropython", "micropython-webassembly-pyscript", "micropython.mjs")
FULL6 = os.path.join(ROOT, "tests", "scripts", "full6.txt")
SCRIPTS = {  # game -> its full scripted session (the heap workload)
    "infiltration": FULL6,
    "infiltraitors": os.path.join(ROOT, "tests", "scripts", "infiltraitors", "mission7_win.txt"),
    "infiltrate": os.path.join(ROOT, "tests", "scripts", "infiltrate", "vs_device.txt"),
}
DETAILED = "infiltration"  # the game whose play screen, odds and display traffic are measured too
OPS = {"turn": 1, "press": 2, "hold": 3, "wait": 4, "die": 5}  # device.py's T_* codes
HEAP = 512 * 1024  # far above the peak, so no collection the rig did not ask for; small, so each is quick
FIT_STEP = 512  # resolution of the smallest-heap search, B
FIT_BELOW = 4 * 1024  # sizes tried below the bisected edge (fragmentation: see smallest_heap)
FIT_CLEAN = 16 * 1024  # sizes that must all run above the steady figure

KB = 1024
BUDGETS = {  # figure key -> (limit, unit), each checked with <=
    "ram_boot": (40 * KB, "B"),
    "ram_peak_live": (64 * KB, "B"),
    "ram_peak_raw": (72 * KB, "B"),
    "code_boot": (30 * KB, "B"),
    "rom_boot": (40 * KB, "B"),  # the RAM budgets again, with the modules in a ROM partition
    "rom_peak_live": (64 * KB, "B"),
    "rom_peak_raw": (72 * KB, "B"),
    "dial_share": (0.20, "of a full frame"),
    "roll_wire_us": (1000000 - 1, "us"),
}


def mpy_binary():
    exe = os.path.join(os.path.dirname(sys.executable), "micropython")
    return exe if os.path.exists(exe) else shutil.which("micropython")


def build_firmware(out):
    """tools/deploy.py's build: {board path: bytes} for every file that goes on the board."""
    built = deploy.build(ROOT, out, deploy.mpy_cross_version(deploy.find_mpy_cross()))
    return {remote: os.path.getsize(local) for remote, (local, _) in built.items()}


def build_romfs(fw, image):
    """The deployed build as a ROMFS image (`mpremote romfs build`'s format and writer): what a
    board with a ROM partition imports in place, bytecode and constants left in flash, as frozen
    modules are."""
    import contextlib
    import io
    from mpremote.romfs import make_romfs
    with contextlib.redirect_stdout(io.StringIO()):  # its listing of the files
        data = make_romfs(fw, mpy_cross=False)
    with open(image, "wb") as f:
        f.write(data)
    return image


def encode(path):
    """The script as device.py's 7-byte records (shots are left out: nothing is drawn to a file)."""
    from host_sim import script
    with open(path, encoding="utf-8") as f:
        commands = script.parse(f.read(), path)
    out = bytearray()
    for c in commands:
        if c.name == "shot":
            continue
        arg, value = {"turn": c.args, "press": (c.args[0], 0), "hold": c.args,
                      "wait": (0, c.args[0]), "die": (0, c.args[0])}[c.name]
        out += c.line.to_bytes(2, "little") + bytes((OPS[c.name], arg)) + (value + 0x800000).to_bytes(3, "little")
    return bytes(out)


def import_order(game="infiltration"):
    """Every firmware module of the core, the boards and `game` (not the other games), each after
    the ones it imports at its top level; lockdown first, since importing any of boards/ runs the
    package's __init__ and what that imports."""
    deps = {}
    games = os.path.join(ROOT, "firmware", "lockdown", "games")
    for top, base in (("lockdown", os.path.join(ROOT, "firmware", "lockdown")), ("boards", os.path.join(ROOT, "boards"))):
        for path in sorted(glob.glob(os.path.join(base, "**", "*.py"), recursive=True)):
            rel = os.path.relpath(path, games).split(os.sep)
            if len(rel) > 1 and rel[0] != ".." and rel[0] != game:
                continue
            parts = [top] + os.path.relpath(path, base)[:-3].split(os.sep)
            name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
            with open(path, encoding="utf-8") as f:
                tree = ast.parse(f.read())
            found = []
            for node in ast.walk(ast.Module(body=[n for n in tree.body if not isinstance(n, (ast.FunctionDef, ast.ClassDef))],
                                         type_ignores=[])):
                if isinstance(node, ast.Import):
                    found += [a.name for a in node.names]
                elif isinstance(node, ast.ImportFrom) and node.module:
                    found += [node.module] + [node.module + "." + a.name for a in node.names]
            deps[name] = ([name.rpartition(".")[0]] if name != top else []) + found  # its package first
    order = []
    seen = set()

    def visit(name):
        if name in deps and name not in seen:
            seen.add(name)
            for d in deps[name]:
                visit(d)
            order.append(name)
    for name in sorted(deps, key=lambda n: (n.startswith("boards"), n)):
        visit(name)
    return order


def parse_bench(stdout, where):
    """device.py's BENCH line, with "qstr": the interned strings' pool bytes it printed (heap mode:
    before the firmware, after boot, at the end)."""
    pools = []
    for line in stdout.splitlines():
        if line.startswith("qstr pool:"):
            pools.append(int(line.rpartition("n_total_bytes=")[2]))
        if line.startswith("BENCH "):
            res = json.loads(line[6:])
            res["qstr"] = pools
            return res
    raise RuntimeError("%s printed no BENCH line:\n%s" % (where, stdout))


def run_unix(mode, fw, events, heapsize=HEAP, game="", where=None):
    """device.py on the MicroPython unix port; returns (its figures, the completed process).
    `where`: the folder its save folder is made in (default: the system's temporary folder)."""
    exe = mpy_binary()
    assert exe, "no MicroPython unix port (.venv/bin/micropython or on PATH)"
    with tempfile.TemporaryDirectory(dir=where) as root:
        r = subprocess.run([exe, "-X", "heapsize=%d" % heapsize, DEVICE, mode, fw, root, events, "", game],
                           capture_output=True, text=True, timeout=300)
    if r.returncode:
        return None, r
    return parse_bench(r.stdout, "the unix port"), r


def fits(fw, events, heapsize, game=""):
    """True if the script runs to its end in a unix-port heap of `heapsize` bytes, collecting
    only when the heap is full (as on a board)."""
    res, _ = run_unix("fit", fw, events, heapsize, game)
    return res is not None


def smallest_heap(fw, events, game="", lo=16 * 1024, hi=HEAP):
    """The smallest unix-port heaps, to FIT_STEP bytes, in which the script runs: (the smallest
    that ran, the smallest from which every size up to FIT_CLEAN above it ran, the sizes between
    the two that failed). Whether a heap suffices is not monotonic: a large block may find no room
    in one size and room in a smaller one. So the edge is bisected, then every size from
    FIT_BELOW under it tried upward until FIT_CLEAN of sizes in a row ran."""
    if not fits(fw, events, hi, game):
        raise RuntimeError("the script does not run in a %d-byte heap" % hi)
    while hi - lo > FIT_STEP:
        mid = (lo + hi) // 2 // FIT_STEP * FIT_STEP
        if fits(fw, events, mid, game):
            hi = mid
        else:
            lo = mid
    start = n = hi - FIT_BELOW
    passed, failed, steady = [], [], None
    while steady is None or n - steady < FIT_CLEAN:
        if n > HEAP:
            raise RuntimeError("no %d bytes of heap sizes in a row run the script" % FIT_CLEAN)
        if fits(fw, events, n, game):
            passed.append(n)
            steady = steady or n
        else:
            failed.append(n)
            steady = None
        n += FIT_STEP
    first = passed[0]
    while first == start and fits(fw, events, first - FIT_STEP, game):  # the scan began above it
        first = start = first - FIT_STEP
    return first, steady, [m for m in failed if m > first]


def run_wasm(mode, fw, events, order=(), game=""):
    r = subprocess.run(["node", WASM_DRIVER, "file://" + WASM, DEVICE, fw, events, mode, str(HEAP), ",".join(order),
                        game], capture_output=True, text=True, timeout=300)
    if r.returncode:
        raise RuntimeError("the WebAssembly port failed:\n%s\n%s" % (r.stdout, r.stderr))
    return parse_bench(r.stdout, "the WebAssembly port")


def sim_wall(path, draw=False, runs=3, game=None):
    """Seconds CPython's simulator takes to replay the script (best of `runs`); draw: the frame
    after every command too, as the window and the terminal show it."""
    from host_sim import script
    from host_sim.runner import Sim
    with open(path, encoding="utf-8") as f:
        commands = [c for c in script.parse(f.read(), path) if c.name != "shot"]
    best = float("inf")
    for _ in range(runs):
        t = time.perf_counter()
        sim = Sim(1, game=game)
        for part in ([c] for c in commands) if draw else [commands]:
            script.run(part, sim, path)
            sim.frame()
        dt = time.perf_counter() - t
        best = min(best, dt)
    return best


# ---- loop passes: how long a pass holds the board, and the press latency (issue 26) ----------------

# Time on an RP2040 per unix-port time, for this firmware: the issue 26 run of the firmware on the
# real rp2 port (v1.28.0, RPI_PICO) on an emulated RP2040 against the unix port on this machine:
# the save's pass 70-117 ms there, 0.8-1.3 ms here (these passes' figures), and the Hard
# opponent's move 0.6 s there against 6.5 ms here (Infiltrate opponent, BENCHMARKS.md): 65 to
# 117, about 90. The emulator charges no flash wait states, so a board is slower still.
RP2040_RATIO = 90
PASS_HEAP = 1024 * 1024  # the game and every pass's figures (full6: 11,000 passes)
PASS_ROOT = "/dev/shm" if os.path.isdir("/dev/shm") else None  # saves in memory: a disk's stalls are not a flash's
PASS_RUNS = 5  # each pass's quickest of these replays: the machine is shared, the replay is not
CAUSES = {"c": "screen change", "i": "input", "w": "draw", "s": "save", "d": "search", "f": "forget"}  # passes.py's letters


def board_ms(us):
    return round(us * RP2040_RATIO / 1000, 1)


def loop_passes(fw, events, game, runs=PASS_RUNS):
    """device.py's passes mode `runs` times on the unix port: each pass's quickest run (with its
    cause there), merged into one replay. Returns (us, cause letters, script lines, presses)."""
    results = []
    for _ in range(runs):
        res, r = run_unix("passes", fw, events, PASS_HEAP, game, PASS_ROOT)
        if res is None:
            raise RuntimeError("the unix port failed timing the passes:\n%s\n%s" % (r.stdout, r.stderr))
        results.append(res["passes"])
    first = results[0]
    if any(len(r["us"]) != len(first["us"]) for r in results):
        raise RuntimeError("the replays took different passes")
    us, cause = [], []
    for i in range(len(first["us"])):
        quickest = min(results, key=lambda r: r["us"][i])
        us.append(quickest["us"][i])
        cause.append(quickest["cause"][i])
    return us, cause, first["line"], first["presses"]


def pass_figures(fw, events, game):
    """The longest pass (unix us, its cause and script line, and on an RP2040 by RP2040_RATIO),
    the longest of each cause, and the press latency on the board: a press acts on its release,
    once the switch has read released for DEBOUNCE_MS, in the next pass; its frame is shown at
    the end of that pass, or of the pass after it when it changed screens or closed one that left
    modules to forget (POLL_MS apart).
    Typical and worst over the script's presses, and the bound that adds the longest pass
    (one under way when the debounce ends)."""
    from lockdown.events import DEBOUNCE_MS
    from lockdown.runloop import POLL_MS
    us, cause, lines, presses = loop_passes(fw, events, game)
    top = max(range(len(us)), key=lambda i: us[i])
    f = {"pass_count": len(us), "pass_longest_us": us[top], "pass_longest_cause": CAUSES[cause[top]],
         "pass_longest_line": lines[top], "pass_longest_board_ms": board_ms(us[top]),
         "pass_ratio": RP2040_RATIO}
    for letter, name in CAUSES.items():
        mine = [i for i in range(len(us)) if cause[i] == letter]
        if mine:
            i = max(mine, key=lambda j: us[j])
            key = "pass_worst_" + name.replace(" ", "_")
            f[key + "_us"], f[key + "_line"], f[key + "_board_ms"] = us[i], lines[i], board_ms(us[i])
    lat = sorted(DEBOUNCE_MS + board_ms(sum(us[a:b + 1])) + (b - a) * POLL_MS for a, b in presses)
    if lat:
        f["press_count"] = len(lat)
        f["press_median_ms"] = round(lat[len(lat) // 2], 1)
        f["press_worst_ms"] = round(lat[-1], 1)
        f["press_bound_ms"] = round(lat[-1] + f["pass_longest_board_ms"], 1)
    return f


PASS_ROWS = (
    ("Loop passes over the script", "pass_count"),
    ("Longest pass, unix port, us (its cause, script line)", "{pass_longest_us} ({pass_longest_cause}, line {pass_longest_line})"),
    ("  on an RP2040 (unix time x {pass_ratio}), ms", "pass_longest_board_ms"),
    ("Longest save pass, unix us / RP2040 ms (line)", "{pass_worst_save_us} / {pass_worst_save_board_ms} (line {pass_worst_save_line})"),
    ("Longest screen-change pass, unix us / RP2040 ms (line)",
     "{pass_worst_screen_change_us} / {pass_worst_screen_change_board_ms} (line {pass_worst_screen_change_line})"),
    ("Longest draw pass, unix us / RP2040 ms (line)", "{pass_worst_draw_us} / {pass_worst_draw_board_ms} (line {pass_worst_draw_line})"),
    ("Longest search pass (the session's tick), unix us / RP2040 ms (line)",
     "{pass_worst_search_us} / {pass_worst_search_board_ms} (line {pass_worst_search_line})"),
    ("Longest forget pass (what closed screens left, app.tidy), unix us / RP2040 ms (line)",
     "{pass_worst_forget_us} / {pass_worst_forget_board_ms} (line {pass_worst_forget_line})"),
    ("Press to frame on an RP2040, ms: median / worst of the script's presses / bound (worst + longest pass)",
     "{press_median_ms} / {press_worst_ms} / {press_bound_ms} ({press_count} presses)"),
)


def pass_table(figures):
    """PASS_ROWS for each game's figures: {game: figures} -> a markdown table, a column a game."""
    names = list(figures)
    lines = ["| figure | " + " | ".join(names) + " |", "| --- |" + " --- |" * len(names)]
    for label, key in PASS_ROWS:
        cells = []
        for g in names:
            f = figures[g]
            try:
                cells.append(key.format(**f) if "{" in key else str(f[key]))
            except KeyError:  # a cause the script never met
                cells.append("-")
        lines.append("| %s | %s |" % (label.format(**figures[names[0]]), " | ".join(cells)))
    return "\n".join(lines)


def passes_only(games):
    """`--passes`: the loop-pass figures alone, for each game (about a minute)."""
    work = os.path.join(ROOT, "build", "bench")
    fw = os.path.join(work, "deploy")
    build_firmware(fw)
    figures = {}
    for game in games:
        events = os.path.join(work, game + ".bin")
        with open(events, "wb") as f:
            f.write(encode(SCRIPTS[game]))
        figures[game] = pass_figures(fw, events, game)
    return figures


def environment():
    node = subprocess.run(["node", "--version"], capture_output=True, text=True).stdout.strip()
    mpyc = subprocess.run([deploy.find_mpy_cross(), "--version"], capture_output=True, text=True).stdout.strip()
    return {"uname": " ".join(platform.uname()), "cpython": sys.version.split()[0], "node": node,
            "mpy_cross": mpyc}


def collect(workdir, game="infiltration"):
    """Every figure of `game` alone, as a flat dict of key -> value, plus the raw results of each part."""
    if game not in SCRIPTS:
        raise ValueError("%s has no full scripted session yet (tools/bench.py SCRIPTS)" % game)
    fw = os.path.join(workdir, "deploy")
    sizes = build_firmware(fw)
    events = os.path.join(workdir, game + ".bin")
    with open(events, "wb") as f:
        f.write(encode(SCRIPTS[game]))
    mode = "all" if game == DETAILED else "heap"
    wasm = run_wasm(mode, fw, events, game=game)
    per_module = run_wasm("modules", fw, events, import_order(game), game)["modules"]
    unix, r = run_unix(mode, fw, events, game=game)
    if unix is None:
        raise RuntimeError("the unix port failed:\n%s\n%s" % (r.stdout, r.stderr))
    rom, r = run_unix("heap", build_romfs(fw, os.path.join(workdir, "deploy.romfs")), events, game=game)
    if rom is None:
        raise RuntimeError("the unix port failed on the ROMFS image:\n%s\n%s" % (r.stdout, r.stderr))
    fit64, steady64, misses = smallest_heap(fw, events, game)
    wh, uh, rh = wasm["heap"], unix["heap"], rom["heap"]
    boot_mods = wh["boot_modules"]
    boot_bytes = sum(mpy_size(sizes, m) or 0 for m in boot_mods)
    q = wasm["qstr"]
    f = {
        "ram_boot": wh["boot"], "ram_peak_live": wh["peak_live"], "ram_peak_raw": wh["peak_raw"],
        "ram_base": wh["base"], "ram_peak_live_line": wh["peak_live_line"],
        "ram_peak_raw_line": wh["peak_raw_line"],
        "ram64_boot": uh["boot"], "ram64_peak_live": uh["peak_live"], "ram64_peak_raw": uh["peak_raw"],
        "ram64_base": uh["base"],
        "ratio_64_32": round(uh["peak_live"] / wh["peak_live"], 3),
        "rom64_boot": rh["boot"], "rom64_peak_live": rh["peak_live"], "rom64_peak_raw": rh["peak_raw"],
        "heap_fit64": fit64, "heap_fit32": int(fit64 * wh["peak_live"] / uh["peak_live"]),
        "heap_steady64": steady64, "heap_steady32": int(steady64 * wh["peak_live"] / uh["peak_live"]),
        "heap_misses": len(misses),
        "code_total": sum(sizes.values()), "code_boot": boot_bytes, "code_files": len(sizes),
        "qstr_boot": q[1] - q[0], "qstr_end": q[2] - q[0], "rest_boot": wh["boot"] - (q[1] - q[0]) - boot_bytes,
        "sim_full6_s": round(sim_wall(SCRIPTS[game], game=game), 3),
        "sim_full6_draw_s": round(sim_wall(SCRIPTS[game], True, game=game), 3),
    }
    f.update(pass_figures(fw, events, game))
    if game == "infiltrate":
        f.update(opponent.figures(mpy_binary(), f["ratio_64_32"]))
    for k in ("boot", "peak_live", "peak_raw"):  # 32-bit with the modules in a ROM partition
        f["rom_" + k] = rom_at_most(wh[k], uh[k], rh[k])
        f["rom_est_" + k] = int(rh[k] * wh[k] / uh[k]) + 1  # what is left shrinks as the whole did
    env = environment()
    env["micropython_wasm"] = wasm["version"]
    env["micropython_unix"] = unix["version"]
    modules = {m: {"ram": ram, "mpy": mpy_size(sizes, m), "boot": m in boot_mods}
               for m, ram in per_module.items() if ram >= 0}
    detail = {"env": env, "heap_misses": misses, "boot_modules": boot_mods, "modules": modules, "sizes": sizes,
              "wasm": wasm, "unix": unix}
    if game != DETAILED:
        return f, detail
    from wire import traffic
    wire = detail["wire"] = traffic()
    for port, res in (("wasm", wasm), ("unix", unix)):
        a = res["alloc"]
        for k in ("alarm", "prox", "alarm_turn", "alarm_draw", "alarm_show", "prox_turn", "prox_draw",
                  "prox_show", "odds_chance", "odds_expected"):
            f["alloc_%s_%s" % (port, k)] = a[k]["median"]
        for k in ("alarm", "prox"):
            f["alloc_%s_%s_first" % (port, k)] = a[k]["first"]
    t = unix["time"]
    for k in ("alarm", "prox", "odds_chance", "odds_expected"):
        for q in ("p10", "median", "p90"):
            f["us_%s_%s" % (k, q)] = t[k][q]
    for panel, w in wire.items():
        for k, v in w.items():
            if isinstance(v, dict):
                f["wire_%s_%s_bytes" % (panel, k)] = v["bytes"]
                f["wire_%s_%s_us" % (panel, k)] = v["wire_us"]
            else:
                f["wire_%s_%s" % (panel, k)] = v
    f["dial_share"] = round(max(f["wire_%s_dial_worst_bytes" % p] / f["wire_%s_full_bytes" % p]
                                for p in wire), 4)
    f["roll_wire_us"] = max(f["wire_%s_roll_all_us" % p] for p in wire)
    return f, detail


def rom_at_most(mpy32, mpy64, rom64):
    """The 32-bit heap with the modules in a ROM partition, at most: the 32-bit figure with .mpy
    files less half of what the ROM kept out of the 64-bit heap. What it keeps out is bytecode,
    strings and their str objects, none of which takes more than twice the heap on 64-bit (its
    heap blocks are 32 B, the 32-bit port's 16 B)."""
    return mpy32 - (mpy64 - rom64) // 2


def mpy_size(sizes, module):
    """Bytes of a module's .mpy in the build (a package's: its __init__.mpy), or None."""
    path = "/" + module.replace(".", "/")
    return sizes.get(path + ".mpy") or sizes.get(path + "/__init__.mpy")


def budgets(f):
    return {k: {"limit": lim, "unit": unit, "value": f[k], "holds": f[k] <= lim}
            for k, (lim, unit) in BUDGETS.items() if k in f}


ROWS = (  # (label, key or format over the figures)
    ("RAM after boot, 32-bit (WebAssembly), B", "ram_boot"),
    ("RAM live peak over the script, 32-bit, B", "ram_peak_live"),
    ("RAM raw peak over the script (with that step's garbage), 32-bit, B", "ram_peak_raw"),
    ("RAM after boot / live peak / raw peak, 64-bit (unix), B", "{ram64_boot} / {ram64_peak_live} / {ram64_peak_raw}"),
    ("64-bit / 32-bit live peak ratio", "ratio_64_32"),
    ("Interpreter + harness before the firmware (not counted), 32 / 64-bit, B", "{ram_base} / {ram64_base}"),
    ("RAM after boot by kind, 32-bit: interned strings / .mpy imported (bytecode, at most) / the rest "
     "(objects), B", "{qstr_boot} / {code_boot} / {rest_boot}"),
    ("Interned strings at the end of the script (never freed), 32-bit, B", "qstr_end"),
    ("RAM with the modules in a ROM partition (ROMFS image, imported in place as frozen modules are), "
     "after boot / live peak / raw peak, 64-bit (unix), B", "{rom64_boot} / {rom64_peak_live} / {rom64_peak_raw}"),
    ("  the same on 32-bit, at most (the .mpy figure less half what the ROM keeps out on 64-bit), B",
     "{rom_boot} / {rom_peak_live} / {rom_peak_raw}"),
    ("  the same on 32-bit, estimated (the 64-bit figure over that point's 64/32-bit ratio with .mpy), B",
     "{rom_est_boot} / {rom_est_peak_live} / {rom_est_peak_raw}"),
    ("Smallest heap the script runs in (.mpy), unix port / scaled to 32-bit by the ratio, B",
     "{heap_fit64} / {heap_fit32}"),
    ("Smallest heap from which every size up to 16 KB more runs it (512 B steps), unix / 32-bit, B "
     "(sizes above the smallest that failed)", "{heap_steady64} / {heap_steady32} ({heap_misses})"),
    ("I2C alarm +1 (a spin's first detent) / -1 (its next), SSD1306, B (us)", "{wire_ssd1306_alarm+1_bytes} / {wire_ssd1306_alarm-1_bytes} "
     "({wire_ssd1306_alarm+1_us} / {wire_ssd1306_alarm-1_us})"),
    ("I2C prox +1 (a spin's first detent) / -1 (its next), SSD1306, B (us)", "{wire_ssd1306_prox+1_bytes} / {wire_ssd1306_prox-1_bytes} "
     "({wire_ssd1306_prox+1_us} / {wire_ssd1306_prox-1_us})"),
    ("I2C worst dial detent, SSD1306, B (us)", "{wire_ssd1306_dial_worst_bytes} ({wire_ssd1306_dial_worst_us})"),
    ("I2C phase advance, SSD1306, B (us)", "{wire_ssd1306_phase_bytes} ({wire_ssd1306_phase_us})"),
    ("I2C roll frame (largest), SSD1306, B (us)", "{wire_ssd1306_roll_frame_bytes} ({wire_ssd1306_roll_frame_us})"),
    ("I2C whole roll animation, SSD1306, B (us, frames)", "{wire_ssd1306_roll_all_bytes} "
     "({wire_ssd1306_roll_all_us}, {wire_ssd1306_roll_frames})"),
    ("I2C full redraw, SSD1306, B (us)", "{wire_ssd1306_full_bytes} ({wire_ssd1306_full_us})"),
    ("I2C alarm +1 / -1, SH1106, B (us)", "{wire_sh1106_alarm+1_bytes} / {wire_sh1106_alarm-1_bytes} "
     "({wire_sh1106_alarm+1_us} / {wire_sh1106_alarm-1_us})"),
    ("I2C prox +1 / -1, SH1106, B (us)", "{wire_sh1106_prox+1_bytes} / {wire_sh1106_prox-1_bytes} "
     "({wire_sh1106_prox+1_us} / {wire_sh1106_prox-1_us})"),
    ("I2C worst dial detent, SH1106, B (us)", "{wire_sh1106_dial_worst_bytes} ({wire_sh1106_dial_worst_us})"),
    ("I2C phase advance, SH1106, B (us)", "{wire_sh1106_phase_bytes} ({wire_sh1106_phase_us})"),
    ("I2C roll frame (largest), SH1106, B (us)", "{wire_sh1106_roll_frame_bytes} ({wire_sh1106_roll_frame_us})"),
    ("I2C whole roll animation, SH1106, B (us, frames)", "{wire_sh1106_roll_all_bytes} "
     "({wire_sh1106_roll_all_us}, {wire_sh1106_roll_frames})"),
    ("I2C full redraw, SH1106, B (us)", "{wire_sh1106_full_bytes} ({wire_sh1106_full_us})"),
    ("Worst dial detent / full frame", "dial_share"),
    ("Alloc per alarm detent (turn+draw+show), 32 / 64-bit, B", "{alloc_wasm_alarm} / {alloc_unix_alarm}"),
    ("  of which turn / draw / show, 32-bit, B", "{alloc_wasm_alarm_turn} / {alloc_wasm_alarm_draw} / "
     "{alloc_wasm_alarm_show}"),
    ("Alloc per prox detent, 32 / 64-bit, B", "{alloc_wasm_prox} / {alloc_unix_prox}"),
    ("  of which turn / draw / show, 32-bit, B", "{alloc_wasm_prox_turn} / {alloc_wasm_prox_draw} / "
     "{alloc_wasm_prox_show}"),
    ("Alloc on the first alarm / prox detent after the game starts, 32 / 64-bit, B",
     "{alloc_wasm_alarm_first} / {alloc_wasm_prox_first}, {alloc_unix_alarm_first} / {alloc_unix_prox_first}"),
    ("Alloc odds chance_by_round(0,0,3) / expected_rounds(0,0), 32 / 64-bit, B",
     "{alloc_wasm_odds_chance} / {alloc_wasm_odds_expected}, {alloc_unix_odds_chance} / {alloc_unix_odds_expected}"),
    ("Code deployed (.mpy + main.py), B", "code_total"),
    ("Code imported before the first frame (.mpy), B", "code_boot"),
    ("Python per alarm detent, unix port, us p10/median/p90", "{us_alarm_p10} / {us_alarm_median} / {us_alarm_p90}"),
    ("Python per prox detent, unix port, us p10/median/p90", "{us_prox_p10} / {us_prox_median} / {us_prox_p90}"),
    ("Odds chance_by_round(0,0,3), unix port, us p10/median/p90",
     "{us_odds_chance_p10} / {us_odds_chance_median} / {us_odds_chance_p90}"),
    ("Odds expected_rounds(0,0), unix port, us p10/median/p90",
     "{us_odds_expected_p10} / {us_odds_expected_median} / {us_odds_expected_p90}"),
    ("Simulator: the script on CPython, s (headless / a frame drawn after every command)",
     "{sim_full6_s} / {sim_full6_draw_s}"),
)


def table(f, b):
    lines = ["| figure | value |", "| --- | --- |"]
    for label, key in ROWS + PASS_ROWS + opponent.ROWS:  # the opponent's rows are Infiltrate's only
        try:
            label = label.format(**f)  # a pass row's label names its ratio
            value = str(f[key]) if key in f else key.format(**f) if "{" in key else f[key]
        except KeyError:  # a figure measured for DETAILED (or the one game) only
            continue
        lines.append("| %s | %s |" % (label, value))
    lines += ["", "| budget | limit | value | holds |", "| --- | --- | --- | --- |"]
    for k, v in b.items():
        lines.append("| %s | <= %s %s | %s | %s |" % (k, v["limit"], v["unit"], v["value"], "yes" if v["holds"] else "NO"))
    return "\n".join(lines)


def module_table(modules):
    lines = ["| module | heap once imported, 32-bit, B | .mpy, B | at boot |", "| --- | --- | --- | --- |"]
    for m, v in sorted(modules.items(), key=lambda kv: -kv[1]["ram"]):
        ram = v["ram"] or "0 (loaded by the package before it)"
        lines.append("| %s | %s | %s | %s |" % (m, ram, v["mpy"], "yes" if v["boot"] else ""))
    return "\n".join(lines)


def main(argv=None):
    p = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    p.add_argument("--json", metavar="OUT", default=os.path.join(ROOT, "build", "bench.json"))
    from lockdown import games
    p.add_argument("--game", default="infiltration", choices=games.GAMES,
                   help="the game measured alone (default infiltration); it needs a script in SCRIPTS")
    p.add_argument("--passes", action="store_true",
                   help="only the loop passes and the press latency, for every game with a script")
    args = p.parse_args(argv)
    if args.passes:
        print(pass_table(passes_only(list(SCRIPTS))))
        return 0
    work = os.path.join(ROOT, "build", "bench")
    os.makedirs(work, exist_ok=True)
    t = time.perf_counter()
    try:
        figures, detail = collect(work, args.game)
    except ValueError as e:
        p.error(str(e))
    b = budgets(figures)
    print(table(figures, b))
    print()
    print(module_table(detail["modules"]))
    print("\n" + "\n".join("%s: %s" % kv for kv in detail["env"].items()))
    print("game: %s, script: %s" % (args.game, os.path.relpath(SCRIPTS[args.game], ROOT)))
    print("boot modules: " + " ".join(detail["boot_modules"]))
    print("took %.1f s" % (time.perf_counter() - t))
    folder = os.path.dirname(args.json)
    if folder:
        os.makedirs(folder, exist_ok=True)
    with open(args.json, "w", encoding="utf-8") as f:
        json.dump({"figures": figures, "budgets": b, **detail}, f, indent=1, sort_keys=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
