"""The JSON API (docs/api/http.md): systems, tables, seats, actions, events, dice proof, rule helpers."""

from __future__ import annotations

import logging
from concurrent.futures.process import BrokenProcessPool
from typing import Annotated, Any, Literal

import anyio
import orjson
from fastapi import APIRouter, Body, Depends, Query, Request, Response
from fastapi.exceptions import RequestValidationError
from pydantic import BaseModel, Field, ValidationError

from app import systems
from app.core.errors import Forbidden, NotFound, Unauthorized
from app.core.events import MAX_SEQ
from app.session import rules_process
from app.session.projection import Projection, TableState, worker
from app.session.records import check_held
from app.social.delay import held_summary, public_lobby, spectators_see
from app.systems.base import Helper, RuleSystem
from app.web.deps import (
    OPTIONAL_TOKEN,
    ActorDep,
    ClientLimit,
    RulesLimit,
    SessionDep,
    bearer,
    charge_failure,
    charge_price,
)
from app.web.schemas import (
    ActionRequest,
    ActionResult,
    DiceProof,
    ErrorResponse,
    EventsPage,
    HostResult,
    JoinRequest,
    KnowledgeResponse,
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


@router.get("/systems", response_model=list[SystemPublic], tags=["systems"], operation_id="list_systems")
async def list_systems() -> list[dict[str, Any]]:
    """The rule systems this server plays: each one's id, board, seats, options (as a JSON
    schema) and stateless rule helpers. No token."""
    return [s.describe() for s in systems.registry.systems.values()]


@router.post(
    "/tables",
    response_model=TableCreated,
    status_code=201,
    tags=["tables"],
    dependencies=[ClientLimit],
    operation_id="create_table",
)
async def create_table(body: TableCreate, session: SessionDep) -> dict[str, Any]:
    """A new table of a system, with its options: the answer holds the host's token (keep it:
    it is shown once) and the SHA-256 commitment of the dice seed. A ``seed`` makes every roll
    reproducible (and the table says so: ``seeded``). 400 ``bad_options``, 404 ``unknown_system``."""
    clock = body.clock.model_dump() if body.clock is not None else None
    return await session.create_table(body.system, body.name, body.options, body.visibility, body.seed, clock)


@router.get("/tables", response_model=list[LobbyEntry], tags=["tables"], operation_id="list_tables")
async def read_lobby(session: SessionDep) -> list[dict[str, Any]]:
    """The lobby: the public tables, newest first, with their seats taken and spectators."""
    return await public_lobby(session)


@router.get(
    "/tables/{table_id}",
    response_model=TablePublic,
    tags=["tables"],
    operation_id="read_table",
    openapi_extra=OPTIONAL_TOKEN,
)
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


@router.post(
    "/tables/{table_id}/join",
    response_model=TokenIssued,
    tags=["seats"],
    dependencies=[ClientLimit],
    operation_id="join_seat",
)
async def join_seat(table_id: str, body: JoinRequest, session: SessionDep) -> dict[str, Any]:
    """Take a free seat: the answer holds the seat's token. 409 ``seat_taken`` when someone
    has it, 404 ``unknown_seat`` for a seat the table does not have."""
    return await session.join(table_id, body.seat, body.name)


@router.post(
    "/tables/{table_id}/spectate",
    response_model=TokenIssued,
    tags=["seats"],
    dependencies=[ClientLimit],
    operation_id="spectate",
)
async def spectate(
    table_id: str, session: SessionDep, body: Annotated[SpectateRequest | None, Body()] = None
) -> dict[str, Any]:
    """A spectator's token: it sees what every spectator sees (no hidden information, and the
    table's spectator delay, if any)."""
    return await session.spectate(table_id, (body or SpectateRequest()).name)


@router.get("/tables/{table_id}/view", response_model=ViewResponse, tags=["play"], operation_id="read_view")
async def read_view(actor: ActorDep, session: SessionDep) -> dict[str, Any]:
    """The game as the token may see it now, and its seq: a seat sees its own hand, everyone
    else only what is public (each system's README describes its view)."""
    if actor.seat is None:  # spectators may be held back (app.social.delay)
        env = await spectators_see(session, actor.table_id, await session.current(actor.table_id))
        return {"seq": env.seq, "view": (await session.projection(actor.table_id)).view(env, None)}
    seq, view = await session.view(actor)
    return {"seq": seq, "view": view}


@router.get("/tables/{table_id}/legal", response_model=LegalResponse, tags=["play"], operation_id="read_legal")
async def read_legal(actor: ActorDep, session: SessionDep) -> dict[str, Any]:
    """The token's seat's legal actions now (for bots and clients; none for spectators)."""
    env = await session.current(actor.table_id)
    if actor.seat is None:  # no actions, and the seq the spectator delay shows
        env = await spectators_see(session, actor.table_id, env)
    projection = await session.projection(actor.table_id)
    return {"seq": env.seq, "actions": await legal_list(projection, env, actor.seat)}


#: worlds one ``GET .../knowledge`` deals at most
MAX_WORLDS = 16


@router.get(
    "/tables/{table_id}/knowledge", response_model=KnowledgeResponse, tags=["play"], operation_id="read_knowledge"
)
async def read_knowledge(
    actor: ActorDep,
    session: SessionDep,
    world: Annotated[int, Query(ge=2, le=MAX_SEQ)] = 2,
    count: Annotated[int, Query(ge=1, le=MAX_WORLDS)] = 1,
) -> Response:
    """The game as the token's seat may know it (for the strong computer player's search):
    ``count`` deals of what its view hides, from what it sees (worlds 0 and 1 are the previews'
    own); one, whatever ``count`` asks, in a game that hides nothing (its ``seal`` is the state
    itself). A seat's token only (403 ``not_a_player``). Dealt and encoded on the worker thread:
    an HGB state is hundreds of kilobytes."""
    if actor.seat is None:
        raise Forbidden("Only a seat's own token may read what that seat knows", code="not_a_player")
    seat = actor.seat
    env = await session.current(actor.table_id)
    system = (await session.projection(actor.table_id)).system
    if type(system).seal is RuleSystem.seal:
        count = 1

    def deal() -> bytes:
        worlds = [system.seal(env.state, seat, w) for w in range(world, world + count)]
        return orjson.dumps({"seq": env.seq, "system": system.id, "seat": seat, "worlds": worlds})

    return Response(await anyio.to_thread.run_sync(deal, limiter=worker("legal")), media_type="application/json")


async def legal_list(projection: Projection, env: TableState, seat: str | None) -> list[dict[str, Any]]:
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


@router.post("/tables/{table_id}/actions", response_model=ActionResult, tags=["play"], operation_id="act")
async def post_action(body: ActionRequest, actor: ActorDep, session: SessionDep) -> dict[str, Any]:
    """Apply one action as the token's seat: the events it made (as that seat sees them) and
    the seq of the last. ``id`` is the client's: an id the table already applied is answered
    with the first result and ``duplicate: true``, and applies nothing again (safe retries).
    409 with the rule's code when the rules refuse it (``not_your_turn``, ``illegal_move``,
    ``wrong_phase``, ...); 403 for a spectator's or the host's token."""
    result = await session.apply(actor, body.id, body.action, body.seat)
    projection = await session.projection(actor.table_id)
    return {"seq": result.seq, "events": projection.events(result.events, actor.seat), "duplicate": result.duplicate}


class TakebackWindow(BaseModel):
    mode: Literal["off", "ask", "free"] = Field(description="The table's takeback setting")
    seqs: list[int] = Field(description="The events of the action a takeback would take back now (empty: none)")
    code: str | None = Field(
        description="Why nothing may be taken back: nothing_to_take_back, another_seat_acted, "
        "dice_rolled_since, revealed_since, takeback_off, not_a_player"
    )


@router.get("/tables/{table_id}/takeback", response_model=TakebackWindow, tags=["play"], operation_id="read_takeback")
async def read_takeback(actor: ActorDep, session: SessionDep) -> dict[str, Any]:
    """What this seat may take back now: its latest action, when no die rolled, nothing was
    revealed and no other seat acted since. Ask with the action ``{"kind": "takeback"}``."""
    return await session.takeback_window(actor)


@router.post("/tables/{table_id}/ruling", response_model=ActionResult, tags=["host"], operation_id="make_ruling")
async def post_ruling(body: ActionRequest, actor: ActorDep, session: SessionDep) -> dict[str, Any]:
    """A host ruling (host token), e.g. ``{"kind": "resolve_dispute", "uphold": false}``: applied
    by the rule system as the seat ``@host``. Systems refuse kinds that are not rulings."""
    result = await session.ruling(actor, body.id, body.action)
    projection = await session.projection(actor.table_id)
    return {"seq": result.seq, "events": projection.events(result.events, None), "duplicate": result.duplicate}


@router.post("/tables/{table_id}/preview", response_model=PreviewResult, tags=["play"], operation_id="preview_action")
async def preview_action(body: ActionRequest, actor: ActorDep, session: SessionDep) -> dict[str, Any]:
    """What an action would do, applying nothing: whether it is legal now and the consequences
    the seat may know (worked out from what it can see, never from hidden state), or the error
    acting would meet."""
    check_held(actor, body.seat)
    preview = await session.preview(actor, body.action)
    return {
        "legal": preview.legal,
        "events": preview.events,
        "outcome": preview.outcome,
        "error": preview.error.to_dict()["error"] if preview.error else None,
    }


@router.get("/tables/{table_id}/events", response_model=EventsPage, tags=["play"], operation_id="read_events")
async def read_events(
    actor: ActorDep, session: SessionDep, after: Annotated[int, Query(ge=-1, le=MAX_SEQ)] = -1
) -> dict[str, Any]:
    """The events after seq ``after``, as the token may see them, and the seq they reach: a
    client that missed updates catches up here (or with a websocket ``resync``)."""
    env = await session.current(actor.table_id)
    if actor.seat is None:  # spectators may be held back (app.social.delay)
        env = await spectators_see(session, actor.table_id, env)
    projection = await session.projection(actor.table_id)
    events = await session.events_after(actor.table_id, after, env.seq)
    return {
        "events": projection.events(events, actor.seat),
        "seq": events[-1]["seq"] if events else min(max(after, 0), env.seq),
    }


@router.get("/tables/{table_id}/dice/proof", response_model=DiceProof, tags=["tables"], operation_id="read_dice_proof")
async def read_dice_proof(table_id: str, session: SessionDep) -> dict[str, Any]:
    """The dice seed, its commitment and every roll, so anyone can recompute them: once the
    game is over, or at any time for a seeded table. Before that 409 ``game_in_progress``."""
    return await session.proof(table_id)


@router.post("/tables/{table_id}/close", response_model=HostResult, tags=["host"], operation_id="close_table")
async def close_table(actor: ActorDep, session: SessionDep) -> dict[str, Any]:
    """Host only: close the table (no more actions; it stays readable)."""
    return {"seq": (await session.host_action(actor, "close")).seq}


@router.post("/tables/{table_id}/kick", response_model=HostResult, tags=["host"], operation_id="kick_seat")
async def kick_seat(body: SeatRequest, actor: ActorDep, session: SessionDep) -> dict[str, Any]:
    """Host only: remove a seat's player (their token stops working) and close the seat."""
    return {"seq": (await session.host_action(actor, "kick", body.seat)).seq}


@router.post("/tables/{table_id}/reopen", response_model=HostResult, tags=["host"], operation_id="reopen_seat")
async def reopen_seat(body: SeatRequest, actor: ActorDep, session: SessionDep) -> dict[str, Any]:
    """Host only: open a closed seat again, for someone to join."""
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
        description=f"{helper.summary or helper.name}. A stateless rule helper: the same code the tables use, "
        "with the dice given; no token. It costs the caller's rules rate limit (WARBOARD_RULES_RATE).",
        name=f"rules_{system_id}_{helper.name}".replace("-", "_"),
        operation_id=f"rules_{system_id}_{helper.name}".replace("-", "_"),
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
