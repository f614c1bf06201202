"""Draws the default wiring of each board, wiring-pico.png and wiring-esp32.png.

    .venv/bin/python tools/wiring.py [--out DIR]    # in out/
    .venv/bin/python tools/wiring.py --docs         # refreshes docs/wiring-*.png, the README's

The signal pins come from the board modules' own defaults (boards/pico.py,
boards/esp32_devkitc.py, imported with the test fakes for machine), so the pictures cannot
drift from the firmware; the power and ground pins each wire goes to are chosen here (POWER).
Every encoder common (with its push switch's other leg), the GO button's other leg and the
OLED's GND go to a GND pin; the inputs use the board's pull-ups.

connections(board) is what goes where; layout(board) is the picture: every wire as the points
of its path, made of horizontal and vertical segments (segments(board)). tests/test_wiring.py
checks from these and the boards' pin data that no two wires overlap, and that the README's
tables say the same pin for pin.

Routing: each part sits beside the board on the side of most of its signal pins; a wire leaves
its box, runs along its own lane (a vertical line between the boxes and the board) and enters
its pin from the side; a wire to a pin on the far side goes over the top of the board. Within
a box the wires are in the order of their pins, so that (the lane nearer the board for the wire
higher up) wires to the same side never cross; the few over the top are placed to cross as
few wires as can be.
"""
import itertools
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

import host_sim  # noqa: E402,F401  (firmware/ and the micropython shim on the path)

# Header pins in physical order: (left column top to bottom, right column top to bottom)
PICO = ([("GP%d" % g) if g >= 0 else n for g, n in (
    (0, ""), (1, ""), (-1, "GND"), (2, ""), (3, ""), (4, ""), (5, ""), (-1, "GND"), (6, ""), (7, ""),
    (8, ""), (9, ""), (-1, "GND"), (10, ""), (11, ""), (12, ""), (13, ""), (-1, "GND"), (14, ""), (15, ""))],
    ["VBUS", "VSYS", "GND", "3V3_EN", "3V3(OUT)", "ADC_VREF", "GP28", "GND", "GP27", "GP26", "RUN",
     "GP22", "GND", "GP21", "GP20", "GP19", "GP18", "GND", "GP17", "GP16"])
ESP32 = (["3V3", "EN", "GPIO36", "GPIO39", "GPIO34", "GPIO35", "GPIO32", "GPIO33", "GPIO25", "GPIO26",
          "GPIO27", "GPIO14", "GPIO12", "GND", "GPIO13", "GPIO9", "GPIO10", "GPIO11", "5V"],
         ["GND", "GPIO23", "GPIO22", "TX", "RX", "GPIO21", "GND", "GPIO19", "GPIO18", "GPIO5", "GPIO17",
          "GPIO16", "GPIO4", "GPIO0", "GPIO2", "GPIO15", "GPIO8", "GPIO7", "GPIO6"])


def pico_pin(n):
    """Pico physical pin n (1-40, counted down the left and up the right) as (side, row)."""
    return ("L", n - 1) if n <= 20 else ("R", 40 - n)


def pico_number(at):
    side, row = at
    return row + 1 if side == "L" else 40 - row


def esp32_number(at):
    side, row = at
    return "%s %d%s" % ("left" if side == "L" else "right", row + 1,
                        {1: "st", 2: "nd", 3: "rd"}.get(row + 1 if row + 1 < 20 else 0, "th"))


