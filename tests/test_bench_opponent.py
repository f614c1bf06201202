"""tools/bench/opponent.py: the Infiltrate opponent's figures on the MicroPython unix port, as
tools/bench.py prints them for Infiltrate."""
import os
import string
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "tools", "bench"))
import opponent  # noqa: E402


def test_the_opponent_figures_are_measured_and_printed():
    sys.path.insert(0, os.path.dirname(opponent.HERE))
    import bench
    exe = bench.mpy_binary()
    if not exe:
        pytest.skip("no MicroPython unix port")
    f = opponent.figures(exe, 1.4, moves=6)
    for label, key in opponent.ROWS:
        for name in [n for _, n, _, _ in string.Formatter().parse(key) if n]:
            assert isinstance(f[name], (int, float)) and f[name] >= 0, name
    assert f["opp_alloc"] == 0  # nothing allocated during a move
    assert 0 < f["opp_ram32"] < f["opp_ram64"] < 32 * 1024
    assert 0 < f["opp_ram64_easy"] < f["opp_ram64_fair"] < f["opp_ram64"] / 2  # only Hard has a table
    assert f["opp_slice_ms"] == 20
    text = bench.table(f, {})
    assert all(label in text for label, _ in opponent.ROWS)
