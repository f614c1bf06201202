"""A fake I2C bus with an SSD1306 or SH1106 behind it: counts wire bytes and decodes the stream.

The controller models follow the datasheets, not lockdown.oled, so tests can check the driver
against them: after show() the emulated panel RAM must equal the framebuffer. With strict=True
(the default) anything the real controller would take differently from what a driver surely
meant raises PanelError: a bad control byte, an unknown command, an address out of range, data
past the end of a row or before the set-up. With strict=False the models act as the chip does
(parameters masked to their bits), for fault-injection tests where half-sent commands are the
point. Runs on CPython and on MicroPython.

Wire bytes are counted like lockdown.oled counts them: 1 address byte per transaction plus every
payload byte that went out (up to the fault, for an injected failure).
"""
import errno


class PanelError(Exception):
    """The command stream is not one a controller would take the way the driver meant it."""


class _Controller:
    """Control-byte decoding and the command parser, which keeps a half-received command across
    transactions as the real chips do."""

    RAM_WIDTH = 128
    PARAMS = {}  # command byte -> number of parameter bytes that follow it

    def __init__(self, strict):
        self.strict = strict
        self.ram = bytearray(self.RAM_WIDTH * 8)
        self.on = False
        self.inverted = False
        self.contrast = None  # unknown until a driver sets it
        self.commands = []  # (command, params) in the order they took effect
        self._cmd = None
        self._params = []

    def fail(self, msg):
        if self.strict:
            raise PanelError(msg)

    def receive(self, payload):
        """Decodes one transaction's payload: control byte, then command or data bytes."""
        i = 0
        n = len(payload)
        while i < n:
            ctrl = payload[i]
            i += 1
            if ctrl & 0x3F:
                self.fail("bad control byte 0x%02x" % ctrl)
            end = min(i + 1, n) if ctrl & 0x80 else n  # Co=1: one byte, then a new control byte
            for b in payload[i:end]:
                if ctrl & 0x40:
                    self.data(b)
                else:
                    self.command_byte(b)
            i = end

    def command_byte(self, b):
        if self._cmd is None:
            if b not in self.PARAMS and not self.known(b):
                self.fail("unknown command 0x%02x" % b)
                return
            self._cmd = b
            self._params = []
        else:
            self._params.append(b)
        if len(self._params) >= self.PARAMS.get(self._cmd, 0):
            cmd, params = self._cmd, tuple(self._params)
            self._cmd = None
            self.commands.append((cmd, params))
            self.execute(cmd, params)

    def data(self, b):
        if self._cmd is not None:
            self.fail("data while command 0x%02x waits for parameters" % self._cmd)
        self.write_ram(b)

    def write_ram(self, b):
        """One data byte into the RAM at the address pointer (each controller moves it its own way)."""
        raise NotImplementedError

    def known(self, b):
        """Commands without parameters."""
        return b in (0xA0, 0xA1, 0xA4, 0xA5, 0xA6, 0xA7, 0xAE, 0xAF, 0xC0, 0xC8, 0xE3) or 0x40 <= b <= 0x7F

    def execute(self, cmd, params):
        if cmd == 0x81:
            self.contrast = params[0]
        elif cmd in (0xAE, 0xAF):
            self.on = cmd == 0xAF
        elif cmd in (0xA6, 0xA7):
            self.inverted = cmd == 0xA7

    def count(self, cmd):
        """How many times `cmd` took effect."""
        return sum(1 for c, _ in self.commands if c == cmd)

    def frame(self, width=128, height=64):
        """The visible panel RAM in MONO_VLSB framebuffer layout (centred in the RAM columns)."""
        x0 = (self.RAM_WIDTH - width) // 2
        out = bytearray(width * (height // 8))
        for p in range(height // 8):
            out[p * width:(p + 1) * width] = self.ram[p * self.RAM_WIDTH + x0:p * self.RAM_WIDTH + x0 + width]
        return out


class SSD1306(_Controller):
    """128x64 GDDRAM; horizontal addressing with column and page windows (0x20 0x00, 0x21, 0x22)."""

    PARAMS = {0x20: 1, 0x21: 2, 0x22: 2, 0x81: 1, 0x8D: 1, 0xA8: 1, 0xAD: 1, 0xD3: 1, 0xD5: 1,
              0xD9: 1, 0xDA: 1, 0xDB: 1}

    def __init__(self, strict=True):
        super().__init__(strict)
        self.mode = 2  # page addressing at reset
        self.pump = False
        self.cols = (0, 127)
        self.page_range = (0, 7)
        self.col = 0
        self.page = 0

    def known(self, b):
        return super().known(b) or b == 0x2E or b < 0x20 or 0xB0 <= b <= 0xB7

    def execute(self, cmd, params):
        super().execute(cmd, params)
        if cmd == 0x20:
            self.mode = params[0] & 3
        elif cmd == 0x21:
            a, b = params
            if not a <= b <= 127:
                self.fail("column window %d..%d" % (a, b))
            self.cols = (a & 0x7F, b & 0x7F)
            self.col = self.cols[0]
        elif cmd == 0x22:
            a, b = params
            if not a <= b <= 7:
                self.fail("page window %d..%d" % (a, b))
            self.page_range = (a & 7, b & 7)
            self.page = self.page_range[0]
        elif cmd == 0x8D:
            self.pump = bool(params[0] & 0x04)
        elif cmd < 0x20 or 0xB0 <= cmd <= 0xB7:
            if self.mode == 0:
                self.fail("page-mode address command 0x%02x in horizontal mode" % cmd)

    def write_ram(self, b):
        if self.mode != 0:
            self.fail("data before horizontal addressing mode was set")
        self.ram[self.page * 128 + self.col] = b
        if self.col < self.cols[1]:
            self.col += 1
            return
        self.col = self.cols[0]
        self.page = self.page + 1 if self.page < self.page_range[1] else self.page_range[0]


class SH1106(_Controller):
    """132x64 RAM, page addressing only: set page (0xB0|p) and column (two nibble commands)."""

    RAM_WIDTH = 132
    PARAMS = {0x81: 1, 0xA8: 1, 0xAD: 1, 0xD3: 1, 0xD5: 1, 0xD9: 1, 0xDA: 1, 0xDB: 1}

    def __init__(self, strict=True):
        super().__init__(strict)
        self.col = 0
        self.page = 0

    def known(self, b):
        return (super().known(b) or b < 0x20 or 0x30 <= b <= 0x33 or 0xB0 <= b <= 0xB7
                or b in (0xE0, 0xEE))

    def execute(self, cmd, params):
        super().execute(cmd, params)
        if cmd < 0x10:
            self.col = (self.col & 0xF0) | cmd
        elif cmd < 0x20:
            if cmd & 0x0F > 8:
                self.fail("column high nibble %d" % (cmd & 0x0F))
            self.col = ((cmd & 0x0F) << 4) | (self.col & 0x0F)
        elif 0xB0 <= cmd <= 0xB7:
            self.page = cmd & 7

    def write_ram(self, b):
        if self.col >= 132:
            self.fail("data past column 131")
            return
        self.ram[self.page * 132 + self.col] = b
        self.col += 1


MODELS = {"ssd1306": SSD1306, "sh1106": SH1106}


class _Bus:
    def __init__(self, panel="ssd1306", addr=0x3C, strict=True):
        self.addr = addr
        self.panel = MODELS[panel](strict) if panel else None
        self.log = []  # (addr, payload bytes) per transaction
        self.wire_bytes = 0
        self.transactions = 0
        self._fail_in = -1

    def fail_after(self, nbytes):
        """Arms a one-shot fault: `nbytes` more payload bytes reach the device, then OSError."""
        self._fail_in = nbytes

    def clear(self):
        """Forgets the log and zeroes the counts (the panel keeps its RAM and state)."""
        self.log = []
        self.wire_bytes = 0
        self.transactions = 0

    def scan(self):
        return [self.addr] if self.panel else []

    def _transfer(self, addr, payload):
        payload = bytes(payload)
        self.transactions += 1
        self.wire_bytes += 1
        if addr != self.addr or not self.panel:
            self.log.append((addr, b""))
            raise OSError(errno.ENODEV)
        cut = 0 <= self._fail_in < len(payload)
        if cut:
            payload = payload[:self._fail_in]
            self._fail_in = -1
        elif self._fail_in > 0:
            self._fail_in -= len(payload)
        self.wire_bytes += len(payload)
        self.log.append((addr, payload))
        self.panel.receive(payload)
        if cut:
            raise OSError(errno.EIO)


class FakeI2C(_Bus):
    """The machine.I2C shape: writeto and writevto."""

    def writeto(self, addr, buf, stop=True):
        self._transfer(addr, buf)
        return len(buf)

    def writevto(self, addr, vector, stop=True):
        out = bytearray()
        for b in vector:
            out += b
        self._transfer(addr, out)
        return len(out)


class FakeBusIO(_Bus):
    """The Blinka busio.I2C shape: writeto only (with start/end), no writevto."""

    def writeto(self, addr, buf, start=0, end=None):
        self._transfer(addr, buf[start:len(buf) if end is None else end])
