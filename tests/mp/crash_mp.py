"""The crash path on the MicroPython unix port: the real framebuf, asyncio and print_exception.

    micropython tests/mp/crash_mp.py ROOT

Plays on fake hardware saving to ROOT, injects a fault, checks the error screen shows the code,
errors.log has it, the watchdog restarts the board, and the restart boots into the saved game.
Prints "fault code XXXX" (tests/mp/fault.py's, to compare with CPython) and "crash_mp: ok".
"""
import asyncio
import sys

sys.path.insert(0, "firmware")
sys.path.insert(0, ".")
sys.path.insert(0, "host_sim")  # fake_hw alone: host_sim/__init__ sets up CPython paths

from fake_hw import Clock, FakeHardware, Reset, Stop  # noqa: E402
from lockdown import crash  # noqa: E402
from lockdown.events import ALARM, GO  # noqa: E402
from lockdown.runloop import main  # noqa: E402
from tests.mp import fault  # noqa: E402
from tests.mp.helpers import FakeApp, read_code  # noqa: E402


def fault_code():
    try:
        fault.fail()
    except ValueError as e:
        name, line = crash.where(crash.trace(e))
        return crash.code("ValueError", name, line)


def boot(hw, apps):
    def make(session, notice):
        apps.append(FakeApp(session, notice))
        return apps[-1]
    try:
        asyncio.run(main(hw, hw.clock, make))
    except (Reset, Stop) as e:
        return e


def cycle(root):
    apps = []
    hw = FakeHardware(root)
    hw.inputs.add(("press", GO), ("turn", ALARM, 3), ("wait", 1000), ValueError("injected"))
    assert isinstance(boot(hw, apps), Reset) and hw.wdt.bit
    played = bytes(apps[0].session.game.s)
    with open(root + "/errors.log") as f:
        last = f.read().split("\n")[-2]
    digits = last.split()[0]
    assert last.startswith(digits + " ValueError fake_hw.py:") and last.endswith(" injected"), last
    assert read_code(hw.display.shown) == digits
    again = FakeHardware(root, clock=Clock(end=100))
    assert isinstance(boot(again, apps), Stop)
    assert bytes(apps[1].session.game.s) == played and apps[1].notice is None


print("fault code", fault_code())
cycle(sys.argv[1])
print("crash_mp: ok")
