"""The actions a seat may send (pydantic, discriminated on ``kind``, every size bounded)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from app.systems.base import Strict

Id = Annotated[str, Field(min_length=1, max_length=64)]
Inch = Annotated[float, Field(ge=-1000, le=1000, allow_inf_nan=False)]
Degrees = Annotated[float, Field(ge=-720, le=720, allow_inf_nan=False)]
XY = Annotated[list[Inch], Field(min_length=2, max_length=2)]
Speed = Literal["stationary", "combat", "full"]
Mode = Literal["walker", "ground"]
TerrainType = Literal["rough", "sandy", "forest", "hill", "building", "wall"]


class TerrainOutline(Strict):
    """A terrain piece's fields, unchecked: ``options.TerrainPiece`` adds the checks of a simple
    outline on the table (the path helper runs them off the event loop, with its work cap first)."""

    id: Id
    type: TerrainType
    polygon: Annotated[list[XY], Field(min_length=3, max_length=64)]
    level: Annotated[int, Field(ge=0, le=10)] | None = None
    label: Annotated[str, Field(max_length=60)] = ""


class PlaceTerrain(TerrainOutline):
    """Terrain phase: add or replace a terrain piece (both players then confirm with ``ready``)."""

    kind: Literal["place_terrain"]


class ChooseForce(Strict):
    """Terrain phase: pick this seat's starting force and its options (replaces the table's choice)."""

    kind: Literal["choose_force"]
    faction: Literal["north", "south", "peace_river"]
    choices: Annotated[dict[Id, Annotated[list[Id], Field(max_length=3)]], Field(max_length=16)] | None = None
    command_group: Id | None = None


class RemoveTerrain(Strict):
    kind: Literal["remove_terrain"]
    id: Id


class Ready(Strict):
    """Terrain or deployment phase: this seat is satisfied (terrain) or has placed every model."""

    kind: Literal["ready"]


class Deploy(Strict):
    kind: Literal["deploy"]
    model: Id
    x: Inch
    y: Inch
    facing: Degrees = 0


class ChooseFirst(Strict):
    """The initiative winner decides which seat activates a Combat Group first this round."""

    kind: Literal["choose_first"]
    seat: Literal["north", "south"]


class ActivateGroup(Strict):
    kind: Literal["activate_group"]
    group: Id


class SetSpeed(Strict):
    kind: Literal["set_speed"]
    model: Id
    speed: Speed
    mode: Mode | None = None
    autopilot: bool | None = None


class Autopilot(Strict):
    """Rulebook, Autopilot: switched on "at the start of a round". The order stands until changed:
    during the initiative phase it engages at once (nothing has acted yet this round), otherwise
    when the next round starts."""

    kind: Literal["autopilot"]
    model: Id
    on: bool = True


class Move(Strict):
    """Move along ``path`` (waypoints after the current position); ``facing`` turns at the end."""

    kind: Literal["move"]
    model: Id
    path: Annotated[list[XY], Field(min_length=1, max_length=100)]
    facing: Degrees | None = None


class _Shot(Strict):
    """A model's weapon at a target, directly or (``indirect``) through a Forward Observer."""

    model: Id
    weapon: Annotated[str, Field(max_length=12)]
    target: Id
    indirect: bool = False


class Aim(_Shot):
    """Ask for an attack's arc, range band, cover and modifiers without rolling (changes nothing)."""

    kind: Literal["aim"]


class Attack(_Shot):
    kind: Literal["attack"]
    sweep: Annotated[int, Field(ge=0, le=10)] = 0
    focus: Annotated[int, Field(ge=0, le=10)] = 0


class Designate(Strict):
    kind: Literal["designate"]
    model: Id
    target: Id


class Ecm(Strict):
    kind: Literal["ecm"]
    model: Id
    observer: Id


class Done(Strict):
    """The model has finished; ``keep_action`` keeps its unspent Action for Return Fire."""

    kind: Literal["done"]
    model: Id
    keep_action: bool = False


class EndGroup(Strict):
    kind: Literal["end_group"]


class ReturnFire(Strict):
    """Spend a kept Action to shoot the model that just moved or acted, at one of its points."""

    kind: Literal["return_fire"]
    model: Id
    weapon: Annotated[str, Field(max_length=12)]
    at: Annotated[int, Field(ge=-1, le=200)] = -1  # index into the reaction window's points; -1 = last
    sweep: Annotated[int, Field(ge=0, le=10)] = 0  # ROF points (rulebook: any number up to the weapon's ROF)
    focus: Annotated[int, Field(ge=0, le=10)] = 0


class Pass(Strict):
    kind: Literal["pass"]


class AgreeEnd(Strict):
    """End the game by agreement: both seats must send the same ``winner`` (or none)."""

    kind: Literal["agree_end"]
    winner: Literal["north", "south"] | None = None


class Concede(Strict):
    kind: Literal["concede"]


HgbAction = Annotated[
    PlaceTerrain
    | RemoveTerrain
    | ChooseForce
    | Ready
    | Deploy
    | ChooseFirst
    | ActivateGroup
    | SetSpeed
    | Autopilot
    | Move
    | Aim
    | Attack
    | Designate
    | Ecm
    | Done
    | EndGroup
    | ReturnFire
    | Pass
    | AgreeEnd
    | Concede,
    Field(discriminator="kind"),
]
