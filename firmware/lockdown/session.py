"""What every game's Session shares, so that each game keeps the device's promises by using it.

A game's Session subclasses GameSession and supplies only its rules and its checks:
- `state`: the object the undo ring snapshots (copy_into(buf, at) / restore_from(buf, at), of
  STATE_SIZE bytes);
- modules of its package that the session imports for a moment and forgets after (`part`), so
  that what only a save or the undo screen needs is not in RAM from boot: describe.py's
  `describe(code, arg)` (an undo step in a few words: "Shot at S2 (wrong)"); save.py's
  `dumps(session)` (the fields in lockdown/savefile.py's envelope, `write`) and `status(session)`
  (the console's line after a save); load.py's `loads(session, text)` (savefile's `read`, the
  game's checks, then `loaded`). The save's name, version and field names are theirs.

The core then owns:
- `act(code, fn, *args, arg=0)`: every change is one undo step that names itself. The state is
  copied into the ring's spare slot, fn(*args) runs, and only when it returns is the step kept;
  a RuleError (the refusal, with its reason) puts the copy back, so a refused action changes
  nothing even where a rule had begun to change the state. `undo()`, `undo_name()`.
- the save (`dumps`, `loads`): the envelope, all or nothing (lockdown/savefile.py), the modules
  forgotten again after each. A new game draws its id (`new_id`): the archive keeps a
  finished game once by its id (lockdown/archive.py), whatever undos, restarts or cuts happen.
- game time: the App calls `tick(now)` on every pass, whatever screen is on top.
The undo ring (history.py) and the die (dice.py) are made at their first use: a board that boots
to a setup screen has neither in RAM before the first frame. The class is kept small on purpose:
every game has it in RAM from boot.
"""
from micropython import const

from lockdown.games import unload

_TYPING = const(False)
if _TYPING:
    from lockdown.contract import Entropy

REDRAW = const(1)  # tick(): the game changed with time, draw a frame
ALERT = const(2)  # tick(): something the table must see now (time up): the screensaver wakes too


class RuleError(ValueError):
    """An action the rules refuse now; the message says why, in a few words the screen shows."""


class SaveError(ValueError):
    """A save that cannot be loaded; the message says why (the store shows it and keeps the file).
    Here, not in savefile.py, which is forgotten between saves: one class for every catcher."""


class GameSession:
    """The Session sets PACKAGE (the game package the App finds the screens and the save in),
    STATE_SIZE (the bytes of one undo entry), `entropy` (n -> n random bytes, like os.urandom)
    and `state`: declared here for the type check only, as a value for each would take RAM in
    every game from boot."""
    PACKAGE: str
    STATE_SIZE: int
    entropy: "Entropy"
    state: object
    changes = 0  # committed actions so far; the board saves when this moves
    id = 0  # this game's id, drawn at each new game (0: none yet)
    forced = 0  # a die face the next roll_die() shows (the script's `die N`, tests), then 0 again
    busy_ms = 0  # board time the last tick's work stands for (the device thinking): the simulator charges it
    _history = None
    _die = None

    @property
    def history(self):
        h = self._history
        if h is None:
            from lockdown.history import History
            h = self._history = History(self.STATE_SIZE)
        return h

    @property
    def die(self):
        d = self._die
        if d is None:
            from lockdown.dice import Die
            d = self._die = Die(self.entropy)
        return d

    def roll_die(self):
        """The device's die: the face `forced` asks for, once, else a fair roll."""
        v = self.forced or self.die.roll()
        self.forced = 0
        return v

    def act(self, code, fn, *args, arg=0):
        """fn(*args) as one undo step named by (code, arg); a RuleError propagates, nothing changed."""
        h = self.history
        st = self.state
        h.begin(st)
        try:
            r = fn(*args)
        except RuleError:
            h.abort(st)
            raise
        h.commit(code, arg)
        self.changes += 1
        return r

    def undo(self):
        """Takes back the last step; returns its code, 0 when there was none."""
        code = self.history.undo(self.state)
        if code:
            self.changes += 1
        return code

    def can_undo(self):
        return self.history.count > 0

    def undo_name(self) -> str:
        """What an undo would take back, in words ("" when nothing)."""
        h = self.history
        return self.describe(h.last_code(), h.last_arg()) if h.count else ""

    def describe(self, code, arg) -> str:
        """An undo step in a few words: the game's describe.py's."""
        return self.part("describe", "describe", code, arg)

    def new_id(self):
        """A new game's id (1..65535), so the archive keeps a finished game once."""
        b = self.entropy(2)
        self.id = (b[0] << 8 | b[1]) or 1

    def tick(self, now) -> int:
        """Game time passing (a clock, the device's thinking): 0, REDRAW or ALERT."""
        return 0

    def ahead(self):
        """Work done before it is needed, a step a call (the device's search made ahead): the App
        calls it after a tick that spent no game time, once closed screens' modules are forgotten
        (so what it brings in never sits beside them)."""

    def dumps(self):
        """The save text: the game's save.py writes it."""
        return self.part("save", "dumps", self)

    def loads(self, text):
        """Loads a save, all or nothing (the game's load.py): a SaveError leaves the session as it
        was."""
        self.part("load", "loads", self, text)

    def status(self) -> str:
        """One line for the console after each save: the game's save.py's."""
        return self.part("save", "status", self)

    def part(self, module, fn, *args):
        """fn(*args) of a module of the game's package imported for it (save.py, load.py,
        describe.py, a refusal's reason) and forgotten after, with the save format it may have
        imported (save.py, lockdown/savefile.py), so that their RAM comes back."""
        p = self.PACKAGE + "."
        try:
            return getattr(__import__(p + module, None, None, (fn,)), fn)(*args)
        finally:
            unload(p + module)
            unload(p + "save")
            unload("lockdown.savefile")
