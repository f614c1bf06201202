"""Infiltrate's move generator against the independent checker (tests/infiltrate_checker.py), over
many random positions: every one of the 288 possible moves is legal for both or for neither, and
every legal move leaves the board the checker expects. And damaged real saves (truncated, a byte
changed, wrong types, numbers out of range, keys missing or extra, fields of two games mixed):
each that loads is a position the checker's rules allow, draws, and plays on."""
import json
from array import array

from lockdown.games.infiltrate.rules import board as R
from tests import infiltrate_checker as C
from tests.infiltrate_positions import board, random_stacks, rng, stacks_of

ALL = 36 * 8


def no_move_square(b):
    """The square of the pyramid that may not move again this turn, for the checker."""
    s = b.s
    if s[R.B_FLAGS] & R.TWICE or not s[R.B_MOVED]:
        return None
    return s[R.B_POS + s[R.B_MOVED]]


def agree(b, out):
    """Fails unless the generator, legal() and the checker agree on every move of b."""
    n = b.moves(out)
    gen = [out[i] for i in range(n)]
    assert len(set(gen)) == n, "duplicate moves"
    st = stacks_of(b)
    p = b.to_move
    ban = no_move_square(b)
    push_off = b.setting(R.PUSH_OFF)
    for m in range(ALL):
        want = C.legal(st, p, m, ban, push_off)
        assert (m in gen) == want, (m, want, st)
        assert b.legal(m) == want, m
    return gen, st


def test_generator_agrees_with_the_checker_on_random_positions():
    rnd = rng(11)
    out = array("H", [0] * R.MAX_MOVES)
    checked = legal = 0
    for i in range(250):
        stacks = random_stacks(rnd, (20, 40, 60, 80)[i % 4])
        flags = R.DEFAULT_FLAGS | (R.PUSH_OFF if rnd(3) == 0 else 0) | (R.TWICE if rnd(4) == 0 else 0)
        p = rnd(2)
        tops = [sq for sq in stacks if stacks[sq][-1][0] == p]
        moved = tops[rnd(len(tops))] if tops and rnd(2) else None
        b = board(stacks, to_move=p, left=1 if moved is not None else 2, flags=flags, moved_sq=moved)
        gen, st = agree(b, out)
        for m in gen:
            after = R.Board()
            after.s[:] = b.s
            after.apply(m)
            assert stacks_of(after) == C.result(st, m), m
        checked += ALL
        legal += len(gen)
    assert legal > 1000 and checked == 250 * ALL  # the positions were not all dead ends


def test_generator_agrees_with_the_checker_through_random_games():
    rnd = rng(5)
    out = array("H", [0] * R.MAX_MOVES)
    positions = 0
    for game in range(30):
        b = R.Board(R.DEFAULT_FLAGS | (R.TWICE if game % 3 == 1 else 0) | (R.PUSH_OFF if game % 3 == 2 else 0))
        for p in (0, 1):
            while True:
                size = 1 + rnd(3)
                if not b.army_add(p, size) and b.pips_left(p) < 3 and rnd(2):
                    break
        assert b.start_setup(rnd(2))
        while b.phase == R.SETUP:
            size, sq = 1 + rnd(3), rnd(36)
            b.place(size, sq)
        for _ in range(80):
            if b.phase != R.PLAY:
                break
            gen, st = agree(b, out)
            positions += 1
            m = gen[rnd(len(gen))]
            expect = C.result(st, m)
            assert b.play(m)
            assert stacks_of(b) == expect
    assert positions > 600


# ---- damaged saves: every one that loads is a position the rules allow, and plays on -------------------
def _real_saves():
    """Saves of real games in every phase, through the Session, and today's v1 fixtures."""
    from lockdown.dice import Xorshift
    from tests.core import test_infiltrate_session as T
    army = T.Session(Xorshift(1))
    army.army(0, 3, 2)
    docs = [army.dumps(), T.armies(T.Session(Xorshift(1)), device=True).dumps()]
    docs.append(json.dumps(T._setup_doc()))
    docs.append(T.played(level=-1, moves=5).dumps())
    docs.append(T.played(level=1, moves=9).dumps())
    drawn = T.played(level=-1, moves=3)
    drawn.end_draw()
    docs.append(drawn.dumps())
    for name in ("play", "over"):
        with open(T.FIXTURES + "infiltrate_v1_%s.json" % name) as f:
            docs.append(f.read())
    return docs


def _faults(s):
    b = s.board
    army = [[b.army(p, size) for size in (1, 2, 3)] for p in (0, 1)]
    return C.position_faults(b.phase, stacks_of(b), army, b.to_move, b.moves_left, b.winner,
                             no_move_square(b), b.setting(R.PUSH_OFF))


_ODD = (2.0, True, None, "x", [], {}, -1, 300, [1], [[7]])


def _mutant(rnd, texts):
    text = texts[rnd(len(texts))]
    how = rnd(7)
    if how == 0:
        return text[:rnd(len(text))]
    if how == 1:
        i = rnd(len(text))
        return text[:i] + "0123456789[]{},-:\"ax"[rnd(20)] + text[i + 1:]
    doc = json.loads(text)
    keys = sorted(doc)
    k = keys[rnd(len(keys))]
    if how == 2:
        doc[k] = _ODD[rnd(len(_ODD))]
    elif how == 3:
        del doc[k]
        if rnd(2):
            doc["zz"] = 1
    elif how == 4:  # one number somewhere out of its range, or just another
        v = doc[k]
        if type(v) is list and v:
            i = rnd(len(v))
            if type(v[i]) is list and v[i]:
                v[i][rnd(len(v[i]))] = rnd(12) - 2
            else:
                v[i] = rnd(40) - 2
        else:
            doc[k] = rnd(40) - 2
    elif how == 5:  # fields of two real saves together
        other = json.loads(texts[rnd(len(texts))])
        for _ in range(1 + rnd(3)):
            k = keys[rnd(len(keys))]
            if k in other:
                doc[k] = other[k]
    elif "board" in doc and type(doc["board"]) is list:  # a pyramid added or taken
        sq = doc["board"][rnd(36)]
        if sq and rnd(2):
            sq.pop()
        else:
            sq.append(1 + rnd(6))
    return json.dumps(doc)


def test_damaged_saves_load_only_as_positions_the_rules_allow_and_play_on():
    import framebuf
    from lockdown.app import App
    from lockdown.dice import Xorshift
    from lockdown.session import SaveError
    from lockdown.games.infiltrate.session import Session
    texts = _real_saves()
    rnd = rng(3)
    fb = framebuf.FrameBuffer(bytearray(1024), 128, 64, framebuf.MONO_VLSB)
    mv = array("H", [0] * R.MAX_MOVES)
    loaded = 0
    for i in range(260):
        s = Session(Xorshift(i + 1))
        before = s.dumps()
        text = _mutant(rnd, texts)
        try:
            s.loads(text)
        except SaveError:
            assert s.dumps() == before
            continue
        loaded += 1
        assert _faults(s) == [], (text, _faults(s))
        app = App(s)
        for step in range(5):
            app.tick(step * 20)
            app.draw(fb)
            assert _faults(s) == [], (text, step)
            b = s.board
            if s.device_due() or b.phase not in (R.SETUP, R.PLAY):
                continue
            if b.phase == R.SETUP:
                p = b.to_move
                size = next(z for z in (1, 2, 3) if b.in_hand(p, z))
                s.place(size, next(q for q in range(36) if b.can_place(size, q)))
            else:
                s.move(mv[rnd(b.moves(mv))])
    assert loaded > 20, loaded
