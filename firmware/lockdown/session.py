"""What every game's Session shares, so that each game keeps the device's promises by using it.

A game's Session subclasses GameSession and supplies only its rules and its checks:
- `state`: the object the undo ring snapshots (copy_into(buf, at) / restore_from(buf, at), of
  STATE_SIZE bytes), `ACTIONS` (the name of each action code) and `describe(code, arg)` (an undo
  step in a few words, "Shot at S2 (wrong)"; by default the action's name);
- `NAME`, `VERSION`, `FIELDS` (its save's named fields), `fields()` and `load_fields(doc)`, which
  accepts exactly the states its play can reach (fields checked against each other) or raises
  SaveError before changing anything; `upgrade(doc)` turns an older save into today's fields.

The core then owns:
- `act(code, fn, *args, arg=0)`: every change is one undo step that names itself. The state is
  copied into the ring's spare slot, fn(*args) runs, and only when it returns is the step kept;
  a RuleError (the refusal, with its reason) puts the copy back, so a refused action changes
  nothing even where a rule had begun to change the state. `undo()`, `undo_name()`.
- the save's envelope: {"game", "v", "id", and the game's fields}; `loads` is all or nothing and
  refuses a field too many or too few. A new game draws its id (`new_id`): the archive keeps a
  finished game once by its id (lockdown/archive.py), whatever undos, restarts or cuts happen.
- game time: the App calls `tick(now)` on every pass, whatever screen is on top.
The undo ring (history.py) and the die (dice.py) are made at their first use: a board that boots
to a setup screen has neither in RAM before the first frame.
"""
from micropython import const

REDRAW = const(1)  # tick(): the game changed with time, draw a frame
ALERT = const(2)  # tick(): something the table must see now (time up): the screensaver wakes too


class RuleError(ValueError):
    """An action the rules refuse now; the message says why, in a few words the screen shows."""


class SaveError(ValueError):
    """A save that cannot be loaded; the message says why (the store shows it, keeps the file)."""


def field_int(doc, name, lo, hi):
    """doc[name] when it is an int (not a bool, not a float) from lo to hi, else SaveError."""
    v = doc.get(name)
    if type(v) is not int or not lo <= v <= hi:
        raise SaveError("bad " + name)
    return v


class GameSession:
    PACKAGE = ""  # the game package the App finds the screens in
    NAME = ""  # the save's "game"
    VERSION = 1  # the save's "v"
    FIELDS = ()  # the save's named fields, besides game, v and id
    STATE_SIZE = 0  # bytes of one undo entry
    ACTIONS = ("",)  # action code -> its name
    entropy = None  # type: ignore  # n -> n random bytes, like os.urandom: set by the Session
    state = None  # type: ignore  # what the undo ring snapshots: set (or a property) in the Session
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

    # ---- changes and undo ------------------------------------------------------------------------
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

    def undo_lines(self):
        """Up to three more lines the undo screen shows (what the step changed); none by default."""
        return ()

    def describe(self, code, arg):
        return self.ACTIONS[code]

    def new_id(self):
        """A new game's id (1..65535), so the archive keeps a finished game once."""
        b = self.entropy(2)
        self.id = (b[0] << 8 | b[1]) or 1

    # ---- time ------------------------------------------------------------------------------------
    def tick(self, now) -> int:
        """Game time passing (a clock, the device's thinking): 0, REDRAW or ALERT."""
        return 0

    # ---- the save --------------------------------------------------------------------------------
    def fields(self):
        """The game's named fields (a dict): the save holds these and the envelope."""
        return {}

    def load_fields(self, doc):
        """Takes a save's fields (all present, no others) when they are a state play can reach;
        SaveError otherwise, before anything changes."""

    def upgrade(self, doc):
        """An older save's document in today's form (a game with older formats overrides it)."""
        return doc

    def dumps(self):
        import json
        doc = self.fields()
        doc["game"] = self.NAME
        doc["v"] = self.VERSION
        doc["id"] = self.id
        return json.dumps(doc)

    def loads(self, text):
        """Loads a save, all or nothing: a SaveError leaves the session as it was."""
        import json
        try:
            doc = json.loads(text)
        except ValueError:
            raise SaveError("not JSON")
        if type(doc) is not dict:
            raise SaveError("not a save")
        doc = self.upgrade(doc)
        if doc.get("game") != self.NAME or doc.get("v") != self.VERSION:
            raise SaveError("not a %s save" % self.NAME)
        ident = field_int(doc, "id", 0, 0xFFFF)
        if len(doc) != len(self.FIELDS) + 3:
            raise SaveError("unknown fields")
        for name in self.FIELDS:
            if name not in doc:
                raise SaveError("no " + name)
        self.load_fields(doc)
        self.id = ident
        if self._history is not None:
            self._history.clear()
        self.changes += 1
