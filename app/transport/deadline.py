"""The connections of ``warboard serve``: uvicorn's httptools protocol with a deadline for a
request's headers, and both it and the websocket protocol counting the connections that open and
end for the garbage collector's policy (``app.process.collector``).

uvicorn 0.54 (pinned) closes a keep-alive connection that stays idle ``timeout_keep_alive``
seconds after an answer, but arms nothing when a connection opens, and any byte that arrives
cancels that timer: a client that opens connections and sends nothing, or sends its headers a
byte at a time, holds each one (a socket, a file descriptor, parser state) for as long as it
likes. Nothing else in uvicorn bounds it: ``limit_concurrency`` counts those connections too and,
once they fill it, answers every new client 503. Here a connection must finish a request's headers
within ``timeout`` seconds of opening, or of the answer before; else it gets 408
``request_timeout`` and is closed. A request whose headers are in (its body, its handler, a
websocket it upgrades to) is not timed by this.
"""

from __future__ import annotations

import asyncio
from typing import Any

import orjson
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol

from app.process import collector

#: seconds a connection has to send a request's headers (WARBOARD_HEADER_TIMEOUT)
DEFAULT_TIMEOUT = 10.0


class HeaderDeadline(HttpToolsProtocol):
    """``HttpToolsProtocol`` whose connections must send each request's headers in time."""

    header_timeout: float = DEFAULT_TIMEOUT

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._deadline: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        collector.opened()
        super().connection_made(transport)
        self._arm()

    def on_headers_complete(self) -> None:
        self._disarm()
        super().on_headers_complete()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        if self.timeout_keep_alive_task is not None:  # idle until the next request's headers
            self._arm()

    def handle_websocket_upgrade(self) -> None:
        super().handle_websocket_upgrade()
        # The connection is the websocket protocol's now, and this protocol's connection_lost
        # will not be called: let go of the parser as it would have (the parser holds this
        # protocol's callbacks, so the two would otherwise wait for a complete collection).
        self.parser = None  # type: ignore[assignment]

    def connection_lost(self, exc: Exception | None) -> None:  # not called once upgraded to a websocket
        collector.ended()
        self._disarm()
        super().connection_lost(exc)

    def _arm(self) -> None:
        self._disarm()
        self._deadline = self.loop.call_later(self.header_timeout, self._expire)

    def _disarm(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None

    def _expire(self) -> None:
        self._deadline = None
        if self.transport.is_closing():
            return
        body = orjson.dumps(
            {
                "error": {
                    "code": "request_timeout",
                    "message": f"The request's headers did not arrive within {self.header_timeout:g} seconds",
                }
            }
        )
        self.transport.write(
            b"HTTP/1.1 408 Request Timeout\r\ncontent-type: application/json\r\n"
            b"content-length: %d\r\nconnection: close\r\n\r\n%s" % (len(body), body)
        )
        self.transport.close()


class CountedWebSockets(WebSocketsSansIOProtocol):
    """uvicorn's websocket protocol, telling the collector when its connection ends (it opened as
    an HTTP connection, counted there), and letting go of the websocket library's state machine
    then (below)."""

    def connection_lost(self, exc: Exception | None) -> None:
        collector.ended()
        super().connection_lost(exc)
        # The websocket library's state machine and its parser (a generator suspended in its own
        # method, holding it) are a reference cycle for as long as the parser is suspended,
        # which it is for good once the connection is gone: close the parser, so that reference
        # counts free both (frozen, they waited for a complete pass: ~20 blocks a closed socket).
        self.conn.parser.close()


def protocol(timeout: float) -> type[HeaderDeadline]:
    """The protocol class for ``uvicorn.run(http=...)`` with a header deadline of ``timeout`` s."""
    return type("HeaderDeadline", (HeaderDeadline,), {"header_timeout": timeout})
