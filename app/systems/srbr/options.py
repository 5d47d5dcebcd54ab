"""SRBR table options (pydantic; every string, number and list bounded)."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field, TypeAdapter, ValidationError, field_validator, model_validator

from app.geometry import footprints
from app.systems.base import Strict
from app.systems.srbr.actions import Coord, Seat
from app.systems.srbr.profiles import Ident, Mecha


class Manual(Strict):
    """Default areas switched to manual resolution (players state results)."""

    health: bool = False
    turn_end: bool = False
    malfunction: bool = False
    combat: bool = False
    victory: bool = False


#: the create form's words for the terrain kinds (a stated choice, like guide.TERRAIN_TEXT)
TERRAIN_HELP = (
    "Terrain pieces {id, type, polygon, label}. Warboard choice (the rulebook's Rough Terrain, Water "
    "Movement, Higher Ground and Cover chapters are missing from our copy): a building stops moves and "
    "blocks sight; rubble, hill, water and forest are scenery with no rule effect."
)


class TerrainPiece(Strict):
    id: Annotated[str, Field(min_length=1, max_length=32)]
    #: a stated Warboard choice (guide.TERRAIN_TEXT): buildings stop moves and block sight;
    #: rubble, hills, water and forest have no rule effect (the text's chapters are missing)
    type: Literal["building", "rubble", "hill", "water", "forest"]
    polygon: Annotated[
        list[Annotated[list[Coord], Field(min_length=2, max_length=2)]], Field(min_length=3, max_length=64)
    ]
    label: Annotated[str, Field(max_length=60)] = ""

    @field_validator("polygon")
    @classmethod
    def _valid_outline(cls, points: list[list[float]]) -> list[list[float]]:
        problem = footprints.polygon_problem(points)  # shapely's validity check (bow-ties...)
        if problem is not None:
            raise ValueError(f"invalid polygon: {problem}")
        return points


_TERRAIN = TypeAdapter(Annotated[list[TerrainPiece], Field(max_length=64)])


def check_terrain(terrain: list[dict[str, Any]]) -> None:
    """The checks every terrain layout passes, from the options or the default data: valid
    outlines and unique ids. Raises ValueError naming the piece."""
    try:
        pieces = _TERRAIN.validate_python(terrain)
    except ValidationError as exc:
        err = exc.errors()[0]
        raise ValueError(f"{'.'.join(str(p) for p in err['loc'])}: {err['msg']}") from None
    ids = [t.id for t in pieces]
    twice = sorted({i for i in ids if ids.count(i) > 1})
    if twice:
        raise ValueError(f"terrain ids must be unique; repeated: {', '.join(twice)}")


RULE_AREAS = (
    "health",
    "activation",
    "malfunction",
    "reaction",
    "initiative",
    "deployment",
    "victory",
    "table",
    "anchors",
    "pricing",
    "combat",
    "attack_types",
)


class SrbrOptions(Strict):
    players: Annotated[int, Field(ge=2, le=4)] = 2
    #: SRBR "Measuring Sticks": the typical mecha size picks the stick row
    scale: Literal["25-28mm", "40mm+"] = Field(
        "25-28mm",
        title="Mecha size",
        json_schema_extra={"x-choice-labels": {"25-28mm": "25-28 mm", "40mm+": "40 mm and more"}},
    )
    #: SRBR "Table Size": 90 x 90 cm, 120 x 120 cm for bigger forces; auto decides by force size
    table: Literal["auto", "90", "120"] = Field(
        "auto",
        title="Table size",
        json_schema_extra={
            "x-choice-labels": {"auto": "By the forces' size", "90": "90 x 90 cm", "120": "120 x 120 cm"}
        },
    )
    #: mecha ids per seat (samples or ``mechas``); missing seats get the sample default force
    forces: dict[Seat, Annotated[list[Ident], Field(min_length=1, max_length=8)]] = {}  # noqa: RUF012
    #: the table's own designs (from the builder); same id as a sample replaces it
    mechas: Annotated[list[Mecha], Field(max_length=16)] = []  # noqa: RUF012
    #: Warboard default: "auto" places the mechas; "players" starts with a deployment phase
    deployment: Literal["auto", "players"] = Field(
        "auto",
        json_schema_extra={"x-choice-labels": {"auto": "Placed for you", "players": "The players place their mechas"}},
    )
    point_limit: Annotated[int, Field(ge=1, le=100_000)] | None = None
    #: None = the default layout (data/terrain.json)
    terrain: Annotated[list[TerrainPiece], Field(max_length=64)] | None = Field(None, description=TERRAIN_HELP)
    #: host overrides of the Warboard default data, by area (see README.md)
    rules: dict[str, dict[str, Any]] = {}  # noqa: RUF012
    manual: Manual = Manual()

    @model_validator(mode="after")
    def _known_areas(self) -> SrbrOptions:
        unknown = sorted(set(self.rules) - set(RULE_AREAS))
        if unknown:
            raise ValueError(f"unknown rule areas {unknown}; known: {', '.join(RULE_AREAS)}")
        if len(str(self.rules)) > 20_000:
            raise ValueError("rule overrides are limited to 20000 characters")
        if self.terrain is not None:
            check_terrain([t.model_dump() for t in self.terrain])
        return self


#: every system's options model is ``Options`` in its ``options.py``
Options = SrbrOptions
