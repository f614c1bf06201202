"""Lockdown odds: exact against enumeration of every roll sequence, and against a seeded run."""
import gc

from lockdown.dice import Die, Xorshift
from lockdown.games.infiltration.rules.odds import chance_by_round, expected_rounds


def eps():
    """The port's float resolution: doubles on CPython and the unix port, less on some boards."""
    e = 1.0
    while 1.0 + e / 2 != 1.0:
        e /= 2
    return e


TOL = 1e-12 if eps() < 1e-15 else 1e-4


def brute(prox, alarm, rounds):
    """Chance of lockdown by each round, counting all 6**rounds roll sequences."""
    hits = [0] * rounds
    for seq in range(6 ** rounds):
        p = prox
        for k in range(rounds):
            p += seq % 6 + 1 + alarm
            seq //= 6
            if p >= 99:
                for r in range(k, rounds):
                    hits[r] += 1
                break
    return [h / 6 ** rounds for h in hits]


def close(a, b, tol):
    return abs(a - b) <= tol


def test_matches_enumeration_of_every_roll_sequence():
    out = [0.0] * 4
    for prox, alarm, n in ((80, 3, 4), (95, -1, 4), (88, 0, 4), (70, 8, 3), (98, -1, 3), (60, 5, 4)):
        chance_by_round(prox, alarm, n, out)
        want = brute(prox, alarm, n)
        for k in range(n):
            assert close(out[k], want[k], TOL), (prox, alarm, k, out[k], want[k])


def test_alarm_minus_one_a_one_on_the_die_adds_nothing():
    out = [0.0] * 2
    # from 98 at alarm -1 only a 1 (adding 0) keeps the game going
    chance_by_round(98, -1, 2, out)
    assert close(out[0], 5 / 6, TOL) and close(out[1], 35 / 36, TOL)
    # expected phases: geometric with success 5/6
    assert close(expected_rounds(98, -1), 6 / 5, TOL)


def test_edges_certain_and_impossible():
    out = [0.0] * 3
    chance_by_round(99, 0, 3, out)
    assert out[0] == 1.0 and out[2] == 1.0
    assert expected_rounds(99, 4) == 0.0
    chance_by_round(0, 8, 3, out)  # at most 14 a round: 42 after three
    assert out[2] == 0.0
    chance_by_round(85, 8, 1, out)  # 85 + 9 + 5 = 99 only with a 6
    assert close(out[0], 1 / 6, TOL)
    assert close(expected_rounds(90, 8), 1.0, TOL)  # 90 + 8 + 1 = 99 at least


def test_chance_never_falls_and_expected_rounds_agrees_with_survival_sum():
    n = 150
    out = [0.0] * n
    for prox, alarm in ((0, 0), (40, -1), (77, 2)):
        chance_by_round(prox, alarm, n, out)
        for k in range(1, n):
            assert out[k] >= out[k - 1]
        # E[T] = sum over k >= 0 of P(T > k), with T >= 1 always
        total = 1.0 + sum(1.0 - out[k] for k in range(n - 1))
        assert close(expected_rounds(prox, alarm), total, 1e-6 * total), (prox, alarm)


def test_seeded_games_agree_within_confidence_interval():
    die = Die(Xorshift(2024))
    games, n, prox0, alarm = 3000, 30, 0, 0
    hits = [0] * n
    total = 0
    for _ in range(games):
        p, k = prox0, 0
        while p < 99:
            p += die.roll() + alarm
            k += 1
        total += k
        for r in range(k - 1, n):
            hits[r] += 1
    out = [0.0] * n
    chance_by_round(prox0, alarm, n, out)
    for k in range(n):
        q = out[k]
        sd = (q * (1 - q) / games) ** 0.5
        assert abs(hits[k] / games - q) <= 4.5 * sd + 1e-9, (k, hits[k] / games, q)
    e = expected_rounds(prox0, alarm)
    # rounds to lockdown from 0 at alarm 0 vary with sd about 2.4: 4.5 sd of the mean is < 0.2
    assert abs(total / games - e) < 0.2, (total / games, e)


def test_expected_rounds_allocates_only_its_result():
    """No garbage per cell: at most the three floats that make the result (fixed point inside)."""
    if not hasattr(gc, "mem_alloc"):
        return  # measured on MicroPython
    expected_rounds(0, 0)
    a, b, c, d = 3, 5, 7, 9
    gc.collect()
    gc.disable()
    before = gc.mem_alloc()
    x = (a + b / c) / d
    floats = gc.mem_alloc() - before
    for prox, alarm in ((0, -1), (0, 0), (40, 8)):
        gc.collect()
        before = gc.mem_alloc()
        x = expected_rounds(prox, alarm)
        used = gc.mem_alloc() - before
        assert used <= floats, (prox, alarm, used, floats)
    gc.enable()
    assert x > 0
