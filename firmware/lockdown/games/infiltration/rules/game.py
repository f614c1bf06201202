"""The whole game state of Android: Infiltration and every rule that changes it.

The state lives in one small bytearray with a fixed layout (the offsets below). That keeps a
6-player game in well under 100 bytes, lets undo copy it into a preallocated ring without
allocating, and makes "undo restores the exact previous state" true by construction.
The layout is sealed in this module: the NPC walk, the save format, the log and the screens use
the named methods below, so the bytes can change without them (tests/test_sealed_state.py).
Nothing here touches hardware, a clock or a random source: callers pass the die value in.
"""
from micropython import const

from lockdown.session import RuleError  # noqa: F401  (the core's: every game refuses the same way)

# Dials
PROX_MAX = const(99)
ALARM_MIN = const(-1)
ALARM_MAX = const(8)

# Phases, in play order; SETUP before the first round, OVER after the end.
SETUP = const(0)
SELECTION = const(1)
RESOLUTION = const(2)
NPC = const(3)
SECURITY = const(4)
OVER = const(5)
PHASE_NAMES = ("setup", "selection", "resolution", "npc", "security", "game_over")
WALK = "lockdown.games.infiltration.rules.npc"  # the NPC phase's walk: in RAM only during that phase

# Operative status
INSIDE = const(0)
ESCAPED = const(1)
CAPTURED = const(2)
STATUS_NAMES = ("inside", "escaped", "captured")

# Operative flag bits (status is the low two bits)
STATUS_MASK = const(0x03)
WOUNDED = const(0x04)
DELAYED = const(0x08)
BLACKMAIL = const(0x10)  # the Compromising / Blackmail File: release when captured, tie-break
PROTOTYPE = const(0x20)  # the Prototype card: first tie-break

# Game flags
TWO_PLAYER = const(0x01)  # two players, two operatives each
PHYSICAL_DIE = const(0x02)  # the group rolls its own die and enters it
ROLLED = const(0x04)  # the Security roll of this round is done
LOCKDOWN = const(0x08)  # the game ended because proximity reached 99
PASS_SKIPS_ESCAPED = const(0x10)  # first player passes over players with nobody inside (default)
NELSON_ALWAYS = const(0x20)  # Officer Nelson raises the alarm with nobody in his room (default)
CHECK_AT_START = const(0x40)  # NPC leave checks use rooms at the start of the phase (default)
EXTRACT = const(0x80)  # the Extract variant: shares worked out at the end of Resolution
_DEFAULT_FLAGS = const(0x70)
_SETTING_FLAGS = const(0xF0)

MIN_PLAYERS = const(2)
MAX_PLAYERS = const(6)
MAX_OPS = const(6)
NPC_COUNT = const(5)
NPC_NAMES = ("CSX-13", "Harris", "Bailey", "Nelson", "Kent")
SECRET_ROOM = const(13)
LAST_ROOM = const(12)
NPC_FACE_UP = const(0x80)
NPC_ROOM = const(0x0F)

# Byte layout of the state
B_PROX = const(0)
B_ALARM = const(1)  # stored as alarm + 1, so -1..8 is 0..9
B_ROUND = const(2)
B_PHASE = const(3)
B_FIRST = const(4)
B_PLAYERS = const(5)
B_FLAGS = const(6)
B_ALARM_START = const(7)  # stored + 1
B_DIE = const(8)  # this round's roll, 0 before it
B_OPS = const(9)  # MAX_OPS operatives of 3 bytes: flags, data total, token count
OP_SIZE = const(3)
B_NPCS = const(27)  # NPC_COUNT bytes: 0 = not in play, else room | NPC_FACE_UP
# The NPC phase walk (npc.py): bit n of each mask set once NPC n did that step this phase.
# All three are 0 outside the NPC phase (and a game that ended in it).
B_NPC_CHECKED = const(32)  # made its leave check (CHECK_AT_START)
B_NPC_ACTED = const(33)  # acted (or left)
B_NPC_NEXT = const(34)  # 1 + the NPC the first player sends next in its room; 0: by NPC number
STATE_SIZE = const(35)

# Why the game ended, for the end screen
_END_NONE = const(0)
END_ESCAPED = const(1)
END_LOCKDOWN = const(2)


