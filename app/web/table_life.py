"""The table as people live in it, over HTTP: rejoin links, table settings, the chat's history,
rematches, the Watch page and the table's QR code (README changelog lists each)."""

from __future__ import annotations

import functools
import io
from datetime import UTC, datetime
from typing import Annotated, Any, Literal

import anyio
from fastapi import APIRouter, Body, Depends, Query, Request
from fastapi.responses import HTMLResponse, Response
from pydantic import BaseModel, ConfigDict, Field

from app.bots.hosted import carry_over
from app.core import clock
from app.core.errors import Forbidden, MalformedAction
from app.core.events import MAX_SEQ
from app.core.text import SafeStr
from app.session import Session, bus, clock_log, rematch
from app.session.commit import now_ms
from app.session.game import system_of
from app.session.projection import worker
from app.social import chat
from app.social import settings as table_settings
from app.social.delay import MAX_ACTIONS, MAX_SECONDS, held_at, public_lobby, spectators_see
from app.storage import extras
from app.web.computers import self_url
from app.web.deps import (
    OPTIONAL_TOKEN,
    ActorDep,
    ClientLimit,
    RulesLimit,
    SessionDep,
    bearer,
    charge_price,
    client_address,
)
from app.web.schemas import ClockRead, ClockSet, ClockSettings, ErrorResponse
from app.web.services import services

ERRORS: dict[int | str, dict[str, Any]] = {c: {"model": ErrorResponse} for c in (400, 401, 403, 404, 409, 422, 429)}
router = APIRouter(prefix="/api", responses=ERRORS)
pages = APIRouter()


class _In(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)  # as app.web.schemas._In


class RejoinRequest(_In):
    key: Annotated[SafeStr, Field(min_length=10, max_length=200)]


class SeatIssued(BaseModel):
    token: str
    seat: str
    role: str
    name: str
    table: str | None = None


class LinkRequest(_In):
    seat: Annotated[SafeStr, Field(min_length=1, max_length=40)] | None = None


class LinkIssued(BaseModel):
    seat: str
    key: str
    path: str = Field(description="The rejoin link: /tables/{id}#seat=KEY")


class TableSettings(BaseModel):
    spectator_chat: bool = Field(description="Players read the spectators' chat during the game")
    delay_actions: int = Field(description="Spectators see the table this many actions behind")
    delay_seconds: int = Field(description="Spectators see the table this many seconds behind")
    rematch_id: str | None = None
    takeback: Literal["off", "ask", "free"] = Field(
        "ask", description="Takebacks: off, asked of the other players (ask), or at once (free)"
    )
    guided: bool = Field(False, description="A guided game: each player's table shows a hint at every step")


class SettingsChange(_In):
    spectator_chat: bool | None = None
    delay_actions: Annotated[int, Field(ge=0, le=MAX_ACTIONS)] | None = None
    delay_seconds: Annotated[int, Field(ge=0, le=MAX_SECONDS)] | None = None
    takeback: Literal["off", "ask", "free"] | None = None
    guided: bool | None = None


class ChatLine(BaseModel):
    id: int
    seq: int = Field(description="The table's seq when it was said")
    channel: str
    seat: str | None
    model_config = ConfigDict(extra="allow")  # "from", "text", "at"


class ChatPage(BaseModel):
    lines: list[ChatLine]


class RematchResult(BaseModel):
    table: str | None
    host_token: str | None = None


class WatchEntry(BaseModel):
    id: str
    name: str
    system: str
    system_name: str
    spectators: int
    seats_taken: int
    seats_total: int
    seeded: bool = Field(description="The host chose the dice seed: predictable dice")
    last_action: str | None = Field(
        None, description="When the table's last action was made (ISO 8601, UTC); null under a spectator delay"
    )


