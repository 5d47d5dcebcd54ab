"""Stateless rule endpoints: POST /api/rules/srbr/{sticks,activation,mecha,combat}."""

from __future__ import annotations

from typing import Annotated, Any, Literal, get_args

from pydantic import BaseModel, Field

from app.systems.base import Helper, Strict
from app.systems.srbr import activation, combat, data, profiles, sticks

Colour = Literal["white", "yellow", "red"]


class SticksRequest(Strict):
    scale: Literal["25-28mm", "40mm+"] = "25-28mm"


class SticksResponse(BaseModel):
    scale: str
    mm: dict[str, float]
    cm: dict[str, float]
    table_mm: dict[str, dict[str, int]]


def _sticks(req: SticksRequest) -> SticksResponse:
    return SticksResponse(
        scale=req.scale,
        mm=sticks.stick_lengths(req.scale, "mm"),
        cm=sticks.stick_lengths(req.scale, "cm"),
        table_mm=sticks.STICK_TABLES_MM,
    )


class ActivationRequest(Strict):
    faces: Annotated[list[Annotated[int, Field(ge=1, le=6)]], Field(min_length=1, max_length=3)]
    colours: Annotated[list[Colour], Field(min_length=1, max_length=3)] | None = None
    q: Annotated[int, Field(ge=2, le=6)]


class ActivationResponse(BaseModel):
    dice: list[dict[str, Any]]
    successes: int
    failures: int
    reactions: int
    ends_turn: bool


def _activation(req: ActivationRequest) -> ActivationResponse:
    colours: list[str] = list(req.colours or ["white"] * len(req.faces))
    if len(colours) != len(req.faces):
        colours = (colours * 3)[: len(req.faces)]
    rules = data.defaults()["activation"]
    return ActivationResponse(**activation.score(req.faces, colours, req.q, rules))


class MechaRequest(Strict):
    mecha: dict[str, Any]
    point_limit: Annotated[int, Field(ge=1, le=100_000)] | None = None


class MechaResponse(BaseModel):
    valid: bool
    errors: list[str]
    warnings: list[str]
    cost: int | None
    mecha: dict[str, Any] | None
    suggested_points: dict[str, int] = {}


def _mecha(req: MechaRequest) -> MechaResponse:
    rules = data.defaults()
    if len(str(req.mecha)) > 20_000:
        return MechaResponse(valid=False, errors=["mecha: too large"], warnings=[], cost=None, mecha=None)
    report = profiles.check(req.mecha, rules, rules["attack_types"], req.point_limit)
    prices = {}
    if report["mecha"]:
        m = profiles.Mecha.model_validate(report["mecha"])
        prices = {p.id: profiles.suggested_points(p, rules["pricing"]) for p in m.parts}
    return MechaResponse(**report, suggested_points=prices)


class CombatRequest(Strict):
    mode: Literal["close", "ranged"] = "close"
    attack_die: Annotated[int, Field(ge=1, le=6)]
    defence_die: Annotated[int, Field(ge=1, le=6)]
    attack_score: Annotated[int, Field(ge=-10, le=20)] = 0
    defence_score: Annotated[int, Field(ge=-10, le=20)] = 0


class CombatResponse(BaseModel):
    attack: int
    defence: int
    result: str
    effects: list[str]


def _combat(req: CombatRequest) -> CombatResponse:
    a = req.attack_die + req.attack_score
    d = req.defence_die + req.defence_score
    key = combat.result_key(a, d, req.attack_die, req.defence_die)
    effects = combat.effects_for(data.defaults(), {"mode": req.mode}, key)
    return CombatResponse(attack=a, defence=d, result=key, effects=effects)


class CatalogueRequest(Strict):
    pass


class CatalogueResponse(BaseModel):
    samples: list[dict[str, Any]]
    attack_types: dict[str, dict[str, Any]]
    part_types: list[str]
    forms: list[str]
    anchors: dict[str, Any]
    pricing: dict[str, Any]
    source: str


def _catalogue(req: CatalogueRequest) -> CatalogueResponse:
    """What a mecha builder offers: the sample mechas and the default building blocks."""
    rules = data.defaults()
    samples = []
    for raw in data.samples().values():
        report = profiles.check(raw, rules, rules["attack_types"])
        samples.append({**raw, "cost": report["cost"]})
    return CatalogueResponse(
        samples=samples,
        attack_types=rules["attack_types"],
        part_types=list(get_args(profiles.PartType)),
        forms=list(get_args(profiles.Form)),
        anchors=rules["anchors"],
        pricing=rules["pricing"],
        source="Warboard default, not from the rulebook (sample mechas, attack types, prices)",
    )


HELPERS = (
    Helper(
        "catalogue",
        CatalogueRequest,
        CatalogueResponse,
        _catalogue,
        "Sample mechas, attack types, part types and default prices for a mecha builder",
    ),
    Helper("sticks", SticksRequest, SticksResponse, _sticks, "Stick lengths for a mecha size"),
    Helper(
        "activation",
        ActivationRequest,
        ActivationResponse,
        _activation,
        "Judge an activation roll: successes, failures, reactions, turn end",
    ),
    Helper("mecha", MechaRequest, MechaResponse, _mecha, "Validate and cost a mecha design"),
    Helper(
        "combat", CombatRequest, CombatResponse, _combat, "Opposed roll result and effects (Warboard default table)"
    ),
)
