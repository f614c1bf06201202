"""The OLED drivers against the FakeI2C controller models: exact wire bytes, panel RAM, recovery.

Runs on CPython and on MicroPython. Byte counts: 1 address byte per transaction plus its payload.
SSD1306 window = window commands (1 + 7; 1 + 4 when only the columns or only the pages differ
from the panel's window; none when it is the panel's window) + data header (1 + 1) + its bytes.
SH1106 run = page/column commands (1 + 4, all three) + data header (1 + 1) + columns; with one or
two commands they ride in the data transaction instead, 2 bytes each (0x80, command).
"""
import sys

from boards.hardware import probe  # the build step that finds the display
from lockdown.oled import SSD1306
from lockdown.sh1106 import SH1106

if sys.implementation.name == "micropython":
    sys.path.append(__file__.rpartition("/tests/")[0] + "/host_sim")  # host_sim/__init__ needs os.path
    from fake_i2c import FakeBusIO, FakeI2C, MODELS, PanelError
else:
    from host_sim.fake_i2c import FakeBusIO, FakeI2C, MODELS, PanelError

SSD_SETUP = 31  # wire bytes of the set-up transaction
SH_SETUP = 28
SSD_FRAME = 8 + 2 + 1024  # one window, one data transaction
SSD_FRAME_PLAIN = 8 + 8 * (2 + 128)  # no writevto: one data transaction per page
SH_FRAME = (7 + 128) + 7 * (1 + 4 + 1 + 128)  # after page 0: set page and high nibble, in the data
KINDS = ((SSD1306, "ssd1306"), (SH1106, "sh1106"))


def shown(cls, panel, bus=FakeI2C, **kw):
    """A driver whose first show() went out, and its bus with the log cleared."""
    i2c = bus(panel, **kw)
    d = cls(i2c)
    d.show()
    i2c.clear()
    return d, i2c


def check_sent(d, i2c, expect):
    before = i2c.wire_bytes
    n = d.show()
    assert n == i2c.wire_bytes - before, (n, i2c.wire_bytes - before)
    assert n == expect, (n, expect)
    assert i2c.panel.frame() == d.buf


def test_first_show_sends_the_setup_once_and_the_full_frame():
    for cls, panel, first in ((SSD1306, "ssd1306", SSD_SETUP + SSD_FRAME), (SH1106, "sh1106", SH_SETUP + SH_FRAME)):
        i2c = FakeI2C(panel)
        d = cls(i2c)
        assert i2c.transactions == 0  # building the driver does not touch the bus
        d.fb.line(0, 0, 127, 63, 1)
        assert d.show() == first == i2c.wire_bytes
        assert i2c.panel.frame() == d.buf
        for _ in range(3):
            d.fb.pixel(100, 60, 1)
            d.show()
        p = i2c.panel
        assert p.count(0xA8) == 1 and p.count(0xAF) == 1 and p.on and p.contrast == 0xFF


def test_ssd1306_setup_turns_on_the_charge_pump_in_horizontal_mode():
    i2c = FakeI2C("ssd1306")
    SSD1306(i2c).show()
    assert i2c.panel.pump and i2c.panel.mode == 0
    i2c = FakeI2C("ssd1306")
    SSD1306(i2c, external_vcc=True).show()
    assert not i2c.panel.pump


def test_a_show_with_nothing_changed_sends_nothing():
    for cls, panel in KINDS:
        d, i2c = shown(cls, panel)
        d.fb.rect(0, 0, 30, 12, 1)
        d.show()
        i2c.clear()
        assert d.show() == 0 and i2c.transactions == 0
        d.fb.pixel(3, 3, 0)  # drawing the same pixel value changes nothing
        assert d.show() == 0 and i2c.transactions == 0


def test_one_pixel_sends_one_column_of_one_page():
    for cls, panel, cost in ((SSD1306, "ssd1306", 10 + 1), (SH1106, "sh1106", 7 + 1)):
        d, i2c = shown(cls, panel)
        d.fb.pixel(77, 42, 1)
        check_sent(d, i2c, cost)
        assert i2c.transactions == 2


