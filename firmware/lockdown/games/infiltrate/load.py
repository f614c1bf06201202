"""Infiltrate's save: the position as named fields, and the check that it is one play can reach.

Imported to read a save (save.py writes one), then forgotten (session.py). Fields besides the envelope:
  level    the device opponent's level (-1: two players at the table)
  phase    "army", "setup", "play" or "over";  settings  the rules' settings bits
  first, turn, left, winner, end, passed  as rules/board.py's header bytes (players from 0)
  last     [from, to, kind] of the last placement or move, -1 for no square
  passes   how often each player has had to pass;  army  [[small, medium, large]] per player
  board    36 squares (a1, b1 .. f6), each its pyramids bottom first as player * 3 + pips
A pyramid of the army not on the board is still in hand during setup and out of the game after.
Version 1 (`{"v": 1, "level", "state"}`, the state's bytes) is turned into these by `upgrade`.
"""
from lockdown.savefile import field_int, loaded, read
from lockdown.session import SaveError
from lockdown.games.infiltrate.save import NAME, VERSION
from lockdown.games.infiltrate.rules.board import (ARMY, B_ARMY, B_BELOW, B_END, B_FIRST, B_FLAGS, B_LAST_FROM,
                                             B_LAST_KIND, B_LAST_TO, B_LEFT, B_MOVED, B_PASSED, B_PASSES,
                                             B_PHASE, B_POS, B_TOP, B_TURN, B_WINNER, ALL_FLAGS, BUDGET,
                                             DRAW, END_AGREED, END_DRAW, END_ROW, END_STUCK, HAND,
                                             K_CAPTURE, K_PLACE, K_PUSH, K_PUSH_OFF, NB, NONE, OVER,
                                             OWNER, PHASE_NAMES, PIECES, PLAY, SETUP, SIDE, SIZE,
                                             SQUARES, STACK_ANY, STATE_SIZE, Board, far_row)

FIELDS = ("level", "phase", "settings", "first", "turn", "left", "winner", "end", "passed", "last",
          "passes", "army", "board")
_HEADER = (("first", B_FIRST, 1), ("turn", B_TURN, 1), ("left", B_LEFT, 2), ("winner", B_WINNER, 3),
           ("end", B_END, END_AGREED), ("passed", B_PASSED, 2))


def _ints(v, n, lo, hi, name):
    if type(v) is not list or len(v) != n:
        raise SaveError("bad " + name)
    for x in v:
        if type(x) is not int or not lo <= x <= hi:
            raise SaveError("bad " + name)
    return v


def loads(session, text):
    """A save text into the session, all or nothing: SaveError before anything changes. A
    version 1 save gets an id of its own (the session's stays until the save loads)."""
    was = session.id
    try:
        doc = read(text, NAME, VERSION, FIELDS, lambda d: _upgraded(d, session))
    finally:
        session.id = was
    st, level = load(doc)
    session.board.restore_from(st)
    session.level = level
    session.thinking = False
    loaded(session, doc)


def _upgraded(doc, session):
    """Today's fields of a version 1 save, with a new id drawn by the session."""
    if doc.get("v") != 1 or "game" in doc:
        return doc
    doc = upgrade(doc)
    session.new_id()
    doc["id"] = session.id
    return doc


