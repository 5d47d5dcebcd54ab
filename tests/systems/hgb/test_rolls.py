"""Rulebook, "Dice and Rolls": the worked examples and the dice rule's invariants."""

from fractions import Fraction
from itertools import product

from hypothesis import given
from hypothesis import strategies as st

from app.systems.hgb.rolls import DEFAULT_SKILLS, against, distribution, modified_distribution, read_faces

faces = st.lists(st.integers(1, 6), min_size=1, max_size=8)


def test_two_dice_3_and_5_give_5():
    assert read_faces([3, 5]).result == 5


def test_three_dice_6_6_1_give_7():
    roll = read_faces([6, 6, 1])
    assert (roll.result, roll.fumble) == (7, False)


def test_threshold_example_mos_1():
    out = against(5, 4)
    assert out.success and out.mos == 1 and out.mof is None


def test_opposed_example_mof_2():
    out = against(5, 7)
    assert not out.success and out.mof == 2


def test_equal_is_failure_with_mof_0():
    out = against(4, 4)
    assert not out.success and out.mof == 0


def test_all_ones_is_a_fumble_that_ignores_modifiers():
    roll = read_faces([1, 1, 1])
    assert roll.fumble and roll.result == 0
    assert roll.modified(+3) == 0 and roll.modified(-2) == 0


def test_default_skills():
    assert DEFAULT_SKILLS == {"att": 2, "def": 2, "ew": 1}


@given(faces)
def test_result_rule(fs):
    roll = read_faces(fs)
    sixes = fs.count(6)
    if all(f == 1 for f in fs):
        assert roll.fumble and roll.result == 0
    elif sixes:
        assert roll.result == 5 + sixes
    else:
        assert roll.result == max(fs)


@given(faces, st.integers(1, 6))
def test_adding_a_die_never_lowers_the_result(fs, extra):
    assert read_faces([*fs, extra]).result >= read_faces(fs).result


@given(faces)
def test_order_does_not_matter(fs):
    a, b = read_faces(fs), read_faces(sorted(fs))
    assert (a.result, a.fumble) == (b.result, b.fumble)


@given(st.integers(-10, 10), st.integers(-10, 10))
def test_margins(a, d):
    out = against(a, d)
    assert out.success == (a > d)
    assert out.margin == abs(a - d)


def test_distribution_matches_enumeration():
    for n in range(1, 5):
        counts: dict[int, int] = {}
        for fs in product(range(1, 7), repeat=n):
            r = read_faces(list(fs)).result
            counts[r] = counts.get(r, 0) + 1
        expected = {r: Fraction(c, 6**n) for r, c in counts.items()}
        got = {r: p for r, p in distribution(n).items() if p}
        assert got == expected


@given(st.integers(1, 12), st.integers(-5, 5))
def test_distributions_sum_to_one(n, mod):
    assert sum(distribution(n).values()) == 1
    assert sum(modified_distribution(n, mod).values()) == 1
