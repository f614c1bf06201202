"""Draws device-face.png: the device's face with the real play screen and what each control does.

    .venv/bin/python tools/face.py [--out DIR]    # out/device-face.png
    .venv/bin/python tools/face.py --docs         # refreshes docs/device-face.png, the README's

The screen is the app's own frame (drawn through the simulator), so the picture cannot drift
from the firmware. Pillow's built-in font keeps it working on any machine.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from PIL import Image, ImageDraw, ImageFont  # noqa: E402

import host_sim  # noqa: E402,F401
from host_sim.png import image  # noqa: E402
from host_sim.runner import Sim  # noqa: E402
from lockdown.events import ALARM, GO, PROX  # noqa: E402
from pictures import folder  # noqa: E402

BODY = (38, 40, 46)
KNOB = (70, 72, 80)
TEXT = (230, 230, 230)
ACCENT = (240, 180, 60)
NAME = "device-face.png"


def play_frame():
    sim = Sim(seed=3)
    sim.press(GO)  # start the default 4-player game
    sim.wait(2000)
    sim.turn(ALARM, 2)
    sim.turn(PROX, 37)
    sim.wait(2000)
    return sim.frame()


def knob(d, cx, cy, r, name, lines, font, small):
    d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=KNOB, outline=(110, 110, 120), width=3)
    d.line((cx, cy - r + 6, cx, cy - r + 22), fill=TEXT, width=4)
    d.text((cx, cy + r + 12), name, fill=ACCENT, font=font, anchor="mt")
    for i, line in enumerate(lines):
        d.text((cx, cy + r + 40 + i * 22), line, fill=TEXT, font=small, anchor="mt")


def draw(out):
    screen = image(play_frame(), scale=4, bezel=8)
    w, h = 1100, 700
    img = Image.new("RGB", (w, h), (255, 255, 255))
    d = ImageDraw.Draw(img)
    d.rounded_rectangle((20, 20, w - 20, h - 20), radius=40, fill=BODY)
    font = ImageFont.load_default(28)
    small = ImageFont.load_default(19)
    sx = (w - screen.width) // 2
    img.paste(screen, (sx, 60))
    knob(d, 150, 200, 70, "ALARM", ("turn: alarm -1..8", "press: undo", "hold: NPCs"), font, small)
    knob(d, w - 150, 200, 70, "PROXIMITY", ("turn: proximity 00-99", "press: operatives",
                                             "hold: lockdown odds"), font, small)
    gy = 520
    d.ellipse((w // 2 - 60, gy - 60, w // 2 + 60, gy + 60), fill=(200, 40, 40), outline=(120, 20, 20), width=5)
    d.text((w // 2, gy), "GO", fill=TEXT, font=font, anchor="mm")
    d.text((w // 2, gy + 80), "press: next phase / roll / confirm     hold: menu", fill=TEXT, font=small,
           anchor="mt")
    d.text((w // 2, 40), "Lockdown", fill=ACCENT, font=small, anchor="mm")
    img.save(out)
    print(out)


def main(argv=None):
    draw(os.path.join(folder((__doc__ or "").split("\n")[0], argv), NAME))


if __name__ == "__main__":
    main()