def load(doc):
    """(state bytes, level) from a save's fields; SaveError unless play can reach them."""
    st = bytearray(STATE_SIZE)
    level = field_int(doc, "level", -1, 2)
    if doc["phase"] not in PHASE_NAMES:
        raise SaveError("bad phase")
    st[B_PHASE] = PHASE_NAMES.index(doc["phase"])
    st[B_FLAGS] = field_int(doc, "settings", 0, ALL_FLAGS)
    for name, at, hi in _HEADER:
        st[at] = field_int(doc, name, 0, hi)
    last = _ints(doc["last"], 3, -1, SQUARES - 1, "last")
    st[B_LAST_FROM], st[B_LAST_TO] = [NONE if v < 0 else v for v in last[:2]]
    st[B_LAST_KIND] = last[2]
    if last[2] > K_CAPTURE:
        raise SaveError("bad last")
    st[B_PASSES], st[B_PASSES + 1] = _ints(doc["passes"], 2, 0, 255, "passes")
    army = doc["army"]
    if type(army) is not list or len(army) != 2:
        raise SaveError("bad army")
    for p in (0, 1):
        st[B_ARMY + p * 3:B_ARMY + p * 3 + 3] = bytes(_ints(army[p], 3, 0, 4, "army"))
    board = doc["board"]
    if type(board) is not list or len(board) != SQUARES:
        raise SaveError("bad board")
    for i in range(B_POS, B_POS + PIECES + 1):
        st[i] = NONE
    used = bytearray(6)
    for sq in range(SQUARES):
        stack = board[sq]
        _ints(stack, len(stack) if type(stack) is list else -1, 1, 6, "board")
        below = 0
        for code in stack:
            g = code - 1  # player * 3 + pips - 1
            if used[g] >= st[B_ARMY + g]:
                raise SaveError("more pyramids than the army")
            k = 1 + g // 3 * 12 + g % 3 * 4 + used[g]
            used[g] += 1
            st[B_POS + k] = sq
            st[B_BELOW + k] = below
            below = k
        st[B_TOP + sq] = below
    if st[B_PHASE] == SETUP:
        for g in range(6):
            for i in range(used[g], st[B_ARMY + g]):
                st[B_POS + 1 + g // 3 * 12 + g % 3 * 4 + i] = HAND
    if st[B_PHASE] == PLAY and st[B_LEFT] == 1 and st[B_LAST_TO] != NONE:
        st[B_MOVED] = st[B_TOP + st[B_LAST_TO]]  # the pyramid that made this turn's first move
    check(st)
    return st, level


def _no(why):
    raise SaveError(why)


def check(st):
    """Raises SaveError unless state bytes st (well formed) are a position play can reach."""
    b = Board()
    b.s[:] = st
    phase = st[B_PHASE]
    for p in (0, 1):
        if b.points(p) > BUDGET:
            _no("army over 15 points")
    frm, to, kind = st[B_LAST_FROM], st[B_LAST_TO], st[B_LAST_KIND]
    if (to == NONE) != (kind == 0) or (frm == NONE) != (kind in (0, K_PLACE)):
        _no("bad last")
    if phase >= PLAY and not kind:
        _no("bad last")
    if phase != OVER and (st[B_WINNER] or st[B_END]):
        _no("a result before the end")
    if phase == ARMY:
        f = Board(st[B_FLAGS])  # a new game, with these armies chosen
        f.s[B_ARMY:B_TOP] = st[B_ARMY:B_TOP]
        if f.s != st:
            _no("army phase with a game")
        return
    if not b.points(0) or not b.points(1):
        _no("an empty army")
    _stacks(b, phase)
    if phase == SETUP:
        _setup(b)
    elif phase == PLAY:
        _play(b)
    else:
        _over(b)


def _stacks(b, phase):
    """A stack is its owner's setup stack (on the home row, 2 high unless STACK_ANY), then captures:
    each a large on another side's pyramid that is no medium."""
    s = b.s
    for sq in range(SQUARES):
        st = b.stack(sq)
        n = 1
        while n < len(st) and st[n][0] == st[0][0]:
            n += 1
        if n > 1 and (sq // SIDE != (0 if st[0][0] == 0 else 5) or n > 2 and not s[B_FLAGS] & STACK_ANY):
            _no("own stack away from home")
        for i in range(n, len(st)):
            if phase == SETUP or st[i][1] != 3 or st[i][0] == st[i - 1][0] or st[i - 1][1] == 2:
                _no("impossible capture")


def _setup(b):
    """The players place in turn from the first, the one with pyramids left on alone."""
    s = b.s
    if s[B_LEFT] or s[B_PASSED] or s[B_PASSES] or s[B_PASSES + 1]:
        _no("setup with moves")
    have = [b.in_hand(p, 1) + b.in_hand(p, 2) + b.in_hand(p, 3) for p in (0, 1)]
    placed = [0, 0]
    for sq in range(SQUARES):
        for p, _ in b.stack(sq):
            if sq // SIDE != (0 if p == 0 else 5):
                _no("placed off the home row")
            placed[p] += 1
    full = [all(b.top(p * 30 + c) for c in range(SIDE)) for p in (0, 1)]
    for sq in range(SQUARES):
        if b.height(sq) > 1 and not full[sq // 30]:
            _no("stacked on a row not full")
    p = s[B_FIRST]
    c = [0, 0]
    last = -1
    for _ in range(placed[0] + placed[1]):
        if c[p] >= placed[p]:
            _no("placed out of turn")
        c[p] += 1
        last = p
        if c[1 - p] < placed[1 - p] + have[1 - p]:
            p = 1 - p
    if s[B_TURN] != p or not have[p]:
        _no("placed out of turn")
    to = s[B_LAST_TO]
    if last < 0:
        if s[B_LAST_KIND]:
            _no("bad last")
    elif s[B_LAST_KIND] != K_PLACE or not b.top(to) or OWNER[b.top(to)] != last:
        _no("bad last")


def _moved_last(b):
    """Checks the last move against the board; returns who made it (-1: the last placement)."""
    s = b.s
    frm, to, kind = s[B_LAST_FROM], s[B_LAST_TO], s[B_LAST_KIND]
    if kind == K_PLACE:
        return -1
    d = 0
    while d < 8 and NB[frm * 8 + d] != to:
        d += 1
    k = b.top(to)
    if d == 8 or not k:
        _no("bad last")
    beyond = NB[to * 8 + d]
    if (kind == K_CAPTURE) != (b.height(to) > 1 and SIZE[k] == 3) or (kind in (K_PUSH, K_PUSH_OFF)) != (SIZE[k] == 1):
        _no("bad last")
    if kind == K_PUSH_OFF and beyond != NONE or kind == K_PUSH and (beyond == NONE or not b.top(beyond)):
        _no("bad last")
    return OWNER[k]


def _play(b):
    s = b.s
    p = s[B_TURN]
    left = s[B_LEFT]
    if not left:
        _no("no moves left")
    if s[B_PASSED] and (s[B_PASSED] != 2 - p or left != 2):
        _no("bad pass")
    who = _moved_last(b)
    if left == 1 and who != p or who >= 0 and left == 2 and who != (p if s[B_PASSED] else 1 - p):
        _no("moved out of turn")
    if who >= 0 and far_row(who, s[B_LAST_TO]):
        _no("a win not ended")
    if not b.has_move():
        _no("no move to make")


def _over(b):
    s = b.s
    w, why = s[B_WINNER], s[B_END]
    if s[B_LEFT] or not w or not why or (w == DRAW) != (why in (END_DRAW, END_AGREED)):
        _no("bad result")
    if why == END_ROW:
        if not any(b.top(sq) and OWNER[b.top(sq)] == w - 1 and far_row(w - 1, sq) for sq in range(SQUARES)):
            _no("bad result")
        if _moved_last(b) < 0:
            _no("bad result")
    elif why == END_STUCK and s[B_TURN] != 2 - w:
        _no("bad result")


def upgrade(doc):
    """A version 1 save ({"v": 1, "level", "state": its 104 bytes}) as today's fields (no id yet)."""
    st = doc.get("state")
    if len(doc) != 3 or type(st) is not list or len(st) != 104:
        raise SaveError("bad v1 save")
    _ints(st, 104, 0, 255, "v1 state")
    if st[B_PHASE] > OVER:
        raise SaveError("bad phase")
    s = bytearray(STATE_SIZE)
    s[:104] = bytes(st)
    seen = bytearray(PIECES + 1)
    for sq in range(SQUARES):
        k = s[B_TOP + sq]
        while k:
            if k > PIECES or seen[k] or s[B_POS + k] != sq:
                raise SaveError("bad stack")
            seen[k] = 1
            k = s[B_BELOW + k]
    hand = HAND if s[B_PHASE] == SETUP else NONE
    for k in range(1, PIECES + 1):
        if not seen[k] and s[B_POS + k] not in (NONE, hand):
            raise SaveError("bad pyramid")
    from lockdown.games.infiltrate.save import fields
    b = Board()
    b.restore_from(s)
    out = fields(b, doc.get("level"))
    if any(len(x) > 2 and (x[0] - 1) // 3 == (x[1] - 1) // 3 == (x[2] - 1) // 3 for x in out["board"]):
        out["settings"] |= STACK_ANY  # version 1 stacked any height at setup
    if s[B_PASSED] in (1, 2):
        out["passes"][s[B_PASSED] - 1] = 1
    if s[B_END] == END_DRAW:
        out["passes"] = [1, 1]
    out["game"] = NAME
    out["v"] = VERSION
    return out