# Power and ground: (part, its pin) -> the header pin it goes to
POWER = {
    "pico": {("OLED", "VCC"): pico_pin(36), ("OLED", "GND"): pico_pin(38),
             ("ALARM", "C/GND"): pico_pin(8), ("PROXIMITY", "C/GND"): pico_pin(13),
             ("GO", "GND"): pico_pin(18)},
    # the DevKitC has three GND pins for four ground wires: ALARM's common shares the OLED's
    "esp32": {("OLED", "VCC"): ("L", 0), ("OLED", "GND"): ("R", 0), ("ALARM", "C/GND"): ("R", 0),
              ("PROXIMITY", "C/GND"): ("L", 13), ("GO", "GND"): ("L", 13)},
}
BOARDS = {
    "pico": {"module": "pico", "header": PICO, "number": pico_number, "file": "wiring-pico.png",
             "title": "Raspberry Pi Pico: default wiring (physical pin in brackets)"},
    "esp32": {"module": "esp32_devkitc", "header": ESP32, "number": esp32_number, "file": "wiring-esp32.png",
              "title": "ESP32 DevKitC: default wiring (antenna at the top)"},
}
COLOURS = {"OLED": (60, 130, 230), "ALARM": (230, 140, 30), "PROXIMITY": (40, 170, 90), "GO": (210, 50, 50)}

# Geometry (pixels)
WIDTH = 1200
BOARD_X = (470, 730)  # the header columns
BOARD_Y = 110  # the first header row; rows are ROW apart
ROW = 30
BOX_X = {"L": (40, 230), "R": (970, 1160)}
BOX_TOP = 60
BOX_PITCH = 26  # between the wires of a box
BOX_GAP = 30  # between boxes
LANE = 11  # between lanes
OVER = 10  # between the paths over the top of the board
SHARE = 4  # wires on one pin enter it this far above and below its centre
DOT = 6  # radius of a header pin


def spec(board):
    """The board module's SPEC, imported with the fake machine module and, while it is imported,
    the fakes' time.ticks_ms (the switches' module takes it at import, as on a board; CPython's
    time has none, and the loop's own fallback must not see a fake one)."""
    import time
    from tests import fake_machine
    sys.modules.update(fake_machine.modules())
    lend = not hasattr(time, "ticks_ms")
    if lend:
        setattr(time, "ticks_ms", fake_machine.TICKS)
    try:
        mod = __import__("boards." + BOARDS[board]["module"], None, None, ["SPEC"])
    finally:
        if lend:
            delattr(time, "ticks_ms")
    return mod.SPEC


def find(header, label):
    """(side, row) of the header pin named `label`; it must be there exactly once."""
    spots = [(side, row) for side, pins in zip("LR", header) for row, name in enumerate(pins) if name == label]
    if len(spots) != 1:
        raise ValueError("%s is on the header %d times" % (label, len(spots)))
    return spots[0]


def connections(board):
    """[(part, part pin, header pin label, (side, row))] in each part's own pin order."""
    s = spec(board)
    d, p = s["defaults"], s["pin"]
    header = BOARDS[board]["header"]
    power = POWER[board]
    signals = {("OLED", "SDA"): d["sda"], ("OLED", "SCL"): d["scl"],
               ("ALARM", "A"): d["alarm"][0], ("ALARM", "B"): d["alarm"][1], ("ALARM", "SW"): d["alarm_sw"],
               ("PROXIMITY", "A"): d["prox"][0], ("PROXIMITY", "B"): d["prox"][1],
               ("PROXIMITY", "SW"): d["prox_sw"], ("GO", "button"): d["go"]}
    order = {"OLED": ("VCC", "GND", "SDA", "SCL"), "ALARM": ("A", "B", "SW", "C/GND"),
             "PROXIMITY": ("A", "B", "SW", "C/GND"), "GO": ("button", "GND")}
    out = []
    for part, pins in order.items():
        for pin in pins:
            if (part, pin) in signals:
                label = p % signals[(part, pin)]
                out.append((part, pin, label, find(header, label)))
            else:
                side, row = power[(part, pin)]
                out.append((part, pin, header["LR".index(side)][row], (side, row)))
    return out


def pin_xy(at):
    side, row = at
    return BOARD_X[0] if side == "L" else BOARD_X[1], BOARD_Y + row * ROW + 5


def _overs(board):
    """The (part, pin) of the wires that go over the top, in connection order."""
    return [(part, pin) for part, side, wires in _boxes(board) for pin, label, at in wires if at[0] != side]


