"""The SH1106 (the common 1.3-inch modules) on the shared Panel of lockdown/oled.py: page
addressing only, so a changed region goes as a run per page, with just the address commands that
differ from where the panel's pointer already is. Wire bytes are counted as in oled.py."""
from micropython import const

from lockdown.oled import Panel

# oled.py's private constants again: a private const() is folded into the code that uses it, so
# repeating six numbers costs no RAM, where importing public ones would keep a name for each.
_RUNS = const(19)  # the most runs a page splits into: 1 changed column in 7 (gap 5)
_CTRL_CMD = const(0x00)  # control byte: the rest of the transaction is commands
_CTRL_DATA = const(0x40)  # control byte: the rest of the transaction is display data
_NOP = const(0xE3)
_CONTRAST = const(0x81)
_NORMAL = const(0xA6)  # | 1: inverted
_DISPLAY = const(0xAE)  # | 1: on


class SH1106(Panel):
    """SH1106: 132-column RAM, page addressing only: a run is set page, set column (low and high
    nibble), then data. The column pointer moves on with the data, so of the three commands only
    those that differ from the pointer go out, and each page's runs are taken from the end nearer
    to the pointer. One or two commands ride in the data transaction, each after a Co=1 control
    byte (2 bytes a command instead of 1, but no transaction of their own: fewer bytes for one,
    as many and one transaction less for two)."""

    def __init__(self, i2c, addr=0x3C, width=128, height=64):
        super().__init__(i2c, addr, width, height, 132, 5)  # a further run on a page: 4 to 6
        self._win = bytearray((_CTRL_CMD, 0, 0, 0))  # page, column low and high nibble
        self._lead = bytearray((0x80, 0, 0x80, 0, _CTRL_DATA))  # Co=1 command, twice; data
        v = memoryview(self._lead)
        self._leads = (None, v[2:], v)
        self._page = -1  # page and RAM column of the panel's pointer; -1: unknown
        self._runs = bytearray(2 * _RUNS * self.pages)  # every page's runs, scanned before sending
        self._counts = bytearray(self.pages)  # runs found on each page
        self._col = 0

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

    def _send(self):
        """Scans every page first (the shadow then serves as scratch), then sends page by page."""
        sent = 0
        runs = self._runs
        counts = self._counts
        for p in range(self.pages):
            counts[p] = 0 if self._new[p] == self._old[p] else self._scan(p, 2 * _RUNS * p)
        for p in range(self.pages):
            n = counts[p]
            o = 2 * _RUNS * p
            x = self._col - self._x0
            down = n > 1 and abs(x - runs[o + 2 * n - 2]) < abs(x - runs[o])
            for i in range(n):
                r = o + 2 * (n - 1 - i if down else i)
                sent += self._run(p, runs[r], runs[r + 1])
        return sent

    def _run(self, p, c0, c1):
        """Page p's columns c0..c1-1: the address commands that differ from the pointer, then data."""
        x = self._x0 + c0
        known = self._page >= 0
        pg = not known or p != self._page
        lo = not known or (x ^ self._col) & 0x0F != 0
        hi = not known or (x ^ self._col) >> 4 != 0
        k = pg + lo + hi
        sent = 0
        lead = None
        if k == 3:
            w = self._win
            w[1] = 0xB0 | p
            w[2] = x & 0x0F
            w[3] = 0x10 | (x >> 4)
            sent = self._write(w)
        elif k:
            lead = self._lead
            lead[1] = 0xB0 | p if pg else x & 0x0F
            lead[3] = 0x10 | (x >> 4) if hi else x & 0x0F if lo else 0xB0 | p
            lead = self._leads[k]
        self._page = p
        self._col = x + c1 - c0
        return sent + self._block(c0, c1, p, p, lead)

    def _frame(self):
        self._page = -1
        sent = 0
        for p in range(self.pages):
            sent += self._run(p, 0, self.width)
        return sent
