"""The host's routes for computer players (``app.bots.hosted`` runs them):
``POST /api/tables/{id}/bots`` seats one, ``DELETE /api/tables/{id}/bots/{seat}`` removes it."""

from __future__ import annotations

import os
from typing import Annotated, Any

from fastapi import APIRouter, Request
from pydantic import BaseModel, Field

from app.bots import hosted
from app.bots.hosted import BOT_NAME
from app.core.errors import Forbidden
from app.session import Session
from app.web.deps import ActorDep, SessionDep, client_address
from app.web.services import services

router = APIRouter(prefix="/api", tags=["host"])


class BotRequest(BaseModel):
    seat: Annotated[str, Field(min_length=1, max_length=32)]


class BotAnswer(BaseModel):
    seat: str
    name: str
    running: bool


def self_url(request: Request) -> str:
    """The address this process's computer players connect to: ``WARBOARD_SELF_URL`` (set by
    ``warboard serve``; behind a proxy, this process itself), else the request's own base."""
    return os.environ.get("WARBOARD_SELF_URL") or str(request.base_url)


async def seat_computer(request: Request, session: Session, table_id: str, seat: str) -> None:
    """A computer player takes the free ``seat``, on behalf of the request's client."""
    computers = services(request.app).computers
    await hosted.start_bot(computers, session, self_url(request), client_address(request), table_id, seat)


@router.post("/tables/{table_id}/bots", response_model=BotAnswer, status_code=201)
async def add_bot(
    table_id: str, body: BotRequest, actor: ActorDep, session: SessionDep, request: Request
) -> dict[str, Any]:
    """Host only: a computer player takes the free seat ``seat``."""
    if actor.role != "host":
        raise Forbidden("Only the table's host may add a computer player")
    await seat_computer(request, session, table_id, body.seat)
    return {"seat": body.seat, "name": BOT_NAME, "running": True}


@router.delete("/tables/{table_id}/bots/{seat}", response_model=BotAnswer)
async def remove_bot(
    table_id: str, seat: str, actor: ActorDep, session: SessionDep, request: Request
) -> dict[str, Any]:
    """Host only: stop the computer player in ``seat`` and free the seat."""
    if actor.role != "host":
        raise Forbidden("Only the table's host may remove a computer player")
    await hosted.remove_bot(services(request.app).computers, session, actor, seat)
    return {"seat": seat, "name": BOT_NAME, "running": False}
