"""A game in progress: the Game, its undo History, the Die and the game log, changed only
through actions.

Every user action goes through `act`, which records an undo entry first and drops it again if
the rules refuse the action, so a refused action leaves no trace. `changes` counts committed
actions, so the board knows when to write the save file. Rolls, dial turns and undos are also
reported to the GameLog here, so every front end keeps the same log.
"""
from lockdown.dice import Die
from lockdown.games.infiltration.rules.game import PHASE_NAMES, SECURITY, STATE_SIZE, Game, RuleError
from lockdown.games.infiltration.rules.gamelog import GameLog
from lockdown.games.infiltration.rules.save import dumps, loads
from lockdown.history import History
from lockdown.games.infiltration.rules.actions import A_ALARM, A_ROLL


class Session:
    PACKAGE = "lockdown.games.infiltration"  # the game package the App finds the screens in

    def __init__(self, entropy, game=None):
        self.game = game or Game()
        self.history = History(STATE_SIZE)
        self.die = Die(entropy)
        self.log = GameLog()
        self.forced = 0  # a die face the next device roll shows (simulator scripts, tests)
        self.changes = 0  # committed actions so far; the board saves when this moves

    def act(self, code, method, *args, merge=False):
        """Runs method(*args) as one undoable action; RuleError propagates, leaving no trace.

        merge=True folds it into the previous action when that had the same code, so a quick
        spin of a knob is undone in one step.
        """
        fold = self._begin(code, merge)
        try:
            method(*args)
        except RuleError:
            if not fold:
                self.history.drop()
            raise
        self.changes += 1

    def _begin(self, code, merge):
        """Records the undo entry for an action, unless it folds into the last one; says which."""
        fold = merge and self.history.count and self.history.last_code() == code
        if not fold:
            self.history.record(self.game, code)
        return fold

    def turn(self, code, delta, merge=False):
        """Moves the alarm (A_ALARM) or proximity (A_PROX) dial by `delta`."""
        g = self.game
        fold = self._begin(code, merge)  # not through act: no tuple or bound method per detent
        try:
            if code == A_ALARM:
                before = g.alarm
                g.add_alarm(delta)
                moved = g.alarm - before
            else:
                before = g.proximity
                g.add_proximity(delta)
                moved = g.proximity - before
        except RuleError:
            if not fold:
                self.history.drop()
            raise
        self.changes += 1
        self.log.on_manual(g, code, moved)

    def roll(self, value=0):
        """The Security roll: the device's die, or `value` for a physical die. Returns the face."""
        if self.game.phase != SECURITY:
            raise RuleError("roll in Security")
        if not value:
            value = self.forced or self.die.roll()
            self.forced = 0
        before = self.game.proximity
        self.act(A_ROLL, self.game.security, value)
        self.log.on_roll(self.game, before)
        return value

    def undo(self):
        code = self.history.undo(self.game)
        if code:
            self.changes += 1
            self.log.sync(self.game)
        return code

    # ----- what the board's store and loop need --------------------------------------------------
    def dumps(self):
        """The save document: the game and its log."""
        return dumps(self.game, self.log)

    def loads(self, text):
        """Loads a save document, all or nothing (SaveError, a ValueError, leaves all as it was)."""
        loads(text, self.game, self.log)

    @property
    def over(self):
        return self.game.over

    @property
    def fresh(self):
        """A new game not yet past its first round: it replaces (and archives) a finished one."""
        return self.game.round <= 1 and not self.game.over

    def status(self):
        """One line for the serial console of a board without a display."""
        g = self.game
        return "round %d, %s, proximity %02d, alarm %d" % (g.round, PHASE_NAMES[g.phase], g.proximity, g.alarm)
