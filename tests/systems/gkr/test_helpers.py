"""Stateless rule endpoints of gkr."""

from __future__ import annotations

import pytest

from app.systems.gkr.helpers import AttackRequest, OddsRequest, attack, odds
from tests.systems.gkr.helpers import GKR


def test_helpers_are_registered():
    assert {h.name for h in GKR.helpers} == {"attack", "odds"}
    assert GKR.describe()["helpers"] == ["attack", "odds"]


def test_attack_from_faces():
    result = attack(AttackRequest(attack_faces=[5, 6, 2], defence_faces=[5, 1], damage=2))
    assert (result.hits, result.defence_dice, result.saves, result.damage) == (2, 2, 1, 2)


def test_flank_attack_has_no_defence_dice():
    result = attack(AttackRequest(attack_faces=[5], defence_faces=[6], flank=True))
    assert (result.defence_dice, result.damage) == (0, 1)


def test_odds_one_die():
    result = odds(OddsRequest(dice=1))
    assert result.any_damage == pytest.approx(1 / 3 * 2 / 3)
    assert sum(result.distribution.values()) == pytest.approx(1)
    assert odds(OddsRequest(dice=1, flank=True)).any_damage == pytest.approx(1 / 3)
