"""The wiring pictures (tools/wiring.py, docs/wiring-*.png) and the README's wiring tables agree
with the boards' own pin data, pin for pin, and no two wires in a picture overlap or touch."""
import itertools
import os
import re
import sys

import pytest

from host_sim.paths import ROOT

sys.path.insert(0, os.path.join(ROOT, "tools"))
import wiring  # noqa: E402

BOARDS = ("pico", "esp32")
# Each signal of the parts, as the board's SPEC defaults name its GPIO
SIGNALS = {("OLED", "SDA"): ("sda",), ("OLED", "SCL"): ("scl",), ("ALARM", "A"): ("alarm", 0),
           ("ALARM", "B"): ("alarm", 1), ("ALARM", "SW"): ("alarm_sw",), ("PROXIMITY", "A"): ("prox", 0),
           ("PROXIMITY", "B"): ("prox", 1), ("PROXIMITY", "SW"): ("prox_sw",), ("GO", "button"): ("go",)}
GROUNDS = (("OLED", "GND"), ("ALARM", "C/GND"), ("PROXIMITY", "C/GND"), ("GO", "GND"))
# The boards' datasheets, written out here apart from the tool's header lists
PICO_GND = {3, 8, 13, 18, 23, 28, 33, 38}
PICO_GP = dict(zip(list(range(0, 23)) + [26, 27, 28],
                   [1, 2, 4, 5, 6, 7, 9, 10, 11, 12, 14, 15, 16, 17, 19, 20, 21, 22, 24, 25, 26, 27, 29, 31, 32, 34]))
ESP32_GND = {("L", 14), ("R", 1), ("R", 7)}
ESP32_GPIO = {36: ("L", 3), 39: ("L", 4), 34: ("L", 5), 35: ("L", 6), 32: ("L", 7), 33: ("L", 8), 25: ("L", 9),
              26: ("L", 10), 27: ("L", 11), 14: ("L", 12), 12: ("L", 13), 13: ("L", 15), 23: ("R", 2),
              22: ("R", 3), 21: ("R", 6), 19: ("R", 8), 18: ("R", 9), 5: ("R", 10), 17: ("R", 11),
              16: ("R", 12), 4: ("R", 13), 0: ("R", 14), 2: ("R", 15), 15: ("R", 16)}


def physical(board, at):
    """The datasheet's name of a header position: Pico pin number, or (side, n from the top)."""
    side, row = at
    if board == "pico":
        return row + 1 if side == "L" else 40 - row
    return side, row + 1


def gpio(board, key):
    spec = wiring.spec(board)
    v = spec["defaults"][SIGNALS[key][0]]
    return v[SIGNALS[key][1]] if len(SIGNALS[key]) > 1 else v


@pytest.mark.parametrize("board", BOARDS)
def test_every_signal_goes_to_the_boards_default_gpio_on_the_datasheets_pin(board):
    wires = {(part, pin): (label, at) for part, pin, label, at in wiring.connections(board)}
    spec = wiring.spec(board)
    for key in SIGNALS:
        label, at = wires[key]
        n = gpio(board, key)
        assert label == spec["pin"] % n
        if board == "pico":
            assert physical(board, at) == PICO_GP[n], key
        else:
            assert physical(board, at) == ESP32_GPIO[n], key


@pytest.mark.parametrize("board", BOARDS)
def test_power_goes_to_3v3_and_every_common_and_switch_to_a_gnd_pin(board):
    wires = {(part, pin): (label, at) for part, pin, label, at in wiring.connections(board)}
    assert sorted(wires) == sorted(list(SIGNALS) + list(GROUNDS) + [("OLED", "VCC")])
    for key in GROUNDS:
        label, at = wires[key]
        assert label == "GND"
        assert physical(board, at) in (PICO_GND if board == "pico" else ESP32_GND), key
    label, at = wires[("OLED", "VCC")]
    assert physical(board, at) == (36 if board == "pico" else ("L", 1))
    assert label in ("3V3(OUT)", "3V3")


def straight(seg):
    x1, y1, x2, y2 = seg
    return x1 == x2 or y1 == y2


