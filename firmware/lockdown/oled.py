"""SSD1306 and SH1106 128x64 I2C OLED drivers that send only what changed.

Why not micropython-lib's ssd1306: its show() always sends the whole 1 KB frame (about 23 ms of
a 400 kHz bus for every knob detent), and micropython-lib has no SH1106 driver for the common
1.3-inch modules. Here show() compares the frame with a shadow copy of what the panel holds and
sends only the changed column runs of the changed pages (a page is 8 pixel rows).

Wire bytes: every method that talks to the panel returns the bytes it put on the bus, counted as
1 address byte per I2C transaction plus every control, command and data byte; START, STOP and
ACK bits are left out (wire_us adds them).

A failed transfer (OSError) leaves the panel unknown: it may have reset, or kept half a command.
The error propagates and the next show() sends the whole set-up and the whole frame again, so a
glitch cannot leave the panel stale.
"""
import framebuf
from micropython import const

_VIEWS = const(32)  # runs whose memoryviews are kept

_CTRL_CMD = const(0x00)  # control byte: the rest of the transaction is commands
_CTRL_DATA = const(0x40)  # control byte: the rest of the transaction is display data
_NOP = const(0xE3)
_CONTRAST = const(0x81)
_NORMAL = const(0xA6)  # | 1: inverted
_DISPLAY = const(0xAE)  # | 1: on


def probe(i2c, addr=0x3C):
    """True if a device ACKs `addr` (an empty write, as i2c.scan() does it)."""
    try:
        i2c.writeto(addr, b"")
        return True
    except OSError:
        return False


def wire_us(nbytes, transactions=1, hz=400000):
    """Bus time for `nbytes` wire bytes: 9 clocks a byte (8 bits + ACK), 2 a transaction (START, STOP)."""
    return ((9 * nbytes + 2 * transactions) * 1000000 + hz - 1) // hz


class _Panel:
    """What both controllers share: the frame, its shadow, the bus writes and the retry rule."""

    def __init__(self, i2c, addr, width, height, ram_width, run_cost):
        self.i2c = i2c
        self.addr = addr
        self.width = width
        self.pages = height // 8
        self.buf = bytearray(width * self.pages)
        self.fb = framebuf.FrameBuffer(self.buf, width, height, framebuf.MONO_VLSB)
        self._shadow = bytearray(len(self.buf))
        new = memoryview(self.buf)
        old = memoryview(self._shadow)
        self._new = [new[p * width:(p + 1) * width] for p in range(self.pages)]
        self._old = [old[p * width:(p + 1) * width] for p in range(self.pages)]
        self._x0 = (ram_width - width) // 2  # RAM column of the panel's column 0
        self._gap = run_cost  # unchanged columns cheaper to resend than to start a new run
        self._cmd2 = bytearray(3)  # control byte + a command with one parameter
        self._cmd1 = memoryview(self._cmd2)[:2]
        self._vec = [bytes((_CTRL_DATA,)), None] if hasattr(i2c, "writevto") else None
        self._views = {}  # (page, c0, c1) -> memoryview of that run: dial runs recur, so reuse them
        if not self._vec:
            self._tmp = bytearray(width + 1)
            self._tmp[0] = _CTRL_DATA
            self._tmpv = memoryview(self._tmp)
        self._contrast = 0xFF
        self._on = 1
        self._inverted = 0
        self._lost = True  # panel state unknown: the next show() sets it up from scratch

    def show(self):
        """Sends the changed runs of the changed pages; returns the wire bytes.

        An OSError propagates; the next show() then sets the panel up again and sends it all.
        """
        if self._lost:
            return self.show_all()
        sent = 0
        try:
            for p in range(self.pages):
                if self._new[p] != self._old[p]:
                    sent += self._page(p)
        except OSError:
            self._lost = True
            raise
        return sent

    def show_all(self):
        """Sends the whole frame, after the set-up if the panel is new or a transfer failed."""
        try:
            sent = self._write(self._setup()) if self._lost else 0
            self._lost = False
            sent += self._frame()
        except OSError:
            self._lost = True
            raise
        self._shadow[:] = self.buf
        return sent

    def contrast(self, v):
        self._contrast = v
        return self._command(_CONTRAST, v)

    def power(self, on):
        """Display on or asleep (RAM kept; the screensaver's off)."""
        self._on = 1 if on else 0
        return self._command(_DISPLAY | self._on)

    def invert(self, on):
        self._inverted = 1 if on else 0
        return self._command(_NORMAL | self._inverted)

    def _page(self, p):
        """Sends page p as runs of changed columns, merging runs split by short gaps."""
        new = self._new[p]
        old = self._old[p]
        w = self.width
        gap = self._gap
        sent = 0
        c = 0
        while c < w:
            if new[c] == old[c]:
                c += 1
                continue
            first = last = c
            c += 1
            while c < w and c - last <= gap + 1:
                if new[c] != old[c]:
                    last = c
                c += 1
            sent += self._run(p, first, last + 1)
        return sent

    def _run(self, p, c0, c1):
        """Sends columns c0..c1-1 of page p and records them in the shadow once they went out."""
        sent = self._write(self._window(p, c0, c1))
        data = self._new[p] if c1 - c0 == self.width else self._view(p, c0, c1)
        sent += self._data(data)
        self._old[p][c0:c1] = data
        return sent

    def _view(self, p, c0, c1):
        """The run's memoryview, made once: slicing anew would allocate on every show."""
        key = p << 16 | c0 << 8 | c1
        v = self._views.get(key)
        if v is None:
            if len(self._views) >= _VIEWS:
                self._views.clear()
            v = self._views[key] = self._new[p][c0:c1]
        return v

    def _command(self, cmd, param=-1):
        c = self._cmd2
        c[1] = cmd
        if param >= 0:
            c[2] = param
        try:
            return self._write(c if param >= 0 else self._cmd1)
        except OSError:
            self._lost = True
            raise

    def _write(self, buf):
        self.i2c.writeto(self.addr, buf)
        return len(buf) + 1

    def _data(self, data):
        """One data transaction (several of at most `width` bytes when the bus cannot writevto)."""
        n = len(data)
        if self._vec:
            self._vec[1] = data
            self.i2c.writevto(self.addr, self._vec)
            return n + 2
        sent = i = 0
        while i < n:
            k = min(self.width, n - i)
            self._tmp[1:k + 1] = data if k == n else data[i:i + k]
            sent += self._write(self._tmpv[:k + 1])
            i += k
        return sent


