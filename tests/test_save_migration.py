"""The save format's version 2 (named fields) against real saves: the v1 fixtures written by the
firmware before it still load, and the loader accepts exactly the states play can reach (issue 11
point 3): every state of the scripted games and of random play passes, and every mutation of a
real save that still loads is a state the rules allow, by an oracle written apart from Game.check."""
import copy
import json
import os
import random

from host_sim.runner import Sim
from host_sim.script import parse, run
from lockdown.dice import Xorshift
from lockdown.games.infiltration.rules import npc
from lockdown.games.infiltration.rules.game import (BLACKMAIL, CAPTURED, END_LOCKDOWN, INSIDE, NPC, NPC_COUNT, OVER,
                                                    PROTOTYPE, ROLLED, SECURITY, SETUP, Game)
from lockdown.games.infiltration.save import SaveError, dumps, loads
from lockdown.games.infiltration.session import Session
from tests.test_properties import apply, steps  # noqa: F401  (the random play of the property tests)

HERE = os.path.dirname(os.path.abspath(__file__))
SCRIPTS = os.path.join(HERE, "scripts")
FIXTURES = os.path.join(HERE, "fixtures")


def broken(g):
    """What the rules say no play reaches, from the public reading methods only (not Game.check)."""
    out = []
    ops = range(g.ops)
    inside = [op for op in ops if g.status(op) == INSIDE]
    if g.over != (g.proximity == 99 or not inside):
        out.append("over iff lockdown or nobody inside")
    if (g.end_reason() == END_LOCKDOWN) != (g.over and g.proximity == 99):
        out.append("lockdown iff over at 99")
    if (g.round == 0) != (g.phase == SETUP):
        out.append("round 0 iff setup")
    if g.flag(ROLLED) != (g.die > 0) or (g.die and g.phase not in (SECURITY, OVER)):
        out.append("a roll only in Security, with its die")
    if any(g.status(op) == CAPTURED for op in ops) and g.end_reason() != END_LOCKDOWN:
        out.append("captured only by the lockdown")
    if not g.over and any(g.data(op) or g.tokens(op) or g.has(op, BLACKMAIL) or g.has(op, PROTOTYPE) for op in ops):
        out.append("scores only at the end")
    if (g.npc_checked or g.npc_acted or g.npc_pick >= 0) and g.phase not in (NPC, OVER):
        out.append("the NPC walk only in the NPC phase")
    if g.phase == SETUP and (g.proximity or g.alarm != g.alarm_start or any(g.npc_room(n) for n in range(NPC_COUNT))
                             or any(g.status(op) or g.has(op, 0x0C) for op in ops)):
        out.append("setup is a fresh table")
    if not 0 <= g.first_player < g.players or (g.two_player and g.players != 2):
        out.append("players")
    return out


def fixture(name):
    with open(os.path.join(FIXTURES, name)) as f:
        return f.read()


def test_v1_save_of_a_game_in_its_npc_phase_loads():
    s = Session(Xorshift(1))
    s.loads(fixture("save_v1.json"))
    g = s.game
    assert (g.players, g.round, g.phase, g.first_player) == (5, 3, NPC, 4)
    assert (g.proximity, g.alarm, g.alarm_start, g.die) == (52, 3, 1, 0)
    assert [g.status(op) for op in range(5)] == [INSIDE, INSIDE, INSIDE, 1, INSIDE]
    assert g.has(0, 0x08) and g.has(1, 0x04)  # delayed, wounded
    assert [g.npc(n) for n in range(NPC_COUNT)] == [(6, False), (1, True), None, (2, True), None]
    assert (g.npc_checked, g.npc_acted, g.npc_pick) == (1 << npc.BAILEY, 1 << npc.HARRIS, -1)
    assert not g.flag(0x20) and g.flag(0x10) and g.flag(0x40)  # Nelson asks; the other two defaults
    assert npc.current(g) == (npc.NELSON, npc.NELSON_ASK)
    assert s.log.last == 3 and s.log.get(2, 1) == 5 and s.log.faces == [0, 0, 0, 1, 1, 0]
    doc = json.loads(s.dumps())
    assert doc["v"] == 2 and doc["npc_walk"] == {"checked": ["Bailey"], "acted": ["Harris"], "next": None}
    t = Session(Xorshift(1))
    t.loads(s.dumps())
    assert t.game.same(g) and t.log.dump() == s.log.dump()


def test_v1_save_of_a_lockdown_with_scores_loads():
    from lockdown.games.infiltration.rules.score import BY_SOLE_ESCAPE, WIN, result
    s = Session(Xorshift(1))
    s.loads(fixture("save_v1_over.json"))
    g = s.game
    assert g.two_player and g.over and g.end_reason() == END_LOCKDOWN and g.flag(0x02)
    assert [g.status(op) for op in range(4)] == [CAPTURED, CAPTURED, 1, CAPTURED]
    assert g.has(0, BLACKMAIL) and g.has(2, PROTOTYPE) and (g.data(2), g.tokens(2)) == (12, 5)
    assert result(g) == (WIN, [1], BY_SOLE_ESCAPE)
    assert s.log.dump()["rounds"][1][8] == 93


def test_a_v1_save_play_cannot_reach_is_refused():
    doc = json.loads(fixture("save_v1_over.json"))
    doc["flags"] &= ~0x08  # the lockdown bit gone: captured without a lockdown
    g = Game()
    e = None
    try:
        loads(json.dumps(doc), g)
    except SaveError as err:
        e = err
    assert e is not None and "lockdown" in str(e) and g.same(Game())