# --- seats -------------------------------------------------------------------------------
@router.post(
    "/tables/{table_id}/rejoin",
    response_model=SeatIssued,
    tags=["seats"],
    dependencies=[ClientLimit],
    operation_id="rejoin_seat",
)
async def rejoin(table_id: str, body: RejoinRequest, session: SessionDep) -> dict[str, Any]:
    """Take back a seat from its rejoin link, on any device, once; the seat's older token and
    links stop working. Refused once the seat changed hands (the host removed the player)."""
    return await session.redeem_link(table_id, body.key)


@router.post(
    "/tables/{table_id}/rejoin-link", response_model=LinkIssued, tags=["seats"], operation_id="issue_rejoin_link"
)
async def issue_link(
    table_id: str, actor: ActorDep, session: SessionDep, body: Annotated[LinkRequest | None, Body()] = None
) -> dict[str, Any]:
    """A new rejoin link for a seat (its older links stop working): the host for any taken seat
    (announced to the table in the log), a player for their own."""
    return await session.issue_link(actor, (body or LinkRequest()).seat)


# --- settings ----------------------------------------------------------------------------
async def read_settings(session: Session, table_id: str) -> dict[str, Any]:
    await session.confirm_table(table_id)  # 404 for an unknown table, or one removed meanwhile
    return await table_settings.read(session.engine, table_id)


@router.get("/tables/{table_id}/settings", response_model=TableSettings, tags=["tables"], operation_id="read_settings")
async def get_settings(table_id: str, session: SessionDep) -> dict[str, Any]:
    """The table's settings: the spectators' chat, the spectator delay, takebacks and the
    rematch's table once there is one. No token."""
    return await read_settings(session, table_id)


@router.post("/tables/{table_id}/settings", response_model=TableSettings, tags=["host"], operation_id="change_settings")
async def change_settings(table_id: str, body: SettingsChange, actor: ActorDep, session: SessionDep) -> dict[str, Any]:
    """The host lets players read the spectators' chat, holds spectators back (N actions or
    seconds), or sets takebacks (off, ask, free)."""
    if actor.role != "host":
        raise Forbidden("Only the table's host may change its settings", code="not_host")
    values = body.model_dump(exclude_none=True)
    result = await session.writer.run(lambda conn: extras.put_settings(conn, table_id, values))
    await session.bus.publish(table_id, bus.Settings())
    return result


# --- the clock ---------------------------------------------------------------------------
@router.get(
    "/tables/{table_id}/clock",
    response_model=ClockRead,
    tags=["play"],
    dependencies=[ClientLimit],
    operation_id="read_clock",
    openapi_extra=OPTIONAL_TOKEN,
)
async def read_clock(
    table_id: str, session: SessionDep, token: Annotated[str | None, Depends(bearer)] = None
) -> dict[str, Any]:
    """The table's clock and the server's time (clients count down between updates). Anyone
    may read it; a token without a seat reads it as of the seq the spectator delay shows."""
    meta = await session.table_meta(table_id)
    actor = await session.authenticate(table_id, token) if token else None
    env = await session.current(table_id)
    if actor is None or actor.seat is None:
        env = await spectators_see(session, table_id, env)
    rules = clock_log.rules_offered(system_of(meta["system"]), meta["options"])
    return {"now": now_ms(), "clock": clock.public(env.clock), "rules": rules}


@router.post("/tables/{table_id}/clock", response_model=ClockSet, tags=["host"], operation_id="set_clock")
async def set_clock(table_id: str, body: ClockSettings, actor: ActorDep, session: SessionDep) -> dict[str, Any]:
    """The host sets the table's clock before the game starts (409 ``clock_locked`` after;
    ``clock_unsupported`` for a game without turns; ``clock_rule_unavailable``)."""
    done = await session.set_clock(actor, body.model_dump())
    env = await session.current(table_id)
    return {"seq": done.seq, "clock": clock.public(env.clock)}


