"""The websocket endpoint ``/ws/tables/{id}`` (docs/api/websocket.md; schema/websocket.json): ``serve``, handed its
services by the web layer's route (``app.web.live``).

The token comes in the socket's first frame, ``{"type": "auth", "token": ...}``, within
``AUTH_TIMEOUT`` seconds, so it is in no URL (proxy logs, the browser's history); ``?token=``
in the URL is still taken from older clients. A bad token or an unknown table gets an ``error`` message and a close code of 4000 plus the
HTTP status (4401, 4404); a failed token guess counts against the address's rate limit. A
socket over the per-token or per-address cap gets ``too_many_sockets`` and 4429. Bad messages
get an ``error`` and the connection stays open; a client that floods is closed with 1008; a
frame over the size limit is closed with 1009 by the server, one that is not UTF-8 with 1007;
a client too far behind, or one that stops reading (a send over the deadline), is closed with
1013 and should reconnect and resync. While the database or the bus is down the socket gets an
``error`` (``unavailable``; the action's ``ref`` if it was one, whose outcome the client learns
by sending it again with the same id) and close code 1011: reconnect with backoff.
"""

from __future__ import annotations

import asyncio
import contextlib
import os

from starlette.websockets import WebSocket, WebSocketDisconnect

from app.core.bucket import TokenBucket
from app.core.errors import Unauthorized, Unavailable, WarboardError
from app.process import prom
from app.process.config import Settings
from app.process.outage import is_outage, outages
from app.session import Actor, Session
from app.transport import outgoing
from app.transport.connection import Connection
from app.transport.hub import Hubs, TableHub
from app.transport.incoming import (
    ActionMsg,
    ChatMsg,
    ClientMessage,
    MarkMsg,
    PingMsg,
    ResyncMsg,
    parse_auth,
    parse_client,
)
from app.transport.ratelimit import Buckets
from app.transport.sockets import CLOSE_CODE, CLOSE_TIMEOUT, SocketCounts

OUTAGE_CLOSE = 1011
#: seconds a socket opened without ``?token=`` has to send its ``auth`` frame
AUTH_TIMEOUT = float(os.environ.get("WARBOARD_WS_AUTH_TIMEOUT", "5"))


async def serve(
    ws: WebSocket,
    table_id: str,
    session: Session,
    hubs: Hubs,
    settings: Settings,
    sockets: SocketCounts,
    buckets: Buckets,
) -> None:
    """Serve one websocket of the table ``table_id`` from its accept to its close."""
    address = ws.client.host if ws.client else "?"
    await ws.accept()
    actor = await _admit(ws, table_id, session, sockets, buckets, address)
    if actor is None:
        return
    conn: Connection | None = None
    hub = None
    ref: str | None = None
    try:
        hub = await hubs.acquire(table_id)
        conn = Connection(ws, actor, settings.send_queue)
        conn.sender = asyncio.get_running_loop().create_task(conn.run_sender())
        await hub.attach(conn)
        await _serve(ws, session, hub, conn, settings)
    except (WebSocketDisconnect, RuntimeError):
        pass
    except Exception as exc:
        if not is_outage(exc):
            raise
        cause = (exc.__cause__ or exc) if isinstance(exc, Unavailable) else exc
        logged = outages.failed(cause)  # one log line per outage
        error = exc if isinstance(exc, Unavailable) else logged
        if conn is not None:
            conn.dropped = True
            conn.abandon()
        await _refuse(ws, getattr(exc, "ref", ref), error, OUTAGE_CLOSE)
    finally:
        sockets.close(actor.token_hash, address)
        if hub is not None:
            with contextlib.suppress(Exception):
                if conn is not None:
                    await hub.detach(conn)
            await hubs.release(table_id)
        if conn is not None and conn.sender is not None and not conn.dropped:
            with contextlib.suppress(asyncio.QueueFull):
                conn.queue.put_nowait(None)
            with contextlib.suppress(Exception):
                await asyncio.wait_for(conn.sender, 1.0)
        if conn is not None:
            conn.abandon()
        if conn is not None and conn.closing is not None:  # presence is updated: now finish the close
            with contextlib.suppress(Exception):
                await asyncio.wait({conn.closing}, timeout=CLOSE_TIMEOUT + 1)
        if conn is not None:
            conn.release()


