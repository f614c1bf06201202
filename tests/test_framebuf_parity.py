"""The pure-Python framebuf shim draws exactly the bytes MicroPython's C framebuf draws.

The same code runs on CPython (host_sim/shims/framebuf.py) and on the MicroPython unix port (the
real extmod/modframebuf.c), and the buffers must match byte for byte: fixed scenes (every
primitive, clipping, every glyph of every font, the draw helpers) and hypothesis-made sequences
of primitives. The random cases go to one long-lived MicroPython process, one line per case.
"""
import ast
import json
import os
import shutil
import subprocess

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests import mpy

# Runs one case on whichever framebuf is imported. A case is (target, sources, ops): a buffer is
# (fmt, w, h, stride, bytes); an op is a tuple: method name then arguments, where blit names its
# source and palette by index into sources (-1: the target itself); blit_t gives its source as the
# tuple (bytes, w, h, fmt, stride), a read-only buffer, as lockdown/draw.py does with its fonts.
# Exceptions are results too.
RUNNER = r'''
import framebuf


def make(spec):
    fmt, w, h, stride, data = spec
    buf = bytearray(data)
    return buf, framebuf.FrameBuffer(buf, w, h, fmt, stride)


def run_case(case):
    target, sources, ops = case
    try:
        buf, fb = make(target)
    except Exception as e:
        return None, [type(e).__name__]
    srcs = [make(s)[1] for s in sources]
    out = []
    for op in ops:
        try:
            if op[0] == "blit_t":
                fmt, w, h, stride, data = sources[op[1]]
                args = [(bytes(data), w, h, fmt, stride)] + list(op[2:])
                if len(args) == 5:
                    args[4] = srcs[args[4]]
                fb.blit(*args)
            elif op[0] == "blit":
                args = [fb if op[1] < 0 else srcs[op[1]]] + list(op[2:])
                if len(args) == 5:
                    args[4] = srcs[args[4]]
                fb.blit(*args)
            else:
                out.append(getattr(fb, op[0])(*op[1:]))
        except Exception as e:
            out.append(type(e).__name__)
        out.append(bytes(buf).hex())  # after every op, so a later op cannot hide a difference
    return list(buf), out
'''

SERVER = RUNNER + r'''
import sys
while True:
    line = sys.stdin.readline()
    if not line:
        break
    print(repr(run_case(eval(line))))
'''

MONO = (0, 3, 4)  # MONO_VLSB, MONO_HLSB, MONO_HMSB


def on_cpython(case):
    ns = {}
    exec(RUNNER, ns)
    return ns["run_case"](case)


class MicroPython:
    """One MicroPython process that answers one case per line."""

    def __init__(self):
        env = dict(os.environ, MICROPYPATH=os.path.join(mpy.ROOT, "firmware"))
        self.proc = subprocess.Popen([mpy.binary(), "-X", "heapsize=8M", "-c", SERVER], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)

    def __call__(self, case):
        self.proc.stdin.write(repr(case) + "\n")
        self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        if not line:
            raise AssertionError("MicroPython stopped: " + self.proc.stderr.read())
        return ast.literal_eval(line)

    def close(self):
        self.proc.stdin.close()
        self.proc.wait(timeout=30)


@pytest.fixture(scope="module")
def micropython():
    mp = MicroPython()
    yield mp
    mp.close()


