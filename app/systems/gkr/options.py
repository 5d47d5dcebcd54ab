"""Table options of the ``gkr`` system: the host's edits of the Warboard defaults.

Every default here is read from the data files (``data/*.json``), so the lobby form, the API
schema and the game agree; each field's description carries the "Warboard default" label (the
lobby form is generated from this model's JSON schema). ``GKROptions`` also checks that the
whole game can be played with the chosen values (``feasible``): a deal larger than the pile
is refused here, as ``bad_options``, never found out at setup.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field, field_validator, model_validator

from app.systems.base import Strict
from app.systems.gkr.data import load, weapon_table

LABEL = "Warboard default, not from the rulebook"
Faction = Literal["diamondback", "king-wolf", "thunderhappy", "hammerstrike"]
MapId = Literal["downtown", "plaza", "harbour"]
SponsorKind = Literal["energy-boost", "repair-kit"]
#: NOTES.md (Sure): "the Heavy Hitter's hit points are its 25-card faction deck"
DECK_SIZE = 25
#: NOTES.md (Sure): "25 sponsor cards in a shared pile" (the base game's)
BASE_SPONSOR_CARDS = 25
#: BLB text: "Shuffle the 5 Big Little Buddy Sponsor Cards into the Sponsor Card Draw Pile."
BLB_SPONSOR_CARDS = 5

_RULES, _BLB, _FACTIONS, _SPONSOR = load("rules"), load("blb"), load("factions"), load("sponsor")


def default(value: Any, what: str, title: str | None = None) -> Any:
    """A field whose default is a labelled Warboard default (shown by the lobby form)."""
    return Field(default=value, title=title, description=f"{what}. {LABEL}: {value}")


Small = Annotated[int, Field(ge=0, le=10)]


class WeaponStats(Strict):
    """A partial weapon: any value left out keeps the data file's."""

    speed: Annotated[int, Field(ge=0, le=10)] | None = None
    energy: Annotated[int, Field(ge=0, le=10)] | None = None
    dice: Annotated[int, Field(ge=0, le=10)] | None = None
    range: Annotated[int, Field(ge=0, le=20)] | None = None
    damage: Annotated[int, Field(ge=0, le=25)] | None = None


class Manual(Strict):
    """Rule areas switched to manual resolution: players state the result, the table records it."""

    energy: bool = False
    weapons: bool = False
    dice: bool = False
    flank: bool = False
    tagging: bool = False
    support: bool = False


class RulesOverrides(Strict):
    """Warboard defaults of data/rules.json the host may change."""

    overspend_damage_per_energy: Small = default(
        _RULES["overspend_damage_per_energy"], "Damage per energy spent below zero"
    )
    sponsor_cards_at_start: Small = default(
        _RULES["sponsor_cards_at_start"], "Sponsor cards dealt to each player at the start"
    )
    heavy_hitter_weapons_per_round: Annotated[int, Field(ge=1, le=5)] = default(
        _RULES["heavy_hitter_weapons_per_round"], "Weapon cards a Heavy Hitter may fire a round"
    )
    heavy_energy_per_hex: Small = default(
        _RULES["heavy_hitter_move"]["energy_per_hex"], "Energy per hex a Heavy Hitter moves"
    )
    support_energy_per_unit: Small = default(_RULES["support_move"]["energy_per_unit"], "Energy per Support Unit moved")
    movement_card_bonus_hexes: Small = default(
        _RULES["movement_card_bonus_hexes"], "Free extra hexes a movement card gives"
    )
    sponsor_cards_per_tag: Small = default(_RULES["sponsor_cards_per_tag"], "Sponsor cards drawn per tag action")
    flank_defence_dice: Annotated[int, Field(ge=0, le=8)] = default(
        _RULES["flank"]["defence_dice"], "Defence dice against a flank shot"
    )
    first_player_rotates: bool = default(_RULES["first_player_rotates"], "The first player rotates each round")
    # NOTES.md (Likely): "four tags bring a building down"
    tags_to_demolish: Annotated[int, Field(ge=1, le=20)] = default(
        _RULES["tags_to_demolish"], "Tags that demolish a building"
    )
    # NOTES.md (Sure): "resolved in weapon-speed order"; which end goes first is not given
    speed_order: Literal["descending", "ascending"] = default(
        _RULES["speed_order"], "Firing line order: descending (highest speed first) or ascending"
    )


class SupportOverrides(Strict):
    """Warboard defaults of data/support.json the host may change; None keeps the file's value."""

    hp: Annotated[int, Field(ge=1, le=10)] | None = None
    to_hit: Annotated[int, Field(ge=2, le=6)] | None = None
    armor: Annotated[int, Field(ge=2, le=7)] | None = None  # 7: no armor roll can save
    repair: Small | None = None  # Repair Unit only
    tags: Annotated[int, Field(ge=1, le=4)] | None = None  # Recon Unit only


class DeckMix(Strict):
    """A faction deck's make-up (NOTES.md, Likely); it always holds 25 cards (Sure)."""

    primary: Small = default(_FACTIONS["deck"]["primary"], "Primary weapon cards")
    secondary: Small = default(_FACTIONS["deck"]["secondary"], "Cards of each of the 2 secondary weapons")
    deploy: Annotated[int, Field(ge=0, le=25)] = default(_FACTIONS["deck"]["deploy"], "Deploy cards")
    movement: Annotated[int, Field(ge=0, le=25)] = default(_FACTIONS["deck"]["movement"], "Movement cards")

    @model_validator(mode="after")
    def _twenty_five(self) -> DeckMix:
        total = self.primary + 2 * self.secondary + self.deploy + self.movement
        if total != DECK_SIZE:
            raise ValueError(
                f"a faction deck holds {DECK_SIZE} cards (primary + 2 x secondary + deploy"
                f" + movement); this make-up holds {total}"
            )
        return self


