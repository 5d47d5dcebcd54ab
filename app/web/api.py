"""The JSON API of API.md: systems, tables, seats, actions, events, dice proof, rule helpers."""

from __future__ import annotations

import logging
from concurrent.futures.process import BrokenProcessPool
from typing import Annotated, Any, Literal

import anyio
from fastapi import APIRouter, Body, Depends, Query, Request
from fastapi.exceptions import RequestValidationError
from pydantic import BaseModel, Field, ValidationError

from app import systems
from app.core.errors import NotFound, Unauthorized
from app.core.events import MAX_SEQ
from app.session import rules_process
from app.session.projection import Projection, TableState, worker
from app.social.delay import held_summary, public_lobby, spectators_see
from app.systems.base import Helper
from app.web.deps import ActorDep, ClientLimit, RulesLimit, SessionDep, bearer, charge_failure, charge_price
from app.web.schemas import (
    ActionRequest,
    ActionResult,
    DiceProof,
    ErrorResponse,
    EventsPage,
    HostResult,
    JoinRequest,
    LegalResponse,
    LobbyEntry,
    PreviewResult,
    SeatRequest,
    SpectateRequest,
    SystemPublic,
    TableCreate,
    TableCreated,
    TablePublic,
    TokenIssued,
    ViewResponse,
)

ERRORS: dict[int | str, dict[str, Any]] = {
    code: {"model": ErrorResponse} for code in (400, 401, 403, 404, 409, 413, 422, 429)
}
router = APIRouter(prefix="/api", responses=ERRORS)
log = logging.getLogger(__name__)


@router.get("/systems", response_model=list[SystemPublic], tags=["systems"])
async def list_systems() -> list[dict[str, Any]]:
    return [s.describe() for s in systems.registry.systems.values()]


@router.post("/tables", response_model=TableCreated, status_code=201, tags=["tables"], dependencies=[ClientLimit])
async def create_table(body: TableCreate, session: SessionDep) -> dict[str, Any]:
    return await session.create_table(body.system, body.name, body.options, body.visibility, body.seed)


@router.get("/tables", response_model=list[LobbyEntry], tags=["tables"])
async def read_lobby(session: SessionDep) -> list[dict[str, Any]]:
    return await public_lobby(session)


@router.get("/tables/{table_id}", response_model=TablePublic, tags=["tables"])
async def read_table(
    table_id: str, request: Request, session: SessionDep, token: Annotated[str | None, Depends(bearer)] = None
) -> dict[str, Any]:
    """The table's summary. A seat's token reads it live; anyone else (a spectator, the host's
    own token, no token) at the seq the spectator delay shows, with that seq's seat list."""
    summary = await session.summary(table_id)
    if token:
        try:
            if (await session.authenticate(table_id, token)).seat is not None:
                return summary
        except Unauthorized:
            charge_failure(request)
    return await held_summary(session, summary)


@router.post("/tables/{table_id}/join", response_model=TokenIssued, tags=["seats"], dependencies=[ClientLimit])
async def join_seat(table_id: str, body: JoinRequest, session: SessionDep) -> dict[str, Any]:
    return await session.join(table_id, body.seat, body.name)


@router.post("/tables/{table_id}/spectate", response_model=TokenIssued, tags=["seats"], dependencies=[ClientLimit])
async def spectate(
    table_id: str, session: SessionDep, body: Annotated[SpectateRequest | None, Body()] = None
) -> dict[str, Any]:
    return await session.spectate(table_id, (body or SpectateRequest()).name)


@router.get("/tables/{table_id}/view", response_model=ViewResponse, tags=["play"])
async def read_view(actor: ActorDep, session: SessionDep) -> dict[str, Any]:
    if actor.seat is None:  # spectators may be held back (app.social.delay)
        env = await spectators_see(session, actor.table_id, await session.current(actor.table_id))
        return {"seq": env.seq, "view": (await session.projection(actor.table_id)).view(env, None)}
    seq, view = await session.view(actor)
    return {"seq": seq, "view": view}


@router.get("/tables/{table_id}/legal", response_model=LegalResponse, tags=["play"])
async def read_legal(actor: ActorDep, session: SessionDep) -> dict[str, Any]:
    """The token's seat's legal actions now (for bots and clients; none for spectators)."""
    env = await session.current(actor.table_id)
    if actor.seat is None:  # no actions, and the seq the spectator delay shows
        env = await spectators_see(session, actor.table_id, env)
    projection = await session.projection(actor.table_id)
    return {"seq": env.seq, "actions": await _legal(projection, env, actor.seat)}


async def _legal(projection: Projection, env: TableState, seat: str | None) -> list[dict[str, Any]]:
    """A legal list can take tens of ms (line of sight, sampled moves): never on the event loop.
    A heavy system's (HGB) is worked out in the rules process (``app.session.rules_process``), off this
    process's interpreter lock; the others', and any when that process cannot start, on the
    worker thread."""
    if projection.off_loop and seat is not None and env.status == "open" and env.outcome is None:
        try:
            return await rules_process.legal(projection, env, seat)
        except (OSError, BrokenProcessPool) as exc:
            log.warning("legal list on the worker thread: the rules process is unavailable (%s)", exc)
    return await anyio.to_thread.run_sync(projection.legal, env, seat, limiter=worker("legal"))


@router.post("/tables/{table_id}/actions", response_model=ActionResult, tags=["play"])
async def post_action(body: ActionRequest, actor: ActorDep, session: SessionDep) -> dict[str, Any]:
    result = await session.apply(actor, body.id, body.action)
    projection = await session.projection(actor.table_id)
    return {"seq": result.seq, "events": projection.events(result.events, actor.seat), "duplicate": result.duplicate}


