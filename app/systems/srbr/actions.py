"""SRBR actions and table options (pydantic; every string, number and list bounded)."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError, field_validator, model_validator

from app.geometry import footprints
from app.systems.srbr.profiles import Ident, Mecha

MechaId = Annotated[str, Field(min_length=1, max_length=48)]
PartId = Annotated[str, Field(min_length=1, max_length=32)]
Coord = Annotated[float, Field(ge=-1000, le=1000, allow_inf_nan=False)]
Facing = Annotated[float, Field(ge=-720, le=720, allow_inf_nan=False)]
Seat = Literal["p1", "p2", "p3", "p4"]


class _Action(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Activate(_Action):
    """SRBR p. 4: nominate a mecha and a body part, roll one, two or three dice."""

    kind: Literal["activate"]
    mecha: MechaId
    part: PartId
    dice: Annotated[int, Field(ge=1, le=3)]


class Move(_Action):
    """A move action: (x, y) is where the mecha's measuring point (anchor) should end, in cm,
    or its base centre with ``at: "centre"`` (handy for dragging; the distance is the same,
    since the whole model travels in a straight line)."""

    kind: Literal["move"]
    x: Coord
    y: Coord
    at: Literal["anchor", "centre"] = "anchor"
    facing: Facing | None = None
    flee: bool = False


class Attack(_Action):
    """An attack with the activated part; ``target`` is a mecha or a building's terrain id."""

    kind: Literal["attack"]
    attack: Ident
    target: MechaId
    target_part: PartId | None = None


class StandUp(_Action):
    kind: Literal["stand_up"]


class Done(_Action):
    """End the current activation or reaction, giving up the actions left."""

    kind: Literal["done"]


class EndTurn(_Action):
    kind: Literal["end_turn"]


class React(_Action):
    """Use a reaction opportunity with one body part of one of your mechas."""

    kind: Literal["react"]
    mecha: MechaId
    part: PartId


class Pass(_Action):
    """Decline a reaction opportunity."""

    kind: Literal["pass"]


class Concede(_Action):
    kind: Literal["concede"]


class Record(_Action):
    """Manual resolution: a player states a result and the table keeps the record."""

    kind: Literal["record"]
    mecha: MechaId
    part: PartId | None = None
    damage: Annotated[int, Field(ge=0, le=10)] | None = None
    jammed: bool | None = None
    status: Literal["standing", "fallen"] | None = None
    x: Coord | None = None
    y: Coord | None = None
    facing: Facing | None = None
    out: Literal["destroyed", "fled", "in_play"] | None = None
    note: Annotated[str, Field(max_length=200)] = ""


class RecordTerrain(_Action):
    """Manual combat: a player records a building smashed to rubble (or rebuilt)."""

    kind: Literal["record_terrain"]
    terrain: Annotated[str, Field(min_length=1, max_length=32)]
    smashed: bool = True
    note: Annotated[str, Field(max_length=200)] = ""


class Dispute(_Action):
    """Another seat contests the latest record while it is open: the game waits for the host."""

    kind: Literal["dispute"]
    record: Annotated[int, Field(ge=0, le=100_000)]
    reason: Annotated[str, Field(min_length=1, max_length=200)]


class ResolveDispute(_Action):
    """The host's ruling (seat HOST_SEAT) on the disputed record: uphold it, or overturn it
    (the table goes back to how it was just before the record)."""

    kind: Literal["resolve_dispute"]
    uphold: bool
    note: Annotated[str, Field(max_length=200)] = ""


class Deploy(_Action):
    """Deployment phase: place one of your mechas (base centre, cm) in your zone."""

    kind: Literal["deploy"]
    mecha: MechaId
    x: Coord
    y: Coord
    facing: Facing | None = None


class Ready(_Action):
    """Deployment phase: your mechas are placed."""

    kind: Literal["ready"]


class DeclareResult(_Action):
    """Manual victory: every seat still in the game declares the same winners."""

    kind: Literal["declare_result"]
    winners: Annotated[list[Seat], Field(max_length=4)]


SrbrAction = Annotated[
    Activate
    | Move
    | Attack
    | StandUp
    | Done
    | EndTurn
    | React
    | Pass
    | Concede
    | Record
    | RecordTerrain
    | DeclareResult
    | Deploy
    | Ready
    | Dispute
    | ResolveDispute,
    Field(discriminator="kind"),
]


class Manual(BaseModel):
    """Default areas switched to manual resolution (players state results)."""

    model_config = ConfigDict(extra="forbid")
    health: bool = False
    turn_end: bool = False
    malfunction: bool = False
    combat: bool = False
    victory: bool = False


class TerrainPiece(BaseModel):
    model_config = ConfigDict(extra="forbid")
    id: Annotated[str, Field(min_length=1, max_length=32)]
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


class SrbrOptions(BaseModel):
    model_config = ConfigDict(extra="forbid")
    players: Annotated[int, Field(ge=2, le=4)] = 2
    #: SRBR "Measuring Sticks": the typical mecha size picks the stick row
    scale: Literal["25-28mm", "40mm+"] = "25-28mm"
    #: SRBR "Table Size": 90 x 90 cm, 120 x 120 cm for bigger forces; auto decides by force size
    table: Literal["auto", "90", "120"] = "auto"
    #: mecha ids per seat (samples or ``mechas``); missing seats get the sample default force
    forces: dict[Seat, Annotated[list[Ident], Field(min_length=1, max_length=8)]] = {}
    #: the table's own designs (from the builder); same id as a sample replaces it
    mechas: Annotated[list[Mecha], Field(max_length=16)] = []
    #: Warboard default: "auto" places the mechas; "players" starts with a deployment phase
    deployment: Literal["auto", "players"] = "auto"
    point_limit: Annotated[int, Field(ge=1, le=100_000)] | None = None
    #: None = the default layout (data/terrain.json)
    terrain: Annotated[list[TerrainPiece], Field(max_length=64)] | None = None
    #: host overrides of the Warboard default data, by area (see README.md)
    rules: dict[str, dict[str, Any]] = {}
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
