"""The device's app: a stack of screens over the game's home screen, and time.

Fed with events (turn, press, hold, tick) by the board's loop or the simulator, it hands each
input to the top screen and draws the whole frame on request. It knows no game: the session
names its game package, which lists the game's screens by name, module in its screens/ package
and class (each imported the first time it is opened and forgotten when the last one of its
module closes), its home screen, and the screen that comes before home (`before_home`: the
setup while no game is under way). Once no screen is open over home, every module that came in
since the first one opened (what the screens imported: lockdown.menu, a stats module, the
odds) is forgotten too, unless still in use (lockdown/modules.py): home and the session keep
theirs. The forgetting is done later, in a loop pass of its own (`tidy`): its look at what holds
what costs about as much as a frame, so the pass that closed the screen does not pay for both
(runloop.Loop.step: after the frame, or before it when that input changed the game). An input
or a screen that comes before that pass has it done first.
What the App keeps for every game: the flash notice, the screensaver, the clock, and game time
(the session's tick, on every pass, whatever screen is on top). A pass that imported a screen's
module is marked (`imported`) so the loop draws it in the next pass, and on the screen before
home, what starting the game imports (home's module, the undo ring's, the die's) comes one module
a pass in an idle moment: no pass both imports and draws, and starting a game imports less.
"""
import sys

from micropython import const

from lockdown import draw, ticks

SAVER_MS = const(180000)  # idle time before the screensaver (OLED burn-in)
_SAVER_STEP_MS = const(8000)  # the screensaver's text moves this often
_FLASH_MS = const(1500)
_ALERT = const(2)  # lockdown.session.ALERT, not imported: the App needs no more of that module
_AHEAD_MS = const(500)  # idle this long before home is made: its modules are imported ahead
# What starting a game imports besides home's module: the core's undo ring and die (session.py)
_AHEAD = ("lockdown.history", "lockdown.dice")
_DUE = ()  # App._home while the home screen is due (made at the next tick): falsy, and no screen
# Screens every game has: name -> (module, class)
_CORE = {
    "notice": ("lockdown.notice", "Notice"),
    "picker": ("lockdown.picker", "Picker"),
    "undo": ("lockdown.undo", "UndoConfirm"),  # a game may list its own "undo" in SCREENS
}