def _support_defaults() -> dict[Any, SupportOverrides]:
    keys = ("hp", "to_hit", "armor", "repair", "tags")
    return {
        kind: SupportOverrides(**{k: spec[k] for k in keys if spec.get(k) is not None})
        for kind, spec in load("support")["units"].items()
    }


def _weapon_defaults() -> dict[str, WeaponStats]:
    keys = ("speed", "energy", "dice", "range", "damage")
    return {key: WeaponStats(**{k: w[k] for k in keys}) for key, w in weapon_table().items()}


def _sponsor_defaults() -> dict[Any, int]:
    return {c["type"]: c["count"] for c in _SPONSOR["cards"] if c["type"] != "activate-blb"}


class GKROptions(Strict):
    players: Annotated[int, Field(ge=2, le=4, description="2 to 4 players")] = 4
    factions: Annotated[list[Faction], Field(min_length=2, max_length=4)] | None = None
    map: MapId = Field(default="downtown", description=f"The battlefield. {LABEL}: three maps")
    energy_per_round: Annotated[int, Field(ge=1, le=20)] = default(
        _RULES["energy_per_round"], "Energy each Heavy Hitter gets a round"
    )
    hand_size: Annotated[int, Field(ge=1, le=15)] = default(_RULES["hand_size"], "Cards in a hand")
    heavy_move_range: Annotated[int, Field(ge=1, le=10)] = default(
        _RULES["heavy_hitter_move"]["range"], "Hexes a Heavy Hitter may move", "Heavy Hitter's move"
    )
    support_move_range: Annotated[int, Field(ge=1, le=10)] = default(
        _RULES["support_move"]["range"], "Hexes a Support Unit may move", "Support Unit's move"
    )
    blb_range: Annotated[int, Field(ge=1, le=10)] = default(
        _BLB["range"], "Big Little Buddy's Movement Range (his Unit Card)", "Big Little Buddy's movement range"
    )
    blb_max_hp: Annotated[int, Field(ge=1, le=25)] = default(
        _BLB["max_hp"], "Big Little Buddy's max HP (his Unit Card)", "Big Little Buddy's hit points"
    )
    weapon_overrides: Annotated[dict[Annotated[str, Field(max_length=40)], WeaponStats], Field(max_length=20)] = Field(
        default=_weapon_defaults(),
        description=f"Weapon values by weapon (speed, energy, dice, range, damage). {LABEL}: the "
        "values shown; Big Little Buddy's weapons never cost energy (rulebook)",
    )
    rules: RulesOverrides = Field(
        default=RulesOverrides(), description=f"Base-game rule values. {LABEL}: the values shown"
    )
    support: Annotated[dict[Literal["combat", "repair", "recon"], SupportOverrides], Field(max_length=3)] = Field(
        default=_support_defaults(),
        description=f"Support Units (hit points, to hit, armor, repair, tags). {LABEL}: the values shown; "
        "armor null: no armor roll",
    )
    deck: DeckMix = Field(
        default=DeckMix(), description=f"Each faction deck's make-up, 25 cards. {LABEL}: the values shown"
    )
    #: the base game's 25 sponsor cards (NOTES.md, Sure); the 5 Activate BLB cards are added
    sponsor_mix: dict[SponsorKind, Annotated[int, Field(ge=0, le=25)]] = Field(
        default=_sponsor_defaults(),
        description=f"The base game's 25 sponsor cards, to which the 5 Activate BLB cards "
        f"are added (30 in all). {LABEL}: the make-up shown",
    )
    manual: Manual = Field(
        default=Manual(), description="Rule areas the players resolve by hand (the table records it)"
    )

    @field_validator("weapon_overrides")
    @classmethod
    def _known_weapons(cls, value: dict[str, WeaponStats]) -> dict[str, WeaponStats]:
        unknown = sorted(set(value) - set(weapon_table()))
        if unknown:
            raise ValueError(f"unknown weapons {unknown}; known: {sorted(weapon_table())}")
        return value

    @field_validator("sponsor_mix")
    @classmethod
    def _base_pile(cls, value: dict[str, int]) -> dict[str, int]:
        if sum(value.values()) != BASE_SPONSOR_CARDS:
            raise ValueError(
                f"the base game's sponsor cards add up to {BASE_SPONSOR_CARDS} (NOTES.md); "
                f"this mix holds {sum(value.values())}"
            )
        return value

    @field_validator("factions")
    @classmethod
    def _unique(cls, value: list[str] | None) -> list[str] | None:
        if value is not None and len(set(value)) != len(value):
            raise ValueError("each faction may be chosen once")
        return value

    @model_validator(mode="after")
    def feasible(self) -> GKROptions:
        """The whole game can be set up and played: the opening deal fits the sponsor pile."""
        seats = len(self.factions) if self.factions else self.players
        pile = sum(self.sponsor_mix.values()) + BLB_SPONSOR_CARDS
        deal = self.rules.sponsor_cards_at_start * seats
        if deal > pile:
            raise ValueError(
                f"rules.sponsor_cards_at_start: {self.rules.sponsor_cards_at_start} cards "
                f"for each of {seats} players is {deal}, but the sponsor pile holds {pile}"
            )
        return self


#: every system's options model is ``Options`` in its ``options.py``
Options = GKROptions
