"""The face-up cards the table has seen (face-up discards), entered as a clue is (board.py's
CardEntry): its own module, so the clue board in play leaves it out of RAM."""
from lockdown import draw
from lockdown.events import ALARM, GO
from lockdown.games.infiltraitors.rules.actions import A_SEEN
from lockdown.games.infiltraitors.screens.board import CardEntry
from lockdown.games.infiltraitors.screens.common import LETTERS, NUMS, wrap
from lockdown.ui import title_bar


class SeenCards(CardEntry):
    """Cards the table saw face up (face-up discards): no suspect can be them. GO marks the card
    dialled in, or takes it back when it is marked already."""
    clue = False

    def press(self, button):
        if button == ALARM:
            self.app.close()
        elif button == GO:
            self.app.attempt(self._mark)

    def _mark(self):
        from lockdown.games.infiltraitors.rules import fixes  # for a mark only
        t = self.session.table
        on = not t.board.is_seen(self.suit, self.number)
        self.session.act(A_SEEN, fixes.seen, t, self.suit, self.number, on)

    def make(self):
        cards = self.session.table.seen_list()
        self.lines = wrap([LETTERS[s] + NUMS[n] for s, n in cards], 3) or ["None yet"]
        self.title = "FACE-UP %d" % len(cards)

    def draw(self, fb):
        self._lists()
        title_bar(fb, self.title)
        seen = self.session.table.board.is_seen(self.suit, self.number)
        self.draw_entry(fb, "seen" if seen else "not seen")
        lines = self.lines
        for k in range(len(lines)):  # no enumerate object per frame
            draw.text(fb, lines[k], 2, 21 + 9 * k)
        draw.text(fb, "GO mark   ALARM back", 1, 57)