def meet(a, b):
    """Where two axis-parallel segments share points: None, ("point", p) or ("overlap", length)."""
    ax0, ax1 = sorted((a[0], a[2]))
    ay0, ay1 = sorted((a[1], a[3]))
    bx0, bx1 = sorted((b[0], b[2]))
    by0, by1 = sorted((b[1], b[3]))
    x0, x1 = max(ax0, bx0), min(ax1, bx1)
    y0, y1 = max(ay0, by0), min(ay1, by1)
    if x0 > x1 or y0 > y1:
        return None
    if (x0, y0) == (x1, y1):
        return "point", (x0, y0)
    return "overlap", max(x1 - x0, y1 - y0)


def ends(seg):
    return {(seg[0], seg[1]), (seg[2], seg[3])}


def test_meet_finds_each_way_two_segments_can_share_points():
    assert meet((0, 0, 10, 0), (0, 5, 10, 5)) is None
    assert meet((0, 0, 10, 0), (5, 0, 20, 0)) == ("overlap", 5)  # one wire lying over another
    assert meet((0, 0, 10, 0), (5, -5, 5, 5)) == ("point", (5, 0))  # a crossing
    assert meet((0, 0, 10, 0), (10, 0, 10, 8)) == ("point", (10, 0))  # touching at a corner


def check_wires(segs):
    """Asserts no two wires overlap or touch; returns where they cross (plain crossings)."""
    assert all(straight(s) for _, s in segs)
    crossings = []
    for (i, a), (j, b) in itertools.combinations(segs, 2):
        if i == j:
            continue
        m = meet(a, b)
        if m is None:
            continue
        assert m[0] == "point", "wires %d and %d share %s px: %s %s" % (i, j, m[1], a, b)
        assert m[1] not in ends(a) | ends(b), "wires %d and %d touch at %s" % (i, j, m[1])
        crossings.append(m[1])  # a horizontal and a vertical wire crossing
    return crossings


@pytest.mark.parametrize("board", BOARDS)
def test_no_two_wires_overlap_touch_or_share_a_segment(board):
    crossings = check_wires(wiring.segments(board))
    assert len(crossings) <= (0 if board == "pico" else 1)  # the ESP32's VCC and ALARM's GND


@pytest.mark.parametrize("board, moved, onto", [
    ("esp32", ("OLED", "SCL"), ("OLED", "GND")),  # the old ESP32 picture: SCL drawn over GND
    ("pico", ("ALARM", "A"), ("OLED", "SDA")),  # the old Pico picture: ALARM A over SDA
])
def test_the_check_sees_a_wire_laid_over_another(board, moved, onto):
    lay = wiring.layout(board)
    wires = {(w["part"], w["pin"]): w for w in lay["wires"]}
    w, other = wires[moved], wires[onto]
    saved = w["points"]
    try:
        lane, row = saved[1][0], other["points"][-1][1]  # along the other's last step, to its pin
        w["points"] = [saved[0], (lane, saved[0][1]), (lane, row), other["points"][-1]]
        with pytest.raises(AssertionError):
            check_wires(wiring.segments_of(lay))
    finally:
        w["points"] = saved
    check_wires(wiring.segments_of(lay))


@pytest.mark.parametrize("board", BOARDS)
def test_each_wire_runs_from_its_part_to_its_own_pin_and_past_no_other(board):
    lay = wiring.layout(board)
    header = wiring.BOARDS[board]["header"]
    pins = {(side, row): wiring.pin_xy((side, row)) for side, col in zip("LR", header) for row in range(len(col))}
    boxes = {p["part"]: p for p in lay["parts"]}
    x_in, x_out = wiring.BOARD_X
    for w in lay["wires"]:
        box = boxes[w["part"]]
        start, end = w["points"][0], w["points"][-1]
        assert start[0] in (box["box"][0], box["box"][2]) and (w["pin"], start[1]) in box["rows"]
        px, py = pins[w["at"]]
        assert end[0] == px and abs(end[1] - py) < wiring.DOT, w["pin"]  # into the pin's dot
        for a, b in zip(w["points"], w["points"][1:]):
            seg = a + b
            for at, (qx, qy) in pins.items():
                if at == w["at"]:
                    continue
                near = (min(seg[0], seg[2]) - wiring.DOT <= qx <= max(seg[0], seg[2]) + wiring.DOT
                        and min(seg[1], seg[3]) - wiring.DOT <= qy <= max(seg[1], seg[3]) + wiring.DOT)
                assert not near, "%s %s passes pin %s" % (w["part"], w["pin"], at)
            # nothing crosses the board itself: only the last step reaches its edge
            if (a, b) != tuple(w["points"][-2:]):
                inside = x_in <= max(seg[0], seg[2]) and min(seg[0], seg[2]) <= x_out and \
                    max(seg[1], seg[3]) >= wiring.BOARD_Y - 20
                assert not inside, "%s %s crosses the board" % (w["part"], w["pin"])


