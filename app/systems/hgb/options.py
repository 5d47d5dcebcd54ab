"""Table options: the two forces, the map or custom terrain, and the host's data overrides."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field, model_validator
from pydantic_core import PydanticCustomError

from app.core.errors import BadOptions
from app.systems.base import Strict
from app.systems.hgb import data
from app.systems.hgb.actions import Id, TerrainOutline
from app.systems.hgb.board import piece_problem, terrain_problem
from app.systems.hgb.cards import check_rules, check_weapons
from app.systems.hgb.forces import build
from app.systems.hgb.words import FACTION_LABELS

Faction = Literal["north", "south", "peace_river"]
Overrides = Annotated[dict[Annotated[str, Field(max_length=40)], dict[str, Any]], Field(max_length=64)]


#: the create form shows the factions as players read them
FACTION_CHOICES: dict[str, Any] = {"x-choice-labels": dict(FACTION_LABELS)}


class ForceChoice(Strict):
    faction: Faction = Field(json_schema_extra=FACTION_CHOICES)
    #: model key -> option ids; None takes the faction file's default_choices
    choices: Annotated[dict[Id, Annotated[list[Id], Field(max_length=3)]], Field(max_length=16)] | None = None
    command_group: Id | None = None


class TerrainPiece(TerrainOutline):
    @model_validator(mode="after")
    def _simple(self) -> TerrainPiece:
        """The checks of ``place_terrain`` (board.py): a simple polygon with an area, on the table."""
        problem = piece_problem(self.model_dump())
        if problem:
            raise PydanticCustomError(problem[0], "{why}", {"why": problem[1]})
        return self


#: data values the rulebook gives: (section, entry, field) -> (value, what it is, the rulebook's
#: words). The host's data option edits Warboard defaults only: these are refused (``rulebook_value``).
RULEBOOK_VALUES: dict[tuple[str, str, str], tuple[Any, str, str]] = {
    ("weapons", "LAC", "dm"): (8, "the Light Autocannon's DM", 'Damage: "The LAC has a DM of 8"'),
    ("units", "Hunter", "armor"): (15, "the Hunter's Armor", 'Damage: "The "Hunter" has an Armor of 15"'),
    ("rules", "", "stationary_move_inches"): (
        1.0,
        "a Stationary Gear's move",
        'Movement: Stationary Gears "may move up to 1 inch in any direction"',
    ),
    ("weapons", "SC", "limited_ammo"): (3, "the Snub Cannon's Limited Ammo", '"Snub Cannon (SC, F, Limited Ammo 3'),
    ("weapons", "HPZF", "limited_ammo"): (
        2,
        "the Heavy Panzerfaust's Limited Ammo",
        '"Heavy Panzerfaust (HPZF, F, Limited Ammo 2)"',
    ),
}


def rulebook_value_problem(overrides: dict[str, Any]) -> str | None:
    """The first override of a value the rulebook gives, said in words (None when there is none)."""
    for (section, entry, field), (value, what, words) in RULEBOOK_VALUES.items():
        edits = overrides.get(section) or {}
        edits = edits if not entry else (edits.get(entry) or {})
        if isinstance(edits, dict) and field in edits and edits[field] != value:
            return (
                f"Data overrides: {what} is the rulebook's ({words}) and stays {value:g}; "
                f"the data option changes only Warboard defaults"
            )
    return None


class DataOverrides(Strict):
    """The host's edits of the Warboard default data (merged over the data files)."""

    weapons: Overrides = {}  # noqa: RUF012
    units: Overrides = {}  # noqa: RUF012
    rules: Annotated[dict[Annotated[str, Field(max_length=40)], Any], Field(max_length=64)] = {}  # noqa: RUF012


MapId = Literal[tuple(data.maps())]  # type: ignore[valid-type]  # the ready-made maps of data/maps.json


class HgbOptions(Strict):
    north: ForceChoice = Field(
        ForceChoice(faction="north"),
        title="North edge force",
        description="the faction (Northern, Southern or Peace River), option choices per model "
        "and the veteran Combat Group; the player may change it before deployment",
    )
    south: ForceChoice = Field(
        ForceChoice(faction="south"), title="South edge force", description="as for the north edge"
    )
    map: MapId = Field("ridge", title="Map", description="a ready-made table")  # type: ignore[valid-type]
    terrain: Annotated[list[TerrainPiece], Field(max_length=200)] | None = Field(
        None,
        title="Custom terrain",
        description="terrain pieces replacing the map (the players may still "
        "place and remove pieces before deployment)",
    )
    designation: Literal["rulebook", "translator"] = Field(
        "rulebook",
        title="Target Designation",
        json_schema_extra={"x-choice-labels": {"rulebook": "The rulebook's", "translator": "The translator's"}},
        description="Target Designation: the rulebook's (an Action, line of sight) or the "
        "translator's improvised EW roll against 3 with a shooter limit",
    )
    data: DataOverrides = Field(
        DataOverrides(), title="Data overrides", description="edits of the Warboard default data: weapons, units, rules"
    )

    @model_validator(mode="after")
    def _check(self) -> HgbOptions:
        if self.terrain is not None:
            problem = terrain_problem([t.model_dump() for t in self.terrain])
            if problem:
                raise BadOptions(f"Custom terrain: {problem[1]}")
        off_book = rulebook_value_problem(self.data.model_dump())
        if off_book:
            raise BadOptions(off_book, code="rulebook_value")
        check_rules(data.rules(self.data.rules))
        weapons = data.weapons(self.data.weapons)
        check_weapons(weapons)
        known = {u for f in data.FACTIONS for u in data.faction(f)["units"]}
        unknown = sorted(set(self.data.units) - known)
        if unknown:
            raise BadOptions(f"No unit card named {unknown[0]!r} (cards: {', '.join(sorted(known))})")
        for seat in ("north", "south"):
            force = force_of(self, seat)
            missing = sorted({w for m in force["models"] for w in m["card"]["weapons"]} - set(weapons))
            if missing:
                raise BadOptions(f"Weapon {missing[0]!r} of the {force['name']} is missing from the weapon data")
        return self


def force_of(options: HgbOptions, seat: str) -> dict[str, Any]:
    choice: ForceChoice = getattr(options, seat)
    choices = choice.choices
    if choices is None:
        choices = data.faction(choice.faction).get("default_choices", {})
    return build(choice.faction, choices, choice.command_group, options.data.units)


#: every system's options model is ``Options`` in its ``options.py``
Options = HgbOptions