def test_a_16x24_digit_is_one_ssd1306_window():
    d, i2c = shown(SSD1306, "ssd1306")
    d.fb.fill_rect(40, 8, 16, 24, 1)  # page aligned: pages 1..3
    check_sent(d, i2c, 8 + 2 + 3 * 16)
    assert i2c.transactions == 2
    i2c.clear()
    d.fb.fill_rect(40, 8, 16, 24, 0)
    d.fb.fill_rect(90, 20, 16, 24, 1)  # rows 20..43: pages 2..5, far from the old digit
    # two windows: the old digit's is the panel's window still (no command), the new one 16 x 4
    check_sent(d, i2c, (2 + 3 * 16) + (8 + 2 + 4 * 16))
    assert i2c.transactions == 3


def test_a_16x24_digit_on_the_sh1106_sends_only_the_address_commands_that_change():
    d, i2c = shown(SH1106, "sh1106")  # the pointer is past the frame: page 7, column 130
    d.fb.fill_rect(40, 8, 16, 24, 1)  # RAM columns 42..57 (0x2a..0x39), pages 1..3
    # page 1: page, low, high; pages 2, 3: page and high (the low nibble is 0xa again)
    check_sent(d, i2c, (7 + 16) + 2 * (1 + 4 + 1 + 16))
    assert i2c.transactions == 4
    assert i2c.log[2][1][:5] == b"\x80\xb2\x80\x12\x40"
    i2c.clear()
    d.fb.fill_rect(40, 8, 16, 24, 0)
    d.fb.fill_rect(90, 20, 16, 24, 1)  # RAM columns 92..107 (0x5c..0x6b), pages 2..5
    # every run changes two commands but page 4's (page, low, high): pages 2 and 3 run twice
    check_sent(d, i2c, 6 * (1 + 4 + 1 + 16) + (7 + 16))
    cols = [t[1][3] for t in i2c.log if t[1][0] == 0x80]  # the high nibbles that rode in the data
    assert cols == [0x12, 0x12, 0x15, 0x15, 0x12, 0x15], cols  # page 3 right to left: nearer the pointer


def test_full_frame_costs():
    for cls, panel, bus, full in ((SSD1306, "ssd1306", FakeI2C, SSD_FRAME), (SSD1306, "ssd1306", FakeBusIO, SSD_FRAME_PLAIN),
                                  (SH1106, "sh1106", FakeI2C, SH_FRAME), (SH1106, "sh1106", FakeBusIO, SH_FRAME)):
        d, i2c = shown(cls, panel, bus)
        assert d.show_all() == full == i2c.wire_bytes
        d.fb.fill(1)
        assert d.show_all() == full and i2c.panel.frame() == d.buf
        assert d.show() == 0


def test_runs_merge_across_gaps_cheaper_to_resend():
    d, i2c = shown(SSD1306, "ssd1306")
    d.fb.pixel(0, 0, 1)
    d.fb.pixel(11, 0, 1)  # a gap of 10 unchanged columns: one window is no dearer
    check_sent(d, i2c, 10 + 12)
    assert i2c.transactions == 2
    i2c.clear()
    d.fb.pixel(20, 0, 1)
    d.fb.pixel(32, 0, 1)  # one column more: two windows, on the panel's page range (0x21 only)
    check_sent(d, i2c, 2 * (5 + 2 + 1))
    assert i2c.transactions == 4
    assert i2c.log[0][1] == b"\x00\x21\x14\x14" and i2c.log[2][1] == b"\x00\x21\x20\x20"
    d, i2c = shown(SH1106, "sh1106")
    d.fb.pixel(20, 0, 1)  # RAM column 22 (0x16)
    d.fb.pixel(28, 0, 1)  # a gap of 7: two runs, the right one first (the pointer is at 130)
    check_sent(d, i2c, (7 + 1) + (1 + 2 + 1 + 1))  # page, low, high; then the low nibble alone
    assert i2c.log[0][1] == b"\x00\xb0\x0e\x11" and i2c.log[2][1] == b"\x80\x06\x40\x01"
    i2c.clear()
    d.fb.pixel(40, 0, 1)
    d.fb.pixel(46, 0, 1)  # a gap of 5: one run, low and high nibble in its data
    check_sent(d, i2c, 1 + 4 + 1 + 7)
    assert i2c.transactions == 1


