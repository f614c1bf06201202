"""The display driver: 128x64 I2C OLEDs that are sent only what changed. Panel is what both
controllers share; SSD1306 is here, SH1106 in lockdown/sh1106.py (a board loads the one it has).

Why not micropython-lib's ssd1306: its show() always sends the whole 1 KB frame (about 23 ms of
a 400 kHz bus for every knob detent), and micropython-lib has no SH1106 driver for the common
1.3-inch modules. Here show() compares the frame with a shadow copy of what the panel holds and
sends only what changed, as cheaply as each controller's addressing allows: the SSD1306 takes a
changed region as one column/page window, the SH1106 (page addressing only) a run per page with
just the address commands that differ from where its pointer already is.

Wire bytes: every method that talks to the panel returns the bytes it put on the bus, counted as
1 address byte per I2C transaction plus every control, command and data byte; START, STOP and
ACK bits are left out (tools/bench/wire.py's wire_us adds them). Finding the display
(boards/hardware.py's probe) is a build step: neither is here, in RAM from boot.

A failed transfer (OSError) leaves the panel unknown: it may have reset, or kept half a command.
The error propagates and the next show() sends the whole set-up and the whole frame again, so a
glitch cannot leave the panel stale.
"""
import framebuf
from micropython import const

_RUNS = const(19)  # the most runs a page splits into: 1 changed column in 7 (SH1106, gap 5)
_WINDOWS = const(88)  # the most SSD1306 windows: 11 runs a page (gap 10), none merged

_CTRL_CMD = const(0x00)  # control byte: the rest of the transaction is commands
_CTRL_DATA = const(0x40)  # control byte: the rest of the transaction is display data
_NOP = const(0xE3)
_CONTRAST = const(0x81)
_NORMAL = const(0xA6)  # | 1: inverted
_DISPLAY = const(0xAE)  # | 1: on


