"""Computer players run inside the server as background tasks (the default), and the host's
routes to add and remove them.

``POST /api/tables/{id}/bots {"seat": "..."}`` (host token) takes the free seat under the name
``Computer`` and starts a :class:`~app.bots.client.BotClient` for it against this same server
over its public API (websocket and HTTP, with the seat's own token): the bot gets exactly what a
human in that seat gets. ``DELETE /api/tables/{id}/bots/{seat}`` stops it and frees the seat
(the host's kick, then reopen).

A computer seat survives a restart: beside the seat's token the server keeps a marker row
(``tokens`` with role ``computer``, its hash derived from the seat's current token hash, so
it names that one token: a kick, a rejoin or a new player in the seat leaves it pointing at
nothing). At start-up (:func:`restore`) every seat still held by its marked token gets a
fresh token (the old one is revoked, as a rejoin link does) and a bot running again; the bot
resumes from the welcome of its seat's stream. ``warboard serve`` tells the app its own
address (``WARBOARD_SELF_URL``) so the bots can reach it.

Each one costs the server a websocket, legal lists and CPU for as long as its game lasts, so a
server runs at most ``MAX_BOTS`` of them, and the computer players started from one client
address that are still playing are at most ``PER_ADDRESS``: beyond either, 409
``too_many_bots`` and nothing is changed. After a restart no more than ``MAX_BOTS`` resume (the
tables played last first); the others' seats stay marked and wait for a later start.
"""

from __future__ import annotations

import asyncio
import logging
import os
from typing import Annotated, Any

from fastapi import APIRouter, FastAPI, Request
from pydantic import BaseModel, Field
from sqlalchemy import Connection, and_, select, update

from app.bots.client import BotClient
from app.core.errors import Conflict, Forbidden, NotFound
from app.core.tokens import hash_token
from app.storage import repository as repo
from app.storage.models import seats, tables, tokens
from app.web.deps import ActorDep, SessionDep

log = logging.getLogger("warboard.bots")

BOT_NAME = "Computer"
#: seconds a bot seat "thinks" before acting, so humans can follow (WARBOARD_BOT_DELAY)
DELAY = float(os.environ.get("WARBOARD_BOT_DELAY", "0.8"))
#: computer players this server runs at most (WARBOARD_BOTS_MAX)
MAX_BOTS = int(os.environ.get("WARBOARD_BOTS_MAX", "32"))
#: computer players started from one client address and still playing (WARBOARD_BOTS_PER_ADDRESS)
PER_ADDRESS = int(os.environ.get("WARBOARD_BOTS_PER_ADDRESS", "8"))

router = APIRouter(prefix="/api", tags=["host"])


class BotRequest(BaseModel):
    seat: Annotated[str, Field(min_length=1, max_length=32)]


class BotAnswer(BaseModel):
    seat: str
    name: str
    running: bool


#: the marker row's role in ``tokens`` (never a credential: nobody holds its token)
ROLE = "computer"


def _tasks(app: FastAPI) -> dict[tuple[str, str], asyncio.Task[None]]:
    if not hasattr(app.state, "bot_tasks"):
        app.state.bot_tasks = {}
    return app.state.bot_tasks  # type: ignore[no-any-return]


def _bots(app: FastAPI) -> dict[tuple[str, str], BotClient]:
    """The running bots (their recorded inputs are read by the leak tests)."""
    if not hasattr(app.state, "bots"):
        app.state.bots = {}
    return app.state.bots  # type: ignore[no-any-return]


def _owners(app: FastAPI) -> dict[tuple[str, str], str | None]:
    """Every computer seat this server runs or is starting: (table, seat) -> the client address
    that started it (None: resumed at start-up). Its size is what the caps count."""
    if not hasattr(app.state, "bot_owners"):
        app.state.bot_owners = {}
    return app.state.bot_owners  # type: ignore[no-any-return]


def _tokens(app: FastAPI) -> dict[tuple[str, str], str]:
    """The seat token hash of every computer player this server runs: their rule helper calls
    (the HGB odds) each take from a bucket of their own (``app.web.deps.rules_key``), not from
    the one of the loopback address they all share."""
    if not hasattr(app.state, "bot_tokens"):
        app.state.bot_tokens = {}
    return app.state.bot_tokens  # type: ignore[no-any-return]


