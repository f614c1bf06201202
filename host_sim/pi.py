"""`python -m host_sim.pi`: the firmware's own main loop on a Raspberry Pi, under CPython.

Not a simulation: boards/raspberry_pi.py drives a real OLED and real knobs through Blinka
(`pip install -e '.[pi]'`). This module only supplies what CPython lacks (the `micropython`
shim) and the repository's folders on sys.path, then does what firmware/main.py does on a board.
"""
import host_sim  # noqa: F401  (firmware/, the shims and the repository on sys.path)


def main():
    from boards import build
    from lockdown.runloop import run
    run(build())


if __name__ == "__main__":
    main()