class SSD1306(_Panel):
    """SSD1306 in horizontal addressing mode: a run is a column/page window, then its data."""

    def __init__(self, i2c, addr=0x3C, width=128, height=64, external_vcc=False):
        self.external_vcc = external_vcc
        super().__init__(i2c, addr, width, height, 128, 10)  # a run: window 8 + data header 2
        # control, set column window x0..x1, set page window p0..p1
        self._win = bytearray((_CTRL_CMD, 0x21, 0, 0, 0x22, 0, 0))

    def _setup(self):
        ext = self.external_vcc
        return bytes((
            _CTRL_CMD, _NOP, _NOP,  # the NOPs complete any command a failed transfer cut short
            _DISPLAY, 0x20, 0x00,  # off; horizontal addressing
            0x40, 0xA1, 0xC8,  # start line 0; column 127 is SEG0; scan COM[N-1] to COM0
            0xA8, self.pages * 8 - 1, 0xD3, 0x00,  # multiplex ratio; no vertical offset
            0xDA, 0x02 if self.width > 2 * self.pages * 8 else 0x12,  # COM pin layout
            0xD5, 0x80, 0xD9, 0x22 if ext else 0xF1, 0xDB, 0x30,  # clock, precharge, VCOMH
            _CONTRAST, self._contrast, 0xA4, _NORMAL | self._inverted,
            0xAD, 0x30, 0x8D, 0x10 if ext else 0x14,  # internal IREF; charge pump
            _DISPLAY | self._on,
        ))

    def _window(self, p, c0, c1, p1=-1):
        w = self._win
        w[2] = self._x0 + c0
        w[3] = self._x0 + c1 - 1
        w[5] = p
        w[6] = p if p1 < 0 else p1
        return w

    def _frame(self):
        return self._write(self._window(0, 0, self.width, self.pages - 1)) + self._data(self.buf)


class SH1106(_Panel):
    """SH1106: 132-column RAM, page addressing only, so a run is set page + set column, then data."""

    def __init__(self, i2c, addr=0x3C, width=128, height=64):
        super().__init__(i2c, addr, width, height, 132, 7)  # a run: page/column 5 + data header 2
        self._win = bytearray((_CTRL_CMD, 0xB0, 0x00, 0x10))  # page, column low/high nibble

    def _setup(self):
        return bytes((
            _CTRL_CMD, _NOP, _NOP,  # the NOPs complete any command a failed transfer cut short
            _DISPLAY, 0xD5, 0x80,  # off; clock
            0xA8, self.pages * 8 - 1, 0xD3, 0x00, 0x40,  # multiplex ratio; offset 0; start line 0
            0xAD, 0x8B, 0x32,  # DC-DC converter on; pump 8.0 V
            0xA1, 0xC8, 0xDA, 0x12,  # column 131 is SEG0; scan COM63 to COM0; COM pin layout
            _CONTRAST, self._contrast, 0xD9, 0x22, 0xDB, 0x35,  # precharge, VCOM as at reset
            0xA4, _NORMAL | self._inverted, _DISPLAY | self._on,
        ))

    def _window(self, p, c0, c1):
        w = self._win
        x = self._x0 + c0
        w[1] = 0xB0 | p
        w[2] = x & 0x0F
        w[3] = 0x10 | (x >> 4)
        return w

    def _frame(self):
        sent = 0
        for p in range(self.pages):
            sent += self._run(p, 0, self.width)
        return sent
