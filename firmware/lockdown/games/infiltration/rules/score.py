"""Who won: the end-of-game rules, read off a finished Game.

An operative counts if it escaped, or was captured holding the Blackmail (Compromising) File,
which buys its release: the file is given up for it, so a released operative scores but holds
no file for the tie-break. A player's score is the sum over its counting operatives (two of them
in the two-player game). If exactly one player got anyone out, that player wins whatever the
data; otherwise the criteria of _CRITERIA break ties in order, each compared only among the
players still tied, and what is still tied is a draw.
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

# Fields of player_totals()
_T_DATA = const(0)
_T_TOKENS = const(1)
_T_PROTOTYPE = const(2)
_T_BLACKMAIL = const(3)

# The tie-breaks in order: (what decides, the field of player_totals() compared; most wins)
_CRITERIA = ((BY_DATA, _T_DATA), (BY_PROTOTYPE, _T_PROTOTYPE), (BY_TOKENS, _T_TOKENS),
             (BY_BLACKMAIL, _T_BLACKMAIL))


def counts(game, op):
    """Does operative `op` score: escaped, or captured but released by the Blackmail File."""
    st = game.status(op)
    return st == ESCAPED or (st == CAPTURED and game.has(op, BLACKMAIL))


def player_totals(game, player):
    """(data, tokens, prototype, blackmail) of a player's counting operatives; blackmail only
    for a file still held, by an operative that escaped with it."""
    data = tokens = 0
    proto = black = False
    for op in range(game.ops):
        if game.owner(op) == player and counts(game, op):
            data += game.data(op)
            tokens += game.tokens(op)
            proto = proto or game.has(op, PROTOTYPE)
            black = black or (game.has(op, BLACKMAIL) and game.status(op) == ESCAPED)
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
    tied = []
    for p in range(game.players):
        for op in range(game.ops):
            if game.owner(op) == p and counts(game, op):
                tied.append((p, player_totals(game, p)))
                break
    if not tied:
        return NOBODY, [], BY_NONE
    for how, field in _CRITERIA:
        best = max(t[field] for _, t in tied)
        tied = [(p, t) for p, t in tied if t[field] == best]
        if len(tied) == 1:
            return WIN, [tied[0][0]], how
    return DRAW, [p for p, _ in tied], BY_NONE
