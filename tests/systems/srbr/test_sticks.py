"""The measuring sticks' lengths by mecha size (SRBR p. 4, "Measuring Sticks")."""

from __future__ import annotations

import pytest

from app.systems.srbr import sticks


def test_stick_table_for_25_to_28mm_models() -> None:
    assert sticks.stick_lengths("25-28mm", "mm") == {"S": 50, "M": 80, "L": 120}
    assert sticks.stick_lengths("25-28mm") == {"S": 5.0, "M": 8.0, "L": 12.0}


def test_stick_table_for_40mm_and_up() -> None:
    assert sticks.stick_lengths("40mm+", "mm") == {"S": 75, "M": 120, "L": 180}
    assert sticks.stick_lengths("40mm+", "cm") == {"S": 7.5, "M": 12.0, "L": 18.0}


def test_unknown_scale_is_an_error() -> None:
    with pytest.raises(KeyError):
        sticks.stick_lengths("15mm")