def need(fmt, w, h, stride):
    """Smallest buffer MicroPython accepts (the same rule the shim enforces)."""
    if fmt == 0:
        return ((h + 7) // 8 - 1) * stride + w
    return ((h - 1) * ((stride + 7) & ~7) + w + 7) >> 3


def buffer(fmt, w, h, stride=None, fill=0, extra=0):
    stride = w if stride is None else stride
    return fmt, w, h, stride, bytes([fill]) * (need(fmt, w, h, stride) + extra)


def same(micropython, case):
    assert on_cpython(case) == micropython(case), case


# ---- fixed cases: every primitive, at and past every edge -------------------------------------

EDGES = (-9, -1, 0, 1, 5, 7, 8, 9, 15, 16, 17, 30)
COLOURS = (0, 1, 2, -1, 255, 2 ** 32, 2 ** 32 + 1, True)


@pytest.mark.parametrize("fmt", MONO)
def test_rectangles_lines_and_pixels_at_every_edge(micropython, fmt):
    ops = []
    for a in EDGES:
        for b in EDGES:
            ops += [("fill_rect", a, b, 5, 3, 1), ("hline", b, a, a, 1), ("vline", a, b, b - 2, 0),
                    ("rect", a, b, 4, 6, 1), ("rect", b, a, 3, 2, 0, True), ("pixel", a, b, 1),
                    ("line", a, b, b, -a, 1), ("line", 8, 4, a, b, 0), ("pixel", a, b)]
    same(micropython, (buffer(fmt, 17, 13, 19, fill=0x5A), [], ops))


def test_colours_and_degenerate_sizes(micropython):
    ops = []
    for c in COLOURS:
        ops += [("fill", c), ("pixel", 3, 3), ("pixel", 1, 2, c), ("fill_rect", 2, 2, 0, 5, c),
                ("fill_rect", 2, 2, -3, 5, c), ("hline", 0, 9, 40, c), ("line", 4, 4, 4, 4, c),
                ("rect", 1, 1, 1, 1, c), ("rect", 0, 0, 0, 0, c), ("rect", 3, 0, 2, 2, c, 0)]
    same(micropython, (buffer(0, 12, 20, fill=0xA5), [], ops))


def test_wrong_argument_types_and_shapes_fail_alike(micropython):
    ops = [("pixel", 1.0, 2, 1), ("pixel", 1, 2.5), ("fill_rect", 0, 0, 2.0, 2, 1), ("hline", 0, 0, 3, 1.0),
           ("line", 0, 0, 5, 5.5, 1), ("scroll", 1.0, 0), ("fill", None), ("rect", 0, 0, 3, 3, "1")]
    same(micropython, (buffer(0, 8, 8), [], ops))
    for target in ((0, 8, 8, 8, bytes(7)), (0, 0, 8, 0, bytes(8)), (0, 8, 8, 7, bytes(64)),
                   (3, 8, 2, 7, bytes(8)), (9, 8, 8, 8, bytes(64)), (3, 9, 2, 9, bytes(3)), (4, 9, 2, 16, bytes(4))):
        same(micropython, (target, [], [("fill", 1)]))


@pytest.mark.parametrize("fmt", MONO)
def test_scroll_every_step(micropython, fmt):
    pattern = bytes((i * 37 + 11) & 0xFF for i in range(need(fmt, 11, 10, 11)))
    for xs in (-12, -11, -10, -3, -1, 0, 1, 4, 10, 11, 30):
        for ys in (-11, -10, -9, -2, 0, 1, 8, 9, 10, 11):
            same(micropython, ((fmt, 11, 10, 11, pattern), [], [("scroll", xs, ys)]))


@pytest.mark.parametrize("fmt", MONO)
def test_blit_keys_palettes_overlap_and_clipping(micropython, fmt):
    src = (fmt, 7, 11, 9, bytes((i * 53 + 7) & 0xFF for i in range(need(fmt, 7, 11, 9))))
    pal_inv = (0, 2, 1, 2, bytes([1, 0]))
    pal_one = (3, 2, 1, 8, bytes([0x40]))
    target = buffer(fmt, 13, 12, 13, fill=0x3C)
    ops = []
    for x in (-7, -6, -3, 0, 2, 9, 12, 13):
        for y in (-11, -10, -4, 0, 3, 7, 12):
            for blit in ([0, x, y, -1], [0, x, y, 0], [0, x, y, 1], [0, x, y, 2], [0, x, y, 2 ** 32],
                         [0, x, y, 1, 1], [0, x, y, 0, 1], [0, x, y, -1, 2], [-1, x, y], [-1, x, y, 0]):
                ops += [("blit", 3, 0, 0), tuple(["blit"] + blit)]  # each from the same start
    same(micropython, (target, [src, pal_inv, pal_one, target], ops))


@pytest.mark.parametrize("fmt", MONO)
def test_blit_from_a_tuple_of_read_only_bytes_is_the_blit_from_its_framebuffer(micropython, fmt):
    src = (fmt, 7, 11, 9, bytes((i * 53 + 7) & 0xFF for i in range(need(fmt, 7, 11, 9))))
    pal_inv = (0, 2, 1, 2, bytes([1, 0]))
    ops = []
    for x in (-7, -3, 0, 2, 12):
        for y in (-11, -4, 0, 3, 12):
            for rest in ([x, y], [x, y, 0], [x, y, 1], [x, y, 1, 1], [x, y, 0, 1]):
                ops += [("blit", 2, 0, 0), tuple(["blit_t", 0] + rest)]
    target = buffer(fmt, 13, 12, 13, fill=0x3C)
    same(micropython, (target, [src, pal_inv, target], ops))
    shim = on_cpython((target, [src, pal_inv, target], ops))
    plain = [("blit",) + op[1:] for op in ops]  # the same blits from the FrameBuffer over those bytes
    plain = on_cpython((target, [src, pal_inv, target], plain))
    assert shim == plain


def test_blit_between_formats(micropython):
    srcs = [(f, 9, 9, 9, bytes((i * 29 + 3) & 0xFF for i in range(need(f, 9, 9, 9)))) for f in MONO]
    for fmt in MONO:
        ops = [("blit", i, x, y, k) for i in range(3) for x in (-2, 3) for y in (-5, 1) for k in (-1, 0, 1)]
        same(micropython, (buffer(fmt, 10, 10, fill=0x81), srcs, ops))


def test_blit_leaves_the_bits_below_the_last_row_alone(micropython):
    for h in range(1, 17):
        for y in (0, 3, 8):
            src = (0, 4, h, 4, bytes([0xFF]) * need(0, 4, h, 4))
            same(micropython, (buffer(0, 6, h, fill=0), [src], [("blit", 0, 1, y - 8), ("blit", 0, 0, y)]))


# ---- random sequences of primitives -----------------------------------------------------------

coord = st.integers(-20, 40)
size = st.integers(-5, 30)
colour = st.sampled_from((0, 1, 1, 1, 2, -1, 2 ** 32))


def ops_for(n_sources):
    """Ops on a target with n_sources sources, the last of which is a 2x1 palette."""
    src = st.integers(-1, n_sources - 1)
    pal = st.just(n_sources - 1)
    return st.lists(st.one_of(
        st.tuples(st.just("fill"), colour),
        st.tuples(st.just("pixel"), coord, coord, colour),
        st.tuples(st.just("pixel"), coord, coord),
        st.tuples(st.just("hline"), coord, coord, size, colour),
        st.tuples(st.just("vline"), coord, coord, size, colour),
        st.tuples(st.just("fill_rect"), coord, coord, size, size, colour),
        st.tuples(st.just("rect"), coord, coord, size, size, colour),
        st.tuples(st.just("rect"), coord, coord, size, size, colour, st.booleans()),
        st.tuples(st.just("line"), coord, coord, coord, coord, colour),
        st.tuples(st.just("scroll"), st.integers(-25, 25), st.integers(-25, 25)),
        st.tuples(st.just("blit"), src, coord, coord),
        st.tuples(st.just("blit"), src, coord, coord, st.sampled_from((-1, 0, 1, 5))),
        st.tuples(st.just("blit"), src, coord, coord, st.sampled_from((-1, 0, 1)), pal),
    ), max_size=25)


@st.composite
def framebuffers(draw, formats=st.sampled_from(MONO)):
    fmt = draw(formats)
    w, h = draw(st.integers(1, 24)), draw(st.integers(1, 24))
    stride = w + draw(st.integers(0, 10))
    n = need(fmt, w, h, stride) + draw(st.integers(0, 3))
    return fmt, w, h, stride, draw(st.binary(min_size=n, max_size=n))


@st.composite
def cases(draw):
    target = draw(framebuffers(st.sampled_from((0, 0, 0, 3, 4))))
    sources = draw(st.lists(framebuffers(), min_size=1, max_size=3))
    fmt = draw(st.sampled_from(MONO))
    sources.append((fmt, 2, 1, 2, draw(st.binary(min_size=need(fmt, 2, 1, 2), max_size=2))))
    return target, sources, draw(ops_for(len(sources)))


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                 HealthCheck.too_slow, HealthCheck.data_too_large])
@given(case=cases())
def test_random_primitive_sequences(micropython, case):
    same(micropython, case)


