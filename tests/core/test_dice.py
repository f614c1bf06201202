"""The die: unbiased d6 by rejection sampling from an injected entropy source."""
from lockdown.dice import Die, Xorshift


def feed(values):
    """An entropy source that returns the given bytes one at a time."""
    it = iter(values)
    return lambda n: bytes([next(it) for _ in range(n)])


def test_die_maps_accepted_bytes_without_modulo_bias():
    d = Die(feed([0, 5, 6, 251]))
    assert [d.roll() for _ in range(4)] == [1, 6, 1, 6]


def test_die_rejects_bytes_252_to_255():
    d = Die(feed([252, 253, 254, 255, 8]))
    assert d.roll() == 3


def test_every_byte_value_gives_each_face_equally_often_after_rejection():
    faces = [0] * 7
    for b in range(252):
        faces[Die(feed([b])).roll()] += 1
    assert faces[1:] == [42] * 6


def test_seeded_source_replays():
    a = Die(Xorshift(7))
    b = Die(Xorshift(7))
    assert [a.roll() for _ in range(50)] == [b.roll() for _ in range(50)]
    assert all(1 <= Die(Xorshift(s)).roll() <= 6 for s in range(1, 40))


def chi_square(rolls):
    counts = [0] * 6
    for r in rolls:
        counts[r - 1] += 1
    e = len(rolls) / 6
    return sum((c - e) ** 2 / e for c in counts)


def test_seeded_die_is_uniform_chi_square():
    d = Die(Xorshift(12345))
    # 5 degrees of freedom: 20.52 is the 0.999 quantile
    assert chi_square([d.roll() for _ in range(12000)]) < 20.52