async def _admit(
    ws: WebSocket, table_id: str, session: Session, sockets: SocketCounts, buckets: Buckets, address: str
) -> Actor | None:
    """The socket's actor, counted against its token's and its address's caps; None when it was
    refused (an ``error`` and a close code sent) or left before it said who it is."""
    try:
        await session.table_meta(table_id)
        token = ws.query_params.get("token")
        if token is None:
            token = await _first_frame_token(ws)
            if token is None:
                return None  # gone before it said who it is
        try:
            actor = await session.authenticate(table_id, token)
        except Unauthorized:
            buckets.charge_failure(address)  # guessing tokens costs the address its rate
            raise
        sockets.open(actor.token_hash, address)
    except WarboardError as exc:
        await _refuse(ws, None, exc, CLOSE_CODE if exc.code == "too_many_sockets" else 4000 + exc.status)
        return None
    except Exception as exc:
        if not is_outage(exc):
            raise
        await _refuse(ws, None, outages.failed(exc), OUTAGE_CLOSE)
        return None
    return actor


async def _first_frame_token(ws: WebSocket) -> str | None:
    """The token of the socket's ``auth`` frame (None: the client left first). Raises
    Unauthorized for any other frame, or none within ``AUTH_TIMEOUT``."""
    try:
        frame = await asyncio.wait_for(ws.receive(), AUTH_TIMEOUT)
    except TimeoutError:
        raise Unauthorized(f'No {{"type": "auth", "token": ...}} frame within {AUTH_TIMEOUT:g} s') from None
    if frame["type"] == "websocket.disconnect":
        return None
    raw = frame.get("text")
    return parse_auth(raw if raw is not None else frame.get("bytes") or b"")


async def _serve(ws: WebSocket, session: Session, hub: TableHub, conn: Connection, settings: Settings) -> None:
    """Read the client's messages until it leaves or is dropped (a send over the deadline, a kick).

    One reader task for the connection's life, not one per frame; a drop cancels it only while it
    waits for a frame, so a message being handled is finished (its action acknowledged or not)."""
    waiting = False

    async def read() -> None:
        nonlocal waiting
        bucket = TokenBucket(settings.ws_rate, settings.ws_burst)
        while not conn.dropped:
            waiting = True
            try:
                frame = await ws.receive()
            finally:
                waiting = False
            if frame["type"] == "websocket.disconnect":
                return
            if not bucket.take():
                prom.refused("too_many_messages", "ws")
                conn.drop(1008, "too many messages")
                return
            raw = frame.get("text")
            text: str | bytes = raw if raw is not None else frame.get("bytes") or b""
            try:
                message = parse_client(text)
            except WarboardError as exc:
                conn.offer(outgoing.error(None, exc))
                continue
            await _handle(session, hub, conn, message)

    reader = asyncio.ensure_future(read())
    gone = asyncio.ensure_future(conn.gone.wait())
    try:
        await asyncio.wait({reader, gone}, return_when=asyncio.FIRST_COMPLETED)
        if not reader.done() and waiting:  # dropped while waiting for a frame: stop waiting
            reader.cancel()
        await asyncio.wait({reader})
        if not reader.cancelled():
            reader.result()
    finally:
        gone.cancel()
        if not reader.done():
            reader.cancel()


async def _handle(session: Session, hub: TableHub, conn: Connection, message: ClientMessage) -> None:
    if isinstance(message, ActionMsg):
        try:
            result = await session.apply(conn.actor, message.id, message.action, message.seat)
            conn.offer_ack(outgoing.ack(message.id, result.seq, result.duplicate))
            if outages.down:
                outages.ok()
        except WarboardError as exc:
            if isinstance(exc, Unavailable):
                exc.ref = message.id  # type: ignore[attr-defined]
                raise
            conn.offer(outgoing.error(message.id, exc))
        except Exception as exc:
            if is_outage(exc):
                exc.ref = message.id  # type: ignore[attr-defined]
            raise
    elif isinstance(message, ResyncMsg):
        await hub.resync(conn, message.since)
    elif isinstance(message, ChatMsg):
        try:
            await hub.say(conn, message.text)  # stored, then sent to whoever may read it
        except WarboardError as exc:  # a flood, a table removed meanwhile: refused, the socket stays open
            if isinstance(exc, Unavailable):
                raise  # an outage: the socket is told to come back later (serve)
            conn.offer(outgoing.error(None, exc))
    elif isinstance(message, MarkMsg):
        try:
            await hub.mark(conn, message.ruler, message.pointer, message.ping)
        except WarboardError as exc:
            conn.offer(outgoing.error(None, exc))
    elif isinstance(message, PingMsg):
        conn.offer(outgoing.pong())


async def _refuse(ws: WebSocket, ref: str | None, exc: WarboardError, code: int) -> None:
    with contextlib.suppress(Exception):
        await asyncio.wait_for(ws.send_text(outgoing.error(ref, exc)), 2.0)
        await asyncio.wait_for(ws.close(code, exc.message[:120]), 2.0)
