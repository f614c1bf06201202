"""Assertion helpers that work the same under pytest and the MicroPython runner (no pytest here)."""


def raises(exc, fn, *args):
    """Calls fn(*args) and returns the exception it raised; fails if it raised nothing or another type."""
    try:
        fn(*args)
    except exc as e:
        return e
    raise AssertionError("%s did not raise %s" % (getattr(fn, "__name__", fn), exc.__name__))


def playing(players=4, **kw):
    """A Game already in round 1, Selection phase."""
    from lockdown.games.infiltration.rules.game import Game
    g = Game(players, **kw)
    g.start()
    return g


def to_phase(g, phase):
    """Advances a game (without rolling) until it reaches `phase` of this round."""
    while g.phase != phase:
        g.next_phase()


class Driver:
    """Drives an App the way the board's loop does, on a virtual clock, drawing when dirty."""

    def __init__(self, seed=1, game=None, session=None):
        """An Infiltration session (of `game`, if given), or `session` of any game."""
        import framebuf
        from lockdown.app import App
        if session is None:
            from lockdown.dice import Xorshift
            from lockdown.games.infiltration.session import Session
            session = Session(Xorshift(seed), game)
        self.session = session
        self.now = 0
        self.app = App(self.session)
        self.buf = bytearray(1024)
        self.fb = framebuf.FrameBuffer(self.buf, 128, 64, framebuf.MONO_VLSB)
        self.frames = 0
        self.frame()

    @property
    def game(self):
        return self.session.game

    def frame(self):
        if self.app.dirty:
            self.app.draw(self.fb)
            self.frames += 1
        return self.buf

    def wait(self, ms):
        end = self.now + ms
        while self.now < end:
            self.now = min(self.now + 20, end)
            self.app.tick(self.now)
            self.frame()
            while self.app.tidy():  # the loop's quiet passes: what closed screens left goes
                pass

    def turn(self, knob, n):
        self.app.turn(knob, n)
        self.wait(20)

    def press(self, b):
        self.app.press(b)
        self.wait(20)

    def hold(self, b):
        self.app.hold(b)
        self.wait(20)

    def screen(self):
        """The class name of the open screen, or 'play'."""
        return type(self.app.stack[-1]).__name__ if self.app.stack else "play"

    def start(self, players=4, first=0):
        """From the setup screen: players, first player, GO."""
        from lockdown.events import ALARM, GO, PROX
        assert self.screen() == "Setup"
        self.turn(PROX, players - self.game.players)
        setup = self.app.stack[-1]
        setup.first = first
        self.press(GO)
        assert self.screen() == "play", self.screen()
        self.wait(1600)  # let the "P1 starts" notice go


class Saved:
    """A game (and optionally its log) as the Store sees a session: dumps, loads, over, fresh."""

    def __init__(self, game, log=None):
        self.game = game
        self.log = log

    def dumps(self):
        from lockdown.games.infiltration.save import dumps
        return dumps(self.game, self.log)

    def loads(self, text):
        from lockdown.games.infiltration.save import loads
        loads(text, self.game, self.log)

    @property
    def over(self):
        return self.game.over

    @property
    def fresh(self):
        return self.game.round <= 1 and not self.game.over
