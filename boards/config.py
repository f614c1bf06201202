"""The board config: pins, display and knob options from an optional JSON file, validated.

One table, TABLE, says for every key its kind and its range or choices; each board module's
SPEC["defaults"] gives the board's default for every key it takes (a key missing there is
unknown on that board). A bad value gets a short message in plain words and falls back to its
default, so a typo in /config.json never stops the device; a file that cannot be read at all
(not UTF-8, nested too deep, too big) is named and every default is used.

| key | value |
| --- | --- |
| display | "ssd1306" or "sh1106" (I2C); "ssd1306-spi" where the board has SPI |
| i2c, sda, scl | I2C bus number and its data / clock GPIO |
| freq | I2C clock in Hz, 10000..1000000 |
| addr | display address, 0x3C or 0x3D (a number, or a string "0x3D") |
| spi, dc, cs, reset | SPI display: bus number (it brings its clock and data pins), D/C, CS and RES GPIOs |
| alarm, prox | encoder GPIOs [A, B] |
| alarm_sw, prox_sw, go | push switch GPIOs, wired to ground (internal pull-ups) |
| divisor | 4: one detent per quadrature cycle, 2: two detents per cycle |
| alarm_reverse, prox_reverse | true turns that knob's direction around |
| wdt_ms | watchdog timeout in ms, 0 = no watchdog |
"""
import json

from micropython import const

_TYPING = const(False)  # True to pyright only (its defineConstant); a board compiles none of it
if _TYPING:
    from typing import TypeGuard

_CHOICE = const(0)  # arg: (SPEC entry that lists the board's choices, or None; the choices otherwise)
_BUS = const(1)  # arg: bus name; SPEC[key] maps bus number -> its pins (or None: any output pins)
_OWN_BUS = const(2)  # arg: bus name; SPEC[key] maps bus number -> the (clock, data) pins it brings
_RANGE = const(3)  # arg: (lowest, highest, unit)
_ADDR = const(4)  # arg: the addresses; a number, or a hex string
_BOOL = const(5)
_WDT = const(6)  # 0 (off) or 1000..SPEC["wdt_max"]
_PIN = const(7)  # arg: (bus key, index into its pins) for a bus pin, or None
_PAIR = const(8)  # an encoder's [A, B] pins

_I2C = "i2c"
_SPI = "spi"
# key, kind, arg, the display wiring it serves (None: always); pins in the order a clash is settled
TABLE = (
    ("display", _CHOICE, ("displays", ("ssd1306", "sh1106")), None),
    ("i2c", _BUS, "I2C", _I2C),
    ("freq", _RANGE, (10000, 1000000, " Hz"), _I2C),
    ("addr", _ADDR, (0x3C, 0x3D), _I2C),
    ("spi", _OWN_BUS, "SPI", _SPI),
    ("divisor", _CHOICE, (None, (4, 2)), None),
    ("alarm_reverse", _BOOL, None, None),
    ("prox_reverse", _BOOL, None, None),
    ("wdt_ms", _WDT, None, None),
    ("sda", _PIN, ("i2c", 0), _I2C),
    ("scl", _PIN, ("i2c", 1), _I2C),
    ("dc", _PIN, None, _SPI),
    ("cs", _PIN, None, _SPI),
    ("reset", _PIN, None, _SPI),
    ("alarm", _PAIR, None, None),
    ("prox", _PAIR, None, None),
    ("alarm_sw", _PIN, None, None),
    ("prox_sw", _PIN, None, None),
    ("go", _PIN, None, None),
)
PIN_KEYS = tuple(row[0] for row in TABLE if row[1] >= _PIN)
_SPI_DISPLAYS = ("ssd1306-spi",)
_MAX_BYTES = const(4096)  # a full config is about 400 bytes; more is not a config
_BOM = b"\xef\xbb\xbf"  # UTF-8 with a byte-order mark, as some Windows editors save it


def pin_list(spec, pins):
    """Allowed pins as short ranges: 'GP0-22, GP26-28'."""
    out = []
    start = prev = None
    for p in sorted(pins) + [None]:
        if prev is not None and p == prev + 1:
            prev = p
            continue
        if start is not None:
            name = spec["pin"] % start
            out.append(name if start == prev else "%s-%d" % (name, prev))
        start = prev = p
    return ", ".join(out)


