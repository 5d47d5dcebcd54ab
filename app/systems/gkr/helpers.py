"""Stateless rule endpoints: ``POST /api/rules/gkr/attack`` and ``POST /api/rules/gkr/odds``.

They use the same Warboard default dice procedure as the tables (data/rules.json): attack
dice at or above To Hit hit; one defence die per hit (none on a flank shot by default), each at
or above Armor cancels a hit; each remaining hit deals the weapon's damage.
"""

from __future__ import annotations

from fractions import Fraction
from math import comb
from typing import Annotated, cast

from pydantic import BaseModel, Field

from app.systems.base import Helper, Strict
from app.systems.gkr.data import load

Face = Annotated[int, Field(ge=1, le=6)]
Target = Annotated[int, Field(ge=2, le=6)]


class _Shot(Strict):
    """The weapon and the target of one attack (both helpers)."""

    to_hit: Target = 5
    armor: Target | None = 5
    flank: bool = False
    damage: Annotated[int, Field(ge=0, le=25)] = 1


class AttackRequest(_Shot):
    attack_faces: Annotated[list[Face], Field(max_length=10)]
    defence_faces: Annotated[list[Face], Field(max_length=8)] = []  # noqa: RUF012


class AttackResult(BaseModel):
    hits: int
    defence_dice: int
    saves: int
    damage: int


class OddsRequest(_Shot):
    dice: Annotated[int, Field(ge=0, le=10)]


class OddsResult(BaseModel):
    expected_damage: float
    any_damage: float
    distribution: dict[int, float]


def _defence_dice(hits: int, flank: bool) -> int:
    rules = load("rules")
    return cast("int", min(hits, rules["flank"]["defence_dice"] if flank else rules["dice"]["max_defence_dice"]))


def attack(req: AttackRequest) -> AttackResult:
    hits = sum(f >= req.to_hit for f in req.attack_faces)
    n_def = _defence_dice(hits, req.flank) if req.armor is not None else 0
    saves = sum(f >= req.armor for f in req.defence_faces[:n_def]) if req.armor is not None else 0
    return AttackResult(hits=hits, defence_dice=n_def, saves=saves, damage=(hits - saves) * req.damage)


def _binomial(n: int, p: Fraction) -> list[Fraction]:
    return [comb(n, k) * p**k * (1 - p) ** (n - k) for k in range(n + 1)]


def odds(req: OddsRequest) -> OddsResult:
    hit_p = Fraction(7 - req.to_hit, 6)
    save_p = Fraction(7 - req.armor, 6) if req.armor is not None else Fraction(0)
    dist: dict[int, Fraction] = {}
    for hits, p_hits in enumerate(_binomial(req.dice, hit_p)):
        n_def = _defence_dice(hits, req.flank) if req.armor is not None else 0
        for saves, p_saves in enumerate(_binomial(n_def, save_p)):
            amount = (hits - saves) * req.damage
            dist[amount] = dist.get(amount, Fraction(0)) + p_hits * p_saves
    expected = sum(k * p for k, p in dist.items())
    return OddsResult(
        expected_damage=float(expected),
        any_damage=float(sum(p for k, p in dist.items() if k > 0)),
        distribution={k: float(p) for k, p in sorted(dist.items())},
    )


HELPERS = (
    Helper(
        "attack",
        AttackRequest,
        AttackResult,
        attack,
        "Resolve one attack from given dice faces (Warboard default dice procedure)",
    ),
    Helper(
        "odds",
        OddsRequest,
        OddsResult,
        odds,
        "Exact damage probabilities of one attack (Warboard default dice procedure)",
    ),
)