def _boxes(board, exits=None):
    """The parts by side, each (part, side, [(pin, label, at)] in drawing order). `exits` ranks
    the wires over the top among themselves, else they go by the height of their pin."""
    by_part = {}
    for part, pin, label, at in connections(board):
        by_part.setdefault(part, []).append((pin, label, at))
    boxes = []
    for part, wires in by_part.items():
        sides = [at[0] for pin, label, at in wires if (part, pin) not in POWER[board]]
        side = "L" if sides.count("L") >= sides.count("R") else "R"
        # over the top first (they leave upwards), then by the height of their pin
        wires.sort(key=lambda w: (w[2][0] == side, exits[(part, w[0])] if exits and w[2][0] != side
                                  else pin_xy(w[2])[1]))
        boxes.append((part, side, wires))
    return boxes


def _route(board, ranks):
    """The picture for one placement of the wires that go over the top (ranks: per such wire,
    its (lane, height, descent, exit) order among them). Returns the layout dict."""
    boxes = _boxes(board, {w: r[3] for w, r in zip(_overs(board), ranks)})
    exit_y, tops = {}, {"L": BOX_TOP, "R": BOX_TOP}
    for part, side, wires in boxes:
        for j, (pin, label, at) in enumerate(wires):
            exit_y[(part, pin)] = tops[side] + 40 + j * BOX_PITCH
        tops[side] += 30 + len(wires) * BOX_PITCH + BOX_GAP
    shared = {}  # on a pin with two wires, one from over the top enters above, else the higher
    for part, side, wires in boxes:
        for pin, label, at in wires:
            shared.setdefault(at, []).append((at[0] == side, exit_y[(part, pin)], part, pin))
    shared = {at: [(u[2], u[3]) for u in sorted(users)] for at, users in shared.items()}
    parts, wires_out = [], []
    same = {"L": [], "R": []}  # (exit y, wire index) of wires to their own side
    over = []  # wire indexes of wires over the top
    tops = {"L": BOX_TOP, "R": BOX_TOP}
    for part, side, wires in boxes:
        x0, x1 = BOX_X[side]
        py = tops[side]
        h = 30 + len(wires) * BOX_PITCH
        rows = []
        for pin, label, at in wires:
            wy = exit_y[(part, pin)]
            rows.append((pin, wy))
            users = shared[at]
            ty = pin_xy(at)[1] + (users.index((part, pin)) * 2 - (len(users) - 1)) * SHARE
            w = {"part": part, "pin": pin, "label": label, "at": at, "side": side,
                 "exit": (x1 if side == "L" else x0, wy), "enter": (pin_xy(at)[0], ty)}
            (same[side].append((wy, len(wires_out))) if at[0] == side else over.append(len(wires_out)))
            wires_out.append(w)
        parts.append({"part": part, "side": side, "box": (x0, py, x1, py + h), "rows": rows})
        tops[side] = py + h + BOX_GAP
    # lanes, counted from the board outwards: descents of wires arriving over the top first,
    # then the wires to their own side (higher up nearer the board), then those leaving over it
    slots = {"L": [], "R": []}

    def by_rank(k):
        return sorted(over, key=lambda i: ranks[over.index(i)][k])
    for i in by_rank(2):
        slots[wires_out[i]["at"][0]].append(("down", i))
    for side in "LR":
        slots[side] += [("lane", i) for _, i in sorted(same[side])]
    for i in by_rank(0):
        slots[wires_out[i]["side"]].append(("lane", i))
    lane_x = {}
    for side in "LR":
        edge = BOARD_X[0] if side == "L" else BOARD_X[1]
        step = -1 if side == "L" else 1
        for k, (kind, i) in enumerate(slots[side]):
            lane_x[(kind, i)] = edge + step * (20 + LANE * k)
    heights = {i: BOARD_Y - 28 - OVER * r for r, i in enumerate(by_rank(1))}
    for i, w in enumerate(wires_out):
        (ex, wy), (tx, ty) = w["exit"], w["enter"]
        lane = lane_x[("lane", i)]
        if i in heights:
            down = lane_x[("down", i)]
            w["points"] = [(ex, wy), (lane, wy), (lane, heights[i]), (down, heights[i]), (down, ty), (tx, ty)]
        else:
            w["points"] = [(ex, wy), (lane, wy), (lane, ty), (tx, ty)]
    height = max(max(p["box"][3] for p in parts), BOARD_Y + max(map(len, BOARDS[board]["header"])) * ROW) + 40
    return {"board": board, "size": (WIDTH, height), "parts": parts, "wires": wires_out}


