"""The game state as plain JSON data, for scripts and tests to check what the app did.

Player and operative numbers are 1-based, as people count them at the table (player 1 is the
first seat); rooms are 1 (entry) to 12, and 13 is the secret room. "players" has one entry per
operative (two per player in the two-player game), each naming its player.
"""
from lockdown.games.infiltration.rules import score
from lockdown.games.infiltration.rules.game import (BLACKMAIL, DELAYED, END_LOCKDOWN, NPC_COUNT, PHASE_NAMES, PROTOTYPE,
                           STATUS_NAMES, WOUNDED)
from lockdown.games.infiltration.rules.npc import NAMES as NPC_NAMES

RESULTS = ("win", "draw", "nobody")
DECIDED_BY = ("sole_escape", "data", "prototype", "tokens", "blackmail", None)


def operatives(game):
    return [{
        "operative": op + 1,
        "player": game.owner(op) + 1,
        "status": STATUS_NAMES[game.status(op)],
        "wounded": game.has(op, WOUNDED),
        "delayed": game.has(op, DELAYED),
        "data": game.data(op),
        "tokens": game.tokens(op),
        "prototype": game.has(op, PROTOTYPE),
        "blackmail": game.has(op, BLACKMAIL),
    } for op in range(game.ops)]


def npcs(game):
    """The NPCs in play, in the game's NPC order."""
    out = []
    for n in range(NPC_COUNT):
        where = game.npc(n)
        if where:
            out.append({"name": NPC_NAMES[n], "room": where[0], "face": "up" if where[1] else "down"})
    return out


def state(session):
    """A JSON-ready dict of everything a test or a person wants to check about the game.

    Each game has its own fields, made by the function named after it (in its own module under
    host_sim/ for the other games); "game" names it.
    """
    name = session.PACKAGE.rpartition(".")[2]
    if name == "infiltration":
        return infiltration(session)
    return __import__("host_sim.state_" + name, None, None, ("state",)).state(session)


def infiltration(session):
    g = session.game
    kind, winners, how = score.result(g) if g.over else (None, [], None)
    return {
        "game": "infiltration",
        "proximity": g.proximity,
        "alarm": g.alarm,
        "round": g.round,
        "phase": PHASE_NAMES[g.phase],
        "die": g.die,
        "player_count": g.players,
        "two_player": g.two_player,
        "first_player": g.first_player + 1,
        "players": operatives(g),
        "npcs": npcs(g),
        "game_over": g.over,
        "lockdown": g.end_reason() == END_LOCKDOWN,
        "result": None if kind is None else RESULTS[kind],
        "decided_by": None if how is None else DECIDED_BY[how],
        "winners": [p + 1 for p in winners],
    }
