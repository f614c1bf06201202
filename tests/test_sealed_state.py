"""Infiltration's state bytes are sealed in its rules (issue 10 point 2): no module of firmware/,
host_sim/ or tools/ but game.py and the two modules that act on its bytes for it reads or
writes Game.s or uses the byte layout (B_* offsets, OP_SIZE, the masks applied to raw bytes). The
others use Game's named methods. save.py (the save's fields) and npc.py (the NPC walk) are out
of game.py so that their code is in RAM only while a save is read or written, or an NPC phase
runs, not from boot (issue 24's RAM); they read game.py's layout, never a copy of it."""
import ast
import os

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GAME = "lockdown.games.infiltration.rules.game"
BOARD = "lockdown.games.infiltrate.rules.board"


def _files(game, *mods):
    return tuple(os.path.join("firmware", "lockdown", "games", game, *m.split("/")) + ".py" for m in mods)


# The modules that may act on each game's state bytes: its owner, and the few that read the owner's
# layout (never a copy) where named methods would cost RAM from boot or speed in a search.
OWNERS = _files("infiltration", "rules/game", "save", "rules/npc")
INFILTRATE_OWNERS = _files("infiltrate", "rules/board", "save", "load", "ai", "order") + (
    os.path.join("tools", "ref_players.py"),)  # the reference players read the rules' layout, as ai.py does
LAYOUT = ("OP_SIZE", "NPC_FACE_UP", "NPC_ROOM", "STATUS_MASK")  # besides every B_* offset


def _layout(name):
    return name.startswith("B_") or name in LAYOUT or name == "*"


def uses(source, infiltration=False, package="lockdown.games.infiltration", owner=GAME):
    """(line, what) for each use of the sealed state of the game `package` (its owner module
    `owner`) in `source`. Attributes (`.s`, `game.B_PROX`) count in a module that is part of the
    game or imports it: the other games keep their own state in `.s`."""
    tree = ast.parse(source)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            if node.module.startswith(package):
                infiltration = True
            if node.module == owner:
                found += [(node.lineno, a.name) for a in node.names if _layout(a.name)]
        elif isinstance(node, ast.Import):
            infiltration = infiltration or any(a.name.startswith(package) for a in node.names)
    if infiltration:
        for n in ast.walk(tree):
            if isinstance(n, ast.Attribute) and (n.attr == "s" or _layout(n.attr)):
                found.append((n.lineno, ".s" if n.attr == "s" else n.attr))
    return sorted(found)


def sources():
    for top in ("firmware", "host_sim", "tools"):
        for folder, dirs, files in os.walk(os.path.join(ROOT, top)):
            dirs[:] = [d for d in dirs if d not in ("node_modules", "__pycache__")]
            for name in files:
                if name.endswith(".py"):
                    path = os.path.join(folder, name)
                    yield os.path.relpath(path, ROOT), path


def leaks(owners, game, owner):
    """(every use of game's state bytes outside `owners`, how many modules were read)."""
    bad = []
    checked = 0
    for rel, path in sources():
        if rel in owners:
            continue
        with open(path, encoding="utf-8") as f:
            text = f.read()
        inside = rel.startswith(os.path.join("firmware", "lockdown", "games", game))
        bad += ["%s:%d %s" % (rel, line, what)
                for line, what in uses(text, inside, "lockdown.games." + game, owner)]
        checked += 1
    return bad, checked


def test_no_module_but_the_rules_touches_the_state_bytes():
    bad, checked = leaks(OWNERS, "infiltration", GAME)
    assert checked > 40  # the walk found the tree
    assert bad == []


def test_no_module_but_infiltrates_rules_and_its_save_and_opponent_touches_the_board_bytes():
    """Infiltrate's screens, session, state JSON and tools read the Board's named properties."""
    assert leaks(INFILTRATE_OWNERS, "infiltrate", BOARD)[0] == []


def test_the_scan_finds_each_kind_of_use():
    src = ("from lockdown.games.infiltration.rules.game import B_PROX, NPC_ROOM, Game\n"
           "from lockdown.games.infiltration.rules import game\n"
           "def f(g):\n"
           "    return g.s[B_PROX], game.OP_SIZE\n")
    assert uses(src) == [(1, "B_PROX"), (1, "NPC_ROOM"), (4, ".s"), (4, "OP_SIZE")]
    assert uses("def f(g):\n    return g.s[0]\n", infiltration=True) == [(2, ".s")]
    assert uses("def f(board):\n    return board.s[0], rules.B_X\n") == []  # another game's own state
    assert uses("from lockdown.games.infiltration.rules.game import *\n") == [(1, "*")]
    assert uses("from lockdown.games.infiltration.rules.game import NPC_NAMES, STATE_SIZE, Game\n") == []
