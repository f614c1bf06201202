"""CPython stand-in for MicroPython's `framebuf`, byte-identical to extmod/modframebuf.c (mono formats).

The simulator and the CPython tests draw through this, the board and the unix port through the C
module, and tests/test_framebuf_parity.py holds the two to the same bytes. Clipping, colour and key
rules follow the C code: a colour is "on" when its low 32 bits are non-zero, a key matches a pixel
value compared as uint32. Arguments must be ints (a float raises TypeError, as on the device), and
the object exposes no width/height attributes, because MicroPython's does not. Not here: text()
(Lockdown has its own fonts), ellipse, poly and the colour formats. blit also takes its source as
a tuple (buffer, width, height, format[, stride]), whose buffer may be read-only, as the C one does.
"""
from operator import index as _int

MONO_VLSB = MVLSB = 0
MONO_HLSB = 3
MONO_HMSB = 4

_U32 = 0xFFFFFFFF


class _Get:  # the type of _GET: isinstance() narrows it where `is` would not (for the type check)
    pass


_GET = _Get()  # pixel() called without a colour
_OR = {}  # bit mask -> 256-byte translate table that sets those bits
_AND = {}  # bit mask -> table that clears them


def _table(mask, on):
    cache = _OR if on else _AND
    t = cache.get(mask)
    if t is None:
        t = bytes((b | mask) if on else (b & ~mask) for b in range(256))
        cache[mask] = t
    return t


_sources = {}  # id of a tuple source -> (the tuple, its FrameBuffer): the tuple kept, so its id stays its own


def _as_source(t):
    """blit's tuple source as a FrameBuffer over its (possibly read-only) buffer, made once a tuple."""
    hit = _sources.get(id(t))
    if hit is None:
        if len(_sources) > 64:
            _sources.clear()
        hit = _sources[id(t)] = (t, FrameBuffer(*t, _source=True))
    return hit[1]


