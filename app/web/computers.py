"""The host's routes for computer players (``app.bots.hosted`` runs them):
``POST /api/tables/{id}/bots`` seats one, ``DELETE /api/tables/{id}/bots/{seat}`` removes it."""

from __future__ import annotations

import os
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Request
from pydantic import BaseModel, Field

from app.bots import hosted
from app.bots.hosted import BOT_NAME
from app.core.errors import Forbidden
from app.session import Session
from app.web.deps import ActorDep, SessionDep, client_address
from app.web.services import services

router = APIRouter(prefix="/api", tags=["host"])


Level = Literal["easy", "strong"]


class BotRequest(BaseModel):
    seat: Annotated[str, Field(min_length=1, max_length=32)]
    level: Level = Field("easy", description="easy: today's player; strong: it searches (about 1.5 s a decision)")


class BotAnswer(BaseModel):
    seat: str
    name: str
    running: bool
    level: Level | None = None


def self_url(request: Request) -> str:
    """The address this process's computer players connect to: ``WARBOARD_SELF_URL`` (set by
    ``warboard serve``; behind a proxy, this process itself), else the request's own base."""
    return os.environ.get("WARBOARD_SELF_URL") or str(request.base_url)


async def seat_computer(request: Request, session: Session, table_id: str, seat: str, level: str = "easy") -> None:
    """A computer player of ``level`` takes the free ``seat``, on behalf of the request's client."""
    computers = services(request.app).computers
    await hosted.start_bot(computers, session, self_url(request), client_address(request), table_id, seat, level)


@router.post("/tables/{table_id}/bots", response_model=BotAnswer, status_code=201, operation_id="add_computer")
async def add_bot(
    table_id: str, body: BotRequest, actor: ActorDep, session: SessionDep, request: Request
) -> dict[str, Any]:
    """Host only: a computer player takes the free seat ``seat``."""
    if actor.role != "host":
        raise Forbidden("Only the table's host may add a computer player", code="not_host")
    await seat_computer(request, session, table_id, body.seat, body.level)
    return {"seat": body.seat, "name": BOT_NAME, "running": True, "level": body.level}


@router.delete("/tables/{table_id}/bots/{seat}", response_model=BotAnswer, operation_id="remove_computer")
async def remove_bot(
    table_id: str, seat: str, actor: ActorDep, session: SessionDep, request: Request
) -> dict[str, Any]:
    """Host only: stop the computer player in ``seat`` and free the seat."""
    if actor.role != "host":
        raise Forbidden("Only the table's host may remove a computer player", code="not_host")
    await hosted.remove_bot(services(request.app).computers, session, actor, seat)
    return {"seat": seat, "name": BOT_NAME, "running": False}
