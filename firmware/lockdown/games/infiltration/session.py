"""A game in progress: the Game, its undo History, the Die and the game log, changed only
through actions.

Every user action goes through `act`, which records an undo entry first and drops it again if
the rules refuse the action, so a refused action leaves no trace. Only a spin of one control on
one value (`spin`, a key the screen names it by) folds into the entry before it, and only while
the detents come less than MERGE_MS apart; every other change is an undo step of its own. `changes` counts committed
actions, so the board knows when to write the save file. Rolls, dial turns and undos are also
reported to the GameLog here, so every front end keeps the same log.

The GameLog (and its module) is made on first use, not with the session, so a board with no save
draws its first frame without it; save.py is forgotten again after each dumps and loads.
"""
from micropython import const

from lockdown.ticks import diff
from lockdown.games import unload
from lockdown.session import GameSession
from lockdown.games.infiltration.rules.game import PHASE_NAMES, SECURITY, STATE_SIZE, Game, RuleError

MERGE_MS = const(1500)  # detents of one spin closer than this undo as one step
# rules/actions.py's codes, copied so that module is not imported before the first frame (a test,
# tests/test_copied_constants.py, holds them equal)
_A_ALARM = const(1)
_A_PROX = const(2)
_A_ROLL = const(4)
_A_SETUP = const(9)
_SAVE = const("lockdown.games.infiltration.save")


def _save(fn, *args):
    """save.py's `fn`: save.py (and invariants.py, logload.py, which the loader checks with) are needed only
    while a save is written or read, so their RAM comes back between saves."""
    try:
        return getattr(__import__(_SAVE, None, None, (fn,)), fn)(*args)
    finally:
        unload(_SAVE)
        unload("lockdown.games.infiltration.rules.invariants")
        unload("lockdown.games.infiltration.rules.logload")


class Session(GameSession):
    PACKAGE = "lockdown.games.infiltration"  # the game package the App finds the screens in
    STATE_SIZE = STATE_SIZE  # the undo ring's entry

    def __init__(self, entropy, game=None):
        self.game = game or Game()
        self.entropy = entropy
        self.id = 0  # this game's id, drawn at New game (0: a save from before ids)
        self._log = None  # the GameLog, made by `log` when first needed
        self.changes = 0  # committed actions so far; the board saves when this moves
        self._spin = 0  # the spin the last action was part of (0: none), and its last detent
        self._spin_at = 0
        self._fresh = False  # a new game started here and not over since (see `fresh`)

    @property
    def log(self):
        """The game log, made (and gamelog.py imported) at its first use: a new one is empty.
        Allocates nothing once it exists (Session.turn reads it on each detent)."""
        log = self._log
        if log is None:
            from lockdown.games.infiltration.rules.gamelog import GameLog
            log = self._log = GameLog()
        return log

    def act(self, code, fn, *args, arg=0, spin=0, now=0):
        """Runs fn(*args) as one undoable action (code, arg); RuleError propagates, leaving no trace.

        spin: nonzero for a detent of a knob on one value (the key names the value, e.g. which
        operative's data); it folds into the last action when that was the same spin, `now`
        (app.now) less than MERGE_MS after its previous detent, so a quick spin is one undo step.
        """
        h = self.history
        fold = bool(spin and spin == self._spin and h.count and h.last_code() == code
                    and diff(now, self._spin_at) < MERGE_MS)
        self._spin = spin
        self._spin_at = now
        if not fold:
            h.record(self.game, code, arg)
        try:
            fn(*args)
        except RuleError:
            if not fold:
                h.drop()
                self._spin = 0
            raise
        if code == _A_SETUP:  # the game before is kept, as many as the ring holds new games
            self.log.keep(self.id, self.history.codes(_A_SETUP))
            self.new_id()
        self._fresh = code == _A_SETUP or self._fresh and not self.game.over
        self.changes += 1

    def turn(self, code, delta, merge=False):
        """Moves the alarm (A_ALARM) or proximity (A_PROX) dial by `delta`."""
        g = self.game
        # not through act: no tuple or bound method per detent; the play screen times the spin
        fold = merge and self.history.count and self.history.last_code() == code
        self._spin = 0
        if not fold:
            self.history.record(g, code)
        try:
            if code == _A_ALARM:
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
        self._fresh = self._fresh and not g.over
        self.log.on_manual(g, code, moved)

    def roll(self, value=0):
        """The Security roll: the device's die, or `value` for a physical die. Returns the face."""
        if self.game.phase != SECURITY:
            raise RuleError("roll in Security")
        if not value:
            value = self.roll_die()
        before = self.game.proximity
        self.act(_A_ROLL, self.game.security, value)
        self.log.on_roll(self.game, before)
        return value

    def undo(self):
        g = self.game
        alarm, prox = g.alarm, g.proximity
        code = self.history.undo(g)
        self._spin = 0
        if code == _A_ALARM or code == _A_PROX:  # a card effect taken back leaves the log too
            self.log.on_manual(g, code, g.alarm - alarm if code == _A_ALARM else g.proximity - prox)
        if code == _A_SETUP:
            self._fresh = False
            self.id = self.log.back(self.id)
        if code:
            self.changes += 1
            self.log.sync(self.game)
        return code

    # ----- what the board's store and loop need --------------------------------------------------
    def dumps(self):
        """The save document: the game, its id and its log (save.py, imported for it and forgotten)."""
        return _save("dumps", self.game, self.log, self.id)

    def loads(self, text):
        """Loads a save document, all or nothing (SaveError, a ValueError, leaves all as it was)."""
        self.id = _save("loads", text, self.game, self.log)
        self._fresh = False
        self.history  # noqa: B018  (made now: a restored game's first detent allocates nothing)

    @property
    def over(self):
        return self.game.over

    @property
    def fresh(self):
        """A new game started here, in its first round and never over since: it replaces (and
        archives) a finished one. An undo back to round 1 is not a new game."""
        return self._fresh and self.game.round <= 1

    def status(self):
        """One line for the serial console of a board without a display."""
        g = self.game
        return "round %d, %s, proximity %02d, alarm %d" % (g.round, PHASE_NAMES[g.phase], g.proximity, g.alarm)