class Game:
    """One game. Read it through the properties; change it only through the action methods."""

    def __init__(self, players=4, two_player=False, alarm_start=0, physical_die=False):
        self.s = bytearray(STATE_SIZE)
        self.setup(players, two_player, alarm_start, physical_die)

    # ----- setup -------------------------------------------------------------------------------
    def setup(self, players=4, two_player=False, alarm_start=0, physical_die=False, first=0):
        """Starts a new game before round 1. Settings flags carry over from the previous game."""
        if not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise RuleError("2 to 6 players")
        if two_player and players != 2:
            raise RuleError("2-op game needs 2 players")
        if alarm_start not in (-1, 0, 1):
            raise RuleError("alarm starts -1, 0 or +1")
        if not 0 <= first < players:
            raise RuleError("no such player")
        s = self.s
        settings = s[B_FLAGS] & _SETTING_FLAGS if s[B_PLAYERS] else _DEFAULT_FLAGS
        for i in range(STATE_SIZE):
            s[i] = 0
        s[B_PLAYERS] = players
        s[B_FLAGS] = settings | (TWO_PLAYER if two_player else 0) | (PHYSICAL_DIE if physical_die else 0)
        s[B_ALARM] = s[B_ALARM_START] = alarm_start + 1
        s[B_FIRST] = first
        s[B_PHASE] = SETUP

    def start(self):
        """Ends setup: round 1 begins with its Selection phase."""
        if self.phase != SETUP:
            raise RuleError("game already started")
        self.s[B_ROUND] = 1
        self.s[B_PHASE] = SELECTION

    # ----- reading -----------------------------------------------------------------------------
    @property
    def proximity(self):
        return self.s[B_PROX]

    @property
    def alarm(self):
        return self.s[B_ALARM] - 1

    @property
    def alarm_start(self):
        return self.s[B_ALARM_START] - 1

    @property
    def round(self):
        return self.s[B_ROUND]

    @property
    def phase(self):
        return self.s[B_PHASE]

    @property
    def first_player(self):
        return self.s[B_FIRST]

    @property
    def players(self):
        return self.s[B_PLAYERS]

    @property
    def die(self):
        """This round's Security roll, 0 before it."""
        return self.s[B_DIE]

    def flag(self, bit):
        return bool(self.s[B_FLAGS] & bit)

    @property
    def two_player(self):
        return self.flag(TWO_PLAYER)

    @property
    def over(self):
        return self.s[B_PHASE] == OVER

    @property
    def ops(self):
        """Number of operatives: one per player, or two each in the two-player game."""
        return 4 if self.s[B_FLAGS] & TWO_PLAYER else self.s[B_PLAYERS]

    def owner(self, op):
        """The player who runs operative `op`."""
        return op >> 1 if self.s[B_FLAGS] & TWO_PLAYER else op

    def status(self, op):
        return self.s[B_OPS + op * OP_SIZE] & STATUS_MASK

    def has(self, op, bit):
        return bool(self.s[B_OPS + op * OP_SIZE] & bit)

    def data(self, op):
        return self.s[B_OPS + op * OP_SIZE + 1]

    def tokens(self, op):
        return self.s[B_OPS + op * OP_SIZE + 2]

    def npc(self, n):
        """(room, face_up) of NPC n, or None when it is not in play."""
        v = self.s[B_NPCS + n]
        return (v & NPC_ROOM, bool(v & NPC_FACE_UP)) if v else None

    def npc_room(self, n):
        """NPC n's room, 0 when it is not in play (npc() without the tuple, for the NPC walk)."""
        return self.s[B_NPCS + n] & NPC_ROOM

    def end_reason(self):
        if not self.over:
            return _END_NONE
        return END_LOCKDOWN if self.s[B_FLAGS] & LOCKDOWN else END_ESCAPED

    # ----- the Security Tracker ---------------------------------------------------------------
    def set_proximity(self, value):
        """Sets the proximity dial (clamped to 0..99); reaching 99 is lockdown, whatever the cause."""
        self._check_playing()
        self.s[B_PROX] = min(max(value, 0), PROX_MAX)
        if self.s[B_PROX] == PROX_MAX:
            self._lockdown()

    def add_proximity(self, delta):
        self.set_proximity(self.s[B_PROX] + delta)

    def set_alarm(self, value):
        self._check_playing()
        self.s[B_ALARM] = min(max(value, ALARM_MIN), ALARM_MAX) + 1  # clamped to -1..8

    def add_alarm(self, delta):
        self.set_alarm(self.alarm + delta)

    def security(self, die):
        """The Security phase roll: proximity goes up by die + alarm (at least 0)."""
        if self.phase != SECURITY:
            raise RuleError("roll in Security")
        if self.s[B_FLAGS] & ROLLED:
            raise RuleError("already rolled")
        if not 1 <= die <= 6:
            raise RuleError("die is 1 to 6")
        self.s[B_DIE] = die
        self.s[B_FLAGS] |= ROLLED
        self.add_proximity(die + self.alarm)

    # ----- the round ---------------------------------------------------------------------------
    def next_phase(self):
        """Selection -> Resolution -> NPC -> Security -> next round's Selection.

        The NPC phase ends only once its walk (npc.py) is done or skipped, so no NPC is forgotten.
        """
        p = self.phase
        if p == SETUP:
            self.start()
        elif p == OVER:
            raise RuleError("game is over")
        elif p == SECURITY:
            s = self.s
            if not s[B_FLAGS] & ROLLED:
                raise RuleError("roll first")
            s[B_ROUND] = min(s[B_ROUND] + 1, 255)  # a new round
            s[B_DIE] = 0
            s[B_FLAGS] &= ~ROLLED & 0xFF
            s[B_FIRST] = self.next_first_player()
            s[B_PHASE] = SELECTION
        elif p == NPC:
            from lockdown.games.infiltration.rules.npc import current  # here, not at the top: npc.py imports this module
            if current(self):
                raise RuleError("NPCs still to go")
            self.s[B_NPC_CHECKED] = self.s[B_NPC_ACTED] = self.s[B_NPC_NEXT] = 0
            self.s[B_PHASE] = SECURITY
            from lockdown.games import unload
            unload(WALK)  # the walk's code leaves RAM until the next NPC phase (imported in functions only, never held)
        else:
            if p == SELECTION:  # the delays of this Selection are spent
                for op in range(self.ops):
                    self._set_op_bit(op, DELAYED, False)
            self.s[B_PHASE] = p + 1

    def next_first_player(self):
        """The player left of the first player, passing over those with nobody inside (a setting)."""
        n = self.players
        p = self.first_player
        for _ in range(n):
            p = (p + 1) % n
            if not self.s[B_FLAGS] & PASS_SKIPS_ESCAPED or self.player_inside(p):
                return p
        return (self.first_player + 1) % n

    def set_first_player(self, player):
        if not 0 <= player < self.players:
            raise RuleError("no such player")
        self.s[B_FIRST] = player

    def player_inside(self, player):
        """True while any of the player's operatives is still in the facility."""
        for op in range(self.ops):
            if self.owner(op) == player and self.status(op) == INSIDE:
                return True
        return False

    # ----- operatives --------------------------------------------------------------------------
    def _check_op(self, op):
        if not 0 <= op < self.ops:
            raise RuleError("no such operative")

    def _set_op_bit(self, op, bit, on):
        self._check_op(op)
        i = B_OPS + op * OP_SIZE
        self.s[i] = (self.s[i] | bit) if on else (self.s[i] & ~bit & 0xFF)

    def set_wounded(self, op, on=True):
        self._check_playing()
        self._set_op_bit(op, WOUNDED, on)

    def set_delayed(self, op, on=True):
        self._check_playing()
        self._set_op_bit(op, DELAYED, on)

    def set_card(self, op, bit, on=True):
        """Marks the Prototype or the Blackmail File as held (they count at the end)."""
        if bit not in (PROTOTYPE, BLACKMAIL):
            raise RuleError("not a scoring card")
        self._set_op_bit(op, bit, on)

    def may_move(self, op):
        """A delayed operative may not pick Advance or Retreat in the Selection phase."""
        self._check_op(op)
        return self.status(op) == INSIDE and not self.has(op, DELAYED)

    def resolve_move(self, op):
        """An operative resolved Advance or Retreat: a wounded one becomes delayed."""
        self._check_playing()
        self._check_op(op)
        if self.has(op, WOUNDED):
            self._set_op_bit(op, DELAYED, True)

    def escape(self, op):
        """The operative retreated out of the entry room. Everyone out ends the game."""
        self._check_playing()
        self._check_op(op)
        i = B_OPS + op * OP_SIZE
        self.s[i] = (self.s[i] & ~STATUS_MASK & 0xFF) | ESCAPED
        for o in range(self.ops):
            if self.status(o) == INSIDE:
                return
        self.s[B_PHASE] = OVER

    def set_score(self, op, data, tokens):
        """Enters an operative's data total (tokens plus card bonuses) and token count."""
        self._check_op(op)
        if not (0 <= data <= 255 and 0 <= tokens <= 255):
            raise RuleError("0 to 255")
        i = B_OPS + op * OP_SIZE
        self.s[i + 1] = data
        self.s[i + 2] = tokens

    def _lockdown(self):
        s = self.s
        s[B_FLAGS] |= LOCKDOWN
        s[B_PHASE] = OVER
        for op in range(self.ops):
            i = B_OPS + op * OP_SIZE
            if s[i] & STATUS_MASK == INSIDE:
                s[i] = (s[i] & ~STATUS_MASK & 0xFF) | CAPTURED

    def _check_playing(self):
        if self.s[B_PHASE] == OVER:
            raise RuleError("game is over")

    # ----- NPCs (the NPC phase itself lives in npc.py) ------------------------------------------
    def set_npc(self, n, room, face_up=True):
        """Puts NPC n in a room (1..12, or 13 for the secret room); room 0 takes it out of play."""
        if not 0 <= n < NPC_COUNT:
            raise RuleError("no such NPC")
        if not 0 <= room <= SECRET_ROOM:
            raise RuleError("room 1 to 12 or secret")
        self.s[B_NPCS + n] = (room | (NPC_FACE_UP if face_up else 0)) if room else 0

    def _npc_in_play(self, n):
        if not 0 <= n < NPC_COUNT:
            raise RuleError("no such NPC")
        if not self.s[B_NPCS + n]:
            raise RuleError("NPC not in play")

    def flip_npc(self, n):
        """Turns NPC n face up or face down."""
        self._npc_in_play(n)
        self.s[B_NPCS + n] ^= NPC_FACE_UP

    def move_npc(self, n, room):
        """Puts NPC n in another room (1..12, or 13 for the secret room), keeping its face."""
        self._npc_in_play(n)
        if not 1 <= room <= SECRET_ROOM:
            raise RuleError("room 1 to 12 or secret")
        self.s[B_NPCS + n] = (self.s[B_NPCS + n] & NPC_FACE_UP) | room

    def remove_npc(self, n):
        """NPC n leaves the game (destroyed, or gone out of the entry room)."""
        self._npc_in_play(n)
        self.s[B_NPCS + n] = 0

    # ----- the NPC phase walk (npc.py works its steps out of these) ----------------------------
    @property
    def npc_checked(self):
        """Bit n set once NPC n made its leave check this NPC phase."""
        return self.s[B_NPC_CHECKED]

    @property
    def npc_acted(self):
        """Bit n set once NPC n acted (or left) this NPC phase."""
        return self.s[B_NPC_ACTED]

    @property
    def npc_pick(self):
        """The NPC the first player sends next in its room, or -1: by NPC number."""
        return self.s[B_NPC_NEXT] - 1

    # ----- settings ----------------------------------------------------------------------------
    def set_setting(self, bit, on):
        if not bit & _SETTING_FLAGS or bit & ~_SETTING_FLAGS:
            raise RuleError("not a setting")
        s = self.s
        s[B_FLAGS] = (s[B_FLAGS] | bit) if on else (s[B_FLAGS] & ~bit & 0xFF)

    # ----- copying, for undo ---------------------------------------------------------------------
    def copy_into(self, buf, at=0):
        buf[at:at + STATE_SIZE] = self.s

    def restore_from(self, buf, at=0):
        self.s[:] = buf[at:at + STATE_SIZE]

    def same(self, other):
        """True when both games are in exactly the same state."""
        return self.s == other.s

    # ----- the invariants of play --------------------------------------------------------------
    def check(self):
        """The first invariant of play this state breaks, in a few words, or None (they are in
        invariants.py, imported only when asked: by the loader and the tests)."""
        from lockdown.games.infiltration.rules.invariants import first_broken
        return first_broken(self)

    # ----- the state as named fields, for the save format ---------------------------------------
    def fields(self):
        """The whole state as named, JSON-ready fields (save.py's fields(), imported for the call:
        the save format is not in RAM between saves)."""
        from lockdown.games.infiltration.save import fields
        return fields(self)
