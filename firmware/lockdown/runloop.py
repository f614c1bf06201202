"""The one loop: inputs, time, the screen and the save, on the board and in the simulator alike.

It is one task on purpose: with several, one could die while another kept feeding the watchdog.
Here any exception stops the loop, the error screen comes up, the watchdog is starved and the
board restarts into the last save. The game is saved only when an action moved session.changes,
once the knobs have been still for QUIET_MS, so a spin of the dial is one small write, not twenty.
"""
import asyncio
import gc

from micropython import const

from lockdown import games
from lockdown.storage import CRASH_LIMIT, Store, not_saved
from lockdown.ticks import diff

POLL_MS = const(5)  # pause between passes: inputs are read at least every 10 ms
QUIET_MS = const(300)  # save once nothing has changed for this long...
SAVE_MAX_MS = const(2000)  # ...or once a change has waited this long (a knob that never rests)
RETRY_MS = const(5000)  # after a failed write
RESET_MS = const(4000)  # the error screen shows this long at most before hw.reset()
STEADY_MS = const(20000)  # running this long without a crash ends a run of crashes
PICKED = "game.txt"  # the game the board runs: the picker's last choice; absent: games.DEFAULT
PICKED_MAX = const(32)  # bytes of game.txt read: more than any game's name, far less than a heap

try:
    # The stubs type ticks_ms as an opaque _TicksMs; the port's is a small int (lockdown.ticks).
    from time import ticks_ms  # pyright: ignore[reportAssignmentType]
except ImportError:  # CPython: the simulator
    # CPython's time; the port passes check against MicroPython's stdlib stubs, which lack it.
    from time import monotonic  # pyright: ignore[reportAttributeAccessIssue]

    def ticks_ms():
        return int(monotonic() * 1000) & 0x3FFFFFFF

DAMAGED = "%s names no game: playing %s"

_sleep_ms = getattr(asyncio, "sleep_ms", None)  # MicroPython: no float allocated per pass


class Clock:
    """Real time. Tests pass their own clock with the same two methods, so nothing waits."""

    def now(self):
        return ticks_ms()

    def sleep(self, ms):
        return _sleep_ms(ms) if _sleep_ms else asyncio.sleep(ms / 1000)


class Loop:
    """One pass of the loop at a time (`step`), so tests drive it without sleeping."""

    def __init__(self, hw, app, session, store, now):
        self.hw = hw
        self.app = app
        self.session = session
        self.store = store
        self.crashes = 0  # crashes in a row before this boot, until the loop has run steadily
        self.saved = self.seen = session.changes  # changes count at the last save / last pass
        self.changed_at = self.waiting_since = now
        self.failed_at = None  # when the last save failed
        self.display_ok = True

    def step(self, now):
        """Time, inputs, the screen if it changed, the save if it is due, then the watchdog.

        A pass that imported a screen's module (a screen change) leaves the drawing to the next
        one, 5 ms later; the modules a closed screen left unused are forgotten in a pass that
        neither imported nor drew (app.tidy), or instead of the frame when the input that closed
        it changed the game too (the frame after a change may bring new code in: the old goes
        first); and a save that is due waits for a pass that did none of these: the import, the
        frame, the forgetting and the flash write are each a pass of their own, and the inputs
        are read in between."""
        hw, app = self.hw, self.app
        app.tick(now)
        hw.inputs.poll(app, now)
        unused = getattr(app, "unused", None)  # what closed screens left
        busy = getattr(app, "imported", False)
        if busy:  # a screen change imported its module: the rest comes next pass
            app.imported = False
        elif unused and self.session.changes != self.seen:
            busy = app.tidy()  # a close that changed the game: its frame comes next pass
        elif app.dirty and hw.display:
            busy = True
            app.draw(hw.display.fb)
            try:
                hw.display.show()
                self.display_ok = True
            except OSError as e:  # an I2C glitch: the driver resends everything next time
                if self.display_ok:  # said once per outage, not every frame
                    hw.log("display: %s" % e)
                self.display_ok = False
        if not busy and unused:
            busy = app.tidy()
        self.save_if_due(now, busy)
        if hw.wdt:
            hw.wdt.feed()

    def save_if_due(self, now, busy=False):
        """The save, once the knobs have rested; in a pass that did other work (`busy`) it waits
        for the next, unless the change has waited SAVE_MAX_MS already."""
        s = self.session
        if s.changes != self.seen:
            if self.seen == self.saved:
                self.waiting_since = now
            self.seen = s.changes
            self.changed_at = now
        if self.seen == self.saved:
            return
        d = diff
        waited = d(now, self.waiting_since)
        if waited < SAVE_MAX_MS and (busy or d(now, self.changed_at) < QUIET_MS):
            return
        if self.failed_at is not None and d(now, self.failed_at) < RETRY_MS:
            return
        try:
            self.store.save(s)
        except OSError as e:  # flash full or failing: keep playing from RAM, try again later
            if self.failed_at is None:  # the table hears of it once, when the saves stop working
                self.app.flash(not_saved(e))
            self.failed_at = now
            self.hw.log("save failed: %s" % e)
            return
        self.failed_at = None
        self.saved = self.seen
        if not self.hw.display:
            self.hw.log("saved: " + s.status())