def _brief(v):
    """A value as a message shows it: short whatever the file held (no 400 digits, no deep repr)."""
    if type(v) is list:
        if len(v) <= 4 and not [x for x in v if isinstance(x, (list, dict))]:
            return "[%s]" % ", ".join(_brief(x) for x in v)
        return "a list of %d" % len(v)
    if isinstance(v, dict):
        return "an object"
    if type(v) is int and not -1000000000 < v < 1000000000:
        return "a %d-digit number" % len(str(abs(v)))
    r = repr(v)
    return r if len(r) <= 24 else r[:20] + "..."


def _is_int(v) -> "TypeGuard[int]":
    return type(v) is int


def _pin_name(spec, v):
    return spec["pin"] % v if 0 <= v < 1000 else _brief(v)


def _pin_error(spec, key, arg, v, cfg):
    """Why `v` cannot be the pin for `key`, or None when it can."""
    if not _is_int(v):
        return "%s is not a GPIO number" % _brief(v)
    if v not in spec["pins"]:
        return "%s is not a usable pin on %s (%s)" % (_pin_name(spec, v), spec["name"], pin_list(spec, spec["pins"]))
    if arg:
        bus, side = arg
        allowed = spec[bus].get(cfg[bus])
        allowed = spec["outputs"] if allowed is None else allowed[side]
        if v not in allowed:
            return "%s cannot be %s of %s%d (%s)" % (
                spec["pin"] % v, key.upper(), bus.upper(), cfg[bus], pin_list(spec, allowed))
    return None


def _value_error(spec, kind, arg, v):
    """Why `v` is a bad value for a key that is not a pin, or None."""
    if kind == _CHOICE:
        choices = spec.get(arg[0], arg[1]) if arg[0] else arg[1]
        if [c for c in choices if type(c) is type(v) and c == v]:
            return None
        names = [str(c) for c in choices]
        return "%s is not %s or %s" % (_brief(v), ", ".join(names[:-1]), names[-1])
    if kind == _BUS or kind == _OWN_BUS:
        buses = spec[arg.lower()]
        if _is_int(v) and v in buses:
            return None
        return "%s is not an %s bus (%s)" % (_brief(v), arg, " ".join(str(b) for b in sorted(buses)))
    if kind == _RANGE:
        lo, hi, unit = arg
        return None if _is_int(v) and lo <= v <= hi else "%s is not %d..%d%s" % (_brief(v), lo, hi, unit)
    if kind == _ADDR:
        n = _addr(v)
        if _is_int(n) and n in arg:
            return None
        shown = "0x%02X" % n if _is_int(n) and 0 <= n <= 0xFF else _brief(v)
        return "%s is not %s" % (shown, " or ".join("0x%02X" % a for a in arg))
    if kind == _BOOL:
        return None if v is True or v is False else "%s is not true or false" % _brief(v)
    top = spec["wdt_max"]  # _WDT
    if _is_int(v) and (v == 0 or 1000 <= v <= top):
        return None
    return "%s is not 0 (off) or 1000..%d" % (_brief(v), top) if top else "%s has no watchdog here" % spec["name"]


def _addr(v):
    if isinstance(v, str) and 0 < len(v) <= 6:
        try:
            return int(v, 16)
        except ValueError:
            pass
    return v


def _show(spec, key, v):
    """A config value in messages, as the board names it: 0x3C, GP6/GP7, SPI0 (GPIO11/GPIO10)."""
    if v is None:
        return "nothing"
    if key == "addr":
        return "0x%02X" % v
    if key == _SPI:
        return "SPI%d (%s)" % (v, _show(spec, "sda", list(spec[_SPI][v])))
    if key in PIN_KEYS:
        return "/".join(spec["pin"] % p for p in (v if isinstance(v, list) else [v]))
    return repr(v)


def _wiring(cfg):
    return _SPI if cfg["display"] in _SPI_DISPLAYS else _I2C


def wiring(spec, cfg):
    """How the configured display is wired, ("i2c" or "spi", where, for messages), or
    (None, None) when a pin clash left it without its pins (already said)."""
    if _wiring(cfg) == _SPI:
        if cfg[_SPI] is None or cfg["dc"] is None or cfg["cs"] is None:
            return None, None
        return _SPI, "%s, DC %s, CS %s" % (
            _show(spec, _SPI, cfg[_SPI]), _show(spec, "dc", cfg["dc"]), _show(spec, "cs", cfg["cs"]))
    if cfg["sda"] is None:
        return None, None
    return _I2C, "I2C%d (SDA %s, SCL %s)" % (cfg["i2c"], spec["pin"] % cfg["sda"], spec["pin"] % cfg["scl"])