# --- chat --------------------------------------------------------------------------------
@router.get(
    "/tables/{table_id}/chat",
    response_model=ChatPage,
    tags=["play"],
    dependencies=[ClientLimit],
    operation_id="read_chat",
    openapi_extra=OPTIONAL_TOKEN,
)
async def read_chat(
    table_id: str,
    session: SessionDep,
    token: Annotated[str | None, Depends(bearer)] = None,
    upto: Annotated[int | None, Query(ge=0, le=MAX_SEQ, description="Lines said at or before this seq")] = None,
) -> dict[str, Any]:
    """The table's chat as this token's holder may read it (no token: as a spectator). Under
    the spectator delay, a token without a seat reads the lines said up to the seq it sees."""
    await session.table_meta(table_id)
    actor = await session.authenticate(table_id, token) if token else None
    role = actor.role if actor else "spectator"
    settings = await read_settings(session, table_id)
    env = await session.current(table_id)
    if actor is None or actor.seat is None:
        held = await held_at(session, table_id, env.seq, env.status, settings)
        if held is not None:
            upto = held if upto is None else min(upto, held)
    lines = await chat.history(session.engine, table_id, upto)
    status = env.status
    return {
        "lines": chat.filter_lines(lines, role, spectator_chat=settings["spectator_chat"], game_open=status == "open")
    }


# --- rematch -----------------------------------------------------------------------------
@router.post("/tables/{table_id}/rematch", response_model=RematchResult, tags=["tables"], operation_id="ask_rematch")
async def ask_rematch(request: Request, actor: ActorDep, session: SessionDep) -> dict[str, Any]:
    """After the game: a new table with the same system and options, seats kept for the same
    players (a computer's seat is played by a computer again). The one who creates it gets its
    host token; asking again returns the same table."""
    made = await rematch.rematch(session, actor)
    if made["host_token"] is not None:  # just made: its computers take their seats
        computers = services(request.app).computers
        await carry_over(computers, session, self_url(request), client_address(request), actor.table_id, made["table"])
    return made


@router.get("/tables/{table_id}/rematch", response_model=RematchResult, tags=["tables"], operation_id="read_rematch")
async def read_rematch(table_id: str, session: SessionDep) -> dict[str, Any]:
    """The rematch's table id once a player asked for one (null before). No token."""
    return {"table": (await read_settings(session, table_id))["rematch_id"]}


@router.post(
    "/tables/{table_id}/rematch/claim", response_model=SeatIssued, tags=["seats"], operation_id="claim_rematch_seat"
)
async def claim_rematch(actor: ActorDep, session: SessionDep) -> dict[str, Any]:
    """A player of this table takes the same seat at its rematch."""
    return await rematch.claim(session, actor)


# --- watching ----------------------------------------------------------------------------
@router.get("/watch", response_model=list[WatchEntry], tags=["tables"], operation_id="list_live_games")
async def live_games(session: SessionDep) -> list[dict[str, Any]]:
    """Public games being played now (a seat taken, not over), most watched first."""
    rows = [t for t in await public_lobby(session) if t["status"] == "open" and t["seats_taken"] > 0]
    rows.sort(key=lambda t: (-t["spectators"], t["created_at"]), reverse=False)
    last = await last_actions(session, [t["id"] for t in rows])
    return [{**{k: t[k] for k in WatchEntry.model_fields if k in t}, "last_action": last.get(t["id"])} for t in rows]


async def last_actions(session: Any, table_ids: list[str]) -> dict[str, str]:
    """When each table's last action was made (ISO 8601, UTC), for the tables whose spectators
    are not held back (a delayed table's would tell when its hidden moves were made)."""

    def read() -> dict[str, str]:
        with session.engine.connect() as conn:
            delayed = extras.delayed_tables(conn, table_ids)
            marks = {t: extras.action_marks(conn, t, 1) for t in table_ids if t not in delayed}
        return {t: _utc(m[-1][2]) for t, m in marks.items() if m}

    return await anyio.to_thread.run_sync(read) if table_ids else {}


def _utc(stamp: datetime) -> str:
    """A stored time as ISO 8601 in UTC (SQLite gives it back without its zone)."""
    return (stamp if stamp.tzinfo else stamp.replace(tzinfo=UTC)).astimezone(UTC).isoformat()


