"""Constants a module copies as a private const() rather than importing them, so the module that
defines them is not imported when it is not needed yet: each copy equals its original (CPython,
where the copies are module attributes; MicroPython folds them away)."""
import pytest

COPIES = [  # (module, its copy, module defining it, the name there)
    ("lockdown.games.infiltration.session", "_A_ALARM", "lockdown.games.infiltration.rules.actions", "A_ALARM"),
    ("lockdown.games.infiltration.session", "_A_PROX", "lockdown.games.infiltration.rules.actions", "A_PROX"),
    ("lockdown.games.infiltration.session", "_A_ROLL", "lockdown.games.infiltration.rules.actions", "A_ROLL"),
    ("lockdown.games.infiltration.session", "_A_SETUP", "lockdown.games.infiltration.rules.actions", "A_SETUP"),
    ("lockdown.games.infiltration.screens.setup", "_A_SETUP", "lockdown.games.infiltration.rules.actions", "A_SETUP"),
    ("lockdown.games.infiltraitors.session", "_A_TIME", "lockdown.games.infiltraitors.rules.actions", "A_TIME"),
    ("lockdown.games.infiltraitors.screens.home", "_A_NAB", "lockdown.games.infiltraitors.rules.actions", "A_NAB"),
    ("lockdown.games.infiltraitors.screens.board", "_A_CLUE", "lockdown.games.infiltraitors.rules.actions", "A_CLUE"),
    ("lockdown.games.infiltraitors.screens.board", "_A_KINGPIN", "lockdown.games.infiltraitors.rules.actions",
     "A_KINGPIN"),
    ("lockdown.games.infiltraitors.screens.clues", "_A_SHOT", "lockdown.games.infiltraitors.rules.actions", "A_SHOT"),
    ("lockdown.games.infiltraitors.session", "_TIME_UP", "lockdown.games.infiltraitors.rules.clock", "TIME_UP"),
    ("lockdown.games.infiltraitors.rules.specials", "_HIDDEN", "lockdown.games.infiltraitors.rules.table", "HIDDEN"),
]


@pytest.mark.parametrize("module, copy, origin, name", COPIES)
def test_a_copied_constant_equals_its_original(module, copy, origin, name):
    import importlib
    assert getattr(importlib.import_module(module), copy) == getattr(importlib.import_module(origin), name)
