"""What every game's golden screens share: states reached from power-on through the simulator's
inputs, their frames, and writing them (NAME.bin for the tests, NAME.png for people to look at).

Each game's tool (tools/golden.py for Infiltration, golden_infiltraitors.py, golden_infiltrate.py)
declares its states on one Goldens. Runs on MicroPython too (tests/test_parity.py), where only
the states, screen() and frames() are used.
"""
from host_sim.runner import Sim


class Goldens:
    def __init__(self, game, folder, home=None):
        self.game = game
        self.folder = folder
        self.home = home  # the name states give the home screen (None: its class name)
        self.states = []  # (name, screen, fn): fn(sim) drives a fresh Sim to the state
        self.held = {}  # name: why its golden is not stored (a screen that looks wrong), until fixed

    def state(self, name, screen):
        """Decorates fn(sim): the inputs that reach `name`, which must end on `screen`."""
        def add(fn):
            self.states.append((name, screen, fn))
            return fn
        return add

    def screen(self, sim):
        app = sim.app
        if app.sleeping:
            return "saver"
        if self.home and not app.stack:
            return self.home
        return type(app.top()).__name__

    def frames(self, names=None):
        """(name, expected screen, actual screen, frame bytes) for each state, in order."""
        for name, want, fn in self.states:
            if names and name not in names:
                continue
            sim = Sim(1, game=self.game)
            fn(sim)
            yield name, want, self.screen(sim), sim.frame()

    def write(self, names):
        """Rewrites the goldens of `names` (all when empty); a state on the wrong screen stops it."""
        import os  # CPython only: this module is imported on MicroPython too
        from host_sim.png import save_png
        os.makedirs(self.folder, exist_ok=True)
        for name, want, got, frame in self.frames(names):
            if name in self.held:
                print("held", name + ":", self.held[name])
                continue
            if got != want:
                raise SystemExit("%s: ended on %s, not %s" % (name, got, want))
            with open(os.path.join(self.folder, name + ".bin"), "wb") as f:
                f.write(frame)
            save_png(frame, os.path.join(self.folder, name + ".png"), scale=4)
            print("wrote", name)
