"""The websocket endpoint ``/ws/tables/{id}?token=...`` (API.md, "Websocket").

A bad token or an unknown table gets an ``error`` message and a close code of 4000 plus the
HTTP status (4401, 4404). Bad messages get an ``error`` and the connection stays open; a
client that floods is closed with 1008; a frame over the size limit is closed with 1009 by
the server; a client too far behind is closed with 1013 and should reconnect and resync.
"""

from __future__ import annotations

import asyncio
import contextlib

from starlette.websockets import WebSocket, WebSocketDisconnect

from app.config import Settings
from app.core.errors import WarboardError
from app.session import Session
from app.transport import messages as msg
from app.transport.hub import Connection, Hubs
from app.transport.messages import ActionMsg, ChatMsg, MarkMsg, PingMsg, ResyncMsg
from app.transport.ratelimit import TokenBucket


async def table_socket(ws: WebSocket, table_id: str) -> None:
    state = ws.app.state
    session: Session = state.session
    hubs: Hubs = state.hubs
    settings: Settings = state.settings
    await ws.accept()
    try:
        await session.table_meta(table_id)
        actor = await session.authenticate(table_id, ws.query_params.get("token"))
    except WarboardError as exc:
        await ws.send_text(msg.error(None, exc))
        await ws.close(4000 + exc.status, exc.code)
        return

    hub = await hubs.acquire(table_id)
    conn = Connection(ws, actor, settings.send_queue)
    conn.sender = asyncio.get_running_loop().create_task(conn.run_sender())
    bucket = TokenBucket(settings.ws_rate, settings.ws_burst)
    try:
        await hub.attach(conn)
        while not conn.dropped:
            frame = await ws.receive()
            if frame["type"] == "websocket.disconnect":
                break
            if not bucket.take():
                conn.drop(1008, "too many messages")
                break
            text = frame.get("text") if frame.get("text") is not None else frame.get("bytes", b"")
            try:
                message = msg.parse_client(text)
            except WarboardError as exc:
                conn.offer(msg.error(None, exc))
                continue
            if isinstance(message, ActionMsg):
                try:
                    result = await session.apply(actor, message.id, message.action)
                    conn.offer(msg.ack(message.id, result.seq, result.duplicate))
                except WarboardError as exc:
                    conn.offer(msg.error(message.id, exc))
            elif isinstance(message, ResyncMsg):
                await hub.resync(conn, message.since)
            elif isinstance(message, ChatMsg):
                await hub.room.say(conn, message.text)  # stored, then sent to whoever may read it
            elif isinstance(message, MarkMsg):
                try:
                    await hub.room.mark(conn, message.ruler, message.pointer)
                except WarboardError as exc:
                    conn.offer(msg.error(None, exc))
            elif isinstance(message, PingMsg):
                conn.offer(msg.PONG)
    except (WebSocketDisconnect, RuntimeError):
        pass
    finally:
        await hub.detach(conn)
        await hubs.release(table_id)
        if conn.sender is not None and not conn.dropped:
            with contextlib.suppress(asyncio.QueueFull):
                conn.queue.put_nowait(None)
            with contextlib.suppress(Exception):
                await asyncio.wait_for(conn.sender, 1.0)
