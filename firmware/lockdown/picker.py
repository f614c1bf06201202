"""The game picker: the games the device hosts; choosing one restarts the device into it.

The restart (runloop.switch) saves the game in progress, remembers the choice and starts the
other game afresh, so each game runs alone in the heap and keeps its own save.
"""
from lockdown import games
from lockdown.ui import Form


class Picker(Form):
    title = "GAMES"
    footer = "GO play   ALARM back"

    def count(self):
        return len(games.GAMES)

    def label(self, i):
        return games.TITLES[i]

    def value(self, i):
        return "now" if self.app.session.PACKAGE == "lockdown.games." + games.GAMES[i] else None

    def editable(self, i):
        return False

    def pick(self, i):
        name = games.GAMES[i]
        if self.app.session.PACKAGE.endswith("." + name):
            self.app.close_all()
        else:
            self.app.switch_to = name
