"""The sandbox's actions: add, move and remove a token; roll dice."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from app.systems.base import Strict

TokenId = Annotated[str, Field(min_length=1, max_length=64)]
Coord = Annotated[float, Field(ge=-10_000, le=10_000, allow_inf_nan=False)]
HexCoord = Annotated[int, Field(ge=-1000, le=1000)]


class _Placing(Strict):
    """A token and where it goes: x and y (inches) on a tabletop, q and r on a hex board."""

    token: TokenId
    x: Coord | None = None
    y: Coord | None = None
    q: HexCoord | None = None
    r: HexCoord | None = None


class AddToken(_Placing):
    kind: Literal["add_token"]
    label: Annotated[str, Field(max_length=80)] = ""
    facing: Annotated[float, Field(ge=-360, le=720, allow_inf_nan=False)] = 0
    color: Annotated[str, Field(max_length=32)] | None = None


class MoveToken(_Placing):
    kind: Literal["move_token"]
    facing: Annotated[float, Field(ge=-360, le=720, allow_inf_nan=False)] | None = None


class RemoveToken(Strict):
    kind: Literal["remove_token"]
    token: TokenId


class Roll(Strict):
    kind: Literal["roll"]
    dice: Annotated[str, Field(min_length=2, max_length=24)]


SandboxAction = Annotated[AddToken | MoveToken | RemoveToken | Roll, Field(discriminator="kind")]