class Panel:
    """What both controllers share: the frame, its shadow, the bus writes and the retry rule."""

    def __init__(self, i2c, addr, width, height, ram_width, gap):
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
        self._gap = gap  # unchanged columns cheaper to resend than to start a new run
        self._runs = bytearray(2 * _RUNS)  # one page's runs: first column, end column
        self._cmd2 = bytearray(3)  # control byte + a command with one parameter
        self._cmd1 = memoryview(self._cmd2)[:2]
        self._vec = hasattr(i2c, "writevto")
        if self._vec:
            self._ctrl = bytes((_CTRL_DATA,))
            self._vecs = [[self._ctrl] + [None] * h for h in range(1, self.pages + 1)]  # type: list[list]
            # A part-width window is gathered into chunks of 1, 2, 4 .. bytes (one of each power
            # of two: any size) in the shadow, which is free once the changes are planned.
            bits = 0
            while 1 << bits <= (width - 1) * self.pages:
                bits += 1
            top = 1 << bits  # chunk b at top - 2**(b+1): the largest first
            if len(old) < top:
                raise ValueError("width")
            self._chunks = [old[top - (2 << b):top - (1 << b)] for b in range(bits)]
            # by the chunks it takes
            self._gvecs = [[None] * (1 + k) for k in range(bits + 1)]  # type: list[list]
        else:
            self._tmp = bytearray(4 + 1 + width)  # room for a lead of commands, control, data
            self._tmp[4] = _CTRL_DATA
            self._tmpv = memoryview(self._tmp)
        self._contrast = 0xFF
        self._on = 1
        self._inverted = 0
        self._lost = True  # panel state unknown: the next show() sets it up from scratch

    # ---- each controller its own (SSD1306, SH1106) ----------------------------------------------
    def _setup(self):
        """The set-up commands, sent after power-up or a failed transfer."""
        raise NotImplementedError

    def _send(self):
        """Sends what changed since the last show; returns the wire bytes."""
        raise NotImplementedError

    def _frame(self):
        """Sends the whole frame; returns the wire bytes."""
        raise NotImplementedError

    def show(self):
        """Sends what changed; returns the wire bytes.

        An OSError propagates; the next show() then sets the panel up again and sends it all.
        """
        if self._lost:
            return self.show_all()
        try:
            sent = self._send()
        except OSError:
            self._lost = True
            raise
        self._shadow[:] = self.buf
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

    def _scan(self, p, o=0):
        """Fills self._runs from index o with page p's changed column runs, merging runs split by
        gaps cheaper to resend than a new run costs; returns how many."""
        new = self._new[p]
        old = self._old[p]
        runs = self._runs
        w = self.width
        gap = self._gap
        n = 0
        c = 0
        while c < w:
            if new[c] == old[c]:
                c += 1
                continue
            last = c
            runs[o + 2 * n] = c
            c += 1
            while c < w and c - last <= gap + 1:
                if new[c] != old[c]:
                    last = c
                c += 1
            runs[o + 2 * n + 1] = last + 1
            n += 1
        return n

    def _block(self, c0, c1, p0, p1, lead=None):
        """One data transaction for columns c0..c1-1 of pages p0..p1, in the order the panel
        takes them (page by page). `lead`: commands (each after a Co=1 control byte) and the
        data control byte, in place of the plain one. Without writevto: transactions of at most
        `width` bytes, whole page rows each. The caller updates the shadow once all is sent."""
        w = c1 - c0
        if self._vec:
            if w == self.width:
                vec = self._vecs[p1 - p0]
                for p in range(p0, p1 + 1):
                    vec[p - p0 + 1] = self._new[p]
            else:
                vec = self._gather(c0, c1, p0, p1)
            vec[0] = lead or self._ctrl
            self.i2c.writevto(self.addr, vec)
            return 1 + (len(lead) if lead else 1) + w * (p1 - p0 + 1)
        sent = 0
        s = 4
        if lead:
            s = 5 - len(lead)
            self._tmp[s:5] = lead
        k = 5
        tmp = self._tmp
        for p in range(p0, p1 + 1):
            if k - 5 + w > self.width:
                sent += self._write(self._tmpv[s:k])
                s = 4
                k = 5
            row = self._new[p]
            for c in range(c0, c1):
                tmp[k] = row[c]
                k += 1
        return sent + self._write(self._tmpv[s:k])

    def _gather(self, c0, c1, p0, p1):
        """Copies the window's bytes into the chunks that add up to its size, largest first;
        returns the vector that sends them (its slot 0 for the control byte)."""
        n = (c1 - c0) * (p1 - p0 + 1)
        k = 0
        m = n
        while m:
            k += m & 1
            m >>= 1
        vec = self._gvecs[k]
        buf = self._shadow
        chunks = self._chunks
        b = len(chunks) - 1
        top = 1 << len(chunks)
        i = dst = left = 0
        for p in range(p0, p1 + 1):
            row = self._new[p]
            for c in range(c0, c1):
                if not left:
                    while not n >> b & 1:
                        b -= 1
                    i += 1
                    vec[i] = chunks[b]
                    left = 1 << b
                    dst = top - (2 << b)
                    b -= 1
                buf[dst] = row[c]
                dst += 1
                left -= 1
        return vec

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
            vec = self._vecs[0]
            vec[0] = self._ctrl
            vec[1] = data
            self.i2c.writevto(self.addr, vec)
            return n + 2
        sent = i = 0
        while i < n:
            k = min(self.width, n - i)
            self._tmp[5:k + 5] = data if k == n else data[i:i + k]
            sent += self._write(self._tmpv[4:k + 5])
            i += k
        return sent


