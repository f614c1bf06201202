"""Menu: a list of places, the Form that menus share (here, not in ui.py: a game's first frame,
its setup, needs no menu)."""
from lockdown.ui import Form


class Menu(Form):
    """A list of places: ITEMS holds (label, screen name) pairs; picking one goes there.

    A screen name of None goes back; `go(name)` can be overridden for places that are not screens.
    Both knobs move the cursor.
    """
    ITEMS = ()  # type: tuple
    PROX_MOVES = True

    def layout(self):
        return tuple(name for _, name in self.ITEMS)

    def label(self, row):
        for text, name in self.ITEMS:
            if name == row:
                return text
        return ""

    def editable(self, row):
        return False

    def pick(self, row):
        self.go(row)

    def go(self, name):
        self.app.open(name)
