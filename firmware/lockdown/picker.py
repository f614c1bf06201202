"""The game picker: the games the device hosts; choosing one restarts the device into it.

The restart (`switch`) saves the game in progress, remembers the choice and starts the other
game afresh, so each game runs alone in the heap and keeps its own save. It lives here, not in
the run loop, so a game that never switches never loads it.
"""
from micropython import const

from lockdown import games
from lockdown.runloop import PICKED, boot
from lockdown.storage import not_saved
from lockdown.ui import ROW_H, ROWS, TOP, Form

_TYPING = const(False)
if _TYPING:
    from lockdown.contract import App, Session


class Picker(Form):
    app: "App[Session]"
    title = "GAMES"
    footer = "GO play   ALARM back"
    PROX_MOVES = True

    def layout(self):
        return games.GAMES

    def label(self, row):
        return games.TITLES[games.GAMES.index(row)]

    def _now(self, row):
        return self.app.session.PACKAGE.endswith("." + row)

    def hint(self):
        return "GO back to this game" if self._now(self.row()) else self.footer

    def pick(self, row):
        if self._now(row):
            self.app.close_all()
        else:
            self.app.switch_to = row

    def draw(self, fb):
        """The game running is framed, so every name stays whole ("Android: Infiltration" fills a row)."""
        super().draw(fb)
        i = games.GAMES.index(self.app.session.PACKAGE.rpartition(".")[2]) - self.top
        if 0 <= i < ROWS:
            fb.rect(0, TOP - 1 + i * ROW_H, 128, ROW_H + 1, 1)


def switch(hw, loop, now):
    """The picker chose a game: save this one, remember the choice, and start that one afresh.

    On a board that is a soft reset: main.py boots again with a clean heap, in which only the
    chosen game's modules are ever imported. Without one (the simulator) the loop boots again in
    place. Returns the new Loop.
    """
    store = loop.store
    name = loop.app.switch_to
    try:
        store.save(loop.session)
        store.write(PICKED, name)
    except OSError as e:  # the game would be lost: no switch, and the device says why
        hw.log("switch: save failed: %s" % e)
        loop.app.switch_to = None
        loop.app.flash(not_saved(e))
        return loop
    soft_reset = getattr(hw, "soft_reset", None)
    if soft_reset:
        soft_reset()
    loop.app = loop.session = None
    return boot(hw, now, name=name)
