"""The game picker: the games the device hosts; choosing one restarts the device into it.

The restart (runloop.switch) saves the game in progress, remembers the choice and starts the
other game afresh, so each game runs alone in the heap and keeps its own save.
"""
from lockdown import games
from lockdown.ui import Form


class Picker(Form):
    title = "GAMES"
    footer = "GO play   ALARM back"
    PROX_MOVES = True

    def layout(self):
        return games.GAMES

    def label(self, row):
        return games.TITLES[games.GAMES.index(row)]

    def value(self, row):
        return "now" if self.app.session.PACKAGE.endswith("." + row) else None

    def pick(self, row):
        if self.app.session.PACKAGE.endswith("." + row):
            self.app.close_all()
        else:
            self.app.switch_to = row
