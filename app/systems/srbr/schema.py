"""The shape of the Warboard default data, so a host's overrides cannot break a game.

``validate(rules)`` raises ValueError naming the first bad key. The data itself stays a plain
dict (stored in the game state); these models only check it.
"""

from __future__ import annotations

import math
from typing import Annotated, Literal

from pydantic import ConfigDict, Field, ValidationError, ValidationInfo, field_validator, model_validator

from app.systems.base import Strict

Colour = Literal["white", "yellow", "red"]
StickName = Literal["S", "M", "L"]
Small = Annotated[int, Field(ge=-6, le=6)]
Effect = Literal["damage", "destroy_part", "recoil", "knock_down", "knock_back", "attacker_recoil", "attacker_damage"]
PartType = Literal["legs", "arms", "torso", "head", "weapon", "tail", "wings", "other"]
When = Literal["attacker_double", "attacker_wins_odd", "attacker_wins_even", "tie", "defender_wins", "defender_double"]
Text = Annotated[str, Field(max_length=1000)]


class _Area(Strict):
    model_config = ConfigDict(populate_by_name=True)
    source: Text = Field("", alias="_source")
    note: Text = ""


class Health(_Area):
    #: the colour of a part's dice after 0, 1, 2, ... damage; one more damage destroys it
    track: Annotated[list[Colour], Field(min_length=1, max_length=10)]


#: SRBR p. 4, "Profiles"/"Activation": "Every roll that is equal or higher than that body
#: part's Q is a success; every roll that is lower than its Q is a failure." Quality is 2 to 6,
#: so only a 1 may always fail and only a 6 always succeed (0: no such face) without
#: contradicting the text for some part.
TEXT_FACES = {"always_fail": 1, "always_succeed": 6}


class Activation(_Area):
    failures_end_turn: Annotated[int, Field(ge=0, le=3)]
    always_fail: Annotated[int, Field(ge=0, le=6)]
    always_succeed: Annotated[int, Field(ge=0, le=6)]
    activations_per_part_per_turn: Annotated[int, Field(ge=0, le=6)]

    @field_validator("always_fail", "always_succeed")
    @classmethod
    def _as_the_text(cls, face: int, info: ValidationInfo) -> int:
        allowed = TEXT_FACES[str(info.field_name)]
        if face not in (0, allowed):
            raise ValueError(
                f"the text makes a roll at or above the part's Q (2 to 6) a success and a roll below it "
                f"a failure, so only {allowed} (or 0, none) can be set here, not {face}"
            )
        return face


class Malfunction(_Area):
    enabled: bool
    ones: Annotated[int, Field(ge=1, le=3)]
    table: dict[Literal["1", "2", "3", "4", "5", "6"], Literal["none", "jammed", "knock_down", "damage"]]

    @field_validator("table")
    @classmethod
    def _six_faces(cls, table: dict[str, str]) -> dict[str, str]:
        if len(table) != 6:
            raise ValueError("give an effect for each face 1 to 6")
        return table


class Reaction(_Area):
    dice: Annotated[int, Field(ge=1, le=3)]
    actions_per_success: Annotated[int, Field(ge=0, le=3)]


class Initiative(_Area):
    method: Literal["roll", "fixed"]


class Deployment(_Area):
    edge_offset_stick: StickName
    zone_depth_stick: StickName


class Victory(_Area):
    vital_part_types: Annotated[list[PartType], Field(max_length=8)]


class Table(_Area):
    large_when_mechas_per_player_over: Annotated[int, Field(ge=0, le=50)]


Offset = Annotated[list[Annotated[float, Field(ge=-2, le=2)]], Field(min_length=2, max_length=2)]