def check_room(app: FastAPI, address: str, wanted: int) -> None:
    """Raise Conflict (409 ``too_many_bots``) unless ``address`` may start ``wanted`` more."""
    owners = _owners(app)
    if len(owners) + wanted > MAX_BOTS:
        raise Conflict(
            f"This server runs at most {MAX_BOTS} computer players and has {len(owners)}; "
            "remove one from a table or wait for a game to end",
            code="too_many_bots",
        )
    mine = sum(1 for owner in owners.values() if owner == address)
    if mine + wanted > PER_ADDRESS:
        raise Conflict(
            f"At most {PER_ADDRESS} computer players started from your address may play at once, and "
            f"{mine} are playing; remove one first",
            code="too_many_bots",
        )


def _client(request: Request) -> str:
    return request.client.host if request.client else "?"


def _marker(seat_token_hash: str) -> str:
    return hash_token(f"computer:{seat_token_hash}")


def _mark(conn: Connection, table_id: str, seat: str, seat_token_hash: str) -> None:
    repo.insert_token(conn, _marker(seat_token_hash), table_id, ROLE, seat, BOT_NAME)


def _unmark(conn: Connection, table_id: str, seat: str) -> None:
    conn.execute(
        update(tokens)
        .where(and_(tokens.c.table_id == table_id, tokens.c.seat == seat, tokens.c.role == ROLE))
        .values(revoked=True)
    )


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
    """Seat a computer player in the free ``seat`` and run it as a background task. Raises
    Conflict (``too_many_bots``) over the caps, before anything changes."""
    owners, key = _owners(request.app), (table_id, seat)
    if key in owners:
        raise Conflict(f"Seat {seat!r} is taken by {BOT_NAME}", code="seat_taken")
    check_room(request.app, _client(request), 1)
    owners[key] = _client(request)  # its place is held while it joins
    try:
        joined = await session.join(table_id, seat, BOT_NAME)
        await session.writer.run(lambda conn: _mark(conn, table_id, seat, hash_token(joined["token"])))
    except BaseException:
        owners.pop(key, None)
        raise
    base = os.environ.get("WARBOARD_SELF_URL") or str(request.base_url)  # behind a proxy: this process itself
    _launch(request.app, base, table_id, seat, joined["token"], owners[key])


async def carry_over(request: Request, session: Any, old_id: str, new_id: str) -> list[str]:
    """A rematch keeps the computer seats of the old table for computers: each claims its kept
    seat at the new table and plays there, as far as the caps allow (a seat over them stays kept
    for a computer: the host may remove it, then seat a player). Returns the seats that play."""

    def computers(conn: Connection) -> list[str]:
        out = []
        for seat, row in repo.get_seats(conn, old_id).items():
            marker = repo.get_token(conn, _marker(row["token_hash"])) if row["token_hash"] else None
            if row["state"] == "taken" and marker is not None and not marker["revoked"] and marker["seat"] == seat:
                out.append(seat)
        return out

    owners, client, playing = _owners(request.app), _client(request), []
    base = os.environ.get("WARBOARD_SELF_URL") or str(request.base_url)
    for seat in await session.writer.run(computers):
        try:
            check_room(request.app, client, 1)
        except Conflict:
            log.warning("rematch %s: no room for the computer player of %s (the caps)", new_id, seat)
            break
        key = (new_id, seat)
        owners[key] = client  # its place is held while it claims the seat
        try:
            claimed = await session.seats.claim(new_id, seat)
            await session.writer.run(lambda conn, s=seat, t=claimed["token"]: _mark(conn, new_id, s, hash_token(t)))
        except BaseException:
            owners.pop(key, None)
            raise
        _launch(request.app, base, new_id, seat, claimed["token"], client)
        playing.append(seat)
    return playing


