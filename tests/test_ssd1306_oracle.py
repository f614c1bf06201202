"""host_sim's SSD1306 model and lockdown.oled, checked by an independent driver: Adafruit's
adafruit-circuitpython-ssd1306 (SSD1306_I2C), drawing through its own adafruit_framebuf.

The OLED tests and benchmarks run lockdown.oled against host_sim.fake_i2c's controller model, both
written here: a misreading of the datasheet shared by the two would pass them all. So:
- Adafruit's driver feeds the model (over a small stand-in for busio.I2C), and the model's RAM
  must then light exactly the pixels Adafruit's framebuf says are set, each read back through
  adafruit_framebuf's own pixel() against the datasheet's GDDRAM map (page y // 8, bit y % 8,
  column x): this checks the model's addressing.
- Adafruit's driver and ours, given the same frames, must leave the model's panel identical: the
  RAM and every setting the set-up makes (contrast, addressing mode, segment remap, COM scan
  direction, charge pump, multiplex, offsets, timing) and the later contrast / invert / power.

Where the two legitimately differ: ours sends only the changed part of each frame, in column/page
windows, where Adafruit's sends the whole frame every show(); and ours wraps its set-up in NOPs
and sends commands in one transaction where Adafruit's sends one command a transaction. So the
byte streams differ, and the window registers (0x21, 0x22) and the RAM pointer are left where each
driver's last window ended: panels are compared, never streams, and the window is left out.
"""
import random
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from host_sim.fake_i2c import SSD1306 as Model
from host_sim.fake_i2c import FakeBusIO, FakeI2C, PanelError
from lockdown import oled

W, H = 128, 64


def _import_adafruit():
    """adafruit_ssd1306 tries MicroPython's `framebuf` first, and on CPython our tests put our own
    framebuf shim on the path: hide it, so Adafruit's driver draws through adafruit_framebuf."""
    saved = sys.modules.get("framebuf")
    sys.modules.pop("adafruit_ssd1306", None)
    sys.modules["framebuf"] = None  # makes `import framebuf` raise ImportError
    try:
        import adafruit_ssd1306
    finally:
        if saved is None:
            del sys.modules["framebuf"]
        else:
            sys.modules["framebuf"] = saved
    return adafruit_ssd1306


adafruit_ssd1306 = _import_adafruit()
import adafruit_framebuf  # noqa: E402


class BusIO(FakeBusIO):
    """The parts of Blinka's busio.I2C that adafruit_bus_device's I2CDevice calls (the lock, and
    writeto(addr, buf, start=, end=)); the probe's empty write ACKs like a real device."""

    def try_lock(self):
        return True

    def unlock(self):
        pass


def adafruit_display(model=None):
    bus = BusIO(None)
    bus.panel = model or Model()
    return adafruit_ssd1306.SSD1306_I2C(W, H, bus), bus.panel


def our_display(bus_cls=FakeI2C, model=None):
    bus = bus_cls(None)
    bus.panel = model or Model()
    return oled.SSD1306(bus), bus.panel


