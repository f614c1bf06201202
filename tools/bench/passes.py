"""How long each loop pass holds the board, and why: device.py's `passes` mode (MicroPython).

The script is replayed through the board's own loop (device.Rig: runloop.Loop.step on a virtual
clock) with each part of a pass timed in microseconds of the port's own clock: the App's tick
(game time: the session's tick, where the opponent searches), the inputs (an input's action,
and the screen it opens or closes), the draw and show, the save. A part in which the App
imported a screen's module is a screen change; the pass's cause is its longest part. Also, for every press, the passes from the one that delivered it to the one that
showed its frame (two when the press changed screens). Each pass starts collected, so a pass's
time is its own work and not where this heap's collections fall (a board's heap is another
size). tools/bench.py takes each pass's quickest of several runs (the replay is the same each
time) and scales it to a board.
"""
import gc
from array import array
from time import ticks_diff, ticks_us

PARTS = ("tick", "input", "draw", "save")
CAUSES = "ciwsd"  # bench.CAUSES: screen change, input, draw (w), save, search (d: the device)
T_PRESS = 2  # device.T_PRESS


class Timer:
    """The parts of the pass under way, in us; `imported` the parts in which the App imported a
    screen's module (app.imported: the screen changes, and home's module imported ahead)."""

    def __init__(self, app):
        self.app = app
        self.us = [0] * len(PARTS)
        self.imported = [False] * len(PARTS)

    def wrap(self, fn, part):
        def timed(*args):
            was = self.app.imported
            t = ticks_us()
            r = fn(*args)
            self.us[part] += ticks_diff(ticks_us(), t)
            if self.app.imported and not was:
                self.imported[part] = True
            return r
        return timed

    def cause(self):
        part = max(range(len(PARTS)), key=lambda i: self.us[i])
        if self.imported[part] and part < 2:
            return "c"
        return "diws"[part]

    def clear(self):
        for i in range(len(PARTS)):
            self.us[i] = 0
            self.imported[i] = False


def passes(rig, events):
    """Per pass of the script: its us, cause (a letter of CAUSES) and script line; and per press,
    the first and last pass of its way to the panel."""
    app, loop = rig.app, rig.loop
    timer = Timer(app)
    app.tick = timer.wrap(app.tick, 0)
    rig.poll = timer.wrap(rig.poll, 1)
    app.draw = timer.wrap(app.draw, 2)
    rig.display.show = timer.wrap(rig.display.show, 2)
    loop.store.save = timer.wrap(loop.store.save, 3)
    us, why, lines, presses = array("i"), bytearray(), array("H"), []
    pending = -1
    for _ in rig.run(events):
        n = len(us)
        if pending < 0 and rig.delivered == T_PRESS:
            pending = n
        us.append(sum(timer.us))
        why.append(ord(timer.cause()))
        lines.append(rig.line)
        if pending >= 0 and timer.us[2]:  # drawn and shown: the press's frame is on the panel
            presses.append([pending, n])
            pending = -1
        rig.delivered = 0
        timer.clear()
        gc.collect()  # each pass starts collected: its own work, not where this heap's collections fall
    return {"us": list(us), "cause": why.decode(), "line": list(lines), "presses": presses}
