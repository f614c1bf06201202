"""Zero allocation from the very first detent after a game starts (issue 16: 4): each dial's
turn, the frame drawn and the changes sent to an SSD1306 and an SH1106, on the MicroPython ports."""
import gc

from lockdown.dice import Xorshift
from lockdown.events import ALARM, GO, PROX


class _Bus:
    """machine.I2C's shape, sending nothing."""

    def writeto(self, addr, buf, stop=True):
        return len(buf)

    def writevto(self, addr, vector, stop=True):
        return 0


def _started(cls):
    """An App on the play screen of a game just started from setup, and its display."""
    from lockdown.app import App
    from lockdown.games.infiltration.session import Session
    app = App(Session(Xorshift(1)))
    d = cls(_Bus())
    app.draw(d.fb)
    d.show()
    app.press(GO)
    now = 0
    while now < 2000:  # the start's notice comes and goes
        now += 20
        app.tick(now)
        if app.dirty:
            app.draw(d.fb)
            d.show()
        else:
            app.tidy()  # the loop's quiet pass: what the closed setup left is forgotten
    return app, d, now


def test_the_first_detents_after_a_game_starts_allocate_nothing():
    if not hasattr(gc, "mem_alloc"):
        return  # measured on MicroPython
    from lockdown.oled import SSD1306
    from lockdown.sh1106 import SH1106
    for cls in (SSD1306, SH1106):
        app, d, now = _started(cls)
        assert app.session.game.round == 1
        for knob, step in ((ALARM, 1), (ALARM, -1), (PROX, 1), (ALARM, 1), (PROX, -1), (PROX, 1)):
            now += 100
            app.tick(now)
            gc.collect()
            before = gc.mem_alloc()
            app.turn(knob, step)
            app.draw(d.fb)
            d.show()
            used = gc.mem_alloc() - before
            assert used == 0, (cls.__name__, knob, step, used)
