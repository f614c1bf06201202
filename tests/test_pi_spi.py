"""The Raspberry Pi with a 7-pin SPI SSD1306 module ("display": "ssd1306-spi").

adafruit_ssd1306.SSD1306_SPI drives it over Blinka; here Blinka and adafruit_ssd1306 are the
fakes in tests/fake_machine.py. A bad SPI config gets the same kind of message as a bad I2C
one, and our own I2C driver stays the default.
"""
import sys

import pytest

from tests import fake_machine

SPI = {"display": "ssd1306-spi"}


@pytest.fixture
def fake(monkeypatch, tmp_path):
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("LOCKDOWN_CONFIG", str(tmp_path / "none.json"))
    fake_machine.install(monkeypatch)
    for name, mod in fake_machine.adafruit_modules().items():
        monkeypatch.setitem(sys.modules, name, mod)


def build(config):
    from boards import raspberry_pi
    return raspberry_pi.build(config, start=False)


def test_an_spi_module_is_driven_by_adafruit_ssd1306_on_its_pins(fake):
    hw = build(SPI)
    assert hw.problems == []
    (dev,) = fake_machine.SSD1306_SPI.made
    assert (dev.width, dev.height) == (128, 64)
    assert (dev.spi.clock, dev.spi.mosi) == (11, 10)  # SPI0: SCLK GPIO11, MOSI GPIO10
    assert (dev.dc.pin, dev.cs.pin, dev.reset.pin) == (6, 8, 13)
    assert all(c is not None for c in hw.inputs._counts + hw.inputs._edges)


def test_the_app_draws_into_the_drivers_buffer_and_every_show_sends_the_whole_frame(fake):
    hw = build(SPI)
    dev = fake_machine.SSD1306_SPI.made[0]
    hw.display.fb.fill(0)
    hw.display.fb.pixel(0, 0, 1)
    hw.display.fb.pixel(127, 63, 1)
    assert hw.display.show() == 6 + 1024
    assert hw.display.show() == 6 + 1024  # nothing changed: still a full frame
    frame = dev.frames[-1]
    assert len(dev.frames) == 2 and frame[0] == 0x01 and frame[1023] == 0x80 and sum(frame) == 0x81


def test_spi_pins_and_bus_are_validated_like_i2c_ones(fake):
    hw = build(dict(SPI, spi=3, dc=99, cs="CE0", reset=True))
    assert hw.problems == [
        "config spi: 3 is not an SPI bus (0 1); using SPI0 (GPIO11/GPIO10)",
        "config dc: GPIO99 is not a usable pin on Raspberry Pi (GPIO2-27); using GPIO6",
        "config cs: 'CE0' is not a GPIO number; using GPIO8",
        "config reset: True is not a GPIO number; using GPIO13",
    ]
    assert hw.display is not None
    i2c = build({"sda": 99})
    assert i2c.problems == ["config sda: GPIO99 is not a usable pin on Raspberry Pi (GPIO2-27); using GPIO2"]


def test_an_spi_pin_clash_is_settled_as_for_any_pin(fake):
    hw = build(dict(SPI, dc=17))
    assert hw.problems == ["config dc: GPIO17 is also alarm; using GPIO6"]
    hw = build(dict(SPI, go=11))
    assert hw.problems == ["config go: GPIO11 is also spi; using GPIO5"]
    hw = build(dict(SPI, spi=1, alarm_sw=21))  # both changed: the key earlier in the table wins
    assert hw.problems == ["config alarm_sw: GPIO21 is also spi; using GPIO22"]
    assert (fake_machine.SSD1306_SPI.made[-1].spi.clock, fake_machine.SSD1306_SPI.made[-1].spi.mosi) == (21, 20)


def test_with_an_spi_display_the_i2c_pins_are_free_and_the_reverse(fake):
    assert build(dict(SPI, go=2)).problems == []
    assert build({"go": 8}).problems == []
    assert build({"go": 2}).problems == ["config go: GPIO2 is also sda; using GPIO5"]


def test_a_pin_the_port_refuses_loses_only_the_display(fake):
    fake_machine.Pin.refused = {8}
    hw = build(SPI)
    assert hw.display is None
    assert hw.problems == ["ssd1306-spi on SPI0 (GPIO11/GPIO10), DC GPIO6, CS GPIO8: GPIO8 is busy"]
    assert all(c is not None for c in hw.inputs._counts + hw.inputs._edges)


def test_without_adafruit_ssd1306_installed_the_problem_names_it(fake, monkeypatch):
    monkeypatch.setitem(sys.modules, "adafruit_ssd1306", None)  # import fails, as when not installed
    hw = build(SPI)
    assert hw.display is None and len(hw.problems) == 1
    assert hw.problems[0].startswith("ssd1306-spi on SPI0 (GPIO11/GPIO10), DC GPIO6, CS GPIO8: ")
    assert "adafruit_ssd1306" in hw.problems[0]


def test_i2c_stays_our_own_driver_by_default(fake):
    from lockdown.oled import SSD1306
    hw = build({})
    assert isinstance(hw.display, SSD1306) and fake_machine.SSD1306_SPI.made == []


def test_boards_without_spi_refuse_the_spi_display_and_its_keys(fake):
    from boards import pico
    hw = pico.build(dict(SPI, dc=6))
    assert hw.problems == ["config: unknown key 'dc' (ignored)",
                           "config display: 'ssd1306-spi' is not ssd1306 or sh1106; using 'ssd1306'"]
    assert hw.display is not None


def test_the_real_adafruit_driver_sends_our_frame_whole(monkeypatch, tmp_path):
    """With adafruit-circuitpython-ssd1306 installed: its SPI writes carry what the app drew,
    after the column and page window, FRAME_BYTES in all."""
    pytest.importorskip("adafruit_ssd1306")
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("LOCKDOWN_CONFIG", str(tmp_path / "none.json"))
    fake_machine.install(monkeypatch)
    hw = build(SPI)
    assert hw.problems == []
    (bus,) = fake_machine.SPI.made
    del bus.writes[:]
    hw.display.fb.fill(0)
    hw.display.fb.pixel(0, 0, 1)
    hw.display.fb.pixel(127, 63, 1)
    sent = hw.display.show()
    assert bus.writes[:-1] == [bytes((c,)) for c in (0x21, 0, 127, 0x22, 0, 7)]
    frame = bus.writes[-1]
    assert len(frame) == 1024 and frame[0] == 0x01 and frame[1023] == 0x80 and sum(frame) == 0x81
    assert sent == sum(len(w) for w in bus.writes)
