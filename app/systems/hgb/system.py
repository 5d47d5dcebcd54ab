"""The ``hgb`` rule system (work in progress: helpers first)."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from app.core.dice import Dice
from app.core.errors import IllegalAction
from app.core.events import Event
from app.systems.base import Board, RuleSystem, State
from app.systems.hgb.helpers import HELPERS


class _Options(BaseModel):
    model_config = ConfigDict(extra="forbid")


class _Concede(BaseModel):
    model_config = ConfigDict(extra="forbid")
    kind: Literal["concede"]


class HeavyGearBlitz(RuleSystem):
    id = "hgb"
    name = "Heavy Gear Blitz! (Quick Start)"
    aliases = ("heavy-gear-blitz",)
    board: Board = "tabletop"
    action_type = Annotated[_Concede, Field(discriminator="kind")]
    options_model = _Options
    helpers = HELPERS

    def seats(self, options: dict[str, Any]) -> list[str]:
        return ["north", "south"]

    def setup(self, options: dict[str, Any], dice: Dice) -> State:
        return {"board": {"kind": "tabletop", "width": 48, "height": 48, "terrain": []}}

    def apply(self, state: State, seat: str, action: Any, dice: Dice) -> tuple[State, list[Event]]:
        raise IllegalAction("Not playable yet", code="wrong_phase")
