"""Test helpers that run on CPython and on the MicroPython unix port alike."""
from lockdown.crash import HEX_FONT
from lockdown.events import ALARM, GO
from lockdown.games.infiltration.rules.game import RuleError
from lockdown.games.infiltration.rules.actions import A_ALARM, A_PHASE, A_PROX


class FakeApp:
    """Just enough of the App contract: knobs move the dials, GO the phase, ALARM's switch undoes.

    `fail` names a method ("tick", "draw", "turn") that raises ValueError, to inject a fault.
    """

    def __init__(self, session, notice=None):
        self.session = session
        self.notice = notice
        self.switch_to = None  # a game the picker chose (never, here)
        self.dirty = True
        self.now = 0
        self.draws = 0
        self.fail = None
        self.flashes = []  # the short notices the app would show

    def flash(self, text):
        self.flashes.append(text)

    def _check(self, where):
        if self.fail == where:
            raise ValueError("injected in " + where)

    def tick(self, now):
        self._check("tick")
        self.now = now

    def turn(self, knob, detents):
        self._check("turn")
        self.session.turn(A_ALARM if knob == ALARM else A_PROX, detents, True)
        self.dirty = True

    def press(self, button):
        s = self.session
        try:
            if button == GO:
                s.act(A_PHASE, s.game.next_phase)
            elif button == ALARM:
                s.undo()
        except RuleError:
            pass
        self.dirty = True

    def hold(self, button):
        pass

    def arm(self, where):
        """Queued as an input ("arm", where): the fault starts from that moment."""
        self.fail = where

    def draw(self, fb):
        self._check("draw")
        self.dirty = False
        self.draws += 1
        fb.fill(0)
        fb.fill_rect(0, 0, 10 * (self.session.game.alarm + 1), 8, 1)


def pixel(buf, x, y):
    """A pixel of a 128x64 MONO_VLSB frame."""
    return buf[(y >> 3) * 128 + x] >> (y & 7) & 1


def read_code(buf, x=34, y=16, n=4, scale=4):
    """Reads the error screen's big hex digits back out of a frame, or None where one is unclear."""
    out = ""
    for d in range(n):
        bits = 0
        for i in range(15):
            px = x + d * 4 * scale + i % 3 * scale + scale // 2
            py = y + i // 3 * scale + scale // 2
            bits = bits << 1 | pixel(buf, px, py)
        if bits not in HEX_FONT:
            return None
        out += "0123456789ABCDEF"[HEX_FONT.index(bits)]
    return out