# ----- the README's tables ------------------------------------------------------------------------
ROWS = {
    "OLED SDA / SCL (I2C0)": [("OLED", "SDA"), ("OLED", "SCL")],
    "OLED VCC / GND": [("OLED", "VCC"), ("OLED", "GND")],
    "ALARM encoder A / B": [("ALARM", "A"), ("ALARM", "B")],
    "ALARM push switch": [("ALARM", "SW")],
    "PROXIMITY encoder A / B": [("PROXIMITY", "A"), ("PROXIMITY", "B")],
    "PROXIMITY push switch": [("PROXIMITY", "SW")],
    "GO button": [("GO", "button")],
    "ALARM common (C) and push switch's other leg": [("ALARM", "C/GND")],
    "PROXIMITY common (C) and push switch's other leg": [("PROXIMITY", "C/GND")],
    "GO button's other leg": [("GO", "GND")],
}
SECTIONS = {"pico": "### Wiring: Raspberry Pi Pico", "esp32": "### Wiring: ESP32 DevKitC"}


def readme_table(board):
    text = open(os.path.join(ROOT, "README.md"), encoding="utf-8").read()
    section = text.split(SECTIONS[board], 1)[1].split("\n#", 1)[0]
    rows = [ln for ln in section.splitlines() if ln.startswith("|")]
    cells = [[c.strip() for c in ln.strip("|").split("|")] for ln in rows]
    assert cells[1][0].startswith("---")
    return cells[2:]


def parse_pins(board, cell):
    """"6 / 7" (Pico) or "right 6th / 3rd" (ESP32: a bare ordinal keeps the side before it)."""
    out, side = [], None
    for part in cell.split(" / "):
        if board == "pico":
            out.append(int(part))
            continue
        m = re.fullmatch(r"(?:(left|right) )?(\d+)(st|nd|rd|th)", part)
        assert m, cell
        side = m.group(1) or side
        out.append(("L" if side == "left" else "R", int(m.group(2))))
    return out


@pytest.mark.parametrize("board", BOARDS)
def test_the_readme_table_says_what_the_picture_draws_pin_for_pin(board):
    wires = {(part, pin): (label, at) for part, pin, label, at in wiring.connections(board)}
    seen = []
    for part_cell, gpio_cell, pin_cell in readme_table(board):
        keys = ROWS[part_cell]
        labels = gpio_cell.split(" / ")
        pins = parse_pins(board, pin_cell)
        assert len(labels) == len(pins) == len(keys), part_cell
        for key, label, pin in zip(keys, labels, pins):
            assert label == wires[key][0], (part_cell, key)
            assert pin == physical(board, wires[key][1]), (part_cell, key)
            seen.append(key)
    assert sorted(seen) == sorted(wires)  # every wire of the picture has its row, once


def test_the_pico_table_says_pin_38_for_the_oled_gnd_as_the_picture():
    rows = {r[0]: r for r in readme_table("pico")}
    assert rows["OLED VCC / GND"][2] == "36 / 38"


@pytest.mark.parametrize("board", BOARDS)
def test_the_committed_picture_is_the_one_the_tool_draws(board, tmp_path):
    Image = pytest.importorskip("PIL.Image")
    out = tmp_path / "wiring.png"
    wiring.draw(board, str(out))
    committed = Image.open(os.path.join(ROOT, "docs", wiring.BOARDS[board]["file"])).convert("RGB")
    fresh = Image.open(str(out)).convert("RGB")
    assert committed.size == fresh.size and committed.tobytes() == fresh.tobytes(), \
        "docs/%s is out of date: .venv/bin/python tools/wiring.py" % wiring.BOARDS[board]["file"]
