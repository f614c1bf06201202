"""Damaged config files and hostile values: the file is named, every default is used, the board
still gets its display and knobs, and no message echoes a huge value. On CPython and on the
MicroPython unix port (boards/config.py and boards/hardware.py run on the board).
"""
import pytest

from boards.config import load, validate
from tests import fake_machine
from tests.mpy import run

UTF16 = '{"go": 16}'.encode("utf-16")  # Windows Notepad's "Unicode": a BOM, then UTF-16LE
LATIN1 = '{"display": "sh1106", "go": "\xe9"}'.encode("latin-1")
DEEP = b"[" * 10000
DEEP_SMALL = b"[" * 3000  # under the size limit: the parser itself meets the depth
UTF8_BOM = b"\xef\xbb\xbf" + b'{"go": 16}'


@pytest.fixture
def pico(monkeypatch):
    fake_machine.install(monkeypatch)
    from boards.pico import SPEC
    return SPEC


def load_file(spec, tmp_path, data):
    path = tmp_path / "config.json"
    path.write_bytes(data)
    msgs = []
    return load(spec, None, str(path), msgs.append), msgs, str(path)


@pytest.mark.parametrize("data, why", [
    (UTF16, "UTF-16 text; save it as UTF-8"),
    (LATIN1, "not UTF-8 text"),
    (DEEP, "over 4096 bytes"),
    (DEEP_SMALL, "nested too deep"),
])
def test_an_unreadable_file_is_named_and_every_default_used(pico, tmp_path, data, why):
    cfg, msgs, path = load_file(pico, tmp_path, data)
    assert cfg == pico["defaults"]
    assert msgs == ["%s is unreadable (%s); using the defaults" % (path, why)]


def test_a_utf8_file_with_a_byte_order_mark_is_read(pico, tmp_path):
    cfg, msgs, _ = load_file(pico, tmp_path, UTF8_BOM)
    assert cfg["go"] == 16 and msgs == []


def test_non_ascii_utf8_is_only_a_bad_value(pico, tmp_path):
    cfg, msgs, _ = load_file(pico, tmp_path, '{"display": "sh1106é"}'.encode())
    assert msgs == ["config display: 'sh1106é' is not ssd1306 or sh1106; using 'ssd1306'"]


@pytest.mark.parametrize("data", [UTF16, LATIN1, DEEP, DEEP_SMALL])
def test_the_board_keeps_its_display_and_knobs(monkeypatch, tmp_path, data):
    monkeypatch.setenv("HOME", str(tmp_path))
    fake_machine.install(monkeypatch)
    (tmp_path / "c.json").write_bytes(data)
    monkeypatch.setenv("LOCKDOWN_CONFIG", str(tmp_path / "c.json"))
    from boards import raspberry_pi
    hw = raspberry_pi.build(start=False)
    assert hw.display is not None
    assert all(c is not None for c in hw.inputs._counts + hw.inputs._edges)
    assert len(hw.problems) == 1 and hw.problems[0].startswith(str(tmp_path / "c.json") + " is unreadable (")


def nested(depth):
    v = []
    for _ in range(depth):
        v = [v]
    return v


@pytest.mark.parametrize("given, msg", [
    ({"addr": -1}, "config addr: -1 is not 0x3C or 0x3D; using 0x3C"),
    ({"addr": "0x-1"}, "config addr: '0x-1' is not 0x3C or 0x3D; using 0x3C"),
    ({"addr": 10 ** 400}, "config addr: a 401-digit number is not 0x3C or 0x3D; using 0x3C"),
    ({"go": 10 ** 400}, "config go: a 401-digit number is not a usable pin on Pico (GP0-22, GP26-28); using GP15"),
    ({"go": -3}, "config go: -3 is not a usable pin on Pico (GP0-22, GP26-28); using GP15"),
    ({"alarm": [6, 10 ** 400]}, "config alarm: a 401-digit number is not a usable pin on Pico (GP0-22, GP26-28); using GP6/GP7"),
    ({"freq": 10 ** 400}, "config freq: a 401-digit number is not 10000..1000000 Hz; using 400000"),
    ({"display": "x" * 400}, "config display: 'xxxxxxxxxxxxxxxxxxx... is not ssd1306 or sh1106; using 'ssd1306'"),
    ({"go": nested(5000)}, "config go: a list of 1 is not a GPIO number; using GP15"),
    ({"prox": list(range(500))}, "config prox: a list of 500 is not a pair of pins [A, B]; using GP10/GP11"),
    ({"divisor": {"a": 1}}, "config divisor: an object is not 4 or 2; using 4"),
    ({"k" * 400: 1}, "config: unknown key 'kkkkkkkkkkkkkkkkkkk... (ignored)"),
])
def test_messages_are_short_and_exact(pico, given, msg):
    msgs = []
    cfg = validate(pico, given, msgs.append)
    assert msgs == [msg] and cfg == pico["defaults"]