def played_saves():
    """The save after every command of every scripted Infiltration game (tests/scripts/*.txt)."""
    out = []
    for name in sorted(n for n in os.listdir(SCRIPTS) if n.endswith(".txt")):
        with open(os.path.join(SCRIPTS, name)) as f:
            commands = parse(f.read(), name)
        sim = Sim(seed=1)
        for c in commands:
            run([c], sim, name)
            out.append(sim.session.dumps())
    return out


def test_every_state_the_scripted_games_reach_passes_and_round_trips():
    saves = played_saves()
    assert len(saves) > 300
    for text in saves:
        g = Game()
        loads(text, g)  # refuses what Game.check refuses
        assert g.check() is None and broken(g) == []
        assert dumps(g) == dumps(g) and json.loads(dumps(g)) == {k: v for k, v in json.loads(text).items()
                                                                 if k not in ("log", "faces", "id")}


def test_every_state_random_play_reaches_passes():
    rng = random.Random(11)
    kinds = ("alarm", "prox", "phase", "roll", "wound", "move", "escape", "undo", "npc", "npc_step", "npc_pick",
             "npc_skip")
    states = 0
    for game in range(150):
        players = rng.randint(2, 6)
        two = players == 2 and rng.random() < 0.5
        g = Game(players, two_player=two)
        g.start()
        s = Session(Xorshift(game + 1), g)
        for _ in range(80):
            what = rng.choice(kinds)
            arg = {"alarm": rng.randint(-4, 4), "prox": rng.randint(-30, 40), "roll": rng.randint(1, 6),
                   "npc": (rng.randint(0, 4), rng.randint(0, 13), rng.random() < 0.7),
                   "npc_step": rng.random() < 0.5}.get(what, rng.randint(0, 5))
            try:
                apply(s, what, arg)
            except ValueError:
                continue
            assert s.game.check() is None and broken(s.game) == [], (what, s.game.fields())
            states += 1
            t = Game()
            loads(dumps(s.game), t)
            assert t.same(s.game)
    assert states > 5000


def _mutations(doc):
    """Every document one field away from `doc`: each leaf changed to a few other values."""
    def leaves(node, path):
        if isinstance(node, dict):
            for k in node:
                yield from leaves(node[k], path + [k])
        elif isinstance(node, list) and node and not isinstance(node[0], str):
            for i, v in enumerate(node):
                yield from leaves(v, path + [i])
        else:
            yield path, node

    others = {bool: lambda v: [not v], int: lambda v: [v + 1, v - 1, 0, 1, 99, 6],
              str: lambda v: ["inside", "escaped", "captured", "setup", "selection", "npc", "security",
                              "game_over", "up", "down", "Kent"]}
    for path, value in leaves(doc, []):
        if path and path[0] in ("v", "log", "faces"):
            continue
        for new in others.get(type(value), lambda v: [None])(value):
            if new == value:
                continue
            d = copy.deepcopy(doc)
            node = d
            for k in path[:-1]:
                node = node[k]
            node[path[-1]] = new
            yield d


def test_every_mutation_of_a_real_save_that_loads_is_reachable():
    saves = played_saves()[::7] + [fixture("save_v1.json"), fixture("save_v1_over.json")]
    loaded = refused = 0
    for text in saves:
        doc = json.loads(text)
        if doc["v"] == 1:  # bit flips of the raw bytes version 1 stored
            variants = []
            for key in ("flags", "ops", "npcs", "npc_walk"):
                cells = [(key, None)] if key == "flags" else [(key, i) for i in range(len(doc[key]))]
                for k, i in cells:
                    for bit in range(8):
                        d = copy.deepcopy(doc)
                        if i is None:
                            d[k] ^= 1 << bit
                        elif key == "ops":
                            d[k][i][0] ^= 1 << bit
                        else:
                            d[k][i] ^= 1 << bit
                        variants.append(d)
        else:
            variants = list(_mutations(doc))
        for d in variants:
            g = Game()
            try:
                loads(json.dumps(d), g)
            except SaveError:
                refused += 1
                assert g.same(Game())
                continue
            loaded += 1
            assert broken(g) == [], (broken(g), d)
    assert loaded > 1000 and refused > 1000


def test_a_finished_older_save_is_archived_in_todays_format_with_its_id(tmp_path):
    """A new game archives the finished one as loaded (today's fields and its id), not the older
    file's text: an undo of the new game and a change after it then replace that archive, never
    add a second one (the archive knows a game by its id)."""
    from lockdown.games import load
    from lockdown.storage import Store
    starts = {"infiltraitors": lambda s: s.start(s.table.mission, 3, 0, 0, 0),
              "infiltrate": lambda s: s.new_game()}
    for game, name in (("infiltraitors", "infiltraitors_v1_won.json"), ("infiltrate", "infiltrate_v1_over.json")):
        pkg = load(game)
        store = Store(str(tmp_path / game), save=pkg.SAVE, archive=pkg.ARCHIVE)
        os.makedirs(store.root)
        store.write(pkg.SAVE, fixture(name))
        s = pkg.new_session(Xorshift(1))
        assert store.restore(s) is None and s.over
        ident = s.id
        starts[game](s)
        store.save(s)
        folder = tmp_path / game / pkg.ARCHIVE
        assert sorted(os.listdir(folder)) == ["1.json"], game
        doc = json.loads((folder / "1.json").read_text())
        assert doc["id"] == ident != 0 and doc["game"] == game, game
