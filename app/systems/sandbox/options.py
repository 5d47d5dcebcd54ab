"""The sandbox's table options: the board's kind and size, and how many seats."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from app.systems.base import Strict

TABLETOP = {"x-shown-when": {"board": "tabletop"}}  # the create form shows it only then
HEX = {"x-shown-when": {"board": "hex"}}


class SandboxOptions(Strict):
    board: Literal["tabletop", "hex"] = Field(
        "tabletop", json_schema_extra={"x-choice-labels": {"tabletop": "Tabletop (inches)", "hex": "Hex grid"}}
    )
    width: Annotated[float, Field(gt=0, le=400, title="Width (inches)", json_schema_extra=TABLETOP)] = 48
    height: Annotated[float, Field(gt=0, le=400, title="Depth (inches)", json_schema_extra=TABLETOP)] = 48
    radius: Annotated[int, Field(ge=1, le=40, title="Radius (hexes from the centre)", json_schema_extra=HEX)] = 8
    seats: Annotated[int, Field(ge=1, le=8, title="Seats")] = 8


#: every system's options model is ``Options`` in its ``options.py``
Options = SandboxOptions
