"""`python -m host_sim`: the desktop simulator."""
import sys

import host_sim  # noqa: F401  (sys.path set-up)


def main(argv=None):
    from lockdown.game import Game
    g = Game(4)
    print("Lockdown simulator: a new 4-player game, proximity %02d, alarm %d" % (g.proximity, g.alarm))
    return 0


if __name__ == "__main__":
    sys.exit(main())
