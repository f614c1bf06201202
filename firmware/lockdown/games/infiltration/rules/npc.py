"""The NPC phase as steps the device walks through, one confirm (one undo) each.

Order: with CHECK_AT_START (default) every face-up NPC first makes its leave check with the room
it starts the phase in, before any NPC acts; then each face-up NPC acts, room by room from the
entry room (1) to room 12, then the secret room (13). NPCs sharing a room go by NPC number unless
the first player sends another first (choose). Face-down NPCs do nothing.
Progress is kept in the Game's state (read as npc_checked, npc_acted, npc_pick; written only here,
so the Game's class, in RAM from boot, holds none of this code), and the next step is worked out
from the game each time, so undo restores it exactly and corrections between steps (flip, move, remove) just work.
The device moves the NPCs and the dials; the prompt tells the table the rest.
A step that wounds (Harris, Nelson) takes the operatives the group marks as wounded in that
room (confirm(hit=)), so the wounds are part of the step and undone with it. "Back one room"
from the secret room goes to the room the group picks (confirm(to=), asks_room): the way out of
the secret room depends on the room cards, which only the table sees.
"""
from micropython import const

from lockdown.games.infiltration.rules.game import (B_NPC_ACTED, B_NPC_CHECKED, B_NPC_NEXT, B_NPCS, B_PHASE,
                                                    CHECK_AT_START, INSIDE, LAST_ROOM, NELSON_ALWAYS, NPC,
                                                    NPC_COUNT, NPC_FACE_UP, NPC_NAMES, SECRET_ROOM, RuleError)

# The five NPCs, by number
CSX = const(0)
HARRIS = const(1)
BAILEY = const(2)
NELSON = const(3)
KENT = const(4)
NAMES = NPC_NAMES
HINTS = ("clear room, back", "wounds, back, +5", "back, or out +20", "wounds, alarm +1",
         "back, dumps data")  # what each does in the NPC phase, for lists
_ENTRY = const(1)
_BAILEY_PROX = const(20)
_HARRIS_PROX = const(5)

# Step kinds
LEAVE = const(1)  # leaves the game from the entry room (Bailey: proximity +20)
BAILEY_CHECK = const(2)  # asks: Loading Dock or Executive Elevator? yes: leaves, +20
CLEAR = const(3)  # CSX-13 removes the other NPCs in his room, then goes back one room
HARRIS_GO = const(4)  # Harris goes back one room, proximity +5
BACK = const(5)  # Bailey goes back one room
BAILEY_ASK = const(6)  # as BAILEY_CHECK, and no: back one room (checks not at the start)
NELSON_GO = const(7)  # alarm +1
NELSON_ASK = const(8)  # asks: an operative in his room? yes: alarm +1
KENT_GO = const(9)  # Kent goes back one room
QUESTIONS = (BAILEY_CHECK, BAILEY_ASK, NELSON_ASK)  # confirm's answer matters for these
_ACTS = (CLEAR, HARRIS_GO, BACK, NELSON_GO, KENT_GO)
_MOVES = (CLEAR, HARRIS_GO, BACK, KENT_GO)  # go back one room (BAILEY_ASK too, answered no)


def _kind(g, n, checks):
    """The step NPC n has to make now (leave checks or acts), or 0."""
    if not g.s[B_NPCS + n] & NPC_FACE_UP or (g.npc_checked if checks else g.npc_acted) & (1 << n):
        return 0
    room = g.npc_room(n)
    leave = LEAVE if room == _ENTRY and n != NELSON else BAILEY_CHECK if n == BAILEY else 0
    if checks:
        return leave
    if leave and not g.flag(CHECK_AT_START):
        return BAILEY_ASK if leave == BAILEY_CHECK else LEAVE
    if n == NELSON and not g.flag(NELSON_ALWAYS):
        return NELSON_ASK
    return _ACTS[n]


def _find(g, checks):
    """The NPC that goes next in this stage, or -1: lowest room, then the pick, then by number."""
    pick = g.npc_pick
    best = -1
    low = 99
    for n in range(NPC_COUNT):
        if _kind(g, n, checks):
            room = g.npc_room(n)
            if room < low or (room == low and n == pick):
                best, low = n, room
    return best


def _checks(g):
    """True while leave checks are due: they all come before the first act, and never after it."""
    return g.flag(CHECK_AT_START) and not g.npc_acted and _find(g, True) >= 0


def current(g):
    """(NPC number, step kind) of the step to confirm next, or None when the phase has none left."""
    if g.phase != NPC:
        return None
    checks = _checks(g)
    n = _find(g, checks)
    return (n, _kind(g, n, checks)) if n >= 0 else None


def choices(g):
    """The NPCs that may go next instead: due now in the current NPC's room, by number."""
    step = current(g)
    if not step:
        return []
    checks = _checks(g)
    room = g.npc_room(step[0])
    return [n for n in range(NPC_COUNT) if _kind(g, n, checks) and g.npc_room(n) == room]


