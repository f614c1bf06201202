"""Table helpers: the small sums and sequences the group would otherwise work out by hand.

Pure functions over plain numbers; nothing here changes the Game.
"""
from micropython import const

ITEMS_DEALT = const(4)
# The item draft (advanced rules): (cards kept, cards passed left) at each step after the deal
DRAFT = ((0, ITEMS_DEALT), (1, 3), (2, 2), (3, 1), (ITEMS_DEALT, 0))


def download(count, tokens, before=0):
    """Tokens each of `count` operatives takes, in order, downloading in one room this round.

    The first to download there this round takes up to 2, later ones 1, while `tokens` last;
    `before` says how many already downloaded there this round.
    """
    takes = []
    for i in range(before, before + count):
        t = min(2 if i == 0 else 1, tokens)
        takes.append(t)
        tokens -= t
    return takes


def extract(rooms, tokens, first=0):
    """Tokens each operative takes with Extract at the end of the Resolution phase.

    rooms[op] is the room op extracted in (0: it did not); tokens maps a room to the tokens
    available there. In turn order from operative `first`, each takes 4 if it extracted alone in
    its room, 2 if two did, 1 if three or more did, while the room's tokens last.
    In the two-player game a player's operatives sit together: pass `first` = 2 * first player.
    """
    n = len(rooms)
    left = dict(tokens)
    takes = [0] * n
    for i in range(n):
        op = (first + i) % n
        room = rooms[op]
        if room:
            k = rooms.count(room)
            t = min(4 if k == 1 else 2 if k == 2 else 1, left.get(room, 0))
            takes[op] = t
            left[room] = left.get(room, 0) - t
    return takes


def draft_prompt(step):
    """Short lines telling the table what to do at step 0..4 of the item draft."""
    keep, give = DRAFT[step]
    if not step:
        return "Deal 4 items", "to each player"
    if not give:
        return "Add the one", "passed: hold 4"
    return "Keep %d, pass %d" % (keep, give), "to the left"


def op_name(game, op):
    """P1..P6, or P1a/P1b.. in the two-player game where each player runs two operatives."""
    if game.two_player:
        return "P%d%s" % (op // 2 + 1, "ab"[op % 2])
    return "P%d" % (op + 1)
