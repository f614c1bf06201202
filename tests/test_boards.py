"""Board modules import and build on CPython with fake machine/rp2/esp32/Blinka modules.

A good config gives a display and every control; a bad one gives messages in hw.problems and
the rest still works. The last tests run on MicroPython: the interrupt handler and a poll
allocate nothing, and the config validates the same there.
"""
import sys

import pytest

from tests import fake_machine
from tests.mpy import run

BOARDS = ["pico", "esp32_devkitc", "raspberry_pi"]


@pytest.fixture
def fake(monkeypatch, tmp_path):
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("LOCKDOWN_CONFIG", str(tmp_path / "none.json"))
    return fake_machine.install(monkeypatch)


def board(name):
    return __import__("boards." + name, None, None, ["build"])


def build(name, config=None):
    b = board(name)
    return b.build(config, start=False) if name == "raspberry_pi" else b.build(config)


class App:
    def __init__(self):
        self.calls = []

    def turn(self, k, n):
        self.calls.append(("turn", k, n))

    def press(self, b):
        self.calls.append(("press", b))

    def hold(self, b):
        self.calls.append(("hold", b))


def pin_levels(name, hw, level, t, key="go"):
    """Sets a switch's pin to a level at ms `t`, as the board sees it: an edge interrupt on a
    MicroPython port, the sampling thread's next pass on the Raspberry Pi."""
    fake_machine.TICKS.t = t
    pin = board(name).SPEC["defaults"][key]
    if name == "raspberry_pi":
        fake_machine.DigitalInOut.made[pin].value = bool(level)
        getattr(hw, "sampler").sample()
    else:
        fake_machine.Pin.made[pin].set(level)


SWITCH_KEYS = ("alarm_sw", "prox_sw", "go")


def switches(hw):
    return hw.inputs._edges


@pytest.mark.parametrize("name", BOARDS)
def test_default_config_builds_everything(fake, name):
    hw = build(name, {})
    assert hw.problems == []
    assert hw.display is not None and hw.display.addr == 0x3C
    assert all(c is not None for c in hw.inputs._counts + switches(hw))
    assert len(hw.entropy(4)) == 4


@pytest.mark.parametrize("name", BOARDS)
def test_a_go_press_reaches_the_app(fake, name):
    hw, app = build(name, {}), App()
    for t, level in ((0, 1), (100, 0), (200, 0), (300, 1), (400, 1)):
        pin_levels(name, hw, level, t)
        hw.inputs.poll(app, t)
    assert app.calls == [("press", 2)]


@pytest.mark.parametrize("name", BOARDS)
def test_switches_record_their_edges_when_they_happen(fake, name):
    """A 60 ms tap, and a tap of ALARM then GO, all between two polls 300 ms apart (a save
    holding the loop): each is pressed once, in the order made."""
    hw, app = build(name, {}), App()
    hw.inputs.poll(app, 0)
    pin_levels(name, hw, 0, 100)
    pin_levels(name, hw, 1, 160)
    hw.inputs.poll(app, 300)
    assert app.calls == [("press", 2)]
    for t, key, level in ((310, "alarm_sw", 0), (370, "alarm_sw", 1), (380, "go", 0), (440, "go", 1)):
        pin_levels(name, hw, level, t, key)
    hw.inputs.poll(app, 600)
    hw.inputs.poll(app, 900)
    assert app.calls == [("press", 2), ("press", 0), ("press", 2)]


@pytest.mark.parametrize("name", BOARDS)
def test_a_tap_while_the_save_blocks_the_loop_is_pressed_once(fake, name):
    """The board's own switches under the run loop, a save holding it 300 ms (tests/core)."""
    from tests.core.test_latched_presses import Board, tap_while_saving
    hw = build(name, {})

    def tap(button, at, ms):
        key = SWITCH_KEYS[button]
        pin_levels(name, hw, 0, at, key)
        pin_levels(name, hw, 1, at + ms, key)
    tap_while_saving(Board(inputs=hw.inputs, tap=tap))


@pytest.mark.parametrize("name", ["pico", "esp32_devkitc"])
def test_switch_interrupts_are_hard_on_both_edges(fake, name):
    hw = build(name, {})
    pin = fake_machine.Pin.made[board(name).SPEC["defaults"]["go"]]
    assert pin.hard and pin.trigger == pin.IRQ_RISING | pin.IRQ_FALLING
    assert switches(hw)[2] is pin.handler.__self__


@pytest.mark.parametrize("name", BOARDS)
def test_no_display_answering_is_a_problem_and_the_rest_runs(fake, name):
    fake_machine.I2C.devices = set()
    logged = []
    hw = build(name, {})
    assert hw.display is None
    assert len(hw.problems) == 1 and hw.problems[0].startswith("no display answers at 0x3C on I2C")
    assert all(c is not None for c in hw.inputs._counts + switches(hw))
    hw.log = logged.append
    hw.problem("x")
    assert logged == ["x"] and hw.problems[-1] == "x"


