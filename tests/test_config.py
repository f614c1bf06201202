"""The board config: defaults per board, and every bad value a clear message and its default."""
import json

import pytest

from boards.config import PIN_KEYS, TABLE, load, pin_list, validate
from tests import fake_machine

KEYS = [row[0] for row in TABLE]
SPI_KEYS = [row[0] for row in TABLE if row[3] == "spi"]


@pytest.fixture(params=["pico", "esp32_devkitc", "raspberry_pi"])
def spec(request, monkeypatch):
    fake_machine.install(monkeypatch)
    mod = __import__("boards." + request.param, None, None, ["SPEC"])
    return mod.SPEC


@pytest.fixture
def pico(monkeypatch):
    fake_machine.install(monkeypatch)
    from boards.pico import SPEC
    return SPEC


def check(spec, given):
    msgs = []
    cfg = validate(spec, given, msgs.append)
    return cfg, msgs


def test_every_board_defaults_every_key_without_a_problem(spec):
    """Every key of the table, less the SPI display's on a board without SPI."""
    assert set(spec["defaults"]) == set(KEYS) - (set() if "spi" in spec else set(SPI_KEYS))
    cfg, msgs = check(spec, {})
    assert cfg == spec["defaults"] and msgs == []


def test_default_pins_are_all_different_and_usable(spec):
    d = spec["defaults"]
    pins = [d[k] for k in PIN_KEYS if k in d and not isinstance(d[k], list)]
    pins += d["alarm"] + d["prox"]
    assert len(set(pins)) == len(pins)
    assert all(p in spec["pins"] for p in pins)


def test_good_values_are_taken(pico):
    given = {"display": "sh1106", "addr": "0x3D", "freq": 100000, "divisor": 2,
             "alarm_reverse": True, "go": 16, "i2c": 1, "sda": 2, "scl": 3, "wdt_ms": 5000}
    cfg, msgs = check(pico, given)
    assert msgs == []
    assert cfg["addr"] == 0x3D and cfg["display"] == "sh1106" and cfg["go"] == 16 and cfg["i2c"] == 1
    assert cfg["prox_reverse"] is False and cfg["wdt_ms"] == 5000


@pytest.mark.parametrize("key, value, words", [
    ("display", "ssd1305", "'ssd1305' is not ssd1306 or sh1106; using 'ssd1306'"),
    ("freq", 4000000, "4000000 is not 10000..1000000 Hz; using 400000"),
    ("addr", 0x50, "0x50 is not 0x3C or 0x3D; using 0x3C"),
    ("addr", "oops", "'oops' is not 0x3C or 0x3D"),
    ("divisor", 3, "3 is not 4 or 2"),
    ("alarm_reverse", "yes", "'yes' is not true or false"),
    ("go", 29, "GP29 is not a usable pin on Pico (GP0-22, GP26-28); using GP15"),
    ("go", "GP9", "'GP9' is not a GPIO number"),
    ("go", True, "True is not a GPIO number"),
    ("alarm", [6], "[6] is not a pair of pins [A, B]; using GP6/GP7"),
    ("prox", [10, 25], "GP25 is not a usable pin"),
    ("sda", 6, "GP6 cannot be SDA of I2C0 (GP0, GP4, GP8, GP12, GP16, GP20); using GP4"),
    ("i2c", 2, "2 is not an I2C bus (0 1)"),
    ("wdt_ms", 20000, "20000 is not 0 (off) or 1000..8388"),
])
def test_a_bad_value_says_why_and_falls_back_to_its_default(pico, key, value, words):
    cfg, msgs = check(pico, {key: value})
    assert cfg == pico["defaults"]
    assert len(msgs) == 1 and msgs[0].startswith("config %s: " % key) and words in msgs[0], msgs


def test_unknown_key_is_named_and_ignored(pico):
    cfg, msgs = check(pico, {"alram": [1, 2], "go": 16})
    assert msgs == ["config: unknown key 'alram' (ignored)"]
    assert cfg["go"] == 16