def _app(session, notice):
    from lockdown.app import App  # here, so that even an app that will not import gets the error screen
    return App(session, notice=notice)


def picked(path):
    """The game to run: the picker's last choice, or None for a damaged one (unreadable, too
    long, no game's name). Only a short prefix is read: a huge file must not fill the heap
    before the crash count is read, or the board would crash at every boot."""
    try:
        with open(path, "rb") as f:
            text = f.read(PICKED_MAX + 1)
        name = text.decode().strip() if len(text) <= PICKED_MAX else ""
    except (OSError, ValueError):  # UnicodeError is a ValueError
        return None
    return name if name in games.GAMES else None


def boot(hw, now, make_app=_app, name=None):
    """Everything before the first pass: the store, the saved game, the app. Returns the Loop.

    The board's main() and the browser page both start here, then call loop.step(now) on their clock.
    Only the game that runs is imported, so each game runs in a heap of its own. `name` overrides
    the picker's choice (the simulator's --game).
    """
    store = Store(hw.root, hw.log)
    notice = None
    if not name:
        name = picked(store.path(PICKED)) if store.exists(PICKED) else games.DEFAULT
        if not name:
            name = games.DEFAULT
            notice = DAMAGED % (PICKED, games.TITLES[games.GAMES.index(name)])
    try:
        game = games.load(name)
    except (ImportError, AttributeError) as e:  # a game missing from this build: run the default
        hw.log("%s: cannot start (%s)" % (name, e))
        notice = "%s could not start: playing %s" % (name, games.DEFAULT)
        game = games.load(games.DEFAULT)
    store = Store(hw.root, hw.log, game.SAVE, game.ARCHIVE)
    session = game.new_session(hw.entropy)
    crashes = store.crashes()
    if crashes >= CRASH_LIMIT:
        notice = store.set_aside_after_crashes()
    notice = store.restore(session) or notice
    problems = getattr(hw, "problems", None)
    if problems:  # a bad config or a missing part: say so on the screen too
        notice = "\n".join(([notice] if notice else []) + problems)
    loop = Loop(hw, make_app(session, notice), session, store, now)
    loop.crashes = crashes
    return loop


async def main(hw, clock=None, make_app=_app):
    """Boots into the saved game and runs until a crash; returns only if the board did not reset."""
    clock = clock or Clock()
    store = None
    try:
        started = clock.now()
        loop = boot(hw, started, make_app)
        store = loop.store
        while True:
            now = clock.now()
            loop.step(now)
            if loop.app.switch_to:
                from lockdown.picker import switch
                loop = switch(hw, loop, now)
            if loop.crashes and diff(now, started) >= STEADY_MS:
                store.steady()
                loop.crashes = 0
            await clock.sleep(POLL_MS)
    except Exception as e:
        loop = None  # the game's objects go: room for the report, even after a MemoryError
        crashed(hw, store or Store(hw.root, hw.log), e)
    # The watchdog is no longer fed and restarts the board; if it has not after RESET_MS, reset.
    await clock.sleep(RESET_MS)
    reset = getattr(hw, "reset", None)
    if reset:
        reset()


def crashed(hw, store, e):
    """Counts the crash, then the error screen and errors.log. crash.py is imported only now:
    it is not needed before, and once the game is let go a MemoryError leaves room for it."""
    try:
        store.count_crash()  # before the report: a save that keeps crashing the app is set aside
    except OSError:
        pass
    gc.collect()
    try:
        from lockdown import crash
    except MemoryError:  # not even room for the report: the console still hears of it
        hw.log("%s: %s" % (type(e).__name__, e))
        return
    crash.report(hw, store, e)


def run(hw, clock=None):
    asyncio.run(main(hw, clock))