def test_a_window_the_panel_has_needs_no_command():
    """The SSD1306 pointer returns to the window's start once its data is in: the same region
    changing again (a dial spinning) sends its data alone."""
    d, i2c = shown(SSD1306, "ssd1306")
    for n in range(1, 4):
        d.fb.fill_rect(21, 8, 16, 32, n & 1)
        check_sent(d, i2c, 8 + 2 + 64 if n == 1 else 2 + 64)
    i2c.clear()
    d.fb.fill_rect(60, 8, 4, 32, 1)  # same pages, other columns: the column window alone
    check_sent(d, i2c, 5 + 2 + 16)
    assert i2c.log[0][1] == b"\x00\x21\x3c\x3f"
    i2c.clear()
    d.fb.fill_rect(60, 0, 4, 8, 1)  # same columns, page 0: the page window alone
    check_sent(d, i2c, 5 + 2 + 4)
    assert i2c.log[0][1] == b"\x00\x22\x00\x00"


def test_sh1106_writes_ram_columns_2_to_129():
    d, i2c = shown(SH1106, "sh1106")
    d.fb.fill(1)
    d.show()
    ram = i2c.panel.ram
    for p in range(8):
        row = ram[p * 132:(p + 1) * 132]
        assert row[0] == row[1] == row[130] == row[131] == 0
        assert row[2:130] == b"\xff" * 128
    i2c.clear()
    d.fb.pixel(0, 0, 0)
    d.show()
    assert i2c.log[0][1] == b"\x80\xb0\x80\x10\x40\xfe"  # page 0, column 2: the pointer's low nibble was 2
    d.fb.pixel(127, 63, 0)
    i2c.clear()
    d.show()
    assert i2c.log[0][1] == b"\x00\xb7\x01\x18"  # page 7, column 129 = 0x81
    assert i2c.log[1][1] == b"\x40\x7f"  # row 63 is bit 7


def test_ssd1306_window_command_bytes():
    d, i2c = shown(SSD1306, "ssd1306")
    d.fb.hline(10, 17, 5, 1)  # page 2, columns 10..14
    d.show()
    assert i2c.log == [(0x3C, b"\x00\x21\x0a\x0e\x22\x02\x02"), (0x3C, b"\x40\x02\x02\x02\x02\x02")]


def test_the_ssd1306_model_wraps_its_pointer_inside_the_window():
    """Datasheet 10.1.3: in horizontal addressing the pointer runs along the columns of the
    window, then the next page; past the window's last byte it is back at the window's start."""
    i2c = FakeI2C("ssd1306")
    i2c.writeto(0x3C, b"\x00\x20\x00\x21\x0a\x0c\x22\x02\x03")
    i2c.writeto(0x3C, b"\x40\x01\x02\x03\x04\x05\x06")
    ram = i2c.panel.ram
    assert ram[2 * 128 + 10:2 * 128 + 13] == b"\x01\x02\x03" and ram[3 * 128 + 10:3 * 128 + 13] == b"\x04\x05\x06"
    i2c.writeto(0x3C, b"\x40\x07")  # past the end: column 10 of page 2 again
    assert ram[2 * 128 + 10] == 7 and ram[2 * 128 + 13] == 0 and ram[4 * 128 + 10] == 0
    i2c.writeto(0x3C, b"\x00\x22\x05\x05")  # a new page window: the column pointer stays
    i2c.writeto(0x3C, b"\x40\x08")
    assert ram[5 * 128 + 11] == 8


def test_contrast_power_and_invert_send_one_command_each():
    for cls, panel in KINDS:
        d, i2c = shown(cls, panel)
        assert d.contrast(0x40) == 4
        assert d.power(False) == 3
        assert d.invert(True) == 3
        assert [t[1] for t in i2c.log] == [b"\x00\x81\x40", b"\x00\xae", b"\x00\xa7"]
        p = i2c.panel
        assert p.contrast == 0x40 and not p.on and p.inverted
        d.power(True)
        d.invert(False)
        assert p.on and not p.inverted


