"""SRBR actions (pydantic; every string, number and list bounded). The table options are in options.py."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from app.systems.base import Strict
from app.systems.srbr.profiles import Ident

MechaId = Annotated[str, Field(min_length=1, max_length=48)]
PartId = Annotated[str, Field(min_length=1, max_length=32)]
Coord = Annotated[float, Field(ge=-1000, le=1000, allow_inf_nan=False)]
Facing = Annotated[float, Field(ge=-720, le=720, allow_inf_nan=False)]
Seat = Literal["p1", "p2", "p3", "p4"]


class Activate(Strict):
    """SRBR p. 4: nominate a mecha and a body part, roll one, two or three dice."""

    kind: Literal["activate"]
    mecha: MechaId
    part: PartId
    dice: Annotated[int, Field(ge=1, le=3)]


class Move(Strict):
    """A move action: (x, y) is where the mecha's measuring point (anchor) should end, in cm,
    or its base centre with ``at: "centre"`` (handy for dragging; the distance is the same,
    since the whole model travels in a straight line)."""

    kind: Literal["move"]
    x: Coord
    y: Coord
    at: Literal["anchor", "centre"] = "anchor"
    facing: Facing | None = None
    flee: bool = False


class Attack(Strict):
    """An attack with the activated part; ``target`` is a mecha or a building's terrain id."""

    kind: Literal["attack"]
    attack: Ident
    target: MechaId
    target_part: PartId | None = None


class StandUp(Strict):
    kind: Literal["stand_up"]


class Done(Strict):
    """End the current activation or reaction, giving up the actions left."""

    kind: Literal["done"]


class EndTurn(Strict):
    kind: Literal["end_turn"]


class React(Strict):
    """Use a reaction opportunity with one body part of one of your mechas."""

    kind: Literal["react"]
    mecha: MechaId
    part: PartId


class Pass(Strict):
    """Decline a reaction opportunity."""

    kind: Literal["pass"]


class Concede(Strict):
    kind: Literal["concede"]


class Record(Strict):
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


class RecordTerrain(Strict):
    """Manual combat: a player records a building smashed to rubble (or rebuilt)."""

    kind: Literal["record_terrain"]
    terrain: Annotated[str, Field(min_length=1, max_length=32)]
    smashed: bool = True
    note: Annotated[str, Field(max_length=200)] = ""


class Dispute(Strict):
    """Another seat contests the latest record while it is open: the game waits for the host."""

    kind: Literal["dispute"]
    record: Annotated[int, Field(ge=0, le=100_000)]
    reason: Annotated[str, Field(min_length=1, max_length=200)]


class ResolveDispute(Strict):
    """The host's ruling (seat HOST_SEAT) on the disputed record: uphold it, or overturn it
    (the table goes back to how it was just before the record)."""

    kind: Literal["resolve_dispute"]
    uphold: bool
    note: Annotated[str, Field(max_length=200)] = ""


class Deploy(Strict):
    """Deployment phase: place one of your mechas (base centre, cm) in your zone."""

    kind: Literal["deploy"]
    mecha: MechaId
    x: Coord
    y: Coord
    facing: Facing | None = None


class Ready(Strict):
    """Deployment phase: your mechas are placed."""

    kind: Literal["ready"]


class DeclareResult(Strict):
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
