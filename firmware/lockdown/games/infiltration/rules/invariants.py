"""The invariants of play: what every state that play (and undo) can reach satisfies.

The loader refuses a state that breaks one, so a damaged save never shows an impossible game.
Read through the Game's named properties; imported by Game.check() alone (the loader, tests),
so it takes no RAM while a game is played. The loader builds the state from named fields, so
no stray bit can reach it: these are the rules between the fields.
"""
from lockdown.games.infiltration.rules.game import (ALARM_MAX, BLACKMAIL, CAPTURED, DELAYED, INSIDE, LOCKDOWN,
                                                    MAX_OPS, MAX_PLAYERS, MIN_PLAYERS, NPC, NPC_COUNT, NPC_NAMES,
                                                    OVER, PROTOTYPE, PROX_MAX, ROLLED, SECRET_ROOM, SECURITY, SETUP,
                                                    WOUNDED)
from lockdown.games.infiltration.rules.gamelog import in_play


def first_broken(g):
    """The first invariant `g` breaks, in a few words, or None."""
    players = g.players
    phase = g.phase
    lockdown = g.flag(LOCKDOWN)
    if not MIN_PLAYERS <= players <= MAX_PLAYERS or g.first_player >= players:
        return "players"
    if g.two_player and players != 2:
        return "two-player game needs 2 players"
    if g.proximity > PROX_MAX or g.alarm > ALARM_MAX or g.alarm_start > 1 or phase > OVER:
        return "dial out of range"
    if g.die > 6:
        return "die out of range"
    if (phase == SETUP) != (g.round == 0):
        return "round 0 is setup, and only it"
    if phase == SETUP and (g.proximity or g.alarm != g.alarm_start or in_play(g)):
        return "setup changed the table"
    if g.flag(ROLLED) != bool(g.die):
        return "rolled flag without die, or die without it"
    if g.flag(ROLLED) and phase not in (SECURITY, OVER):
        return "rolled outside Security"
    if lockdown != (g.proximity == PROX_MAX):
        return "lockdown is proximity 99, and only it"
    inside = False
    for op in range(MAX_OPS):
        status = g.status(op)
        marked = g.has(op, WOUNDED | DELAYED | BLACKMAIL | PROTOTYPE)
        scored = g.has(op, BLACKMAIL | PROTOTYPE) or g.data(op) or g.tokens(op)
        if op >= g.ops:
            if status or marked or scored:
                return "operative %d not in the game" % (op + 1)
            continue
        if status > CAPTURED:
            return "operative %d malformed" % (op + 1)
        if status == CAPTURED and not lockdown:
            return "operative %d captured without lockdown" % (op + 1)
        if phase != OVER and scored:
            return "operative %d scored before the end" % (op + 1)
        if phase == SETUP and (status or marked):
            return "setup changed the table"
        inside = inside or status == INSIDE
    if lockdown and phase != OVER:
        return "lockdown but not over"
    if (phase == OVER) == inside:
        return "over with someone inside" if inside else "everyone out but not over"
    for n in range(NPC_COUNT):
        at = g.npc(n)
        if at and not 1 <= at[0] <= SECRET_ROOM:
            return "NPC %s malformed" % NPC_NAMES[n]
    full = (1 << NPC_COUNT) - 1
    if g.npc_checked > full or g.npc_acted > full or g.npc_pick >= NPC_COUNT:
        return "NPC walk out of range"
    if (g.npc_checked or g.npc_acted or g.npc_pick >= 0) and phase not in (NPC, OVER):
        return "NPC walk outside the NPC phase"
    return None