def segments_of(lay):
    """[(wire index, (x1, y1, x2, y2))] of a layout, every segment horizontal or vertical."""
    out = []
    for i, w in enumerate(lay["wires"]):
        pts = w["points"]
        for a, b in zip(pts, pts[1:]):
            if a != b:
                out.append((i, a + b))
    return out


def _crossings(lay):
    """How many times segments of different wires cross (or touch)."""
    n = 0
    segs = segments_of(lay)
    for (i, a), (j, b) in itertools.combinations(segs, 2):
        if i != j and max(min(a[0], a[2]), min(b[0], b[2])) <= min(max(a[0], a[2]), max(b[0], b[2])) \
                and max(min(a[1], a[3]), min(b[1], b[3])) <= min(max(a[1], a[3]), max(b[1], b[3])):
            n += 1
    return n


_LAYOUTS = {}


def layout(board):
    """The picture of `board`'s wiring: the placement of the wires over the top with the fewest
    crossings (the first such, so it is the same every run)."""
    if board not in _LAYOUTS:
        n = len(_overs(board))
        tried = []
        for ranks in itertools.product(itertools.permutations(range(n)), repeat=4):
            lay = _route(board, list(zip(*ranks)))
            tried.append((_crossings(lay), len(tried), lay))
        crossings, _, lay = min(tried, key=lambda t: t[:2])
        lay["crossings"] = crossings
        _LAYOUTS[board] = lay
    return _LAYOUTS[board]


def segments(board):
    return segments_of(layout(board))


def draw(board, out):
    from PIL import Image, ImageDraw, ImageFont
    lay = layout(board)
    header = BOARDS[board]["header"]
    number = BOARDS[board]["number"]
    w, h = lay["size"]
    img = Image.new("RGB", (w, h), "white")
    d = ImageDraw.Draw(img)
    font = ImageFont.load_default(16)
    big = ImageFont.load_default(24)
    rows = max(map(len, header))
    d.rounded_rectangle((BOARD_X[0], BOARD_Y - 20, BOARD_X[1], BOARD_Y + rows * ROW), radius=12, fill=(30, 90, 60))
    d.text((w // 2, 25), BOARDS[board]["title"], fill="black", font=big, anchor="mm")
    for side, pins in zip("LR", header):
        for row, name in enumerate(pins):
            x, y = pin_xy((side, row))
            d.ellipse((x - DOT, y - DOT, x + DOT, y + DOT), fill=(220, 190, 90))
            label = "%s (%d)" % (name, number((side, row))) if board == "pico" else name
            d.text((x + (12 if side == "L" else -12), y), label, fill="white", font=font,
                   anchor="lm" if side == "L" else "rm")
    for p in lay["parts"]:
        colour = COLOURS[p["part"]]
        x0, y0, x1, y1 = p["box"]
        d.rectangle(p["box"], outline=colour, width=3)
        d.text(((x0 + x1) // 2, y0 + 14), p["part"], fill=colour, font=font, anchor="mm")
        for pin, wy in p["rows"]:
            if p["side"] == "L":
                d.text((x1 - 8, wy), pin, fill="black", font=font, anchor="rm")
            else:
                d.text((x0 + 8, wy), pin, fill="black", font=font, anchor="lm")
    for wire in lay["wires"]:
        d.line(wire["points"], fill=COLOURS[wire["part"]], width=3, joint="curve")
    img.save(out)
    print("%s (%d crossings)" % (out, lay["crossings"]))


def main(argv=None):
    from pictures import folder
    where = folder((__doc__ or "").split("\n")[0], argv)
    for board, b in BOARDS.items():
        draw(board, os.path.join(where, b["file"]))


if __name__ == "__main__":
    main()