def test_a_bus_change_without_its_pins_falls_back_to_the_default_bus(pico):
    cfg, msgs = check(pico, {"i2c": 1})
    assert (cfg["i2c"], cfg["sda"], cfg["scl"]) == (0, 4, 5)
    assert msgs == ["config i2c: I2C1 needs its own SDA and SCL pins; using I2C0 on GP4/GP5"]


def test_a_pin_used_twice_goes_back_to_its_default(pico):
    cfg, msgs = check(pico, {"go": 6})
    assert cfg["go"] == 15 and cfg["alarm"] == [6, 7]
    assert msgs == ["config go: GP6 is also alarm; using GP15"]


def test_the_changed_key_loses_a_clash_even_when_it_comes_first(pico):
    cfg, msgs = check(pico, {"alarm_sw": 15})
    assert cfg["alarm_sw"] == 8 and cfg["go"] == 15
    assert msgs == ["config alarm_sw: GP15 is also go; using GP8"]


def test_swapping_two_pins_is_fine(pico):
    cfg, msgs = check(pico, {"alarm_sw": 15, "go": 8})
    assert msgs == [] and (cfg["alarm_sw"], cfg["go"]) == (15, 8)


def test_a_clash_whose_default_is_taken_disables_that_control(pico):
    cfg, msgs = check(pico, {"alarm_sw": 12, "prox_sw": 15, "go": 12})
    assert (cfg["alarm_sw"], cfg["prox_sw"], cfg["go"]) == (12, 15, None)
    assert msgs == ["config go: GP12 is also alarm_sw; using nothing"]


def test_an_encoder_with_the_same_pin_twice_is_refused(pico):
    cfg, msgs = check(pico, {"prox": [10, 10]})
    assert cfg["prox"] == [10, 11]
    assert msgs == ["config prox: GP10/GP10 is also prox; using GP10/GP11"]


def test_esp32_refuses_flash_pins_and_input_only_pins_for_i2c(monkeypatch):
    fake_machine.install(monkeypatch)
    from boards.esp32_devkitc import SPEC
    cfg, msgs = check(SPEC, {"go": 6, "sda": 34, "alarm_sw": 35})
    assert cfg["go"] == 13 and cfg["sda"] == 21 and cfg["alarm_sw"] == 35
    assert len(msgs) == 2
    assert any("config go: GPIO6 is not a usable pin on ESP32" in m for m in msgs)
    assert any("config sda: GPIO34 cannot be SDA of I2C0" in m for m in msgs)


def test_raspberry_pi_has_no_watchdog(monkeypatch):
    fake_machine.install(monkeypatch)
    from boards.raspberry_pi import SPEC
    cfg, msgs = check(SPEC, {"wdt_ms": 2000})
    assert cfg["wdt_ms"] == 0 and msgs == ["config wdt_ms: Raspberry Pi has no watchdog here; using 0"]


def test_load_reads_the_file_and_reports_bad_json(pico, tmp_path):
    path = tmp_path / "config.json"
    msgs = []
    assert load(pico, None, str(path), msgs.append) == pico["defaults"] and msgs == []
    path.write_text(json.dumps({"go": 16, "addr": 61}))
    cfg = load(pico, None, str(path), msgs.append)
    assert (cfg["go"], cfg["addr"], msgs) == (16, 0x3D, [])
    path.write_text('{"go": 16,')
    assert load(pico, None, str(path), msgs.append) == pico["defaults"]
    assert msgs[0].startswith(str(path) + " is not valid JSON")
    assert load(pico, [1, 2], str(path), msgs.append) == pico["defaults"]
    assert msgs[1] == "config must be a JSON object {...}; using the defaults"


def test_pin_list_is_short_ranges(pico):
    assert pin_list(pico, pico["pins"]) == "GP0-22, GP26-28"
    assert pin_list(pico, (4, 0, 8)) == "GP0, GP4, GP8"
