"""Guided games (issue 29): the seat's hint at every step and each game's rules panel.

``GET /api/tables/{id}/hint`` (a seat's token) answers the hint of that seat's rule system
(``RuleSystem.hint``) from the seat's own view and legal actions at one seq, so it tells nothing
the seat could not see. ``GET /api/systems/{id}/handbook`` is the game's rules panel: sections in
Warboard's words, each naming its rulebook section and the refusal codes it explains.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter
from pydantic import BaseModel, Field

from app import systems
from app.core.errors import Forbidden, NotFound
from app.web.api import ERRORS, legal_list
from app.web.deps import ActorDep, SessionDep

router = APIRouter(prefix="/api", responses=ERRORS, tags=["guide"])


class HintPublic(BaseModel):
    step: str = Field(description="The step, stable while it lasts (wait: another seat acts)")
    text: str = Field(description="What to do, in Warboard's words")
    control: str = Field(description="The control that does it, as the table labels it (empty while waiting)")
    rulebook: str = Field(description='The rulebook section it follows ("Rulebook: Setup")')
    section: str = Field(description="The rules panel's section that explains it")
    yours: bool = Field(description="Whether the seat is to act")


class HintAnswer(BaseModel):
    seq: int
    hint: HintPublic | None = Field(description="None when the game has no guide or is over")


class HandbookSection(BaseModel):
    id: str
    title: str
    rulebook: str = Field(description="The rulebook section it summarises")
    text: str = Field(description="The rule in Warboard's words")
    codes: list[str] = Field(description="Refusal codes this section explains")


class Handbook(BaseModel):
    system: str
    name: str
    sections: list[HandbookSection]


@router.get("/tables/{table_id}/hint", response_model=HintAnswer, tags=["play"], operation_id="read_hint")
async def read_hint(actor: ActorDep, session: SessionDep) -> dict[str, Any]:
    """The guided game's hint for the token's seat now (a seat's token only: 403 ``not_a_player``)."""
    if actor.seat is None:
        raise Forbidden("Only a player's own token reads that seat's hint", code="not_a_player")
    seat = actor.seat
    env = await session.current(actor.table_id)
    projection = await session.projection(actor.table_id)
    view = await projection.run(projection.view, env, seat)
    legal = await legal_list(projection, env, seat)
    hint = None if env.status != "open" else projection.system.hint(view, legal, seat)
    return {"seq": env.seq, "hint": hint}


@router.get("/systems/{system_id}/handbook", response_model=Handbook, tags=["systems"], operation_id="read_handbook")
async def read_handbook(system_id: str) -> dict[str, Any]:
    """The rules panel of a game (404 ``unknown_system`` for an unknown game; the sandbox has none)."""
    system = systems.get(system_id)
    if system is None:
        raise NotFound(f"There is no game called {system_id[:40]!r}", code="unknown_system")
    return {"system": system.id, "name": system.name, "sections": system.handbook()}
