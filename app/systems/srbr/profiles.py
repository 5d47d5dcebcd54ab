"""Mecha profiles: body parts with points and Quality, costing and validation.

SRBR "Profiles" (p. 4): every mecha is a list of body parts, each with Points and Quality
(Q, the roll needed to activate the part); a mecha's cost is the sum of the points of its
body parts and special rules. Combat scores, part types, moves and attack lists are
Warboard defaults (see README.md); suggested part prices come from data/rules.json.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field, ValidationError, model_validator

from app.systems.base import Strict

PartType = Literal["legs", "arms", "torso", "head", "weapon", "tail", "wings", "other"]
Form = Literal["biped", "non_humanoid", "vehicle"]
Ident = Annotated[str, Field(min_length=1, max_length=32, pattern=r"^[a-z0-9_-]+$")]
Label = Annotated[str, Field(min_length=1, max_length=60)]


class Part(Strict):
    id: Ident
    name: Label
    type: PartType
    points: Annotated[int, Field(ge=0, le=500)]
    q: Annotated[int, Field(ge=2, le=6)]
    #: Warboard default: the combat score used in opposed rolls
    c: Annotated[int, Field(ge=0, le=6)] = 0
    #: stick this part moves the mecha with (Leg actions), if any
    move: Literal["S", "M", "L"] | None = None
    attacks: Annotated[list[Ident], Field(max_length=8)] = []  # noqa: RUF012


class SpecialRule(Strict):
    name: Label
    points: Annotated[int, Field(ge=-100, le=500)]
    text: Annotated[str, Field(max_length=300)] = ""


class Mecha(Strict):
    id: Ident
    name: Label
    form: Form = "biped"
    #: base (footprint) diameter in cm
    base: Annotated[float, Field(gt=0.5, le=20)] = 4.0
    parts: Annotated[list[Part], Field(min_length=1, max_length=12)]
    special_rules: Annotated[list[SpecialRule], Field(max_length=12)] = []  # noqa: RUF012

    @model_validator(mode="after")
    def _unique_parts(self) -> Mecha:
        ids = [p.id for p in self.parts]
        if len(ids) != len(set(ids)):
            raise ValueError(f"mecha {self.id}: body part ids must be unique, got {ids}")
        return self


def cost(mecha: Mecha) -> int:
    """SRBR p. 4: the sum of the points of the body parts and special rules."""
    return sum(p.points for p in mecha.parts) + sum(s.points for s in mecha.special_rules)


def suggested_points(part: Part, pricing: dict[str, Any]) -> int:
    """Warboard default price of a part (data/rules.json "pricing")."""
    base = int(pricing["quality"][str(part.q)])
    moving = int(pricing["move"][part.move]) if part.move else 0
    return base + part.c * int(pricing["per_combat"]) + moving + len(part.attacks) * int(pricing["per_attack_type"])


def check(
    raw: dict[str, Any], rules: dict[str, Any], attack_types: dict[str, Any], point_limit: int | None = None
) -> dict[str, Any]:
    """Validate and cost a mecha design: {"valid", "errors", "warnings", "cost", "mecha"}."""
    try:
        mecha = Mecha.model_validate(raw)
    except ValidationError as exc:
        found = [f"{'.'.join(str(x) for x in e['loc']) or 'mecha'}: {e['msg']}" for e in exc.errors()]
        return {"valid": False, "errors": found, "warnings": [], "cost": None, "mecha": None}
    errors: list[str] = []
    warnings: list[str] = []
    for part in mecha.parts:
        for attack in part.attacks:
            spec = attack_types.get(attack)
            if spec is None:
                errors.append(f"part {part.id}: unknown attack type {attack!r}")
            elif part.type not in spec["parts"]:
                errors.append(
                    f"part {part.id}: a {part.type} part cannot {attack} (needs one of {', '.join(spec['parts'])})"
                )
        fair = suggested_points(part, rules["pricing"])
        if part.points != fair:
            warnings.append(f"part {part.id}: {part.points} points, Warboard default price {fair}")
    if not any(p.move for p in mecha.parts):
        warnings.append("no part can move the mecha")
    total = cost(mecha)
    if point_limit is not None and total > point_limit:
        errors.append(f"costs {total} points, over the limit of {point_limit}")
    return {
        "valid": not errors,
        "errors": errors,
        "warnings": warnings,
        "cost": total,
        "mecha": mecha.model_dump(mode="json"),
    }
