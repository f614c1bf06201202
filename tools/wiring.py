"""Draws the default wiring of each board, docs/wiring-pico.png and docs/wiring-esp32.png.

    python tools/wiring.py

The pins come from the board modules' own defaults (boards/pico.py, boards/esp32_devkitc.py,
imported with the test fakes for machine), so the picture cannot drift from the firmware.
Every encoder common, switch and the OLED's GND go to a GND pin; the inputs use pull-ups.
"""
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from PIL import Image, ImageDraw, ImageFont  # noqa: E402

import host_sim  # noqa: E402,F401  (firmware/ and the micropython shim on the path)

# Header pins in physical order: (left column top to bottom, right column top to bottom)
PICO = ([("GP%d" % g) if g >= 0 else n for g, n in (
    (0, ""), (1, ""), (-1, "GND"), (2, ""), (3, ""), (4, ""), (5, ""), (-1, "GND"), (6, ""), (7, ""),
    (8, ""), (9, ""), (-1, "GND"), (10, ""), (11, ""), (12, ""), (13, ""), (-1, "GND"), (14, ""), (15, ""))],
    ["VBUS", "VSYS", "GND", "3V3_EN", "3V3", "ADC_VREF", "GP28", "GND", "GP27", "GP26", "RUN",
     "GP22", "GND", "GP21", "GP20", "GP19", "GP18", "GND", "GP17", "GP16"])
ESP32 = (["3V3", "EN", "GPIO36", "GPIO39", "GPIO34", "GPIO35", "GPIO32", "GPIO33", "GPIO25", "GPIO26",
          "GPIO27", "GPIO14", "GPIO12", "GND", "GPIO13", "GPIO9", "GPIO10", "GPIO11", "5V"],
         ["GND", "GPIO23", "GPIO22", "TX", "RX", "GPIO21", "GND", "GPIO19", "GPIO18", "GPIO5", "GPIO17",
          "GPIO16", "GPIO4", "GPIO0", "GPIO2", "GPIO15", "GPIO8", "GPIO7", "GPIO6"])
COLOURS = {"OLED": (60, 130, 230), "ALARM": (230, 140, 30), "PROXIMITY": (40, 170, 90), "GO": (210, 50, 50)}


def defaults(module):
    from tests import fake_machine
    sys.modules.update(fake_machine.modules())
    mod = __import__("boards." + module, None, None, ["SPEC"])
    return mod.SPEC


def parts(spec):
    """(part, [(part pin, board pin label)]) from the board's default config."""
    d = spec["defaults"]
    p = spec["pin"]
    return [
        ("OLED", [("SDA", p % d["sda"]), ("SCL", p % d["scl"]), ("VCC", "3V3"), ("GND", "GND")]),
        ("ALARM", [("A", p % d["alarm"][0]), ("B", p % d["alarm"][1]), ("SW", p % d["alarm_sw"]),
                   ("C/GND", "GND")]),
        ("PROXIMITY", [("A", p % d["prox"][0]), ("B", p % d["prox"][1]), ("SW", p % d["prox_sw"]),
                       ("C/GND", "GND")]),
        ("GO", [("button", p % d["go"]), ("button", "GND")]),
    ]


def draw_board(title, header, spec, out):
    left, right = header
    rows = max(len(left), len(right))
    font = ImageFont.load_default(16)
    big = ImageFont.load_default(24)
    w, h = 1200, 130 + rows * 30
    img = Image.new("RGB", (w, h), "white")
    d = ImageDraw.Draw(img)
    bx0, bx1, by0 = 470, 730, 110
    d.rounded_rectangle((bx0, by0 - 20, bx1, by0 + rows * 30), radius=12, fill=(30, 90, 60))
    d.text((w // 2, 25), title, fill="black", font=big, anchor="mm")
    pos = {}
    for side, pins, x in (("L", left, bx0), ("R", right, bx1)):
        for i, name in enumerate(pins):
            y = by0 + i * 30 + 5
            num = i + 1 if side == "L" else (len(left) + len(right) - i if header is PICO else i + 1)
            d.ellipse((x - 6, y - 6, x + 6, y + 6), fill=(220, 190, 90))
            label = "%s (%d)" % (name, num) if header is PICO else name
            d.text((x + (12 if side == "L" else -12), y), label, fill="white", font=font,
                   anchor="lm" if side == "L" else "rm")
            pos.setdefault(name, []).append((x, y, side))
    used = {}
    # each part sits on the side where most of its signal pins are, stacked top to bottom
    stacks = {"L": [], "R": []}
    for part, wires in parts(spec):
        sides = [pos[t][0][2] for _, t in wires if t in pos and t not in ("GND", "3V3")]
        stacks["L" if sides.count("L") >= sides.count("R") else "R"].append((part, wires))
    lane_no = 0
    top = by0 - 22
    for side, stack in stacks.items():
        py = 60
        for part, wires in stack:
            px = 40 if side == "L" else w - 230
            ph = 30 + len(wires) * 26
            colour = COLOURS[part]
            d.rectangle((px, py, px + 190, py + ph), outline=colour, width=3)
            d.text((px + 95, py + 14), part, fill=colour, font=font, anchor="mm")
            ex = px + 190 if side == "L" else px
            step = 1 if side == "L" else -1
            for j, (pin_name, target) in enumerate(wires):
                wy = py + 40 + j * 26
                d.text((ex - 8 * step, wy), pin_name, fill="black", font=font, anchor="rm" if side == "L" else "lm")
                spots = [p for p in pos[target] if p[2] == side] or pos[target]
                n = used.get((target, side), 0)
                used[(target, side)] = n + 1
                tx, ty, tside = spots[n % len(spots)]
                lane_no += 1
                lane = ex + (14 + 11 * (lane_no % 18)) * step
                if tside == side:
                    d.line((ex, wy, lane, wy, lane, ty, tx, ty), fill=colour, width=3)
                else:  # over the top of the board to a pin on the far side
                    over = top - 8 * (lane_no % 6)
                    far = tx + (14 + 8 * (lane_no % 6)) * step
                    d.line((ex, wy, lane, wy, lane, over, far, over, far, ty, tx, ty), fill=colour, width=3)
            py += ph + 30
    img.save(out)
    print(out)


def main():
    draw_board("Raspberry Pi Pico: default wiring (physical pin in brackets)", PICO, defaults("pico"),
               os.path.join(ROOT, "docs", "wiring-pico.png"))
    draw_board("ESP32 DevKitC: default wiring (antenna at the top)", ESP32, defaults("esp32_devkitc"),
               os.path.join(ROOT, "docs", "wiring-esp32.png"))


if __name__ == "__main__":
    main()
