"""The game's data files (``data/``) as pydantic models, so a host's override is checked too.

Every file carries a ``_source`` saying which values are the rulebook's and which are
Warboard defaults. A table option with the same name (``map``, ``spinner``, ``deck``,
``fighters``, ``dice``, ``catapult``) replaces the whole file for that table.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import ConfigDict, Field, model_validator

from app.systems.base import Strict
from app.systems.datafiles import DataFiles

FILES = DataFiles(Path(__file__).parent / "data")
ARMIES = ("gorgonites", "commandos")

Coord = Annotated[int, Field(ge=-60, le=60)]
Cell = tuple[Coord, Coord]
Text = Annotated[str, Field(max_length=200)]
Source = Annotated[str, Field(alias="_source", max_length=2000)]
Real = Annotated[float, Field(ge=-200, le=200, allow_inf_nan=False)]


class _Data(Strict):
    model_config = ConfigDict(populate_by_name=True, serialize_by_alias=True)
    source: Source = "Table host's data, not from the rulebook"


class CatapultPlace(Strict):
    x: Real
    y: Real
    heading: Annotated[float, Field(ge=0, lt=360)]


class ArmyMap(Strict):
    symbol: Annotated[str, Field(max_length=20)]
    facing: Annotated[int, Field(ge=0, lt=360)]
    flag: Cell
    recruit: Cell
    starts: Annotated[list[Cell], Field(min_length=4, max_length=4)]
    leader_start: Cell
    catapult: CatapultPlace

    def specials(self) -> list[Cell]:
        return [self.flag, self.recruit, self.leader_start, *self.starts]


class MapData(_Data):
    name: Text = "Custom map"
    orientation: Literal["pointy"] = "pointy"
    armies: dict[Literal["gorgonites", "commandos"], ArmyMap]
    cells: Annotated[list[Cell], Field(min_length=14, max_length=2000)]

    @model_validator(mode="after")
    def _check(self) -> MapData:
        if set(self.armies) != set(ARMIES):
            raise ValueError("a map needs both armies: gorgonites and commandos")
        cells = set(self.cells)
        specials = [c for a in self.armies.values() for c in a.specials()]
        if not set(specials) <= cells:
            raise ValueError("every flag, recruit and start space must be a cell of the map")
        if len(set(specials)) != len(specials):
            raise ValueError("flag, recruit and start spaces must all be different")
        return self


class Segment(Strict):
    kind: Literal["move", "draw", "recruit"]
    value: Annotated[int, Field(ge=1, le=8)] | None = None

    @model_validator(mode="after")
    def _check(self) -> Segment:
        if (self.kind == "move") != (self.value is not None):
            raise ValueError("a 'move' segment needs a value; the others have none")
        return self


class SpinnerData(_Data):
    segments: Annotated[list[Segment], Field(min_length=1, max_length=48)]


class CardKind(Strict):
    type: Literal["weapon", "armor", "vehicle", "recall", "catapult"]
    bonus: Annotated[int, Field(ge=0, le=3)] = 0
    name: Annotated[str, Field(min_length=1, max_length=40)]
    count: Annotated[int, Field(ge=0, le=60)]


class DeckData(_Data):
    cards: Annotated[list[CardKind], Field(min_length=1, max_length=20)]

    @model_validator(mode="after")
    def _check(self) -> DeckData:
        if not 1 <= sum(c.count for c in self.cards) <= 120:
            raise ValueError("a deck holds 1 to 120 cards")
        return self


class FighterData(Strict):
    id: Annotated[str, Field(pattern=r"^[a-z0-9-]{1,30}$")]
    name: Annotated[str, Field(min_length=1, max_length=40)]
    leader: bool = False


class ArmyData(Strict):
    name: Annotated[str, Field(max_length=40)]
    color: Annotated[str, Field(max_length=20)]
    fighters: Annotated[list[FighterData], Field(min_length=6, max_length=6)]

    @model_validator(mode="after")
    def _check(self) -> ArmyData:
        if sum(f.leader for f in self.fighters) != 1:
            raise ValueError(f"army {self.name!r} needs exactly one leader")
        return self


class FightersData(_Data):
    armies: dict[Literal["gorgonites", "commandos"], ArmyData]

    @model_validator(mode="after")
    def _check(self) -> FightersData:
        ids = [f.id for a in self.armies.values() for f in a.fighters]
        if set(self.armies) != set(ARMIES) or len(set(ids)) != len(ids):
            raise ValueError("both armies are needed and every fighter id must be unique")
        return self


class DiceData(_Data):
    faces: Annotated[list[Annotated[str, Field(pattern=r"^(skull|[0-9]{1,2})$")]], Field(min_length=2, max_length=20)]
    battle_tie: Literal["reroll", "defender", "attacker"] = "reroll"


class HitTable(Strict):
    stands: list[Annotated[int, Field(ge=1, le=20)]] = []  # noqa: RUF012
    pushed: list[Annotated[int, Field(ge=1, le=20)]] = []  # noqa: RUF012
    knocked_down: list[Annotated[int, Field(ge=1, le=20)]] = []  # noqa: RUF012


class CatapultData(_Data):
    max_offset: Annotated[float, Field(ge=0, le=20)] = 4.0
    max_angle: Annotated[float, Field(ge=0, le=90)] = 60.0
    min_power: Annotated[float, Field(ge=0, le=40)] = 1.0
    max_power: Annotated[float, Field(ge=0.5, le=40)] = 16.0
    angle_error_per_pip: Annotated[float, Field(ge=0, le=30)] = 3.0
    power_error_per_pip: Annotated[float, Field(ge=0, le=5)] = 0.4
    roll_per_pip: Annotated[float, Field(ge=0, le=5)] = 0.5
    hit_die: Annotated[int, Field(ge=2, le=20)] = 6
    hit_table: HitTable
    #: a fighter's round base, radius in spaces (at most half a space: it fits its space)
    base_radius: Annotated[float, Field(ge=0.05, le=0.5)] = 0.3
    #: how far a pushed fighter's base slides along the ball's travel, in spaces
    push_distance: Annotated[float, Field(ge=0, le=1)] = 0.4

    @model_validator(mode="after")
    def _check(self) -> CatapultData:
        t = self.hit_table
        faces = sorted(t.stands + t.pushed + t.knocked_down)
        if faces != list(range(1, self.hit_die + 1)):
            raise ValueError("the hit table must give every face of the hit die exactly once")
        if self.min_power > self.max_power:
            raise ValueError("min_power is above max_power")
        return self


MODELS: dict[str, type[_Data]] = {
    "spinner": SpinnerData,
    "deck": DeckData,
    "fighters": FightersData,
    "dice": DiceData,
    "catapult": CatapultData,
}


def map_names() -> list[str]:
    """The maps shipped in ``data/maps`` (file names without ``.json``)."""
    return FILES.names("maps")


def default(name: str) -> dict[str, Any]:
    """A fresh copy of the default data file ``name`` (validated)."""
    return FILES.load(name, MODELS[name])


def default_map(name: str = "default") -> dict[str, Any]:
    if name not in map_names():
        raise ValueError(f"no map {name!r}; shipped maps: {', '.join(map_names())}")
    return FILES.load(f"maps/{name}", MapData)