def test_probe_and_a_missing_display():
    assert probe(FakeI2C("ssd1306"))
    assert probe(FakeI2C("sh1106", addr=0x3D), 0x3D)
    assert not probe(FakeI2C("ssd1306"), 0x3D)
    assert not probe(FakeI2C(None))
    d = SSD1306(FakeI2C(None))  # building needs no answer; showing does
    try:
        d.show()
    except OSError:
        pass
    else:
        raise AssertionError("show() on a silent bus did not raise")


def scene(fb, n):
    fb.fill(0)
    fb.line(0, 0, 60, 5 * n, 1)
    fb.fill_rect(40 + n, 20, 16, 24, 1)
    fb.rect(0, 50, 20 + 7 * n, 10, 1)


def configured(cls, i2c):
    d = cls(i2c)
    d.contrast(0x30)
    d.invert(True)
    scene(d.fb, 1)
    d.show()
    scene(d.fb, 2)
    return d


def test_a_failure_anywhere_is_repaired_by_the_next_show():
    """Cut the show after every byte: the next show repairs RAM and applies the whole set-up,
    even when the cut left a command waiting for its parameters."""
    for cls, panel in KINDS:
        for bus in (FakeI2C, FakeBusIO):
            clean = bus(panel)
            d = configured(cls, clean)
            setup = MODELS[panel](False)
            setup.receive(clean.log[2][1])  # after contrast and invert: the set-up transaction
            setup = [c for c in setup.commands if c[0] != 0xE3]
            clean.clear()
            d.show()
            total = sum(len(t[1]) for t in clean.log)
            for cut in range(total):
                i2c = bus(panel, strict=False)  # half-sent commands are the point here
                d = configured(cls, i2c)
                i2c.fail_after(cut)
                try:
                    d.show()
                except OSError:
                    pass
                else:
                    raise AssertionError("fault at %d did not raise" % cut)
                p = i2c.panel
                mark = len(p.commands)
                d.show()
                assert p.frame() == d.buf, (cls, bus, cut)
                assert p.on and p.contrast == 0x30 and p.inverted
                done = [c for c in p.commands[mark:] if c[0] != 0xE3]
                assert setup in (done[:len(setup)], done[1:len(setup) + 1]), (cls, bus, cut)
                assert d.show() == 0


def test_a_contrast_command_cut_after_its_opcode_does_not_eat_the_setup():
    for cls, panel in KINDS:
        i2c = FakeI2C(panel, strict=False)
        d = cls(i2c)
        d.show()
        i2c.fail_after(2)  # control byte and 0x81 arrive, the level does not
        try:
            d.contrast(0x10)
        except OSError:
            pass
        p = i2c.panel
        mark = len(p.commands)
        d.show()
        assert (0xAE, ()) in p.commands[mark:]  # the set-up's first command was taken as one
        assert p.on and p.contrast == 0x10 and p.frame() == d.buf


def test_a_failure_during_the_first_show_is_retried():
    for cls, panel in KINDS:
        i2c = FakeI2C(panel)
        d = cls(i2c)
        scene(d.fb, 3)
        i2c.fail_after(0)
        try:
            d.show()
        except OSError:
            pass
        assert i2c.panel.count(0xAF) == 0
        d.show()
        assert i2c.panel.frame() == d.buf and i2c.panel.on


def test_settings_made_while_the_panel_was_lost_survive_the_new_setup():
    for cls, panel in KINDS:
        i2c = FakeI2C(panel, strict=False)
        d = cls(i2c)
        d.power(False)
        d.contrast(9)
        d.show()
        p = i2c.panel
        assert not p.on and p.contrast == 9


def test_the_fake_rejects_streams_a_controller_would_misread():
    bad = (
        ("ssd1306", b"\x00\x21\x10\x05"),  # column window backwards
        ("ssd1306", b"\x00\x22\x00\x08"),  # page 8
        ("ssd1306", b"\x00\x26"),  # a command the model does not know
        ("ssd1306", b"\x01\xaf"),  # control byte with low bits set
        ("ssd1306", b"\x40\x00"),  # data before horizontal addressing
        ("sh1106", b"\x00\x21\x00\x7f"),  # SSD1306 window on an SH1106
        ("sh1106", b"\x00\x19"),  # column high nibble 9: column 144
        ("sh1106", b"\x80\x18\x80\x04\x40\x00"),  # data at column 132 (0x84)
    )
    for panel, payload in bad:
        i2c = FakeI2C(panel)
        try:
            i2c.writeto(0x3C, payload)
        except PanelError:
            continue
        raise AssertionError("%s accepted %r" % (panel, payload))


