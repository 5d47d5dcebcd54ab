"""The websocket route ``/ws/tables/{id}``: the transport's endpoint (``app.transport.ws``),
handed this app's services."""

from __future__ import annotations

from starlette.websockets import WebSocket

from app.transport import ws as endpoint
from app.web.services import services


async def table_socket(ws: WebSocket, table_id: str) -> None:
    s = services(ws.app)
    await endpoint.serve(ws, table_id, s.session, s.hubs, s.settings, s.sockets, s.buckets)
