"""Every press counts: a tap that starts and ends while one loop pass is busy (the save, a
screen change, the opponent thinking) is pressed once, because the switch's edges are recorded
when they happen (an Edges ring, as the boards' pin interrupts fill it) and debounced afterwards
from their own times. Runs the board's own loop (runloop.boot, Loop.step) on a virtual clock."""
from host_sim.runner import SimHardware
from lockdown.buttons import Edges
from lockdown.events import ALARM, GO
from lockdown.inputs import Inputs
from lockdown.runloop import POLL_MS, QUIET_MS, boot

BLOCK_MS = 300  # how long the busy pass holds the loop
TAP_AT, TAP_MS = 100, 60  # the tap, from the start of the busy pass


class Board:
    """The simulator's Hardware with ALARM and GO on edge rings, recorded into as a pin
    interrupt records; `busy()` is one pass's blocking work, during which the taps happen."""

    def __init__(self, game="infiltration", inputs=None, tap=None):
        """`inputs` and `tap(button, at, ms)`: a real board's, whose pins the tap drives."""
        self.hw = SimHardware(1)
        self.switches = [Edges(1, 0), None, Edges(1, 0)]
        self.hw.inputs = inputs or Inputs((), self.switches)
        if tap:
            self.tap = tap
        self.now = 0
        self.loop = boot(self.hw, 0, name=game)
        self.presses = []
        app = self.loop.app
        real = app.press

        def press(b):
            self.presses.append(b)
            real(b)
        app.press = press

    def tap(self, button, at, ms):
        """A press of `ms` from `at` (a pin goes low, then high again), noted as the interrupt would."""
        edges = self.switches[button]
        edges.record(0, at)
        edges.record(1, at + ms)

    def busy(self, taps=((GO, TAP_AT),)):
        """The pass's blocking work: BLOCK_MS of board time, the taps falling inside it."""
        start = self.now
        for button, at in taps:
            self.tap(button, start + at, TAP_MS)
        self.now = start + BLOCK_MS

    def step(self):
        self.loop.step(self.now)
        self.now += POLL_MS

    def run(self, ms):
        end = self.now + ms
        while self.now < end:
            self.step()


def test_a_tap_while_the_save_blocks_the_loop_is_pressed_once():
    tap_while_saving(Board())


def tap_while_saving(b):
    """The GO tap inside the save's pass is pressed once (tests/test_boards.py: on a board)."""
    saves = []

    def save(session):
        saves.append(b.now)
        b.busy()
    b.loop.store.save = save
    b.run(20)
    b.loop.session.changes += 1  # an action: the save comes QUIET_MS later
    b.run(QUIET_MS + 100)
    assert len(saves) == 1 and b.now >= saves[0] + BLOCK_MS
    b.run(100)
    assert b.presses == [GO]
    b.run(500)
    assert b.presses == [GO]


def test_a_tap_during_a_screen_change_is_pressed_once():
    b = Board()
    b.run(20)
    app = b.loop.app
    before = type(app.top()).__name__
    real = app.press

    def press(button):  # GO starts the game (the play screen imported), the pass held meanwhile
        real(button)
        if button == GO:
            b.busy(((ALARM, TAP_AT),))
    app.press = press
    b.tap(GO, b.now, TAP_MS)
    b.run(200)  # the GO press, then the busy pass
    b.run(100)
    assert before == "Setup" and type(app.top()).__name__ != before
    assert b.presses == [GO, ALARM]


def test_a_tap_while_the_opponent_thinks_is_pressed_once():
    b = Board()
    thinking = [3]  # three long passes of the session's tick

    def tick(now):
        if thinking[0]:
            thinking[0] -= 1
            b.busy()
        return 0
    b.loop.session.tick = tick
    b.run(2000)
    assert b.presses == [GO, GO, GO]


def test_taps_inside_one_pass_come_in_the_order_they_were_made():
    for taps, order in ((((ALARM, 10), (GO, 130)), [ALARM, GO]), (((GO, 10), (ALARM, 130)), [GO, ALARM])):
        b = Board()
        b.run(20)
        b.busy(taps)
        b.run(200)
        assert b.presses == order, (taps, b.presses)


def test_two_taps_inside_one_pass_are_two_presses():
    b = Board()
    b.run(20)
    b.busy(((GO, 10), (GO, 150)))
    b.run(200)
    assert b.presses == [GO, GO]


def test_a_full_ring_keeps_the_level_now():
    """A switch bouncing more often than the ring holds before a poll: the last level is right."""
    e = Edges(1, 0, size=4)
    for t in range(1, 20):
        e.record(t % 2, t)
    e.record(1, 40)
    seen = []
    while e.waiting() >= 0:
        t = e.waiting()
        seen.append((e.take(), t))
    assert seen[-1] == (1, 40) and len(seen) == 3
