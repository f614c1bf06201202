"""The games the device hosts, one package each under this folder (see ARCHITECTURE.md), and
the loading and forgetting of their modules."""
GAMES = ("infiltration", "infiltraitors", "infiltrate")  # the picker's order
TITLES = ("Android: Infiltration", "Infiltraitors", "Infiltrate")
DEFAULT = "infiltration"  # a board with no saved choice starts here


def load(name):
    """The game's package (its __init__: TITLE, SAVE, HOME, SCREENS, new_session)."""
    return __import__("lockdown.games." + name, None, None, ("SAVE",))


def unload(mod):
    """Forgets a module no one needs now (a closed screen's, the save format between saves): the
    RAM its code took comes back, and the next import loads it again. Only for modules that keep
    no state of their own."""
    import sys
    sys.modules.pop(mod, None)
    parent, _, name = mod.rpartition(".")
    try:
        delattr(sys.modules[parent], name)
    except (KeyError, AttributeError):
        pass


class Parts:
    """The undo ring and the die of a game's Session, each made (history.py, dice.py imported) at
    its first use: a board that boots to a setup screen has neither in RAM before the first frame.
    Reading one once made allocates nothing. The Session sets STATE_SIZE and `entropy`."""
    STATE_SIZE = 0
    entropy = None  # type: ignore  # n -> n random bytes, like os.urandom: set by the Session
    _history = None
    _die = None

    @property
    def history(self):
        h = self._history
        if h is None:
            from lockdown.history import History
            h = self._history = History(self.STATE_SIZE)
        return h

    @property
    def die(self):
        d = self._die
        if d is None:
            from lockdown.dice import Die
            d = self._die = Die(self.entropy)
        return d
