"""The board config: pins, display and knob options from an optional JSON file, validated.

Every key has a default in the board module's SPEC. A bad value gets a message in plain words
and falls back to that default, so a typo in /config.json never stops the device.

| key | value |
| --- | --- |
| display | "ssd1306" or "sh1106" |
| i2c, sda, scl | I2C bus number and its data / clock GPIO |
| freq | I2C clock in Hz, 10000..1000000 |
| addr | display address, 0x3C or 0x3D (a number, or a string "0x3D") |
| alarm, prox | encoder GPIOs [A, B] |
| alarm_sw, prox_sw, go | push switch GPIOs, wired to ground (internal pull-ups) |
| divisor | 4: one detent per quadrature cycle, 2: two detents per cycle |
| alarm_reverse, prox_reverse | true turns that knob's direction around |
| wdt_ms | watchdog timeout in ms, 0 = no watchdog |
"""
import json

KEYS = ("display", "i2c", "sda", "scl", "freq", "addr", "alarm", "prox", "alarm_sw",
        "prox_sw", "go", "divisor", "alarm_reverse", "prox_reverse", "wdt_ms")
PIN_KEYS = ("sda", "scl", "alarm", "prox", "alarm_sw", "prox_sw", "go")  # the order a clash is settled in
DISPLAYS = ("ssd1306", "sh1106")
ADDRS = (0x3C, 0x3D)


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


def _is_int(v):
    return type(v) is int


def _pin_error(spec, key, v, cfg):
    """Why `v` cannot be the pin for `key`, or None when it can."""
    if not _is_int(v):
        return "%r is not a GPIO number" % (v,)
    if v not in spec["pins"]:
        return "%s is not a usable pin on %s (%s)" % (spec["pin"] % v, spec["name"], pin_list(spec, spec["pins"]))
    if key in ("sda", "scl"):
        allowed = spec["i2c"].get(cfg["i2c"])
        allowed = spec["outputs"] if allowed is None else allowed[key == "scl"]
        if v not in allowed:
            return "%s cannot be %s of I2C%d (%s)" % (spec["pin"] % v, key.upper(), cfg["i2c"], pin_list(spec, allowed))
    return None


def _value_error(spec, key, v):
    """Why `v` is a bad value for a key that is not a pin, or None; addr strings are parsed by the caller."""
    if key == "display":
        return None if v in DISPLAYS else "%r is not ssd1306 or sh1106" % (v,)
    if key == "i2c":
        return None if _is_int(v) and v in spec["i2c"] else "%r is not an I2C bus (%s)" % (
            v, " ".join(str(b) for b in sorted(spec["i2c"])))
    if key == "freq":
        return None if _is_int(v) and 10000 <= v <= 1000000 else "%r is not 10000..1000000 Hz" % (v,)
    if key == "addr":
        if _is_int(v):
            return None if v in ADDRS else "0x%02X is not 0x3C or 0x3D" % v
        return "%r is not 0x3C or 0x3D" % (v,)
    if key == "divisor":
        return None if v in (2, 4) and _is_int(v) else "%r is not 4 or 2" % (v,)
    if key in ("alarm_reverse", "prox_reverse"):
        return None if v is True or v is False else "%r is not true or false" % (v,)
    if key == "wdt_ms":
        top = spec["wdt_max"]
        if _is_int(v) and (v == 0 or 1000 <= v <= top):
            return None
        return "%r is not 0 (off) or 1000..%d" % (v, top) if top else "%s has no watchdog here" % spec["name"]
    return None


def _addr(v):
    if isinstance(v, str):
        try:
            return int(v, 16)
        except ValueError:
            pass
    return v


def _show(spec, key, v):
    if v is None:
        return "nothing"
    if key == "addr":
        return "0x%02X" % v
    if key in PIN_KEYS:
        return "/".join(spec["pin"] % p for p in (v if isinstance(v, list) else [v]))
    return repr(v)


def validate(spec, given, problem):
    """The defaults with every good key of `given` applied; each bad one is a call to problem(msg)."""
    defaults = spec["defaults"]
    cfg = dict(defaults)

    def bad(key, why):
        problem("config %s: %s; using %s" % (key, why, _show(spec, key, defaults[key])))

    for key in given:
        if key not in defaults:
            problem("config: unknown key %r (ignored)" % (key,))
    for key in KEYS:
        if key in given and key not in PIN_KEYS:
            v = _addr(given[key]) if key == "addr" else given[key]
            why = _value_error(spec, key, v)
            if why:
                bad(key, why)
            else:
                cfg[key] = v
    for key in PIN_KEYS:
        if key not in given:
            continue
        v = given[key]
        if key in ("alarm", "prox"):
            ok = isinstance(v, list) and len(v) == 2
            why = None if ok else "%r is not a pair of pins [A, B]" % (v,)
            for p in (v if ok else ()):
                why = why or _pin_error(spec, key, p, cfg)
        else:
            why = _pin_error(spec, key, v, cfg)
        if why:
            bad(key, why)
        else:
            cfg[key] = v
    if _pin_error(spec, "sda", cfg["sda"], cfg) or _pin_error(spec, "scl", cfg["scl"], cfg):
        problem("config i2c: I2C%d needs its own SDA and SCL pins; using I2C%d on %s" % (
            cfg["i2c"], defaults["i2c"], _show(spec, "sda", [defaults["sda"], defaults["scl"]])))
        for key in ("i2c", "sda", "scl"):
            cfg[key] = defaults[key]
    _settle_clashes(spec, cfg, [k for k in PIN_KEYS if cfg[k] == defaults[k]]
                    + [k for k in PIN_KEYS if cfg[k] != defaults[k]], problem)
    return cfg


def _pins(v):
    return () if v is None else (v if isinstance(v, list) else (v,))


def _settle_clashes(spec, cfg, order, problem):
    """A pin used twice: the key changed from its default takes its default back, or nothing."""
    used = {}
    for key in order:
        pins = _pins(cfg[key])
        other = [used[p] for p in pins if p in used]
        if not other and len(set(pins)) == len(pins):
            for p in pins:
                used[p] = key
            continue
        fallback = spec["defaults"][key]
        if fallback == cfg[key] or any(p in used for p in _pins(fallback)):
            fallback = None
        problem("config %s: %s is also %s; using %s" % (
            key, _show(spec, key, cfg[key]), other[0] if other else key, _show(spec, key, fallback)))
        cfg[key] = fallback
        for p in _pins(fallback):
            used[p] = key
    if cfg["sda"] is None or cfg["scl"] is None:
        cfg["sda"] = cfg["scl"] = None


def load(spec, source=None, path="/config.json", problem=print):
    """The validated config: from `source` (a dict) or else the JSON file at `path` if there is one."""
    if source is None:
        try:
            with open(path) as f:
                text = f.read()
        except OSError:
            source = {}  # no file: the defaults, quietly
        else:
            try:
                source = json.loads(text)
            except ValueError as e:
                problem("%s is not valid JSON (%s); using the defaults" % (path, e))
                source = {}
    if not isinstance(source, dict):
        problem("config must be a JSON object {...}; using the defaults")
        source = {}
    return validate(spec, source, problem)