@pytest.mark.parametrize("name", BOARDS)
def test_bad_config_is_reported_and_defaults_are_used(fake, name):
    hw = build(name, {"go": 99, "display": "oled", "colour": "red"})
    assert len(hw.problems) == 3
    assert any("config go: " in p and "99 is not a usable pin" in p for p in hw.problems)
    assert any("unknown key 'colour'" in p for p in hw.problems)
    assert hw.display is not None and switches(hw)[2] is not None


@pytest.mark.parametrize("name", BOARDS)
def test_the_config_module_is_forgotten_once_the_board_is_built(fake, name):
    """boards.config is needed only while building: the game gets its RAM back."""
    import boards
    import boards.config  # noqa: F401
    build(name, {})
    assert "boards.config" not in sys.modules and not hasattr(boards, "config")


def test_the_board_module_and_build_steps_are_forgotten_once_built(fake, monkeypatch):
    """Only the Hardware (boards.hw) stays: the board's module, boards.hardware and the package give their RAM back."""
    import boards
    import boards.hardware  # noqa: F401
    monkeypatch.setattr(sys, "platform", "rp2")
    hw = boards.build({})
    assert hw.board == "pico" and hw.display is not None
    for name in ("boards.pico", "boards.hardware", "boards.config"):
        assert name not in sys.modules and not hasattr(boards, name.split(".")[1]), name
    assert "boards.hw" in sys.modules
    assert "boards" not in sys.modules  # the package too: main.py lets go of it, so its code goes


def test_display_type_and_address_from_config(fake):
    from lockdown.sh1106 import SH1106
    fake_machine.I2C.devices = {0x3D}
    hw = build("pico", {"display": "sh1106", "addr": "0x3d", "freq": 100000})
    assert isinstance(hw.display, SH1106) and hw.display.addr == 0x3D
    assert fake_machine.I2C.made[-1].freq == 100000 and fake_machine.I2C.made[-1].sda.id == 4


def test_a_pin_the_port_refuses_loses_only_that_control(fake):
    fake_machine.Pin.refused = {15}
    hw = build("pico", {})
    assert switches(hw)[2] is None and switches(hw)[0] is not None
    assert len(hw.problems) == 1 and hw.problems[0].startswith("go on 15: invalid pin")


def test_pico_counts_encoders_in_pio_on_consecutive_pins(fake):
    from boards.pio_encoder import PioEncoder
    hw = build("pico", {})
    sms = fake_machine.StateMachine.made
    assert sorted(sms) == [0, 1] and sms[0].in_base.id == 6 and sms[1].in_base.id == 10
    assert all(isinstance(c.__self__, PioEncoder) for c in hw.inputs._counts)
    app = App()
    sms[1].count = -8
    hw.inputs.poll(app, 0)
    assert app.calls == [("turn", 1, -2)]


def test_pico_falls_back_to_interrupts(fake):
    from boards.irq_encoder import IrqEncoder
    fake_machine.StateMachine.refused = {0}
    hw = build("pico", {"prox": [10, 12], "prox_sw": 13})
    kinds = [type(c.__self__) for c in hw.inputs._counts]
    assert kinds[0] is IrqEncoder and kinds[1] is IrqEncoder and hw.problems == []


def test_esp32_uses_pcnt_where_the_firmware_has_it(fake):
    hw = build("esp32_devkitc", {})
    enc = hw.inputs._counts[0].__self__
    assert type(enc).__name__ == "Encoder" and enc.kw["phases"] == 4
    assert (enc.phase_a.id, enc.phase_b.id, enc.phase_a.pull) == (32, 33, fake_machine.Pin.PULL_UP)


def test_esp32_without_encoder_turns_by_interrupts(monkeypatch, tmp_path):
    fake_machine.install(monkeypatch, encoder=False)
    hw, app = build("esp32_devkitc", {}), App()
    a, b = fake_machine.Pin.made[26], fake_machine.Pin.made[27]
    assert a.handler and b.handler and a.trigger == a.IRQ_RISING | a.IRQ_FALLING
    for s in (1, 0, 2, 3) * 2 + (2, 3):  # pins start high (3): two detents back, a bounce
        a.set(s & 1)
        b.set(s >> 1)
    hw.inputs.poll(app, 0)
    assert app.calls == [("turn", 1, -2)]


def test_raspberry_pi_samples_encoders_into_decoders(fake):
    hw, app = build("raspberry_pi", {}), App()
    a, b = fake_machine.DigitalInOut.made[17], fake_machine.DigitalInOut.made[27]
    assert a.pull == "up"
    for s in (2, 0, 1, 3):  # from 3, one clockwise cycle is 3 2 0 1 3
        a.value, b.value = bool(s & 1), bool(s >> 1)
        hw.sampler.sample()
    hw.inputs.poll(app, 0)
    assert app.calls == [("turn", 0, 1)]


