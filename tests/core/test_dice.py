from __future__ import annotations

import hashlib
from collections import Counter

from hypothesis import given
from hypothesis import strategies as st

from app.core.dice import Dice, commitment, die


def recompute(seed: str, index: int, sides: int) -> int:
    """docs/dice.md's recipe, written again from the text (not calling the dice code)."""
    attempt = 0
    while True:
        x = int.from_bytes(hashlib.sha256(f"{seed}:{index}:{attempt}".encode()).digest()[:8], "big")
        if x < 2**64 - (2**64 % sides):
            return 1 + x % sides
        attempt += 1


def test_commitment_is_sha256_of_the_seed() -> None:
    assert commitment("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"


def test_stream_is_deterministic_and_recorded() -> None:
    a, b = Dice("seed", 0), Dice("seed", 0)
    assert a.roll_many(10) == b.roll_many(10)
    assert [r["i"] for r in a.rolls] == list(range(10))
    assert a.index == 10


def test_dice_continue_from_an_index() -> None:
    whole = Dice("s", 0).roll_many(6)
    rest = Dice("s", 3).roll_many(3)
    assert whole[3:] == rest


@given(st.text(max_size=20), st.integers(0, 10_000), st.integers(1, 1000))
def test_die_matches_the_published_recipe(seed: str, index: int, sides: int) -> None:
    value = die(seed, index, sides)
    assert 1 <= value <= sides
    assert value == recompute(seed, index, sides)


def test_d6_is_roughly_uniform() -> None:
    counts = Counter(Dice("uniform").roll_many(6000))
    assert set(counts) == {1, 2, 3, 4, 5, 6}
    assert all(850 < c < 1150 for c in counts.values())


@given(st.lists(st.integers(), max_size=30), st.text(max_size=8))
def test_shuffle_is_a_permutation(items: list[int], seed: str) -> None:
    shuffled = list(items)
    Dice(seed).shuffle(shuffled)
    assert sorted(shuffled) == sorted(items)