def _launch(app: FastAPI, base: str, table_id: str, seat: str, token: str, owner: str | None) -> None:
    bot = BotClient(base.rstrip("/"), table_id, token, seed=f"{table_id}:{seat}", delay=DELAY)
    task = asyncio.create_task(_run(bot), name=f"bot {table_id} {seat}")
    key = (table_id, seat)
    _tasks(app)[key] = task
    _bots(app)[key] = bot
    _owners(app)[key] = owner
    _tokens(app)[key] = hash_token(token)

    def finished(done: asyncio.Task[None]) -> None:  # its game ended or its seat went: room for another
        if _tasks(app).get(key) is done:
            _tasks(app).pop(key, None)
            _owners(app).pop(key, None)
            _tokens(app).pop(key, None)

    task.add_done_callback(finished)


@router.delete("/tables/{table_id}/bots/{seat}", response_model=BotAnswer)
async def remove_bot(
    table_id: str, seat: str, actor: ActorDep, session: SessionDep, request: Request
) -> dict[str, Any]:
    """Host only: stop the computer player in ``seat`` and free the seat."""
    if actor.role != "host":
        raise Forbidden("Only the table's host may remove a computer player")
    summary = await session.summary(table_id)
    entry: dict[str, Any] = next((s for s in summary["seats"] if s["seat"] == seat), {})
    task = _tasks(request.app).pop((table_id, seat), None)
    _bots(request.app).pop((table_id, seat), None)
    _owners(request.app).pop((table_id, seat), None)
    _tokens(request.app).pop((table_id, seat), None)
    if task is None and entry.get("name") != BOT_NAME:
        raise NotFound(f"No computer player sits in {seat!r}", code="no_bot")
    if task is not None:
        task.cancel()
    await session.writer.run(lambda conn: _unmark(conn, table_id, seat))
    await session.host_action(actor, "kick", seat)
    await session.host_action(actor, "reopen", seat)
    return {"seat": seat, "name": BOT_NAME, "running": False}


async def _run(bot: BotClient) -> None:
    for _ in range(30):  # reconnect after a dropped connection (or a server still starting), a few times
        try:
            await bot.run()
            return
        except asyncio.CancelledError:
            raise
        except Exception as exc:
            log.warning("computer player at %s %s: %r; connecting again", bot.table_id, bot.seat, exc)
            await asyncio.sleep(1.0)
        if bot.over():
            return


def _reseat(conn: Connection, limit: int) -> tuple[list[tuple[str, str, str]], int]:
    """The computer seats of tables still in play, those played last first: the first ``limit``
    get a fresh token, (table, seat, token) each; and how many more were left as they are."""
    from app.session.seats import move_seat

    rows = conn.execute(
        select(seats.c.table_id, seats.c.seat, seats.c.token_hash)
        .join(tables, tables.c.id == seats.c.table_id)
        .where(
            and_(
                seats.c.state == "taken",
                seats.c.name == BOT_NAME,
                seats.c.token_hash.is_not(None),
                tables.c.status.not_in(("closed", "finished")),
            )
        )
        .order_by(tables.c.updated_at.desc(), seats.c.table_id, seats.c.seat)
    ).all()
    out: list[tuple[str, str, str]] = []
    left = 0
    for table_id, seat, token_hash in rows:
        marker = repo.get_token(conn, _marker(token_hash))
        if marker is None or marker["revoked"] or marker["table_id"] != table_id or marker["seat"] != seat:
            continue  # a human who took the name, or a seat whose token changed since
        if len(out) >= limit:
            left += 1  # over the cap: its seat stays marked for a later start
            continue
        issued, _old = move_seat(conn, table_id, seat)
        repo.revoke_token(conn, marker["token_hash"])
        _mark(conn, table_id, seat, hash_token(issued["token"]))
        out.append((table_id, seat, issued["token"]))
    return out, left


async def restore(app: FastAPI, base: str) -> int:
    """After a restart: run the bot of every computer seat again, at most ``MAX_BOTS`` in all
    (see the module's note)."""
    session = app.state.session
    room = max(0, MAX_BOTS - len(_owners(app)))
    reseated, left = await session.writer.run(lambda conn: _reseat(conn, room))
    for table_id, seat, token in reseated:
        log.info("computer player resumes at %s %s", table_id, seat)
        _launch(app, base, table_id, seat, token, None)
    if left:
        log.warning("%d computer players not resumed: this server runs at most %d (WARBOARD_BOTS_MAX)", left, MAX_BOTS)
    return len(reseated)


async def stop_all(app: FastAPI) -> None:
    tasks = list(_tasks(app).values())
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
