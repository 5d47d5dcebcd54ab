"""Computer players run inside the server as background tasks (the default), and the host's
routes to add and remove them.

``POST /api/tables/{id}/bots {"seat": "..."}`` (host token) takes the free seat under the name
``Computer`` and starts a :class:`~app.bots.client.BotClient` for it against this same server
over its public API (websocket and HTTP, with the seat's own token): the bot gets exactly what a
human in that seat gets. ``DELETE /api/tables/{id}/bots/{seat}`` stops it and frees the seat
(the host's kick, then reopen). Bots do not survive a server restart: the host adds them again.
"""

from __future__ import annotations

import asyncio
import os
from typing import Annotated, Any

from fastapi import APIRouter, Request
from pydantic import BaseModel, Field

from app.bots.client import BotClient
from app.core.errors import Forbidden, NotFound
from app.web.deps import ActorDep, SessionDep

BOT_NAME = "Computer"
#: seconds a bot seat "thinks" before acting, so humans can follow (WARBOARD_BOT_DELAY)
DELAY = float(os.environ.get("WARBOARD_BOT_DELAY", "0.8"))

router = APIRouter(prefix="/api", tags=["host"])


class BotRequest(BaseModel):
    seat: Annotated[str, Field(min_length=1, max_length=32)]


class BotAnswer(BaseModel):
    seat: str
    name: str
    running: bool


def _tasks(request: Request) -> dict[tuple[str, str], asyncio.Task[None]]:
    if not hasattr(request.app.state, "bot_tasks"):
        request.app.state.bot_tasks = {}
    return request.app.state.bot_tasks  # type: ignore[no-any-return]


@router.post("/tables/{table_id}/bots", response_model=BotAnswer, status_code=201)
async def add_bot(
    table_id: str, body: BotRequest, actor: ActorDep, session: SessionDep, request: Request
) -> dict[str, Any]:
    """Host only: a computer player takes the free seat ``seat``."""
    if actor.role != "host":
        raise Forbidden("Only the table's host may add a computer player")
    await start_bot(request, session, table_id, body.seat)
    return {"seat": body.seat, "name": BOT_NAME, "running": True}


async def start_bot(request: Request, session: Any, table_id: str, seat: str) -> None:
    """Seat a computer player in the free ``seat`` and run it as a background task."""
    joined = await session.join(table_id, seat, BOT_NAME)
    base = str(request.base_url).rstrip("/")
    bot = BotClient(base, table_id, joined["token"], seed=f"{table_id}:{seat}", delay=DELAY)
    task = asyncio.create_task(_run(bot), name=f"bot {table_id} {seat}")
    _tasks(request)[(table_id, seat)] = task


@router.delete("/tables/{table_id}/bots/{seat}", response_model=BotAnswer)
async def remove_bot(
    table_id: str, seat: str, actor: ActorDep, session: SessionDep, request: Request
) -> dict[str, Any]:
    """Host only: stop the computer player in ``seat`` and free the seat."""
    if actor.role != "host":
        raise Forbidden("Only the table's host may remove a computer player")
    summary = await session.summary(table_id)
    entry: dict[str, Any] = next((s for s in summary["seats"] if s["seat"] == seat), {})
    task = _tasks(request).pop((table_id, seat), None)
    if task is None and entry.get("name") != BOT_NAME:
        raise NotFound(f"No computer player sits in {seat!r}", code="no_bot")
    if task is not None:
        task.cancel()
    await session.host_action(actor, "kick", seat)
    await session.host_action(actor, "reopen", seat)
    return {"seat": seat, "name": BOT_NAME, "running": False}


async def _run(bot: BotClient) -> None:
    for _ in range(20):  # reconnect after a dropped connection, a few times
        try:
            await bot.run()
            return
        except asyncio.CancelledError:
            raise
        except Exception:
            await asyncio.sleep(1.0)
        if bot.over():
            return
