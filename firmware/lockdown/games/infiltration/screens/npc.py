"""NPCs: the list of all five (hold ALARM) to add, move, flip or remove one, and the NPC phase
step drawn on the play screen, where GO confirms each step.
"""
from lockdown import draw
from lockdown.games.infiltration.rules import npc
from lockdown.events import GO
from lockdown.games.infiltration.rules.game import NPC_COUNT, SECRET_ROOM
from lockdown.games.infiltration.rules.gamelog import in_play
from lockdown.games.infiltration.rules.actions import A_NPC
from lockdown.ui import Form, title_bar


def room_name(room):
    return "secret" if room == SECRET_ROOM else "room %d" % room


class NpcList(Form):
    """The five NPCs; in the NPC phase a last row ends the walk for a group that ran it by hand."""
    title = "NPCs"

    def layout(self):
        skip = ("skip",) if npc.current(self.app.session.game) else ()
        return tuple(range(NPC_COUNT)) + skip

    def label(self, row):
        return "Skip NPC steps" if row == "skip" else npc.NAMES[row]

    def value(self, row):
        if row == "skip":
            return None
        at = self.app.session.game.npc(row)
        if not at:
            return "-"
        return ("S" if at[0] == SECRET_ROOM else "R%d" % at[0]) + (" up" if at[1] else " down")

    def editable(self, row):
        return False

    def pick(self, row):
        if row != "skip":
            self.app.open("npc", row)
        else:
            self.app.session.act(A_NPC, npc.skip, self.app.session.game)
            self.back()


class NpcEdit(Form):
    """One NPC: bring it into play in a room, face up or down; later move, flip or remove it."""

    def __init__(self, app, n):
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
    g = app.session.game
    title_bar(fb, title, "%02d %+d" % (g.proximity, g.alarm))
    lines = npc.prompt(g)
    for i, line in enumerate(lines):
        draw.text(fb, line, 2, 10 + i * 10, 1, 1)
    step = npc.current(g)
    fb.fill_rect(0, 54, 128, 10, 1)
    if step[1] in npc.QUESTIONS:
        hint = "GO yes   PROX no"
    elif len(npc.choices(g)) > 1:
        hint = "GO ok  PROX other"
    else:
        hint = "GO: done"
    draw.centre(fb, hint, 55, 0)


def press_step(app, button):
    """GO confirms the step (yes); PROX answers no, or sends another NPC in the room first."""
    s = app.session
    g = s.game
    step = npc.current(g)
    if button == GO or step[1] in npc.QUESTIONS:
        was = in_play(g)
        s.act(A_NPC, npc.confirm, g, button == GO)
        s.log.on_npc_step(g, step[0], was)
    else:
        options = npc.choices(g)
        if len(options) > 1:
            s.act(A_NPC, npc.choose, g, options[(options.index(step[0]) + 1) % len(options)])
