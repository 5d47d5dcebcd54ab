"""Stateless rule endpoints: ``POST /api/rules/small-soldiers/{battle,catapult_aim}``."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, Field

from app.geometry.hex import Hex
from app.systems.base import Helper, Strict
from app.systems.small_soldiers import data
from app.systems.small_soldiers.battle import SKULL, compare, total
from app.systems.small_soldiers.catapult import shot_path

Face = Annotated[str, Field(pattern=r"^(skull|[0-9]{1,2})$")]
Bonus = Annotated[int, Field(ge=0, le=6)]


class BattleRequest(Strict):
    attacker_face: Face
    defender_face: Face
    attacker_bonus: Bonus = 0
    defender_bonus: Bonus = 0


class BattleResponse(BaseModel):
    attacker_total: int | str
    defender_total: int | str
    result: Literal["attacker", "defender", "tie"]


def battle(req: BattleRequest) -> BattleResponse:
    """Who wins with these faces and Power-card bonuses (a tie is settled by the table's rule)."""
    r = compare(req.attacker_face, req.attacker_bonus, req.defender_face, req.defender_bonus)
    return BattleResponse(
        attacker_total=total(req.attacker_face, req.attacker_bonus),
        defender_total=total(req.defender_face, req.defender_bonus),
        result={1: "attacker", -1: "defender", 0: "tie"}[r],
    )


class AimRequest(Strict):
    army: Literal["gorgonites", "commandos"]
    power: Annotated[float, Field(ge=0, le=40, allow_inf_nan=False)]
    angle: Annotated[float, Field(ge=-90, le=90, allow_inf_nan=False)] = 0.0
    offset: Annotated[float, Field(ge=-20, le=20, allow_inf_nan=False)] = 0.0
    map_name: Annotated[str, Field(max_length=40)] = "default"


class AimResponse(BaseModel):
    origin: list[float]
    landing: list[float]
    heading: float
    flight: list[list[int]]


def catapult_aim(req: AimRequest) -> AimResponse:
    """Where a shot would land with no dice error (for the aiming line; the dice move it)."""
    m = data.default_map(req.map_name if req.map_name in data.map_names() else "default")
    place = m["armies"][req.army]["catapult"]
    heading = (place["heading"] + req.angle) % 360.0
    path = shot_path(place, req.offset, heading, req.power, 0.0, {Hex(q, r) for q, r in m["cells"]})
    return AimResponse(
        origin=[round(v, 3) for v in path["origin"]],
        landing=[round(v, 3) for v in path["landing"]],
        heading=heading,
        flight=[[h.q, h.r] for h in path["flight"]],
    )


HELPERS = (
    Helper(
        "battle",
        BattleRequest,
        BattleResponse,
        battle,
        f"Who wins a battle with the given faces (1-99 or {SKULL!r}) and Power-card bonuses",
    ),
    Helper(
        "catapult_aim",
        AimRequest,
        AimResponse,
        catapult_aim,
        "The catapult's aiming line on a shipped map, before the dice add their error",
    ),
)