# ---- the fonts and draw helpers, drawn by both ------------------------------------------------

SCENES = r'''
import framebuf
from lockdown import draw, font


def scenes():
    out = []
    fb = framebuf.FrameBuffer(bytearray(1024), 128, 64, framebuf.MONO_VLSB)
    chars = "".join(chr(i) for i in range(128)) + "\u00e9\u2192"
    for c in (1, 0):
        for scale in (1, 2, 3):
            per, step = 21 // scale, 8 * scale + 1
            fb.fill(1 - c)
            y = -3  # rows across page boundaries, the first one clipped at the top
            for i in range(0, len(chars), per):
                if y + step > 64 + 4:
                    out.append(bytes(fb).hex())
                    fb.fill(1 - c)
                    y = -3
                draw.text(fb, chars[i:i + per], i % 5 - 2, y, c, scale)
                y += step
            out.append(bytes(fb).hex())
        for x, y in ((0, 0), (-7, -5), (3, 11), (100, 37), (121, 50)):
            fb.fill(1 - c)
            draw.big(fb, font.BIG_CHARS + " x", x, y, c)
            draw.big(fb, "-42+", x - 60, y + 30, c)
            out.append(bytes(fb).hex())
    fb.fill(0)
    fb.fill_rect(0, 0, 128, 9, 1)
    draw.text(fb, "Round 3 \x10 NPC", 1, 1, 0)
    draw.right(fb, "P2", 127, 1, 0)
    draw.big(fb, "%02d" % 7, 2, 11)
    draw.centre(fb, "alarm 2\x1a3", 44)
    draw.right(fb, "99%", 127, 20, 1, 2)
    draw.centre(fb, "GO roll", 55, 0)
    out.append(bytes(fb).hex())
    return out
'''


