"""NPCs: the list of all five (hold ALARM) to add, move, flip or remove one, and the NPC phase
step drawn on the play screen, where GO confirms each step; a step that wounds or leaves the
secret room first opens its details (NpcStep), and GO there confirms it.
"""
from micropython import const

from lockdown import draw
from lockdown.events import GO
from lockdown.games.infiltration.rules.game import INSIDE, LAST_ROOM, NPC_COUNT, SECRET_ROOM, WOUNDED
from lockdown.games.infiltration.rules.gamelog import in_play
from lockdown.games.infiltration.rules.actions import A_NPC
from lockdown.games.infiltration.rules.helpers import op_name
from lockdown.ui import Form, title_bar

_TYPING = const(False)
if _TYPING:
    from lockdown.contract import App
    from lockdown.games.infiltration.session import Session


def _walk():
    """rules/npc.py, imported where it is used, never kept here: the rules forget it when the NPC
    phase ends, and a copy held by this module would live on beside the next phase's."""
    from lockdown.games.infiltration.rules import npc
    return npc


def room_name(room):
    return "secret" if room == SECRET_ROOM else "room %d" % room


class NpcList(Form):
    """The five NPCs; in the NPC phase a last row ends the walk for a group that ran it by hand."""
    app: "App[Session]"
    title = "NPCs"
    PROX_MOVES = True

    def layout(self):
        npc = _walk()
        skip = ("skip",) if npc.current(self.app.session.game) else ()
        return tuple(range(NPC_COUNT)) + skip

    def label(self, row):
        npc = _walk()
        return "Skip NPC steps" if row == "skip" else npc.NAMES[row]

    def value(self, row):
        if row == "skip":
            return None
        at = self.app.session.game.npc(row)
        if not at:
            return "-"
        return ("S" if at[0] == SECRET_ROOM else "R%d" % at[0]) + (" up" if at[1] else " down")

    def pick(self, row):
        npc = _walk()
        if row != "skip":
            self.app.open("npc", row)
        else:
            self.app.session.act(A_NPC, npc.skip, self.app.session.game)
            self.back()


class NpcEdit(Form):
    """One NPC: bring it into play in a room, face up or down; later move, flip or remove it."""
    app: "App[Session]"

    def __init__(self, app, n):
        npc = _walk()
        super().__init__(app)
        self.n = n
        self.title = npc.NAMES[n].upper()
        at = app.session.game.npc(n)
        self.room, self.up = at if at else (1, True)

    def _in_play(self):
        return self.app.session.game.npc(self.n) is not None

    def layout(self):
        return ("room", "face", "play")

    def label(self, row):
        if row == "play":
            return "Remove from game" if self._in_play() else "Bring into play"
        return "Room" if row == "room" else "Face"

    def value(self, row):
        if row == "room":
            return room_name(self.room)
        if row == "face":
            return "up" if self.up else "down"
        return None

    def change(self, row, d):
        """Room: one room a detent. Face: clockwise up, anticlockwise down."""
        g = self.app.session.game
        s = self.app.session
        if row == "room":
            self.room = min(max(self.room + d, 1), SECRET_ROOM)
            if self._in_play():
                s.act(A_NPC, g.move_npc, self.n, self.room, spin=1 + self.n, now=self.app.now)
        elif (d > 0) != self.up:
            self.up = d > 0
            if self._in_play():
                s.act(A_NPC, g.flip_npc, self.n)

    def pick(self, row):
        npc = _walk()
        g = self.app.session.game
        s = self.app.session
        if row == "face":
            self.change(row, -1 if self.up else 1)
        elif row == "room":
            self.change(row, 1)
        elif self._in_play():
            s.act(A_NPC, g.remove_npc, self.n)
            self.app.flash(npc.NAMES[self.n] + " removed")
            self.back()
        else:
            s.act(A_NPC, g.set_npc, self.n, self.room, self.up)
            self.app.flash(npc.NAMES[self.n] + " in play")
            self.back()


