"""The sandbox's table options: the board's kind and size, and how many seats."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from app.systems.base import Strict


class SandboxOptions(Strict):
    board: Literal["tabletop", "hex"] = "tabletop"
    width: Annotated[float, Field(gt=0, le=400)] = 48
    height: Annotated[float, Field(gt=0, le=400)] = 48
    radius: Annotated[int, Field(ge=1, le=40)] = 8
    seats: Annotated[int, Field(ge=1, le=8)] = 8


#: every system's options model is ``Options`` in its ``options.py``
Options = SandboxOptions