def test_the_fake_decodes_micropython_lib_style_single_commands():
    """micropython-lib sends each command alone with Co=1 (0x80), then the frame: 1044 wire bytes."""
    d, i2c = shown(SSD1306, "ssd1306")
    scene(d.fb, 4)
    for c in (0x21, 0, 127, 0x22, 0, 7):
        i2c.writeto(0x3C, bytes((0x80, c)))
    i2c.writevto(0x3C, (b"\x40", d.buf))
    assert i2c.wire_bytes == 1044 and i2c.panel.frame() == d.buf


BUDGET = 1030 // 5  # 20% of a full frame as micropython-lib counts it (1024 data + 6 commands)


def test_the_app_sends_a_fifth_of_a_frame_or_less_for_a_dial_change():
    """The real App, drawn when dirty as the run loop does: every show() during an alarm or
    proximity detent (and the second after it) stays within BUDGET, on both controllers."""
    from lockdown.app import App
    from lockdown.dice import Xorshift
    from lockdown.events import ALARM, GO, PROX
    from lockdown.games.infiltration.rules.game import SELECTION
    from lockdown.games.infiltration.session import Session
    for cls, panel in KINDS:
        app = App(Session(Xorshift(1)))
        i2c = FakeI2C(panel)
        d = cls(i2c)
        clock = [0]

        def run(ms):
            """Ticks for `ms`, drawing and showing when dirty; the largest show()."""
            most = 0
            end = clock[0] + ms
            while clock[0] < end:
                clock[0] += 20
                app.tick(clock[0])
                if app.dirty:
                    app.draw(d.fb)
                    most = max(most, d.show())
            return most

        run(20)
        app.press(GO)  # setup with its defaults: round 1 begins
        run(20)
        g = app.session.game
        assert g.phase == SELECTION
        worst = 0
        for knob, moves in ((ALARM, (1,) * 8 + (-1,) * 9), (PROX, (1,) * 24 + (-1,) * 12)):
            for m in moves:  # alarm 0 -> 8 -> -1, proximity 0 -> 24 -> 12
                was = (g.alarm, g.proximity)
                app.turn(knob, m)
                worst = max(worst, run(20), run(1000))
                assert (g.alarm, g.proximity) != was
        assert 0 < worst <= BUDGET, (panel, worst)
        assert i2c.panel.frame() == d.buf


def test_a_dial_detent_on_the_play_screen_sends_its_regions_at_the_controllers_minimum():
    """The real play screen at proximity 37, alarm 2. SSD1306: the alarm digit (4 x 2 pages) and
    its scale mark (5 x 2 pages) are two windows, 8 + 2 + 8 and 8 + 2 + 10 bytes; the proximity
    digits one window of 16 x 4 pages, 8 + 2 + 64. The next detent of a spin finds its window (the
    alarm's last, the proximity's only) still set on the panel. SH1106: a run per page."""
    from lockdown.app import App
    from lockdown.dice import Xorshift
    from lockdown.events import ALARM, GO, PROX
    from lockdown.games.infiltration.session import Session
    expect = {"ssd1306": (38, 30, 74, 66), "sh1106": (44, 44, 89, 88)}
    for cls, panel in KINDS:
        app = App(Session(Xorshift(1)))
        i2c = FakeI2C(panel)
        d = cls(i2c)

        def show():
            before = i2c.wire_bytes
            app.draw(d.fb)
            n = d.show()
            assert n == i2c.wire_bytes - before and i2c.panel.frame() == d.buf
            return n

        app.tick(0)
        app.press(GO)  # a started default game
        app.tick(3000)  # the "starts" notice is gone
        g = app.session.game
        g.set_proximity(36)
        g.set_alarm(2)
        show()
        app.turn(PROX, 1)
        show()  # at 37; the panel's window is the proximity's now
        got = []
        for knob, d1, d2 in ((ALARM, 1, -1), (PROX, 1, -1)):
            app.turn(knob, d1)
            got.append(show())
            app.turn(knob, d2)
            got.append(show())
        assert tuple(got) == expect[panel], (panel, got)