def draw_step(fb, app, title):
    """The NPC phase on the play screen: the current step's prompt, GO to confirm it."""
    npc = _walk()
    g = app.session.game
    title_bar(fb, title, "%02d %+d" % (g.proximity, g.alarm))
    lines = npc.prompt(g)
    for i, line in enumerate(lines):
        draw.text(fb, line, 2, 10 + i * 10, 1, 1)
    step = npc.current(g)
    assert step  # the play screen draws the step only while there is one (its _npc_step)
    fb.fill_rect(0, 54, 128, 10, 1)
    if step[1] in npc.QUESTIONS:
        hint = "GO yes   PROX no"
    elif len(npc.choices(g)) > 1:
        hint = "GO ok  PROX other"
    elif npc.wounds(g):
        hint = "GO: who is wounded"
    elif npc.asks_room(g):
        hint = "GO: pick the room"
    else:
        hint = "GO: done"
    draw.centre(fb, hint, 55, 0)


def press_step(app, button):
    """GO confirms the step (yes); PROX answers no, or sends another NPC in the room first.
    A step that wounds, or moves an NPC out of the secret room, opens its details first."""
    npc = _walk()
    g = app.session.game
    step = npc.current(g)
    assert step  # the play screen sends presses here only while there is a step
    if button == GO or step[1] in npc.QUESTIONS:
        answer = button == GO
        if npc.wounds(g, answer) or npc.asks_room(g, answer):
            app.open("npc_step", answer)
        else:
            run_step(app, answer)
    else:
        options = npc.choices(g)
        if len(options) > 1:
            app.session.act(A_NPC, npc.choose, g, options[(options.index(step[0]) + 1) % len(options)])


def run_step(app, answer, to=0, hit=0):
    """The current step as one undo step, with the NPCs it took out of play logged."""
    npc = _walk()
    s = app.session
    g = s.game
    step = npc.current(g)
    assert step  # run from the step on the play screen or its NpcStep: there is one
    n = step[0]
    was = in_play(g)
    s.act(A_NPC, npc.confirm, g, answer, to, hit)
    s.log.on_npc_step(g, n, was)


class NpcStep(Form):
    """The details of one NPC step, confirmed with it as one action (one undo): who it wounded
    in its room (a row per operative inside and not yet wounded: PROX clockwise yes), and the
    room an NPC leaving the secret room goes to. GO confirms; ALARM goes back to the step."""
    app: "App[Session]"
    footer = "GO confirm ALARM back"

    def __init__(self, app, answer=True):
        npc = _walk()
        g = app.session.game
        step = npc.current(g)
        assert step  # opened by press_step, for the current step
        self.n = step[0]
        self.answer = answer
        self.hit = 0  # bit op: wounded by this step
        self.to = LAST_ROOM
        self.title = "%s, %s" % (npc.NAMES[self.n], room_name(g.npc_room(self.n)))
        super().__init__(app)

    def layout(self):
        npc = _walk()
        g = self.app.session.game
        rows = []  # type: list
        if npc.wounds(g, self.answer):
            rows = [("hit", op) for op in range(g.ops) if g.status(op) == INSIDE and not g.has(op, WOUNDED)]
        if npc.asks_room(g, self.answer):
            rows.append("to")
        return tuple(rows) + ("ok",)

    def label(self, row):
        if row == "to":
            return "Goes to"
        if row == "ok":
            return "Confirm step"
        return op_name(self.app.session.game, row[1]) + " wounded"

    def value(self, row):
        if row == "to":
            return room_name(self.to)
        if row == "ok":
            return None
        return "yes" if self.hit >> row[1] & 1 else "no"

    def change(self, row, d):
        """Wounded: clockwise yes, anticlockwise no. Room: one a detent, 1 to 12."""
        if row == "to":
            self.to = min(max(self.to + d, 1), LAST_ROOM)
            return
        bit = 1 << row[1]
        self.hit = (self.hit | bit) if d > 0 else (self.hit & ~bit)

    def pick(self, row):
        if row == "ok":
            self._confirm()
        elif row == "to":
            self.change(row, 1)
        else:
            self.change(row, -1 if self.hit >> row[1] & 1 else 1)

    def press(self, button):
        if button == GO:
            self.act(self._confirm)
        else:
            super().press(button)

    def _confirm(self):
        npc = _walk()
        app = self.app
        run_step(app, self.answer, self.to if npc.asks_room(app.session.game, self.answer) else 0, self.hit)
        app.close()
