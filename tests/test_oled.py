"""The OLED drivers under random drawing (hypothesis), and on MicroPython: the shared checks and
the no-allocation rule for show()."""
from hypothesis import given, settings
from hypothesis import strategies as st

from host_sim.fake_i2c import FakeBusIO, FakeI2C
from lockdown.oled import SSD1306
from lockdown.sh1106 import SH1106
from tests import mpy

RUN_COST = {SSD1306: 10, SH1106: 7}  # wire bytes of a one-page run besides its columns, all commands sent

coord = st.integers(-8, 135)
ops = st.one_of(
    st.tuples(st.just("fill_rect"), coord, coord, st.integers(0, 40), st.integers(0, 40), st.integers(0, 1)),
    st.tuples(st.just("rect"), coord, coord, st.integers(0, 40), st.integers(0, 40), st.integers(0, 1)),
    st.tuples(st.just("line"), coord, coord, coord, coord, st.integers(0, 1)),
    st.tuples(st.just("pixel"), coord, coord, st.integers(0, 1)),
    st.tuples(st.just("fill"), st.integers(0, 1)),
)
# a frame is a few drawing operations, then show()
frames = st.lists(st.lists(ops, min_size=0, max_size=6), min_size=1, max_size=8)


def per_page(old, new, width, run):
    """The fewest wire bytes that bring the panel from `old` to `new` with one-page runs of
    columns, each costing `run` plus its length: per page, the best cover of the changed columns.
    The drivers must never send more (a window across pages, commands the panel does not need
    again, can only save)."""
    total = 0
    for p in range(len(new) // width):
        cols = [c for c in range(width) if old[p * width + c] != new[p * width + c]]
        cost = 0  # cheapest cover of cols[:i]
        best = None  # min over j <= i of cover(cols[:j]) + run - cols[j]
        for c in cols:
            start = cost + run - c
            best = start if best is None or start < best else best
            cost = best + c + 1
        total += cost
    return total


@settings(max_examples=200, deadline=None)
@given(cls=st.sampled_from((SSD1306, SH1106)), bus=st.sampled_from((FakeI2C, FakeBusIO)), frames=frames)
def test_panel_ram_follows_the_framebuffer_and_no_more_than_per_page_runs_is_sent(cls, bus, frames):
    i2c = bus("ssd1306" if cls is SSD1306 else "sh1106")
    d = cls(i2c)
    d.show()
    for frame in frames:
        old = bytes(d.buf)
        for op in frame:
            getattr(d.fb, op[0])(*op[1:])
        before = i2c.wire_bytes
        n = d.show()
        assert n == i2c.wire_bytes - before
        assert i2c.panel.frame() == d.buf
        assert n <= per_page(old, d.buf, 128, RUN_COST[cls])
        assert d.show() == 0


def test_the_shared_checks_pass_on_micropython():
    r = mpy.run("tests/mp_run.py", "tests.core.test_oled")
    assert r.stdout.strip().endswith("0 failed"), r.stdout


ALLOC = r'''
import gc
from lockdown.oled import SSD1306
from lockdown.sh1106 import SH1106


class Vectored:
    def writeto(self, addr, buf):
        pass

    def writevto(self, addr, vector):
        pass


def alloc(fn, *args):
    gc.collect()
    a = gc.mem_alloc()
    fn(*args)
    return gc.mem_alloc() - a


for cls in (SSD1306, SH1106):
    d = cls(Vectored())
    d.show()
    d.fb.fill_rect(0, 0, 128, 8, 1)  # warm the code paths once
    d.show()
    d.fb.pixel(5, 40, 1)
    d.show()
    same = alloc(d.show)
    cmds = alloc(d.contrast, 7) + alloc(d.power, 0) + alloc(d.invert, 1)
    d.fb.fill_rect(0, 0, 128, 8, 0)
    page = alloc(d.show)
    d.fb.pixel(9, 9, 1)
    pixel = alloc(d.show)
    print(cls.__name__, same, cmds, page, pixel)
'''


def test_show_allocates_nothing_in_steady_state_on_micropython():
    """Nothing changed, a setting, a whole changed page, a partial run never sent before (its
    bytes are gathered into preallocated chunks, not sliced): no allocation."""
    lines = mpy.run("-c " + ALLOC).stdout.split("\n")
    for line in lines[:2]:
        name, same, cmds, page, pixel = line.split()
        assert (same, cmds, page) == ("0", "0", "0"), line
        assert pixel == "0", line