class TakebackWindow(BaseModel):
    mode: Literal["off", "ask", "free"] = Field(description="The table's takeback setting")
    seqs: list[int] = Field(description="The events of the action a takeback would take back now (empty: none)")
    code: str | None = Field(
        description="Why nothing may be taken back: nothing_to_take_back, another_seat_acted, "
        "dice_rolled_since, revealed_since, takeback_off, not_a_player"
    )


@router.get("/tables/{table_id}/takeback", response_model=TakebackWindow, tags=["play"])
async def read_takeback(actor: ActorDep, session: SessionDep) -> dict[str, Any]:
    """What this seat may take back now: its latest action, when no die rolled, nothing was
    revealed and no other seat acted since. Ask with the action ``{"kind": "takeback"}``."""
    return await session.takeback_window(actor)


@router.post("/tables/{table_id}/ruling", response_model=ActionResult, tags=["host"])
async def post_ruling(body: ActionRequest, actor: ActorDep, session: SessionDep) -> dict[str, Any]:
    """A host ruling (host token), e.g. ``{"kind": "resolve_dispute", "uphold": false}``: applied
    by the rule system as the seat ``@host``. Systems refuse kinds that are not rulings."""
    result = await session.ruling(actor, body.id, body.action)
    projection = await session.projection(actor.table_id)
    return {"seq": result.seq, "events": projection.events(result.events, None), "duplicate": result.duplicate}


@router.post("/tables/{table_id}/preview", response_model=PreviewResult, tags=["play"])
async def preview_action(body: ActionRequest, actor: ActorDep, session: SessionDep) -> dict[str, Any]:
    preview = await session.preview(actor, body.action)
    return {
        "legal": preview.legal,
        "events": preview.events,
        "outcome": preview.outcome,
        "error": preview.error.to_dict()["error"] if preview.error else None,
    }


@router.get("/tables/{table_id}/events", response_model=EventsPage, tags=["play"])
async def read_events(
    actor: ActorDep, session: SessionDep, after: Annotated[int, Query(ge=-1, le=MAX_SEQ)] = -1
) -> dict[str, Any]:
    env = await session.current(actor.table_id)
    if actor.seat is None:  # spectators may be held back (app.social.delay)
        env = await spectators_see(session, actor.table_id, env)
    projection = await session.projection(actor.table_id)
    events = await session.events_after(actor.table_id, after, env.seq)
    return {
        "events": projection.events(events, actor.seat),
        "seq": events[-1]["seq"] if events else min(max(after, 0), env.seq),
    }


@router.get("/tables/{table_id}/dice/proof", response_model=DiceProof, tags=["tables"])
async def read_dice_proof(table_id: str, session: SessionDep) -> dict[str, Any]:
    return await session.proof(table_id)


@router.post("/tables/{table_id}/close", response_model=HostResult, tags=["host"])
async def close_table(actor: ActorDep, session: SessionDep) -> dict[str, Any]:
    return {"seq": (await session.host_action(actor, "close")).seq}


@router.post("/tables/{table_id}/kick", response_model=HostResult, tags=["host"])
async def kick_seat(body: SeatRequest, actor: ActorDep, session: SessionDep) -> dict[str, Any]:
    return {"seq": (await session.host_action(actor, "kick", body.seat)).seq}


@router.post("/tables/{table_id}/reopen", response_model=HostResult, tags=["host"])
async def reopen_seat(body: SeatRequest, actor: ActorDep, session: SessionDep) -> dict[str, Any]:
    return {"seq": (await session.host_action(actor, "reopen", body.seat)).seq}


def _helper_route(system_id: str, helper: Helper) -> None:
    async def run(request: Request, body: Any) -> Any:
        if helper.price is not None:  # its first token was taken before the body was read (RulesLimit)
            charge_price(request, helper.price(body))
        raw = await request.body()

        def work() -> Any:  # the strict reading and the rules both off the loop (odds, paths)
            return helper.run(_strict(helper.request, raw))

        return await anyio.to_thread.run_sync(work, limiter=worker("legal"))

    run.__annotations__ = {"request": Request, "body": helper.request, "return": helper.response}

    router.add_api_route(
        f"/rules/{system_id}/{helper.name}",
        run,
        methods=["POST"],
        response_model=helper.response,
        tags=[f"rules: {system_id}"],
        summary=helper.summary or f"{system_id} {helper.name}",
        name=f"rules_{system_id}_{helper.name}".replace("-", "_"),
        dependencies=[RulesLimit],  # a bucket of their own per address (WARBOARD_RULES_RATE)
    )


def _strict(model: type[BaseModel], raw: bytes) -> BaseModel:
    """A helper's body read again as strict JSON (as actions are): no ``true`` for an integer,
    no ``"3"`` for a number, in nested models too; FastAPI's reading (which makes the schema)
    is lax. Raises RequestValidationError (422 ``malformed``)."""
    try:
        return model.model_validate_json(raw, strict=True)
    except ValidationError as exc:
        raise RequestValidationError([{**e, "loc": ("body", *e["loc"])} for e in exc.errors()]) from None


for _system in systems.registry.systems.values():
    for _helper in _system.helpers:
        _helper_route(_system.id, _helper)


@router.post("/rules/{system_id}/{helper}", tags=["rules"], include_in_schema=False)
async def unknown_helper(system_id: str, helper: str) -> None:
    raise NotFound(f"There is no rule helper {helper!r} for system {system_id!r}", code="unknown_helper")