def lit(panel, x, y):
    """Pixel (x, y) of the model's RAM, addressed as the datasheet's GDDRAM map says."""
    return panel.ram[(y // 8) * 128 + x] >> (y % 8) & 1


def settings_of(panel):
    """What the controller is set to, from the commands it took, per the datasheet's command
    table; the column/page window (0x21, 0x22) is left out (see the module's docstring)."""
    s = {}
    for cmd, p in panel.commands:
        if cmd == 0x81:
            s["contrast"] = p[0]
        elif cmd == 0x20:
            s["addressing mode"] = p[0] & 3
        elif 0x40 <= cmd <= 0x7F:
            s["start line"] = cmd & 0x3F
        elif cmd in (0xA0, 0xA1):
            s["segment remap"] = cmd & 1
        elif cmd in (0xC0, 0xC8):
            s["COM scan reversed"] = cmd >> 3 & 1
        elif cmd == 0xA8:
            s["multiplex"] = p[0] & 0x3F
        elif cmd == 0xD3:
            s["display offset"] = p[0] & 0x3F
        elif cmd == 0xDA:
            s["COM pins"] = p[0] & 0x32
        elif cmd == 0xD5:
            s["clock"] = p[0]
        elif cmd == 0xD9:
            s["precharge"] = p[0]
        elif cmd == 0xDB:
            s["VCOMH"] = p[0] & 0x70
        elif cmd == 0x8D:
            s["charge pump"] = p[0] & 0x04
        elif cmd == 0xAD:
            s["IREF"] = p[0] & 0x30
        elif cmd in (0xA4, 0xA5):
            s["entire display on"] = cmd & 1
        elif cmd in (0xA6, 0xA7):
            s["inverted"] = cmd & 1
        elif cmd in (0xAE, 0xAF):
            s["display on"] = cmd & 1
    return s


def random_frame(rng, density):
    return bytes(sum(1 << b for b in range(8) if rng.random() < density) for _ in range(W * H // 8))


FRAMES = [bytes(W * H // 8), bytes([0xFF]) * (W * H // 8), bytes([0x55, 0xAA]) * (W * H // 16)] + [
    random_frame(random.Random(seed), d) for seed, d in ((1, 0.5), (2, 0.03), (3, 0.97))]


def test_adafruit_uses_its_own_framebuf():
    display, _ = adafruit_display()
    assert isinstance(display, adafruit_framebuf.FrameBuffer)
    assert adafruit_ssd1306.framebuf is adafruit_framebuf


def test_the_model_lights_exactly_the_pixels_adafruits_framebuf_holds():
    display, panel = adafruit_display()
    rng = random.Random(7)
    drawings = [
        lambda d: d.fill(0),
        lambda d: d.pixel(0, 0, 1),
        lambda d: d.pixel(127, 63, 1),
        lambda d: d.pixel(5, 9, 1),
        lambda d: d.line(0, 0, 127, 63, 1),
        lambda d: d.rect(3, 2, 40, 30, 1),
        lambda d: d.fill_rect(60, 7, 20, 19, 1),
        lambda d: d.hline(0, 31, 128, 1),
        lambda d: d.vline(77, 0, 64, 1),
        lambda d: d.fill_rect(64, 32, 64, 32, 0),
        lambda d: [d.pixel(rng.randrange(W), rng.randrange(H), rng.randrange(2)) for _ in range(300)],
        lambda d: d.fill(1),
        lambda d: d.fill_rect(1, 1, 126, 62, 0),
    ]
    for draw in drawings:
        draw(display)
        display.show()
        want = [(x, y) for y in range(H) for x in range(W) if display.pixel(x, y)]
        got = [(x, y) for y in range(H) for x in range(W) if lit(panel, x, y)]
        assert got == want
        assert panel.frame() == bytes(display.buffer[1:])
    assert panel.on and panel.pump and panel.mode == 0


@pytest.mark.parametrize("bus_cls", [FakeI2C, FakeBusIO], ids=["writevto", "writeto"])
def test_both_drivers_leave_the_same_panel(bus_cls):
    theirs, their_panel = adafruit_display()
    ours, our_panel = our_display(bus_cls)
    for frame in FRAMES + FRAMES[::-1]:  # ours sends each change only: the frames follow each other
        theirs.buffer[1:] = frame
        theirs.show()
        ours.buf[:] = frame
        ours.show()
        assert our_panel.frame() == their_panel.frame() == frame
        assert settings_of(our_panel) == settings_of(their_panel)
    s = settings_of(our_panel)
    assert (s["addressing mode"], s["segment remap"], s["COM scan reversed"], s["charge pump"]) == (0, 1, 1, 4)
    for attr in ("contrast", "on", "inverted", "mode", "pump"):
        assert getattr(our_panel, attr) == getattr(their_panel, attr), attr


def test_contrast_invert_and_power_leave_the_same_panel():
    theirs, their_panel = adafruit_display()
    ours, our_panel = our_display()
    ours.show()
    for theirs_do, ours_do in [
            (lambda: theirs.contrast(0x3C), lambda: ours.contrast(0x3C)),
            (lambda: theirs.invert(True), lambda: ours.invert(True)),
            (lambda: theirs.poweroff(), lambda: ours.power(False)),
            (lambda: theirs.poweron(), lambda: ours.power(True)),
            (lambda: theirs.invert(False), lambda: ours.invert(False))]:
        theirs_do()
        ours_do()
        assert settings_of(our_panel) == settings_of(their_panel)


coord = st.integers(-4, 131)
ops = st.lists(st.one_of(
    st.tuples(st.just("fill_rect"), coord, coord, st.integers(1, 40), st.integers(1, 40), st.integers(0, 1)),
    st.tuples(st.just("line"), coord, coord, coord, coord, st.integers(0, 1)),
    st.tuples(st.just("pixel"), coord, coord, st.integers(0, 1)),
), max_size=5)


@settings(max_examples=40, deadline=None)
@given(st.lists(ops, min_size=1, max_size=6))
def test_any_drawing_through_both_drivers_leaves_the_same_ram(frames):
    """Adafruit's framebuf draws; ours gets the same bytes and sends its partial updates."""
    theirs, their_panel = adafruit_display()
    ours, our_panel = our_display()
    for frame in frames:
        for op in frame:
            getattr(theirs, op[0])(*op[1:])
        theirs.show()
        ours.buf[:] = theirs.buffer[1:]
        ours.show()
        assert our_panel.frame() == their_panel.frame() == bytes(theirs.buffer[1:])


# The cross-check itself must see a broken model or a broken set-up: one of each, on purpose.

class ColumnsBackwards(Model):
    """A model that misreads horizontal addressing: it fills each page's columns from the right."""

    def write_ram(self, b):
        p, c = self.page, self.col
        super().write_ram(b)  # moves the pointer as the chip does
        self.ram[p * 128 + 127 - c] = b
        if c != 127 - c:
            self.ram[p * 128 + c] = 0  # left clear, for this check's single pixel


class NoComScan(oled.SSD1306):
    """Our driver with its COM scan direction command (0xC8) dropped from the set-up."""

    def _setup(self):
        return super()._setup().replace(b"\xa1\xc8", b"\xa1")


def test_the_pixel_check_sees_a_model_with_wrong_addressing():
    display, panel = adafruit_display(ColumnsBackwards())
    display.fill(0)
    display.pixel(3, 0, 1)
    display.show()
    assert not lit(panel, 3, 0)  # it landed in column 124: the pixel check above would fail


def test_the_panel_comparison_sees_a_wrong_set_up():
    theirs, their_panel = adafruit_display()
    bus = FakeI2C(None)
    bus.panel = Model()
    NoComScan(bus).show()
    theirs.show()
    assert bus.panel.frame() == their_panel.frame()  # the same RAM: only the settings tell
    assert settings_of(bus.panel) != settings_of(their_panel)


def test_the_stand_in_bus_is_strict():
    """The stand-in bus feeds a strict model: a stream the chip would misread raises."""
    bus = BusIO(None)
    bus.panel = Model()
    with pytest.raises(PanelError):
        bus.writeto(0x3C, bytes((0x40, 0xFF)))  # data before horizontal addressing was set
