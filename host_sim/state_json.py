"""The game state as plain JSON data, for scripts and tests to check what the app did.

Player and operative numbers are 1-based, as people count them at the table (player 1 is the
first seat); rooms are 1 (entry) to 12, and 13 is the secret room. "players" has one entry per
operative (two per player in the two-player game), each naming its player.

Fields are only ever added (scripts and bug reports read them), never renamed. Added later:
"settings" (every rule option and variant by name, as the save names them, and "physical_die"),
"alarm_start" (-1, 0 or +1), "npc_step" (null outside the NPC phase's walk, else the NPC to
confirm next, its room, the NPCs that may go instead, whether it asks yes/no, and the prompt
lines the device shows), per player "totals" (data and tokens of the operatives that count,
which operatives those are, and the prototype / blackmail tie-breaks, as the score screen adds
them up) and per operative "released" (captured, but freed by the Blackmail File: it counts).
"""
from lockdown.games.infiltration.rules import npc as npc_rules
from lockdown.games.infiltration.rules import score
from lockdown.games.infiltration.rules.game import (BLACKMAIL, CAPTURED, DELAYED, END_LOCKDOWN, NPC_COUNT,
                                                    PHASE_NAMES, PHYSICAL_DIE, PROTOTYPE, STATUS_NAMES, WOUNDED)
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
        "released": game.status(op) == CAPTURED and score.counts(game, op),
    } for op in range(game.ops)]


def settings(game):
    """Every rule option and variant by name (the save's names), and the die of the setup."""
    out = dict(game.fields()["settings"])
    out["physical_die"] = game.flag(PHYSICAL_DIE)
    return out


def npc_step(game):
    """The NPC step waiting for a confirm, or None."""
    step = npc_rules.current(game)
    if step is None:
        return None
    n, kind = step
    return {"npc": NPC_NAMES[n], "room": game.npc_room(n),
            "choices": [NPC_NAMES[m] for m in npc_rules.choices(game)],
            "question": kind in npc_rules.QUESTIONS,
            "prompt": list(npc_rules.prompt(game))}


def totals(game):
    """Per player, what the score adds up: only operatives that count (escaped or released)."""
    out = []
    for p in range(game.players):
        data, tokens, proto, black = score.player_totals(game, p)
        out.append({"player": p + 1, "data": data, "tokens": tokens,
                    "counted": [op + 1 for op in range(game.ops)
                                if game.owner(op) == p and score.counts(game, op)],
                    "prototype": proto, "blackmail": black})
    return out


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
        "settings": settings(g),
        "alarm_start": g.alarm_start,
        "npc_step": npc_step(g),
        "totals": totals(g),
    }