def validate(spec, given, problem):
    """The defaults with every good key of `given` applied; each bad one is a call to problem(msg)."""
    defaults = spec["defaults"]
    cfg = dict(defaults)

    def bad(key, why):
        problem("config %s: %s; using %s" % (key, why, _show(spec, key, defaults[key])))

    for key in given:
        if key not in defaults:
            problem("config: unknown key %s (ignored)" % _brief(key))
    for key, kind, arg, _ in TABLE:
        if key not in given or key not in defaults:
            continue
        v = given[key]
        if kind == _PAIR:
            ok = isinstance(v, list) and len(v) == 2
            why = None if ok else "%s is not a pair of pins [A, B]" % _brief(v)
            for p in (v if ok else ()):
                why = why or _pin_error(spec, key, None, p, cfg)
        elif kind == _PIN:
            why = _pin_error(spec, key, arg, v, cfg)
        else:
            why = _value_error(spec, kind, arg, v)
        if why:
            bad(key, why)
        else:
            cfg[key] = _addr(v) if kind == _ADDR else v
    used = _wiring(cfg)
    if used == _I2C and (_pin_error(spec, "sda", ("i2c", 0), cfg["sda"], cfg)
                         or _pin_error(spec, "scl", ("i2c", 1), cfg["scl"], cfg)):
        problem("config i2c: I2C%d needs its own SDA and SCL pins; using I2C%d on %s" % (
            cfg["i2c"], defaults["i2c"], _show(spec, "sda", [defaults["sda"], defaults["scl"]])))
        for key in ("i2c", "sda", "scl"):
            cfg[key] = defaults[key]
    keys = [row[0] for row in TABLE if (row[1] >= _PIN or row[1] == _OWN_BUS)
            and row[0] in defaults and row[3] in (None, used)]  # in the order a clash is settled
    _settle_clashes(spec, cfg, [k for k in keys if cfg[k] == defaults[k]]
                    + [k for k in keys if cfg[k] != defaults[k]], problem)
    return cfg


def _pins(spec, key, v):
    if v is None:
        return ()
    if key == _SPI:
        return spec[_SPI][v]
    return v if isinstance(v, list) else (v,)


def _settle_clashes(spec, cfg, order, problem):
    """A pin used twice: the key changed from its default takes its default back, or nothing."""
    used = {}
    for key in order:
        pins = _pins(spec, key, cfg[key])
        other = [used[p] for p in pins if p in used]
        if not other and len(set(pins)) == len(pins):
            for p in pins:
                used[p] = key
            continue
        fallback = spec["defaults"][key]
        if fallback == cfg[key] or [p for p in _pins(spec, key, fallback) if p in used]:
            fallback = None
        problem("config %s: %s is also %s; using %s" % (
            key, _show(spec, key, cfg[key]), other[0] if other else key, _show(spec, key, fallback)))
        cfg[key] = fallback
        for p in _pins(spec, key, fallback):
            used[p] = key
    if "sda" in order and (cfg["sda"] is None or cfg["scl"] is None):
        cfg["sda"] = cfg["scl"] = None


def _read(path, problem):
    """The JSON in the file at `path` ({} when there is none); an unreadable one is named, and {}."""
    try:
        with open(path, "rb") as f:
            data = f.read(_MAX_BYTES + 1)
    except OSError:
        return {}  # no file: the defaults, quietly
    try:
        if len(data) > _MAX_BYTES:
            why = "over %d bytes" % _MAX_BYTES
        elif data[:2] in (b"\xff\xfe", b"\xfe\xff"):
            why = "UTF-16 text; save it as UTF-8"
        else:
            text = (data[3:] if data[:3] == _BOM else data).decode()
            return json.loads(text)
    except UnicodeError:
        why = "not UTF-8 text"
    except ValueError as e:
        problem("%s is not valid JSON (%s); using the defaults" % (path, str(e)[:60]))
        return {}
    except (RuntimeError, MemoryError):  # CPython's RecursionError is a RuntimeError
        why = "nested too deep"
    problem("%s is unreadable (%s); using the defaults" % (path, why))
    return {}


def load(spec, source=None, path="/config.json", problem=print):
    """The validated config: from `source` (a dict) or else the JSON file at `path` if there is one."""
    if source is None:
        source = _read(path, problem)
    if not isinstance(source, dict):
        problem("config must be a JSON object {...}; using the defaults")
        source = {}
    return validate(spec, source, problem)
