"""The OLED's look for the simulator window and screenshots: a 128x64 MONO_VLSB frame as an image.

Lit pixels are the pale blue-white of an SSD1306 on black, with a faint gap between pixels when
scaled up, as the glass shows it; an optional bezel frames the panel.
"""
from PIL import Image, ImageChops, ImageOps

W, H = 128, 64
ON = (190, 225, 255)
OFF = (0, 0, 0)
BEZEL = (24, 26, 30)
_GAP = 110  # brightness left in the gap line of a lit pixel, of 255
_GRIDS = {}  # scale -> the gap mask


def image(frame, scale=4, bezel=0):
    """frame: a FrameBuffer or its bytes (at least 1024); bezel: border width in output pixels."""
    data = bytes(frame)
    if len(data) < W * H // 8:
        raise ValueError("a 128x64 MONO_VLSB frame is 1024 bytes, got %d" % len(data))
    lum = bytearray(W * H)
    for page in range(H // 8):
        row = page * 8 * W
        for x, b in enumerate(data[page * W:page * W + W]):
            while b:
                low = b & -b
                lum[row + (low.bit_length() - 1) * W + x] = 255
                b ^= low
    img = Image.frombytes("L", (W, H), bytes(lum))
    img = img.resize((W * scale, H * scale), Image.Resampling.NEAREST)
    if scale >= 3:
        img = ImageChops.multiply(img, _grid(scale))
    img = ImageOps.colorize(img, black=OFF, white=ON)
    return ImageOps.expand(img, border=bezel, fill=BEZEL) if bezel else img


def _grid(scale):
    """Full brightness inside each pixel, _GAP on its right and bottom edge; made once per scale."""
    if scale not in _GRIDS:
        line = bytes([255] * (scale - 1) + [_GAP]) * W
        gap = bytes([_GAP]) * (W * scale)
        _GRIDS[scale] = Image.frombytes("L", (W * scale, H * scale), (line * (scale - 1) + gap) * H)
    return _GRIDS[scale]


def save_png(frame, path, scale=4, bezel=0):
    image(frame, scale, bezel).save(path)