def test_build_picks_the_board_by_platform(fake, monkeypatch):
    import boards
    monkeypatch.setattr(sys, "platform", "rp2")
    assert boards.build({}).board == "pico"
    monkeypatch.setattr(sys, "platform", "esp32")
    assert boards.build({}).board == "esp32"


def test_build_without_a_board_still_gives_hardware(fake, monkeypatch):
    import boards
    monkeypatch.setattr(sys, "platform", "zephyr")
    hw = boards.build()
    assert hw.display is None and hw.problems == ["board zephyr: no board module for platform 'zephyr'"]
    hw.inputs.poll(App(), 0)  # no controls, no error


def test_build_reads_the_config_file(fake, tmp_path, monkeypatch):
    (tmp_path / "c.json").write_text('{"go": 16, "alarm_reverse": true}')
    monkeypatch.setenv("LOCKDOWN_CONFIG", str(tmp_path / "c.json"))
    hw = build("raspberry_pi")
    assert hw.problems == [] and 16 in fake_machine.DigitalInOut.made


# --- on MicroPython --------------------------------------------------------------------------

ALLOC = """
import gc
from lockdown.buttons import Edges
from lockdown.inputs import Inputs
from lockdown.quadrature import Decoder
class Count:
    def __init__(self): self.n = 0
    def value(self): return self.n
class App:
    def turn(self, k, n): pass
    def press(self, b): pass
    def hold(self, b): pass
enc = [Count(), Count()]
lv = [1]
go = Edges(1, 0)
inputs = Inputs(enc, [Count(), lambda: lv[0], go])
app = App()
dec = Decoder(0)
steps = (0, 1, 3, 2)
inputs.poll(app, 0)
gc.collect()
gc.disable()
before = gc.mem_alloc()
for t in range(1, 3000):
    enc[0].n += 1
    enc[1].n -= 3
    lv[0] = (t // 40) % 2
    dec.feed(steps[t % 4])
    go.record((t // 30) % 2, t * 10 - 3)  # what the switch's interrupt handler does
    inputs.poll(app, t * 10)
print(gc.mem_alloc() - before, dec.value())
"""


def test_polls_and_the_interrupt_handlers_allocate_nothing_on_micropython():
    out = run("-c " + ALLOC).stdout.split()
    assert out == ["0", "2999"]


IRQ_MP = """
import micropython
from boards.irq_switch import IrqSwitch
class Pin:
    IRQ_RISING = 1
    IRQ_FALLING = 2
    def __init__(self):
        self.v = 1
    def value(self):
        return self.v
    def irq(self, handler, trigger, hard=False):
        self.handler = handler
        self.hard = hard
pin = Pin()
switch = IrqSwitch(pin)
micropython.heap_lock()  # as in a hard interrupt: any allocation raises MemoryError
for i in range(40):  # more edges than the ring holds
    pin.v = i % 2
    pin.handler(pin)
micropython.heap_unlock()
n = 0
while switch.waiting() >= 0:
    last = switch.take()
    n += 1
print(pin.hard, n, last)
"""


def test_the_switch_interrupt_handler_allocates_nothing_on_micropython():
    """IrqSwitch's handler runs with the heap locked, as a hard interrupt does, past a full ring."""
    assert run("-c " + IRQ_MP).stdout.split() == ["True", "15", "1"]


CONFIG_MP = """
from boards.config import validate
spec = {"name": "Pico", "pin": "GP%d", "pins": tuple(range(23)), "outputs": tuple(range(23)),
        "i2c": {0: ((4,), (5,))}, "wdt_max": 8388,
        "defaults": {"display": "ssd1306", "i2c": 0, "sda": 4, "scl": 5, "freq": 400000,
                     "addr": 0x3C, "alarm": [6, 7], "prox": [10, 11], "alarm_sw": 8,
                     "prox_sw": 12, "go": 15, "divisor": 4, "alarm_reverse": False,
                     "prox_reverse": False, "wdt_ms": 0}}
msgs = []
cfg = validate(spec, {"go": 6, "addr": "0x3D", "freq": 5, "x": 1}, msgs.append)
print(cfg["go"], cfg["addr"], cfg["freq"])
for m in msgs:
    print(m)
"""


def test_config_validates_the_same_on_micropython():
    lines = run("-c " + CONFIG_MP).stdout.strip().split("\n")
    assert lines == ["15 61 400000",
                     "config: unknown key 'x' (ignored)",
                     "config freq: 5 is not 10000..1000000 Hz; using 400000",
                     "config go: GP6 is also alarm; using GP15"]


def test_build_on_a_port_without_its_board_still_runs_on_micropython():
    """The unix port says 'linux' but has no Blinka: a problem, no display, inputs that poll."""
    r = run("-c from boards import build; hw = build(); hw.inputs.poll(None, 0); "
            "print(hw.display, len(hw.problems), hw.problems[0][:20])")
    assert r.stdout.strip().split("\n")[-1] == "None 1 board raspberry_pi:"
