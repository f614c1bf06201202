"""How long each loop pass holds the board, and why: device.py's `passes` mode (MicroPython).

The script is replayed through the board's own loop (device.Rig: runloop.Loop.step on a virtual
clock) with each part of a pass timed in microseconds of the port's own clock: the App's tick
(game time: the session's tick, where the opponent searches), the inputs (an input's action,
and the screen it opens or closes), the draw and show, the forgetting of what closed screens left
(app.tidy), the save. A part in which the App imported a screen's module is a screen change;
the pass's cause is its longest part. A part called inside another (the tidy an open calls)
counts as the caller's. Also, for every press, the passes from the one that delivered it to the
one that showed its frame (two when the press changed screens or closed one that left modules
to forget). Each pass starts collected, so a pass's time is its own work and not where this
heap's collections fall (a board's heap is another size). tools/bench.py takes each pass's
quickest of several runs (the replay is the same each time) and scales it to a board.
"""
import gc
from array import array
from time import ticks_diff, ticks_us

PARTS = ("tick", "input", "draw", "save", "forget")
CAUSES = "ciwsdf"  # bench.CAUSES: screen change, input, draw (w), save, search (d: the device), forget
T_PRESS = 2  # device.T_PRESS


class Timer:
    """The parts of the pass under way, in us; `imported` the parts in which the App imported a
    screen's module (app.imported: the screen changes, and home's module imported ahead)."""

    def __init__(self, app):
        self.app = app
        self.us = [0] * len(PARTS)
        self.imported = [False] * len(PARTS)
        self.inside = False  # a timed part under way: one it calls (the App's tidy in an open) is its own

    def wrap(self, fn, part):
        def timed(*args):
            if self.inside:
                return fn(*args)
            was = self.app.imported
            self.inside = True
            t = ticks_us()
            try:
                return fn(*args)
            finally:
                self.us[part] += ticks_diff(ticks_us(), t)
                self.inside = False
                if self.app.imported and not was:
                    self.imported[part] = True
        return timed

    def cause(self):
        part = max(range(len(PARTS)), key=lambda i: self.us[i])
        if self.imported[part] and part < 2:
            return "c"
        return "diwsf"[part]

    def clear(self):
        for i in range(len(PARTS)):
            self.us[i] = 0
            self.imported[i] = False


def passes(rig, events):
    """Per pass of the script: its us, cause (a letter of CAUSES) and script line; and per press,
    the first and last pass of its way to the panel."""
    app, loop = rig.app, rig.loop
    rig.follow = True
    rig.entropy(0)  # the rig's random source made now: a board's os.urandom imports nothing in a pass
    timer = Timer(app)
    app.tick = timer.wrap(app.tick, 0)
    rig.poll = timer.wrap(rig.poll, 1)
    app.draw = timer.wrap(app.draw, 2)
    rig.display.show = timer.wrap(rig.display.show, 2)
    loop.store.save = timer.wrap(loop.store.save, 3)
    if hasattr(app, "tidy"):  # a firmware from before the forgetting had a pass of its own has none
        app.tidy = timer.wrap(app.tidy, 4)
    us, why, lines, presses = array("i"), bytearray(), array("H"), []
    pending = []  # the passes that delivered presses whose frame is not on the panel yet
    for _ in rig.run(events):
        n = len(us)
        if rig.delivered == T_PRESS:
            pending.append(n)
        us.append(sum(timer.us))
        why.append(ord(timer.cause()))
        lines.append(rig.line)
        if pending and timer.us[2]:  # drawn and shown: those presses' frame is on the panel
            for p in pending:
                presses.append([p, n])
            pending = []
        rig.delivered = 0
        timer.clear()
        gc.collect()  # each pass starts collected: its own work, not where this heap's collections fall
    return {"us": list(us), "cause": why.decode(), "line": list(lines), "presses": presses}