@pages.get("/watch", response_class=HTMLResponse, include_in_schema=False)
async def watch_page(request: Request, session: SessionDep) -> HTMLResponse:
    from app.web.templating import templates

    games = await live_games(session)
    name = "_watch_rows.html" if request.headers.get("HX-Request") else "watch.html"
    return templates.TemplateResponse(request, name, {"games": games})


@pages.get("/tables/{table_id}/qr.svg", include_in_schema=False, dependencies=[RulesLimit])
async def table_qr(
    request: Request, table_id: str, session: SessionDep, watch: Annotated[bool, Query()] = False
) -> Response:
    """A QR code of the table's link (its LAN address when served with ``--lan``)."""
    from app.web.lan import share_url

    await session.table_meta(table_id)
    link = (await share_url(request)).rstrip("/") + f"/tables/{table_id}" + ("?watch=1" if watch else "")
    return await qr_response(request, link, public=True)


class TableLinks(BaseModel):
    base: str = Field(description="The server's address for other devices (its LAN address when served with --lan)")
    play: str = Field(description="The table's page, to take a seat")
    watch: str = Field(description="The table's page, to watch")


@router.get("/tables/{table_id}/links", response_model=TableLinks, tags=["tables"], operation_id="read_links")
async def table_links(request: Request, table_id: str, session: SessionDep) -> dict[str, str]:
    """The table's invitation links for other devices (the LAN address when served with --lan)."""
    from app.web.lan import share_url

    await session.table_meta(table_id)
    base = (await share_url(request)).rstrip("/")
    return {"base": base, "play": f"{base}/tables/{table_id}?join=1", "watch": f"{base}/tables/{table_id}?watch=1"}


class QrRequest(_In):
    text: Annotated[SafeStr, Field(min_length=1, max_length=600)]


@router.post(
    "/qr",
    tags=["tables"],
    operation_id="make_qr",
    dependencies=[RulesLimit],
    response_class=Response,
    responses={200: {"content": {"image/svg+xml": {}}}},
)
async def make_qr(request: Request, body: QrRequest) -> Response:
    """A QR code (SVG) of a link the page holds, such as a seat's rejoin link (POSTed, so the
    secret in it stays out of addresses and logs). It costs one token of the address's rules
    rate limit per 50 characters of text (``WARBOARD_RULES_RATE``)."""
    return await qr_response(request, body.text, public=False)


#: a QR code costs one token of the caller's rules bucket per this many characters of its text
QR_CHARS_PER_TOKEN = 50


async def qr_response(request: Request, text: str, public: bool) -> Response:
    """The SVG QR code of ``text``, made on a worker thread (600 characters take some 80 ms of
    CPU). The first token of its price was taken before the request was read (``RulesLimit``).
    A ``public`` text (a table's or the lobby's link, the same for everyone) is kept once made;
    a secret one (a rejoin link) never is."""
    charge_price(request, -(-len(text) // QR_CHARS_PER_TOKEN))
    render = _shared_qr if public else _qr_svg
    svg = await anyio.to_thread.run_sync(render, text, limiter=worker("legal"))
    return Response(svg, media_type="image/svg+xml", headers={"Cache-Control": "no-store"})


@functools.lru_cache(maxsize=256)
def _shared_qr(text: str) -> bytes:
    return _qr_svg(text)


def _qr_svg(text: str) -> bytes:
    import qrcode
    import qrcode.exceptions
    import qrcode.image.svg

    try:
        image = qrcode.make(text, image_factory=qrcode.image.svg.SvgPathImage, box_size=8, border=2)
    except (ValueError, qrcode.exceptions.DataOverflowError):  # qrcode 8.2: glog(0) on some runs of digits
        raise MalformedAction("The QR code library cannot encode this text", code="qr_unencodable") from None
    out = io.BytesIO()
    image.save(out)
    return out.getvalue()
