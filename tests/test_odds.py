"""Lockdown odds on CPython: exact rational references for every dial position, a larger seeded run."""
import random
from fractions import Fraction
from functools import lru_cache

from hypothesis import given, settings, strategies as st

from lockdown.games.infiltration.rules.odds import chance_by_round, expected_rounds


@lru_cache(maxsize=None)
def lock_within(prox, alarm, k):
    """Exact chance of lockdown within k rounds, looking backwards from the next roll."""
    if prox >= 99:
        return Fraction(1)
    if k == 0:
        return Fraction(0)
    return sum(lock_within(prox + f + alarm, alarm, k - 1) for f in range(1, 7)) / 6


@lru_cache(maxsize=None)
def rounds_left(prox, alarm):
    """Exact expected Security phases to lockdown (a 0 step at alarm -1 is solved for)."""
    if prox >= 99:
        return Fraction(0)
    stay = sum(1 for f in range(1, 7) if f + alarm == 0)
    rest = sum(rounds_left(prox + f + alarm, alarm) for f in range(1, 7) if f + alarm)
    return (6 + rest) / (6 - stay)


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 99), st.integers(-1, 8), st.integers(1, 12))
def test_chance_by_round_is_exact(prox, alarm, n):
    out = [0.0] * n
    chance_by_round(prox, alarm, n, out)
    for k in range(n):
        assert abs(out[k] - float(lock_within(prox, alarm, k + 1))) < 1e-12


def test_expected_rounds_is_exact_for_every_dial_position():
    for alarm in range(-1, 9):
        for prox in range(0, 100):
            want = float(rounds_left(prox, alarm))
            assert abs(expected_rounds(prox, alarm) - want) < 1e-12 * max(1.0, want), (prox, alarm)


def test_long_game_at_alarm_minus_one_agrees_with_seeded_run():
    rng = random.Random(99)
    games, n = 20000, 60
    lengths = []
    for _ in range(games):
        p = k = 0
        while p < 99:
            p += rng.randint(1, 6) - 1
            k += 1
        lengths.append(k)
    out = [0.0] * n
    chance_by_round(0, -1, n, out)
    for k in range(n):
        q = out[k]
        seen = sum(1 for x in lengths if x <= k + 1) / games
        assert abs(seen - q) <= 4.5 * (q * (1 - q) / games) ** 0.5 + 1e-9, (k, seen, q)
    mean = sum(lengths) / games
    sd = (sum((x - mean) ** 2 for x in lengths) / (games - 1)) ** 0.5
    assert abs(mean - expected_rounds(0, -1)) <= 4.5 * sd / games ** 0.5


def test_runs_on_micropython_with_the_same_numbers():
    from tests.mpy import run
    r = run("-c from lockdown.games.infiltration.rules.odds import chance_by_round as c, expected_rounds as e\n"
            "o = [0.0] * 3\nc(80, 3, 3, o)\nprint(repr(o[0]), repr(o[2]), repr(e(0, -1)))")
    got = [float(x) for x in r.stdout.split()]
    out = [0.0] * 3
    chance_by_round(80, 3, 3, out)
    assert abs(got[0] - out[0]) < 1e-12 and abs(got[1] - out[2]) < 1e-12
    assert abs(got[2] - expected_rounds(0, -1)) < 1e-9