class SSD1306(Panel):
    """SSD1306 in horizontal addressing mode: a changed region is one column/page window, then
    its data. The window registers persist and the pointer returns to the window's start once its
    data is in, so a window command is sent only for the range (columns, pages) that differs."""

    def __init__(self, i2c, addr=0x3C, width=128, height=64, external_vcc=False):
        self.external_vcc = external_vcc
        super().__init__(i2c, addr, width, height, 128, 10)  # a run: window 8 + data header 2
        # control, set column window x0..x1, set page window p0..p1
        self._win = bytearray((_CTRL_CMD, 0x21, 0, 0, 0x22, 0, 0))
        self._half = bytearray((_CTRL_CMD, 0, 0, 0))  # one of the two window commands
        self._wins = bytearray(4 * _WINDOWS)  # planned windows: c0, c1 (end), p0, p1 (last)
        self._reg = bytearray(4)  # the panel's window, as self._wins holds one

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

    def _cost(self, w, h):
        """Wire bytes of a w x h window sent with both window commands."""
        return 10 + w * h if self._vec else 8 + w * h + 2 * (-(-h // (self.width // w)))

    def _send(self):
        """Plans windows page by page: each run joins the window ending on this page or the one
        above where that costs no more than a window of its own; then sends them, the one that
        matches the panel's window registers best first."""
        wins = self._wins
        n = 0
        for p in range(self.pages):
            if self._new[p] == self._old[p]:
                continue
            runs = self._runs
            for r in range(self._scan(p)):
                a = runs[2 * r]
                b = runs[2 * r + 1]
                best = -1
                least = self._cost(b - a, 1)
                for j in range(0, 4 * n, 4):
                    if wins[j + 3] + 1 < p:
                        continue
                    p0 = wins[j + 2]
                    d = (self._cost(max(b, wins[j + 1]) - min(a, wins[j]), p - p0 + 1)
                         - self._cost(wins[j + 1] - wins[j], wins[j + 3] - p0 + 1))
                    if d <= least:
                        best = j
                        least = d
                if best < 0:
                    best = 4 * n
                    n += 1
                    wins[best] = a
                    wins[best + 1] = b
                    wins[best + 2] = p
                else:
                    wins[best] = min(a, wins[best])
                    wins[best + 1] = max(b, wins[best + 1])
                wins[best + 3] = p
        if not n:
            return 0
        first = 0
        most = -1
        reg = self._reg
        for j in range(0, 4 * n, 4):
            s = (wins[j] == reg[0] and wins[j + 1] == reg[1]) + (wins[j + 2] == reg[2] and wins[j + 3] == reg[3])
            if s > most:
                first = j
                most = s
        sent = self._window(first)
        for j in range(0, 4 * n, 4):
            if j != first:
                sent += self._window(j)
        return sent

    def _window(self, j):
        """Sends planned window j: the window commands that differ from the panel's, then data."""
        wins = self._wins
        reg = self._reg
        c0 = wins[j]
        c1 = wins[j + 1]
        p0 = wins[j + 2]
        p1 = wins[j + 3]
        cols = c0 != reg[0] or c1 != reg[1]
        pages = p0 != reg[2] or p1 != reg[3]
        sent = 0
        if cols and pages:
            sent = self._write(self._set(c0, c1, p0, p1))
        elif cols or pages:
            h = self._half
            h[1] = 0x21 if cols else 0x22
            h[2] = self._x0 + c0 if cols else p0
            h[3] = self._x0 + c1 - 1 if cols else p1
            sent = self._write(h)
            i = 0 if cols else 2
            reg[i] = wins[j + i]
            reg[i + 1] = wins[j + i + 1]
        return sent + self._block(c0, c1, p0, p1)

    def _set(self, c0, c1, p0, p1):
        """Both window commands, recorded as the panel's window."""
        w = self._win
        w[2] = self._x0 + c0
        w[3] = self._x0 + c1 - 1
        w[5] = p0
        w[6] = p1
        r = self._reg
        r[0] = c0
        r[1] = c1
        r[2] = p0
        r[3] = p1
        return w

    def _frame(self):
        return self._write(self._set(0, self.width, 0, self.pages - 1)) + self._data(self.buf)
