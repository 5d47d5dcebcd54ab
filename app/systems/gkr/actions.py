"""Table options and player actions of the ``gkr`` system (pydantic, bounded)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from app.systems.gkr.data import MAP_IDS, weapon_table

Faction = Literal["diamondback", "king-wolf", "thunderhappy", "hammerstrike"]
MapId = Literal["downtown", "plaza", "harbour"]
Area = Literal["energy", "weapons", "dice", "flank", "tagging", "support"]
Ident = Annotated[str, Field(min_length=1, max_length=40)]
Coord = Annotated[int, Field(ge=-50, le=50)]
Facing = Annotated[int, Field(ge=0, le=300, multiple_of=60)]
assert set(MapId.__args__) == set(MAP_IDS)  # type: ignore[attr-defined]


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid")


class WeaponStats(_Model):
    """A partial weapon: any value left out keeps the data file's."""

    speed: Annotated[int, Field(ge=0, le=10)] | None = None
    energy: Annotated[int, Field(ge=0, le=10)] | None = None
    dice: Annotated[int, Field(ge=0, le=10)] | None = None
    range: Annotated[int, Field(ge=0, le=20)] | None = None
    damage: Annotated[int, Field(ge=0, le=25)] | None = None


class Manual(_Model):
    """Rule areas switched to manual resolution: players state the result, the table records it."""

    energy: bool = False
    weapons: bool = False
    dice: bool = False
    flank: bool = False
    tagging: bool = False
    support: bool = False


Small = Annotated[int, Field(ge=0, le=10)]


class RulesOverrides(_Model):
    """Host overrides of data/rules.json (Warboard defaults); None keeps the file's value."""

    overspend_damage_per_energy: Small | None = None
    sponsor_cards_at_start: Small | None = None
    heavy_hitter_weapons_per_round: Annotated[int, Field(ge=1, le=5)] | None = None
    heavy_energy_per_hex: Small | None = None
    support_energy_per_unit: Small | None = None
    movement_card_bonus_hexes: Small | None = None
    sponsor_cards_per_tag: Small | None = None
    flank_defence_dice: Annotated[int, Field(ge=0, le=8)] | None = None
    first_player_rotates: bool | None = None


class SupportOverrides(_Model):
    """Host overrides of data/support.json (Warboard defaults); None keeps the file's value."""

    hp: Annotated[int, Field(ge=1, le=10)] | None = None
    to_hit: Annotated[int, Field(ge=2, le=6)] | None = None
    armor: Annotated[int, Field(ge=2, le=7)] | None = None  # 7: no armor roll can save
    repair: Small | None = None  # Repair Unit only
    tags: Annotated[int, Field(ge=1, le=4)] | None = None  # Recon Unit only


class GKROptions(_Model):
    players: Annotated[int, Field(ge=2, le=4)] = 4
    factions: Annotated[list[Faction], Field(min_length=2, max_length=4)] | None = None
    map: MapId = "downtown"
    energy_per_round: Annotated[int, Field(ge=1, le=20)] | None = None
    hand_size: Annotated[int, Field(ge=1, le=15)] | None = None
    heavy_move_range: Annotated[int, Field(ge=1, le=10)] | None = None
    support_move_range: Annotated[int, Field(ge=1, le=10)] | None = None
    blb_range: Annotated[int, Field(ge=1, le=10)] | None = None
    blb_max_hp: Annotated[int, Field(ge=1, le=25)] | None = None
    weapon_overrides: Annotated[dict[Annotated[str, Field(max_length=40)], WeaponStats],
                                Field(max_length=20)] = {}
    rules: RulesOverrides = RulesOverrides()
    support: Annotated[dict[Literal["combat", "repair", "recon"], SupportOverrides], Field(max_length=3)] = {}
    #: the 20 sponsor cards besides the 5 Activate BLB cards (the pile holds 25: NOTES.md, Sure)
    sponsor_mix: dict[Literal["energy-boost", "repair-kit"], Annotated[int, Field(ge=0, le=20)]] | None = None
    manual: Manual = Manual()

    @field_validator("weapon_overrides")
    @classmethod
    def _known_weapons(cls, value: dict[str, WeaponStats]) -> dict[str, WeaponStats]:
        unknown = sorted(set(value) - set(weapon_table()))
        if unknown:
            raise ValueError(f"unknown weapons {unknown}; known: {sorted(weapon_table())}")
        return value

    @field_validator("sponsor_mix")
    @classmethod
    def _twenty(cls, value: dict[str, int] | None) -> dict[str, int] | None:
        if value is not None and sum(value.values()) != 20:
            raise ValueError("the sponsor mix must add up to 20 cards (25 with the 5 Activate BLB cards)")
        return value

    @field_validator("factions")
    @classmethod
    def _unique(cls, value: list[str] | None) -> list[str] | None:
        if value is not None and len(set(value)) != len(value):
            raise ValueError("each faction may be chosen once")
        return value


class HexRef(_Model):
    q: Coord
    r: Coord


class EndTurn(_Model):
    kind: Literal["end_turn"]


class ActivateBLB(_Model):
    kind: Literal["activate_blb"]
    card: Ident


class PlaySponsor(_Model):
    kind: Literal["play_sponsor"]
    card: Ident


class DeploySupport(_Model):
    kind: Literal["deploy_support"]
    card: Ident
    unit: Ident
    to: HexRef
    facing: Facing = 0


class Move(_Model):
    kind: Literal["move"]
    unit: Ident
    to: HexRef | None = None
    facing: Facing | None = None
    card: Ident | None = None  # a movement card played with a Heavy Hitter's move


class WeaponChoice(_Model):
    source: Literal["card", "combat", "blb"]
    card: Ident | None = None          # source "card": a weapon card from the hand
    weapon: Ident | None = None        # source "blb": one of Big Little Buddy's weapons
    target_unit: Ident | None = None
    target_hex: HexRef | None = None   # the Mine Mate's chosen hex
    stats: WeaponStats | None = None   # manual weapons: the values the player states
    flank: bool | None = None          # manual flank shots: the player states it
    steal: bool = True                 # BLB text: the destroyer "may" steal a sponsor card


class ChooseWeapons(_Model):
    kind: Literal["choose_weapons"]
    weapons: Annotated[list[WeaponChoice], Field(max_length=6)]


class HitResult(_Model):
    unit: Ident
    damage: Annotated[int, Field(ge=0, le=30)]


class StateResult(_Model):
    """Manual dice: the attacker states what the current firing-line attack did."""

    kind: Literal["state_result"]
    results: Annotated[list[HitResult], Field(max_length=12)]
    steal: bool = True  # if this destroys Big Little Buddy: take a sponsor card (the text's "may")


class Tag(_Model):
    kind: Literal["tag"]
    unit: Ident
    building: Ident
    count: Annotated[int, Field(ge=1, le=4)] | None = None  # manual tagging only


class Displace(_Model):
    kind: Literal["displace"]
    to: HexRef


class Record(_Model):
    """Manual resolution of a default rule area: the stated result, kept in the record."""

    kind: Literal["record"]
    area: Area
    note: Annotated[str, Field(max_length=200)] = ""
    unit: Ident | None = None
    damage: Annotated[int, Field(ge=0, le=30)] = 0
    heal: Annotated[int, Field(ge=0, le=30)] = 0
    energy: Annotated[int, Field(ge=-20, le=20)] = 0


GKRAction = Annotated[
    EndTurn | ActivateBLB | PlaySponsor | DeploySupport | Move | ChooseWeapons | StateResult
    | Tag | Displace | Record,
    Field(discriminator="kind"),
]
