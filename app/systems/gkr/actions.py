"""Player actions of the ``gkr`` system (pydantic, bounded); table options: ``options.py``."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from app.systems.base import Strict
from app.systems.gkr.data import MAP_IDS
from app.systems.gkr.options import MapId, WeaponStats

Area = Literal["energy", "weapons", "dice", "flank", "tagging", "support"]
Ident = Annotated[str, Field(min_length=1, max_length=40)]
Coord = Annotated[int, Field(ge=-50, le=50)]
Facing = Annotated[int, Field(ge=0, le=300, multiple_of=60)]
assert set(MapId.__args__) == set(MAP_IDS)  # type: ignore[attr-defined]


class HexRef(Strict):
    q: Coord
    r: Coord


class EndTurn(Strict):
    kind: Literal["end_turn"]


class ActivateBLB(Strict):
    kind: Literal["activate_blb"]
    card: Ident


class PlaySponsor(Strict):
    kind: Literal["play_sponsor"]
    card: Ident


class DeploySupport(Strict):
    kind: Literal["deploy_support"]
    card: Ident
    unit: Ident
    to: HexRef
    facing: Facing = 0


class Move(Strict):
    kind: Literal["move"]
    unit: Ident
    to: HexRef | None = None
    facing: Facing | None = None
    card: Ident | None = None  # a movement card played with a Heavy Hitter's move


class WeaponChoice(Strict):
    source: Literal["card", "combat", "blb"]
    card: Ident | None = None  # source "card": a weapon card from the hand
    weapon: Ident | None = None  # source "blb": one of Big Little Buddy's weapons
    target_unit: Ident | None = None
    target_hex: HexRef | None = None  # the Mine Mate's chosen hex
    stats: WeaponStats | None = None  # manual weapons: the values the player states
    flank: bool | None = None  # manual flank shots: the player states it


class ChooseWeapons(Strict):
    kind: Literal["choose_weapons"]
    weapons: Annotated[list[WeaponChoice], Field(max_length=6)]


class HitResult(Strict):
    unit: Ident
    damage: Annotated[int, Field(ge=0, le=30)]


class StateResult(Strict):
    """Manual dice: the attacker states what the current firing-line attack did."""

    kind: Literal["state_result"]
    results: Annotated[list[HitResult], Field(max_length=12)]


class Tag(Strict):
    kind: Literal["tag"]
    unit: Ident
    building: Ident
    count: Annotated[int, Field(ge=1, le=4)] | None = None  # manual tagging only


class Displace(Strict):
    kind: Literal["displace"]
    to: HexRef


class Record(Strict):
    """Manual resolution of a default rule area: the stated result, kept in the record."""

    kind: Literal["record"]
    area: Area
    note: Annotated[str, Field(max_length=200)] = ""
    unit: Ident | None = None
    damage: Annotated[int, Field(ge=0, le=30)] = 0
    heal: Annotated[int, Field(ge=0, le=30)] = 0
    energy: Annotated[int, Field(ge=-20, le=20)] = 0


class Steal(Strict):
    """BLB text: "If a player manages to destroy Big Little Buddy, they may steal a random
    Sponsor Card from the controlling player": the destroyer decides when he falls."""

    kind: Literal["steal"]
    take: bool


class Dispute(Strict):
    """Another seat disputes the latest record while it is open; the host rules on it."""

    kind: Literal["dispute"]
    record: Annotated[int, Field(ge=0, le=100_000)]
    reason: Annotated[str, Field(max_length=200)] = ""


class ResolveDispute(Strict):
    """The host's ruling (seat ``HOST_SEAT``): uphold the disputed record or overturn it."""

    kind: Literal["resolve_dispute"]
    uphold: bool


GKRAction = Annotated[
    EndTurn
    | ActivateBLB
    | PlaySponsor
    | DeploySupport
    | Move
    | ChooseWeapons
    | StateResult
    | Tag
    | Displace
    | Record
    | Steal
    | Dispute
    | ResolveDispute,
    Field(discriminator="kind"),
]
