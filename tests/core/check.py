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
    from lockdown.game import Game
    g = Game(players, **kw)
    g.start()
    return g


def to_phase(g, phase):
    """Advances a game (without rolling) until it reaches `phase` of this round."""
    while g.phase != phase:
        g.next_phase()