# --- on MicroPython --------------------------------------------------------------------------

MP = """
import sys
from boards.config import load, validate
from boards.hardware import assemble
spec = {"name": "Pico", "pin": "GP%%d", "pins": tuple(range(23)), "outputs": tuple(range(23)),
        "i2c": {0: ((4,), (5,))}, "wdt_max": 8388,
        "defaults": {"display": "ssd1306", "i2c": 0, "sda": 4, "scl": 5, "freq": 400000,
                     "addr": 0x3C, "alarm": [6, 7], "prox": [10, 11], "alarm_sw": 8,
                     "prox_sw": 12, "go": 15, "divisor": 4, "alarm_reverse": False,
                     "prox_reverse": False, "wdt_ms": 0}}
class Bus:
    def writeto(self, addr, buf, stop=True):
        return 1
class Count:
    def value(self):
        return 0
for name in %r:
    path = %r + "/" + name
    msgs = []
    cfg = load(spec, None, path, msgs.append)
    print(name, cfg == spec["defaults"], "|".join(msgs))
    hw = assemble("t", spec, None, lambda i, p: Count(), lambda p: (lambda: 1), lambda cfg: Bus(), None, path)
    print(name, hw.display is not None, None not in hw.inputs._counts + hw.inputs._edges, len(hw.problems))
print("boards.config forgotten:", "boards.config" not in sys.modules)
v = []
for _ in range(1000):
    v = [v]
for given in ({"addr": -1}, {"go": 10 ** 400}, {"go": v}, {"k" * 400: 1}):
    msgs = []
    validate(spec, given, msgs.append)
    print("|".join(msgs))
"""
FILES = {"utf16.json": UTF16, "latin1.json": LATIN1, "deep.json": DEEP, "deep_small.json": DEEP_SMALL}


def test_damaged_files_and_hostile_values_on_micropython(tmp_path):
    for name, data in FILES.items():
        (tmp_path / name).write_bytes(data)
    out = run("-c " + MP % (list(FILES), str(tmp_path)), heapsize="256K").stdout.strip().split("\n")
    out = [line for line in out if not line.startswith("lockdown: ")]  # hw.problem's console copy
    p = str(tmp_path) + "/"
    assert out[:9] == [
        "utf16.json True %sutf16.json is unreadable (UTF-16 text; save it as UTF-8); using the defaults" % p,
        "utf16.json True True 1",
        "latin1.json True %slatin1.json is unreadable (not UTF-8 text); using the defaults" % p,
        "latin1.json True True 1",
        "deep.json True %sdeep.json is unreadable (over 4096 bytes); using the defaults" % p,
        "deep.json True True 1",
        "deep_small.json True %sdeep_small.json is unreadable (nested too deep); using the defaults" % p,
        "deep_small.json True True 1",
        "boards.config forgotten: True",
    ]
    assert out[9:] == [
        "config addr: -1 is not 0x3C or 0x3D; using 0x3C",
        "config go: a 401-digit number is not a usable pin on Pico (GP0-22); using GP15",
        "config go: a list of 1 is not a GPIO number; using GP15",
        "config: unknown key 'kkkkkkkkkkkkkkkkkkk... (ignored)",
    ]

