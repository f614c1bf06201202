"""The games the device hosts, one package each under this folder (see ARCHITECTURE.md)."""
GAMES = ("infiltration", "infiltraitors", "infiltrate")  # the picker's order
TITLES = ("Android: Infiltration", "Infiltraitors", "Infiltrate")
DEFAULT = "infiltration"  # a board with no saved choice starts here


def load(name):
    """The game's package (its __init__: TITLE, SAVE, HOME, SCREENS, new_session)."""
    return __import__("lockdown.games." + name, None, None, ("SAVE",))
