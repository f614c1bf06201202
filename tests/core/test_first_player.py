"""Setup's "random" first player is the device die's roll (re-rolled above the player count)."""
from lockdown.dice import Die, Xorshift
from lockdown.events import GO, PROX
from tests.core.check import Driver


def expected_first(seed, players):
    die = Die(Xorshift(seed))
    first = die.roll() - 1
    while first >= players:
        first = die.roll() - 1
    return first


def random_first(seed):
    d = Driver(seed=seed)
    d.turn(PROX, 1)  # 5 players: a roll of 6 is rolled again
    d.app.stack[-1].first = -1
    d.press(GO)
    return d.game.players, d.game.first_player


def test_random_first_player_is_the_die_roll():
    seen = set()
    for k in range(1, 25):
        seed = k * 0x9E3779B1 & 0xFFFFFFFF  # small seeds all start with a low byte
        players, first = random_first(seed)
        assert players == 5
        assert first == expected_first(seed, players), seed
        seen.add(first)
    assert len(seen) >= 4  # the seeds give different first players: it is not a fixed choice