class Anchors(_Area):
    """SRBR "Measuring Movement": "movement for all bipedal mechas is measured from the right
    foot. For those with a non-humanoid form, measure from the head or the cockpit. For
    Vehicles, measure from a center point on the front of the vehicle." The offsets are
    (forward, right) fractions of the base radius; an override must keep the text's point: on
    the model's base, a biped's on its right side (within half a radius of the centre line
    across), a vehicle's on its centre line at the front."""

    biped: Offset
    non_humanoid: Offset
    vehicle: Offset

    @model_validator(mode="after")
    def _the_texts_points(self) -> Anchors:
        for form in ("biped", "non_humanoid", "vehicle"):
            fwd, right = getattr(self, form)
            if math.hypot(fwd, right) > 1:
                raise ValueError(f"{form}: the measuring point is a part of the mecha's body, on its base")
        fwd, right = self.biped
        if right <= 0 or abs(fwd) > 0.5:
            raise ValueError("biped: movement is measured from the right foot (right > 0, forward within 0.5)")
        fwd, right = self.vehicle
        if right != 0 or fwd <= 0:
            raise ValueError("vehicle: movement is measured from a center point on the front (right 0, forward > 0)")
        return self


class Pricing(_Area):
    quality: dict[Literal["2", "3", "4", "5", "6"], Annotated[int, Field(ge=0, le=500)]]
    per_combat: Annotated[int, Field(ge=0, le=100)]
    move: dict[StickName, Annotated[int, Field(ge=0, le=100)]]
    per_attack_type: Annotated[int, Field(ge=0, le=100)]

    @field_validator("quality", "move")
    @classmethod
    def _complete(cls, table: dict[str, int]) -> dict[str, int]:
        if set(table) not in ({"2", "3", "4", "5", "6"}, {"S", "M", "L"}):
            raise ValueError("give a price for every value (Quality 2 to 6; sticks S, M, L)")
        return table


class Row(Strict):
    when: When
    effects: Annotated[list[Effect], Field(max_length=6)]


class Results(_Area):
    close: Annotated[list[Row], Field(max_length=6)]
    ranged: Annotated[list[Row], Field(max_length=6)]


class Modifiers(_Area):
    target_fallen: Small = 0
    defender_outnumbered_per_extra_enemy: Small = 0
    attacker_outnumbered_per_extra_enemy: Small = 0
    aimed_part: Small = 0


class Distance(_Area):
    #: SRBR "Measurements": all distances are measured with the three sticks
    distance: StickName


class Buildings(_Area):
    defence: Small
    hits_to_smash: Annotated[int, Field(ge=1, le=10)]


class FreeHacks(_Area):
    #: SRBR heading "Leaving Close Combat - Free Hacks" (p. 16; its text is missing)
    enabled: bool


class Combat(_Area):
    results: Results
    modifiers: Modifiers
    recoil: Distance
    knock_back: Distance
    #: SRBR heading "No Shooting Out of Melee" (p. 22): the text fixes it, no switch
    no_shooting_out_of_melee: bool
    buildings: Buildings
    free_hacks: FreeHacks

    @field_validator("no_shooting_out_of_melee")
    @classmethod
    def _fixed_by_the_text(cls, on: bool) -> bool:
        if not on:
            raise ValueError('the rulebook\'s heading "No Shooting Out of Melee" fixes it: it cannot be switched off')
        return on


class AttackType(Strict):
    mode: Literal["close", "ranged"]
    parts: Annotated[list[PartType], Field(min_length=1, max_length=8)]
    modifier: Small = 0
    range: StickName | None = None
    on_win: Annotated[list[Effect], Field(max_length=6)] | None = None
    self_damage_on_loss: bool = False
    aimed_free: bool = False


class Rules(_Area):
    health: Health
    activation: Activation
    malfunction: Malfunction
    reaction: Reaction
    initiative: Initiative
    deployment: Deployment
    victory: Victory
    table: Table
    anchors: Anchors
    pricing: Pricing
    combat: Combat
    attack_types: Annotated[
        dict[Annotated[str, Field(pattern=r"^[a-z0-9_-]{1,32}$")], AttackType], Field(max_length=40)
    ]


def validate(rules: dict[str, object]) -> None:
    """Raise ValueError naming the first key of ``rules`` that does not fit."""
    try:
        parsed = Rules.model_validate(rules)
    except ValidationError as exc:
        err = exc.errors()[0]
        where = ".".join(str(p) for p in err["loc"])
        raise ValueError(f"{where}: {err['msg'].removeprefix('Value error, ')}") from None
    for name, spec in parsed.attack_types.items():
        if spec.mode == "ranged" and spec.range is None:
            raise ValueError(f"attack_types.{name}.range: a ranged attack needs a stick (S, M, L)")
