"""The games the device hosts, one package each under this folder (see ARCHITECTURE.md), and
the loading and forgetting of their modules.
Forgetting a module that others may still hold goes through lockdown/modules.py (forget).
"""
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