def choose(g, n):
    """The first player sends NPC n next, before the others in its room."""
    if n not in choices(g):
        raise RuleError("not due in this room")
    _walk(g)[B_NPC_NEXT] = n + 1


def back(room):
    """The room one step toward the entry; 0 means out of the game (secret room: 12, the room
    offered first when the group picks one, see above)."""
    return LAST_ROOM if room == SECRET_ROOM else room - 1


def wounds(g, answer=True):
    """Does the current step wound the operatives in the NPC's room (Nelson asked: if anyone)?"""
    step = current(g)
    return bool(step) and (step[1] in (HARRIS_GO, NELSON_GO) or step[1] == NELSON_ASK and answer)


def asks_room(g, answer=True):
    """Does the current step move its NPC out of the secret room, to a room the group names?"""
    step = current(g)
    if not step or g.npc_room(step[0]) != SECRET_ROOM:
        return False
    return step[1] in _MOVES or step[1] == BAILEY_ASK and not answer


def confirm(g, answer=True, to=0, hit=0):
    """Applies the current step and moves on. `answer` is the group's yes/no for QUESTIONS;
    `to` (1..13) replaces the room a moving NPC goes back to (room cards can make it skip);
    `hit` has bit op set for each operative inside wounded by this step (wounds() only)."""
    step = current(g)
    if not step:
        raise RuleError("no NPC to run")
    if not 0 <= to <= SECRET_ROOM:
        raise RuleError("room 1 to 12 or secret")
    if hit and not wounds(g, answer):
        raise RuleError("this step wounds nobody")
    for op in range(g.ops):
        if hit >> op & 1 and g.status(op) != INSIDE:
            raise RuleError("not inside")
    if hit >> g.ops:
        raise RuleError("no such operative")
    for op in range(g.ops):
        if hit >> op & 1:
            g.set_wounded(op)
    n, kind = step
    s = _walk(g)
    s[B_NPC_CHECKED if _checks(g) else B_NPC_ACTED] |= 1 << n  # a pick is used up by it
    s[B_NPC_NEXT] = 0
    room = g.npc_room(n)
    if kind == LEAVE or (kind in (BAILEY_CHECK, BAILEY_ASK) and answer):
        g.remove_npc(n)
        if n == BAILEY:
            g.add_proximity(_BAILEY_PROX)  # at 99 the game ends at once, and so does the walk
    elif kind in (NELSON_GO, NELSON_ASK):
        if answer or kind == NELSON_GO:
            g.add_alarm(1)
    elif kind != BAILEY_CHECK:  # the rest go back one room (Bailey too when the answer is no)
        if kind == CLEAR:
            for m in range(NPC_COUNT):
                if m != n and g.npc_room(m) == room:
                    g.remove_npc(m)  # face up or down alike
        dest = to or back(room)
        g.move_npc(n, dest) if dest else g.remove_npc(n)
        if kind == HARRIS_GO:
            g.add_proximity(_HARRIS_PROX)


def skip(g):
    """Ends the walk with the NPCs where they stand (the group ran them by hand): every NPC has
    checked and acted."""
    s = _walk(g)
    s[B_NPC_CHECKED] = s[B_NPC_ACTED] = (1 << NPC_COUNT) - 1


def _walk(g):
    """The game's state bytes, to write the walk's progress into: only in the NPC phase."""
    if g.s[B_PHASE] != NPC:
        raise RuleError("not the NPC phase")
    return g.s


def _where(room):
    return "secret" if room == SECRET_ROOM else "room %d" % room


def _back_line(room, lead="back: "):
    b = back(room)
    return lead + ("leaves" if not b else "a room" if room == SECRET_ROOM else "room %d" % b)


def prompt(g):
    """The current step as short lines (16 characters at most), the NPC first; () when done."""
    step = current(g)
    if not step:
        return ()
    n, kind = step
    room = g.npc_room(n)
    head = "%s, %s" % (NAMES[n], _where(room))
    if kind == LEAVE:
        return head, "at the entry:", "leaves, prox +20" if n == BAILEY else "leaves the game"
    if kind == BAILEY_CHECK:
        return head, "Loading Dock or", "Exec Elevator?", "yes: leaves +20"
    if kind == BAILEY_ASK:
        return head, "Dock/Elevator?", "yes: leaves +20", _back_line(room, "no: to ")
    if kind == CLEAR:
        return head, "clears NPCs, Lab", "Workers & Locks", _back_line(room)
    if kind == HARRIS_GO:
        return head, "wounds ops here", _back_line(room), "proximity +5"
    if kind == BACK or (kind == KENT_GO and not back(room)):
        return head, _back_line(room)
    if kind == NELSON_GO:
        return head, "wounds ops here", "alarm +1"
    if kind == NELSON_ASK:
        return head, "wounds ops here", "anyone here?", "yes: alarm +1"
    return head, _back_line(room), "new room's data", "tokens to box"
