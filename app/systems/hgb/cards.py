"""Shape checks for unit and weapon cards after the host's overrides are merged."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from app.core.errors import BadOptions

Mod = Annotated[int, Field(ge=-6, le=6)]
MP = Annotated[float, Field(ge=0, le=60)]


class _C(BaseModel):
    model_config = ConfigDict(extra="allow")


class SpeedTable(_C):
    stationary: Mod = 0
    combat: Mod
    full: Mod


class MPTable(_C):
    combat: MP
    full: MP


class Perk(_C):
    id: Literal["autopilot", "reinforced_armor", "weak_side"]
    arc: Literal["F", "FF", "Rr", "FRr"] | None = None
    level: Annotated[int, Field(ge=0, le=50)] = 0


class UnitCard(_C):
    name: str
    armor: Annotated[int, Field(ge=1, le=200)]
    size: Annotated[float, Field(gt=0, le=20)]
    boxes: Annotated[list[Literal["S", "L", "H", "C"]], Field(min_length=1, max_length=20)]
    mp: dict[Literal["walker", "ground"], MPTable]
    attack_mod: SpeedTable
    defense_mod: dict[Literal["walker", "ground"], SpeedTable]
    sensors: Mod = 0
    comm: Mod = 0
    ecm: Annotated[int, Field(ge=0, le=6)] = 0
    perks: list[Perk] = []
    weapons: Annotated[list[str], Field(max_length=12)]


class WeaponCard(_C):
    name: str
    dm: Annotated[int, Field(ge=0, le=200)]
    ranges: Annotated[list[Annotated[float, Field(ge=0, le=200)]], Field(min_length=5, max_length=5)] | None
    accuracy: Mod = 0
    rof: Annotated[int, Field(ge=0, le=10)] = 0
    ae: Annotated[float, Field(ge=0, le=12)] = 0
    arc: Literal["F", "FF", "Rr", "FRr"] = "F"
    grenade: bool = False
    limited_ammo: Annotated[int, Field(ge=1, le=50)] | None = None

    @field_validator("ranges")
    @classmethod
    def _ascending(cls, v: list[float] | None) -> list[float] | None:
        if v is not None and v != sorted(v):
            raise ValueError("range bands must grow from Point Blank to Extreme")
        return v


def check_unit(name: str, card: dict[str, Any]) -> None:
    try:
        UnitCard.model_validate(card)
    except ValidationError as exc:
        err = exc.errors()[0]
        raise BadOptions(f"Unit card {name!r}: {'.'.join(map(str, err['loc']))}: {err['msg']}") from None


def check_weapons(weapons: dict[str, Any]) -> None:
    for code, card in weapons.items():
        try:
            WeaponCard.model_validate(card)
            if "if" in card and not isinstance(card["if"], bool):
                raise ValueError
        except (ValidationError, ValueError) as exc:
            where = ""
            if isinstance(exc, ValidationError):
                err = exc.errors()[0]
                where = f"{'.'.join(map(str, err['loc']))}: {err['msg']}"
            raise BadOptions(f"Weapon {code!r}: {where or 'if must be true or false'}") from None


class RulesData(_C):
    base_radius: Annotated[float, Field(gt=0, le=3)]
    model_height: Annotated[float, Field(gt=0, le=10)]
    eye_height: Annotated[float, Field(ge=0, le=10)]
    fixed_arc_degrees: Annotated[float, Field(gt=0, le=180)]
    turn_tolerance_degrees: Annotated[float, Field(ge=0, le=30)]
    start_speed: Literal["stationary", "combat", "full"]
    start_mode: Literal["walker", "ground"]
    stationary_move_inches: Annotated[float, Field(ge=0, le=6)]
    wreck_radius: Annotated[float, Field(gt=0, le=3)]
    forest_sight_depth: Annotated[float, Field(ge=0, le=48)]
    wreck_height: Annotated[float, Field(ge=0, le=10)]
    terrain_heights: dict[
        Literal["building", "wall", "forest", "hill", "rough", "sandy"], Annotated[float, Field(ge=0, le=20)]
    ]
    impassable: list[Literal["building", "wall", "forest", "hill", "rough", "sandy"]]
    cover_columns: Annotated[int, Field(ge=1, le=15)]
    cover_rows: Annotated[int, Field(ge=1, le=15)]
    main_body: dict[
        Literal["columns", "rows"],
        Annotated[list[Annotated[float, Field(ge=0, le=1)]], Field(min_length=2, max_length=2)],
    ]


def check_rules(rules: dict[str, Any]) -> None:
    try:
        RulesData.model_validate(rules)
    except ValidationError as exc:
        err = exc.errors()[0]
        raise BadOptions(f"Rules data: {'.'.join(map(str, err['loc']))}: {err['msg']}") from None