class FrameBuffer:
    def __init__(self, buffer, width, height, format, stride=None, _source=False):
        width, height, format = _int(width), _int(height), _int(format)
        stride = width if stride is None else _int(stride)
        if not (0 < width <= 0xFFFF and 0 < height <= 0xFFFF and width <= stride <= 0xFFFF):
            raise ValueError()
        if format == MONO_VLSB:
            need = ((height + 7) // 8 - 1) * stride + width
        elif format == MONO_HLSB or format == MONO_HMSB:
            stride = (stride + 7) & ~7
            need = ((height - 1) * stride + width + 7) >> 3
        else:
            raise ValueError("invalid format")
        buf = memoryview(buffer)
        if buf.readonly and not _source:
            raise TypeError("object with buffer protocol required")
        buf = buf.cast("B")
        if need > len(buf):
            raise ValueError()
        self._buf, self._w, self._h, self._stride, self._fmt = buf, width, height, stride, format
        if format == MONO_VLSB:
            self._set, self._get, self._fill = self._set_v, self._get_v, self._fill_v
        else:
            self._set, self._get, self._fill = self._set_h, self._get_h, self._fill_h

    def __bytes__(self):
        """The whole underlying buffer, like bytes(fb) through MicroPython's buffer protocol."""
        return self._buf.tobytes()

    # Per-format pixel access; x, y are already inside the buffer.
    def _set_v(self, x, y, c):
        i = (y >> 3) * self._stride + x
        if c & _U32:
            self._buf[i] |= 1 << (y & 7)
        else:
            self._buf[i] &= ~(1 << (y & 7))

    def _get_v(self, x, y):
        return (self._buf[(y >> 3) * self._stride + x] >> (y & 7)) & 1

    def _fill_v(self, x, y, w, h, c):
        """Whole page bytes at once: one translate per 8-row band instead of a loop per pixel."""
        buf, stride, on, yend = self._buf, self._stride, c & _U32, y + h
        while y < yend:
            top = y & 7
            n = min(8 - top, yend - y)
            mask = ((1 << n) - 1) << top
            a = (y >> 3) * stride + x
            if mask == 0xFF:
                buf[a:a + w] = (b"\xff" if on else b"\x00") * w
            else:
                buf[a:a + w] = buf[a:a + w].tobytes().translate(_table(mask, on))
            y += n

    def _bit_h(self, x, y):
        return (x + y * self._stride) >> 3, 1 << ((x & 7) if self._fmt == MONO_HMSB else 7 - (x & 7))

    def _set_h(self, x, y, c):
        i, bit = self._bit_h(x, y)
        if c & _U32:
            self._buf[i] |= bit
        else:
            self._buf[i] &= ~bit

    def _get_h(self, x, y):
        i, bit = self._bit_h(x, y)
        return 1 if self._buf[i] & bit else 0

    def _fill_h(self, x, y, w, h, c):
        for yy in range(y, y + h):
            for xx in range(x, x + w):
                self._set_h(xx, yy, c)

    def _rect(self, x, y, w, h, c):
        """modframebuf.c fill_rect(): clip, then fill (nothing for an empty or off-screen box)."""
        if h < 1 or w < 1 or x + w <= 0 or y + h <= 0 or y >= self._h or x >= self._w:
            return
        xend, yend = min(self._w, x + w), min(self._h, y + h)
        x, y = max(x, 0), max(y, 0)
        self._fill(x, y, xend - x, yend - y, c)

    # The public API, in modframebuf.c's argument order.
    def fill(self, c):
        self._fill(0, 0, self._w, self._h, _int(c))

    def fill_rect(self, x, y, w, h, c):
        self._rect(_int(x), _int(y), _int(w), _int(h), _int(c))

    def hline(self, x, y, w, c):
        self._rect(_int(x), _int(y), _int(w), 1, _int(c))

    def vline(self, x, y, h, c):
        self._rect(_int(x), _int(y), 1, _int(h), _int(c))

    def rect(self, x, y, w, h, c, f=False):
        x, y, w, h, c = _int(x), _int(y), _int(w), _int(h), _int(c)
        if f:
            self._rect(x, y, w, h, c)
        else:
            self._rect(x, y, w, 1, c)
            self._rect(x, y + h - 1, w, 1, c)
            self._rect(x, y, 1, h, c)
            self._rect(x + w - 1, y, 1, h, c)

    def pixel(self, x, y, c=_GET):
        x, y = _int(x), _int(y)
        if 0 <= x < self._w and 0 <= y < self._h:
            if isinstance(c, _Get):
                return self._get(x, y)
            self._set(x, y, _int(c))
        return None

    def line(self, x1, y1, x2, y2, c):
        """Bresenham exactly as modframebuf.c: same error term, same end pixel, per-pixel clipping."""
        x1, y1, x2, y2, c = _int(x1), _int(y1), _int(x2), _int(y2), _int(c)
        w, h, setp = self._w, self._h, self._set
        dx, sx = (x2 - x1, 1) if x2 - x1 > 0 else (x1 - x2, -1)
        dy, sy = (y2 - y1, 1) if y2 - y1 > 0 else (y1 - y2, -1)
        steep = dy > dx
        if steep:
            x1, y1, dx, dy, sx, sy = y1, x1, dy, dx, sy, sx
        e = 2 * dy - dx
        for _ in range(dx):
            px, py = (y1, x1) if steep else (x1, y1)
            if 0 <= px < w and 0 <= py < h:
                setp(px, py, c)
            while e >= 0:
                y1 += sy
                e -= 2 * dx
            x1 += sx
            e += 2 * dy
        if 0 <= x2 < w and 0 <= y2 < h:
            setp(x2, y2, c)

    def blit(self, source, x, y, key=-1, palette=None):
        if type(source) is tuple or type(source) is list:
            source = _as_source(source)
        x, y, key = _int(x), _int(y), _int(key) & _U32
        sw, sh = source._w, source._h
        if x >= self._w or y >= self._h or -x >= sw or -y >= sh:
            return
        x0, y0, x1, y1 = max(0, x), max(0, y), max(0, -x), max(0, -y)
        x0end, y0end = min(self._w, x + sw), min(self._h, y + sh)
        if (self._fmt == source._fmt == MONO_VLSB and source._buf.obj is not self._buf.obj
                and (palette is None or palette._fmt == MONO_VLSB)):
            self._blit_v(source, x0, y0, x1, y1, x0end, y0end, key, palette)
            return
        # The C loop, pixel by pixel in its order (it matters when source and target overlap).
        sget, setp = source._get, self._set
        pget = palette._get if palette is not None else None
        for dy in range(y0, y0end):
            sx = x1
            for dx in range(x0, x0end):
                col = sget(sx, y1)
                if pget is not None:
                    col = pget(col, 0)
                if col != key:
                    setp(dx, dy, col)
                sx += 1
            y1 += 1

    def _blit_v(self, source, x0, y0, x1, y1, x0end, y0end, key, palette):
        """MONO_VLSB to MONO_VLSB a column at a time, each column's rows as one int."""
        n = y0end - y0
        rows = (1 << n) - 1
        on, off = 1, 0  # what a source 1 and a source 0 become
        if palette is not None:
            on, off = palette._get(1, 0), palette._get(0, 0)
        write_on, write_off = on != key, off != key  # a pixel equal to the key is skipped
        sbuf, dbuf, sshift, dshift = source._buf, self._buf, y1 & 7, y0 & 7
        if write_on and write_off and on and not off and not sshift and not dshift:
            self._copy_v(source, x0, y0, x1, y1, x0end, y0end)  # a plain copy between aligned pages
            return
        spages = [p * source._stride for p in range((y1 + n - 1) >> 3, (y1 >> 3) - 1, -1)]  # top page last
        dpages = [p * self._stride for p in range((y0end - 1) >> 3, (y0 >> 3) - 1, -1)]
        for dx in range(x0, x0end):
            sx = dx - x0 + x1
            col = 0
            for o in spages:
                col = (col << 8) | sbuf[o + sx]
            bits = (col >> sshift) & rows
            if write_on and not write_off:  # text and icons: only the set pixels land
                mask, value = bits, bits if on else 0
            else:
                mask = (bits if write_on else 0) | ((rows ^ bits) if write_off else 0)
                value = ((bits if on else 0) | ((rows ^ bits) if off else 0)) & mask
            d = 0
            for o in dpages:
                d = (d << 8) | dbuf[o + dx]
            d = (d & ~(mask << dshift)) | (value << dshift)
            for o in reversed(dpages):
                dbuf[o + dx] = d & 0xFF
                d >>= 8

    def _copy_v(self, source, x0, y0, x1, y1, x0end, y0end):
        """Page-aligned opaque blit: whole page rows by slice, the last part-page by mask."""
        sbuf, dbuf, ss, ds, w = source._buf, self._buf, source._stride, self._stride, x0end - x0
        while y0 < y0end:
            s, d = (y1 >> 3) * ss + x1, (y0 >> 3) * ds + x0
            if y0end - y0 >= 8:
                dbuf[d:d + w] = sbuf[s:s + w]
            else:
                keep = 0xFF & ~((1 << (y0end - y0)) - 1)
                for i in range(w):
                    dbuf[d + i] = (dbuf[d + i] & keep) | (sbuf[s + i] & ~keep)
            y0 += 8
            y1 += 8

    def scroll(self, xstep, ystep):
        xstep, ystep = _int(xstep), _int(ystep)
        w, h = self._w, self._h
        xs, xe, dx = (0, w + xstep, 1) if xstep < 0 else (w - 1, xstep - 1, -1)
        ys, ye, dy = (0, h + ystep, 1) if ystep < 0 else (h - 1, ystep - 1, -1)
        getp, setp = self._get, self._set
        for y in range(ys, ye, dy):
            for x in range(xs, xe, dx):
                setp(x, y, getp(x - xstep, y - ystep))