class App:
    def __init__(self, session, notice=None):
        self.session = session
        self.game = __import__(session.PACKAGE, None, None, ("SCREENS",))
        self.now = 0
        self.dirty = True
        self.stack = []  # open screens above home; the top one gets the input
        self.switch_to = None  # a game the picker chose: the loop restarts into it
        # A screen's module was imported since the loop last looked: the loop leaves the first
        # frame to its next pass, so no pass holds the board for the import and the draw together.
        self.imported = False
        self._idle_from = None  # set by the first tick: idle is measured from the first one
        self.sleeping = False
        self._flash = None
        self._flash_end = 0
        self._home = None  # made the first time it is needed (see `home`)
        self._ahead = 0  # modules imported ahead so far (see tick)
        self._base = None  # the modules loaded when the first screen opened over home
        # Modules no longer needed (a closed screen's; a screen may add its own): the loop forgets
        # them in its next quiet pass (tidy), if neither the screens, the session nor another of
        # our modules uses them then (lockdown/modules.py).
        self.unused = []
        self._back_home()
        if notice:  # a set-aside save or a board problem: stays until it has been read
            self.open("notice", notice)
        self.imported = False  # the boot's imports are no pass's: the first pass draws the first frame

    @property
    def home(self):
        """The game's home screen, made (its module imported) the first time it is needed: a
        game that starts on its setup screen does not load the home screen before the first frame.
        _DUE: due since the setup closed (_back_home), and shown once made."""
        h = self._home
        if not h:
            mod, cls = self.game.HOME
            mod = self.session.PACKAGE + ".screens." + mod
            due = h is _DUE
            h = self._home = getattr(self._import(mod, cls), cls)(self)
            if due:
                h.shown()
        return h

    def _back_home(self, later=False):
        """Nothing is open over home: the screen the game needs first (its setup), or home. With
        `later` (a close) a home not made yet is made in the next pass's tick: the game's start
        and home's import are passes apart, and the frame comes after both."""
        first = self.game.before_home(self.session)
        if first:
            self.open(first)
        elif later and self._home is None:
            self._home = _DUE
            self.imported = True
        else:
            self.home.shown()

    # ---- screens ---------------------------------------------------------------------------------
    def open(self, name, *args):
        spec = self.game.SCREENS.get(name)
        if spec:  # the game's screens are named by their module in its screens/ package
            mod, cls = spec
            mod = self.session.PACKAGE + ".screens." + mod
        else:
            mod, cls = _CORE[name]
        self.tidy()  # what is unused goes before anything new comes in
        if self._base is None:  # the first screen over home: what came in from now on is swept
            self._base = set(sys.modules)
        screen = getattr(self._import(mod, cls), cls)(self, *args)
        screen.module = mod
        self.stack.append(screen)
        self.dirty = True

    def _import_ahead(self):
        """On the screen before home (the setup), once the table pauses: one module a pass of what
        starting the game will import (home's, then _AHEAD), so the pass that starts it imports less
        (and draws nothing: the loop leaves the frame to the next pass)."""
        k = self._ahead
        self._ahead = k + 1
        if k:
            self._import(_AHEAD[k - 1], None)
        else:
            mod, cls = self.game.HOME
            self._import(self.session.PACKAGE + ".screens." + mod, cls)

    def _import(self, mod, cls):
        if mod not in sys.modules:
            self.imported = True
        return __import__(mod, None, None, (cls,) if cls else ())

    def close(self):
        if self.stack:
            gone = self.stack.pop().module  # the closed screen's, unless a screen left open is of it
            for s in self.stack:
                if s.module == gone:
                    break
            else:
                self.unused.append(gone)
        if self.stack:
            self.stack[-1].shown()
        else:
            self._back_home(True)
            base = self._base  # what came in since the first screen opened over home goes too,
            if base is not None:  # but home's module (with the setup open again, the same base serves)
                if not self.stack:
                    self._base = None
                home = self.session.PACKAGE + ".screens." + self.game.HOME[0]
                for n in sys.modules:
                    if n not in base and n.startswith("lockdown.") and n != home:
                        self.unused.append(n)
        self.dirty = True

    def tidy(self):
        """The loop's call in a pass that imports and draws nothing: forgets what is unused
        (lockdown/modules.py, imported for it and forgotten again). True if there was some."""
        if not self.unused:
            return False
        from lockdown.games import unload
        from lockdown.modules import forget
        forget(self.unused, [self.session, self._home] + self.stack)
        self.unused = []
        unload("lockdown.modules")  # its RAM back between closes
        return True

    def close_all(self):
        while len(self.stack) > 1:
            self.close()
        self.close()  # the last one: home is shown again (and may open a screen of its own)

    def flash(self, text):
        """A short notice over the screen: why an input did nothing, or what just happened."""
        self._flash = text
        self._flash_end = ticks.add(self.now, _FLASH_MS)
        self.dirty = True

    def top(self):
        return self.stack[-1] if self.stack else self.home

    # ---- input -----------------------------------------------------------------------------------
    def _wake(self):
        """Every input ends idleness; one that wakes the screensaver does nothing else. What
        closed screens left unused goes first, if no pass has forgotten it yet (tidy)."""
        self.tidy()
        if self._idle_from is not None:  # before the first tick, idle starts at that tick
            self._idle_from = self.now
        self.dirty = True
        if self.sleeping:
            self.sleeping = False
            return True
        return False

    def turn(self, knob, n):
        if self._wake() and n:  # waking takes one detent, so a spin acts the same however it arrives
            n -= 1 if n > 0 else -1
        if n:
            self.top().turn(knob, n)

    def press(self, button):
        if not self._wake():
            self.top().press(button)

    def hold(self, button):
        if not self._wake():
            self.top().hold(button)

    def tick(self, now):
        self.now = now
        if self._idle_from is None:  # the first tick: the clock's value is known from now on
            self._idle_from = now
            self._flash_end = ticks.add(now, _FLASH_MS)  # a notice raised before it lasts its time
        if self._flash and ticks.diff(now, self._flash_end) >= 0:
            self._flash = None
            self.dirty = True
        s = self.session
        ev = s.tick(now)  # game time runs whatever screen is on top
        if not (ev or s.busy_ms or self.unused):  # no game time spent, nothing left to forget
            s.ahead()
        if ev:
            self.dirty = True
            if ev == _ALERT:  # time up or a warning: the table must see it now
                self._idle_from = now
                self.sleeping = False
        home = self._home
        if home is _DUE:  # due since the setup closed: made now, a pass after the start
            home = self.home
        if home and home.tick(now):  # made (a screen, not None)
            self.dirty = True
        idle = ticks.diff(now, self._idle_from)
        if home is None and self._ahead <= len(_AHEAD) and idle >= _AHEAD_MS:
            self._import_ahead()
        if not self.sleeping and idle >= SAVER_MS:
            self.sleeping = True
            self.dirty = True
        elif self.sleeping and idle % _SAVER_STEP_MS < 20:
            self.dirty = True

    def attempt(self, fn, *args):
        """Runs an input's action; a refusal by the rules (a ValueError) becomes a short notice."""
        try:
            fn(*args)
        except ValueError as e:
            self.flash(str(e))

    # ---- drawing -----------------------------------------------------------------------------------
    def draw(self, fb):
        self.dirty = False
        fb.fill(0)
        if self.sleeping:
            self._draw_saver(fb)
        else:
            self.top().draw(fb)
        if self._flash:
            w = draw.width(self._flash) + 8
            x = (128 - w) // 2
            fb.fill_rect(x, 26, w, 13, 0)
            fb.rect(x, 26, w, 13, 1)
            draw.text(fb, self._flash, x + 4, 29)

    def _draw_saver(self, fb):
        """The home screen's short text, moved every few seconds so no pixel stays lit for long."""
        k = self.now // _SAVER_STEP_MS
        draw.text(fb, self.home.saver_text(), (k * 37) % 112, (k * 23) % 56)
