"""Who won: the end-of-game rules, read off a finished Game.

An operative counts if it escaped, or was captured holding the Blackmail (Compromising) File,
which buys its release. A player's score is the sum over its counting operatives (two of them
in the two-player game). If exactly one player got anyone out, that player wins whatever the
data; otherwise the highest total, then the Prototype, then the most tokens, then the Blackmail
File break ties, and what is still tied is a draw.
"""
from micropython import const

from lockdown.games.infiltration.rules.game import BLACKMAIL, CAPTURED, ESCAPED, PROTOTYPE

WIN = const(0)
DRAW = const(1)
NOBODY = const(2)  # nobody escaped or was released

# How the result was decided, for the end screen
BY_SOLE_ESCAPE = const(0)
BY_DATA = const(1)
BY_PROTOTYPE = const(2)
BY_TOKENS = const(3)
BY_BLACKMAIL = const(4)
BY_NONE = const(5)


def counts(game, op):
    """Does operative `op` score: escaped, or captured but released by the Blackmail File."""
    st = game.status(op)
    return st == ESCAPED or (st == CAPTURED and game.has(op, BLACKMAIL))


def player_totals(game, player):
    """(data, tokens, prototype, blackmail) of a player's counting operatives."""
    data = tokens = 0
    proto = black = False
    for op in range(game.ops):
        if game.owner(op) == player and counts(game, op):
            data += game.data(op)
            tokens += game.tokens(op)
            proto = proto or game.has(op, PROTOTYPE)
            black = black or game.has(op, BLACKMAIL)
    return data, tokens, proto, black


def result(game):
    """(WIN, [player], how) or (DRAW, [tied players], BY_NONE) or (NOBODY, [], BY_NONE)."""
    escapers = []
    for p in range(game.players):
        for op in range(game.ops):
            if game.owner(op) == p and game.status(op) == ESCAPED:
                escapers.append(p)
                break
    if len(escapers) == 1:
        return WIN, escapers, BY_SOLE_ESCAPE
    scorers = []
    for p in range(game.players):
        t = player_totals(game, p)
        for op in range(game.ops):
            if game.owner(op) == p and counts(game, op):
                scorers.append((p, t))
                break
    if not scorers:
        return NOBODY, [], BY_NONE
    best = max(t[0] for _, t in scorers)
    tied = [(p, t) for p, t in scorers if t[0] == best]
    if len(tied) == 1:
        return WIN, [tied[0][0]], BY_DATA
    holders = [(p, t) for p, t in tied if t[2]]
    if len(holders) == 1:
        return WIN, [holders[0][0]], BY_PROTOTYPE
    most = max(t[1] for _, t in tied)
    tied = [(p, t) for p, t in tied if t[1] == most]
    if len(tied) == 1:
        return WIN, [tied[0][0]], BY_TOKENS
    holders = [(p, t) for p, t in tied if t[3]]
    if len(holders) == 1:
        return WIN, [holders[0][0]], BY_BLACKMAIL
    return DRAW, [p for p, _ in tied], BY_NONE