def test_fonts_and_draw_helpers_draw_the_same_bytes():
    ns = {}
    exec(SCENES, ns)
    want = ns["scenes"]()
    got = mpy.run("-c " + SCENES + "\nprint(repr(scenes()))\n").stdout
    got = ast.literal_eval(got.strip())
    assert len(got) == len(want) > 20
    for i, (a, b) in enumerate(zip(want, got)):
        assert a == b, "scene %d differs" % i
    assert len(set(want)) == len(want)  # every scene drew something of its own


WASM = os.path.join(mpy.ROOT, "tools", "node_modules", "@micropython", "micropython-webassembly-pyscript",
                    "micropython.mjs")
NODE_RUN = """
import { loadMicroPython } from %s;
import { readFileSync } from "fs";
const out = [];
const mp = await loadMicroPython({ stdout: (line) => out.push(line) });
mp.FS.mkdirTree("/lib/lockdown");
for (const f of ["font.py", "draw.py"]) mp.FS.writeFile("/lib/lockdown/" + f, readFileSync(%s + f));
mp.runPython(%s);
console.log(out.join("\\n"));
"""


def test_fonts_draw_the_same_bytes_on_32_bit_micropython():
    """The board is 32-bit: the WebAssembly port runs the same scenes."""
    node = shutil.which("node")
    if not (node and os.path.exists(WASM)):
        if os.environ.get("CI"):
            pytest.fail("Node.js or the MicroPython WebAssembly port is missing (tools/test installs it)")
        pytest.skip("Node.js or the MicroPython WebAssembly port is missing (tools/test installs it)")
    ns = {}
    exec(SCENES, ns)
    code = SCENES + "\nprint(repr(scenes()))\n"
    js = NODE_RUN % (json.dumps("file://" + WASM), json.dumps(os.path.join(mpy.ROOT, "firmware", "lockdown") + "/"),
                     json.dumps(code))
    r = subprocess.run([node, "--input-type=module", "-e", js], capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    assert ast.literal_eval(r.stdout.strip()) == ns["scenes"]()


def test_drawing_text_allocates_nothing_per_glyph_on_micropython():
    code = r'''
import gc, framebuf
from lockdown import draw
fb = framebuf.FrameBuffer(bytearray(1024), 128, 64, framebuf.MONO_VLSB)
s = "Hello, world " * 10
n = "0123456789-+ x" * 10
for f in (lambda: draw.text(fb, s, 0, 0), lambda: draw.text(fb, s, 0, 0, 0), lambda: draw.text(fb, s, 0, 0, 1, 2),
          lambda: draw.centre(fb, s, 9), lambda: draw.right(fb, s, 127, 0, 0), lambda: draw.big(fb, n, 0, 9),
          lambda: draw.big(fb, n, 0, 9, 0)):
    f()
    gc.collect()
    a = gc.mem_alloc()
    f()
    print(gc.mem_alloc() - a)
'''
    used = [int(v) for v in mpy.run("-c " + code).stdout.split()]
    assert len(used) == 7 and max(used) < 64, used  # one allocation per glyph would be thousands


def test_png_shows_exactly_the_frames_pixels(tmp_path):
    """The simulator's window and screenshots light the frame's pixels and nothing else."""
    import framebuf
    from PIL import Image

    from host_sim import png
    from lockdown import draw
    buf = bytearray(1024)
    fb = framebuf.FrameBuffer(buf, 128, 64, framebuf.MONO_VLSB)
    fb.pixel(0, 0, 1)
    fb.pixel(127, 63, 1)
    fb.line(5, 9, 60, 40, 1)
    draw.big(fb, "7", 90, 20)
    for scale in (1, 2, 4):
        img = png.image(fb, scale)
        assert img.size == (128 * scale, 64 * scale)
        px = img.load()
        for y in range(64):
            for x in range(128):
                assert px[x * scale, y * scale] == (png.ON if fb.pixel(x, y) else png.OFF), (scale, x, y)
    png.save_png(bytes(buf), str(tmp_path / "f.png"), 3, 5)
    with Image.open(tmp_path / "f.png") as img:
        assert img.size == (128 * 3 + 10, 64 * 3 + 10)
        assert img.getpixel((0, 0)) == png.BEZEL and img.getpixel((5, 5)) == png.ON
        assert img.getpixel((5 + 2, 5 + 2)) != png.ON  # the gap between pixels
    with pytest.raises(ValueError):
        png.image(bytes(1000))
