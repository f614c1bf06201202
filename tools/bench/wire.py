"""Display traffic per interaction: the real App and lockdown.oled on host_sim's FakeI2C (CPython).

The bytes are what the driver puts on the bus, checked against the bus's own count, and the
emulated panel must hold the frame after every show, so a figure can never come from a frame
the panel did not get. Wire time is wire_us at 400 kHz.
"""
from host_sim.fake_i2c import FakeI2C
from lockdown import oled
from lockdown.sh1106 import SH1106
from lockdown.app import App
from lockdown.games.infiltration.screens.play import ROLL_MS
from lockdown.dice import Xorshift
from lockdown.events import ALARM, GO, PROX
from lockdown.games.infiltration.rules.game import SECURITY
from lockdown.games.infiltration.session import Session



def wire_us(nbytes, transactions=1, hz=400000):
    """Bus time for `nbytes` wire bytes: 9 clocks a byte (8 bits + ACK), 2 a transaction (START, STOP)."""
    return ((9 * nbytes + 2 * transactions) * 1000000 + hz - 1) // hz


POLL_MS = 5  # runloop.POLL_MS: the board redraws at most this often
PANELS = (("ssd1306", oled.SSD1306), ("sh1106", SH1106))


class Panel:
    """An app drawing onto one driver on one fake bus, the way runloop.Loop.step does."""

    def __init__(self, name, cls):
        self.bus = FakeI2C(name)
        self.display = cls(self.bus)
        self.app = App(Session(Xorshift(1)))
        self.now = 0
        self.show()

    def show(self):
        """Redraws if dirty and sends; returns (wire bytes, transactions)."""
        self.bus.clear()
        sent = 0
        if self.app.dirty:
            self.app.draw(self.display.fb)
            sent = self.display.show()
        assert sent == self.bus.wire_bytes
        panel = self.bus.panel
        assert panel is not None  # FakeI2C(name) always emulates a panel
        assert panel.frame() == self.display.buf
        return sent, self.bus.transactions

    def advance(self, ms):
        """Time passing with a redraw every POLL_MS; returns the shows that sent something."""
        frames = []
        end = self.now + ms
        while self.now < end:
            self.now += POLL_MS
            self.app.tick(self.now)
            sent = self.show()
            if sent[0]:
                frames.append(sent)
        return frames

    def act(self, fn, *args):
        fn(*args)
        return self.show()


def figure(sent):
    nbytes, transactions = sent
    return {"bytes": nbytes, "transactions": transactions, "wire_us": wire_us(nbytes, transactions)}


def measure(name, cls):
    p = Panel(name, cls)
    app = p.app
    out = {}
    app.press(GO)  # start the default game from the setup screen
    p.show()
    p.advance(2000)  # the "P.. starts" notice goes
    g = app.session.game
    g.set_proximity(37)
    g.set_alarm(2)
    app.dirty = True
    p.show()
    p.act(app.turn, PROX, 1)  # the SSD1306 keeps the last window: a detent of the other dial first,
    p.act(app.turn, PROX, -1)  # so +1 is a spin's first detent and -1 the next one
    out["alarm+1"] = figure(p.act(app.turn, ALARM, 1))
    out["alarm-1"] = figure(p.act(app.turn, ALARM, -1))
    out["prox+1"] = figure(p.act(app.turn, PROX, 1))
    out["prox-1"] = figure(p.act(app.turn, PROX, -1))
    out["dial_worst"] = worst_dial(p)
    out["phase"] = figure(p.act(app.press, GO))  # Selection -> Resolution
    while g.phase != SECURITY:
        p.act(app.press, GO)
    p.advance(2000)
    app.press(GO)  # the roll
    frames = [p.show()] + p.advance(ROLL_MS + 100)
    total = (sum(f[0] for f in frames), sum(f[1] for f in frames))
    out["roll_frame"] = figure(max(frames))
    out["roll_frames"] = len(frames)
    out["roll_all"] = figure(total)
    p.bus.clear()
    out["full"] = figure((p.display.show_all(), p.bus.transactions))
    return out


def worst_dial(p):
    """The most one detent of either dial sends, over every value the dial can show."""
    app = p.app
    g = app.session.game
    worst = (0, 0)
    for knob, lo, hi, at in ((ALARM, -1, 8, g.set_alarm), (PROX, 0, 98, g.set_proximity)):
        at(lo)
        app.dirty = True
        p.show()
        for _ in range(hi - lo):
            worst = max(worst, p.act(app.turn, knob, 1))
        for _ in range(hi - lo):
            worst = max(worst, p.act(app.turn, knob, -1))
    g.set_proximity(37)
    g.set_alarm(2)
    app.dirty = True
    p.show()
    return figure(worst)


def traffic():
    return {name: measure(name, cls) for name, cls in PANELS}
