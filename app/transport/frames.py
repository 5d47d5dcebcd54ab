"""One websocket frame per message, written straight to every socket that takes it at once.

A server's frames are not masked (RFC 6455, section 5.1) and Warboard negotiates no extension
(per-message deflate is off), so the frame of one text is the same bytes for every client: a
broadcast makes it once (``Frame.serialize`` of websockets, the library uvicorn speaks through)
and ``Direct.write`` hands those bytes to each socket's transport. That skips, per client and
message, Starlette's and uvicorn's ASGI send (state checks, a new frame, its serialization),
which cost more than the write itself.

``Direct`` reaches uvicorn's websockets-sansio protocol (the ASGI ``send`` the server gave the
connection is its bound method; ``app.web.guard`` keeps it in the scope) and writes only when
that protocol would: the handshake is done, the connection is open, no close was sent, and the
transport is taking bytes (uvicorn's ``writable``, cleared while the transport's buffer is over
its high-water mark). Otherwise, or under any other server, the message goes through the ASGI
send as before, which waits for the transport.
"""

from __future__ import annotations

from typing import Any

from websockets.frames import Frame, Opcode
from websockets.protocol import Protocol, State

SEND_KEY = "warboard.send"  # where app.web.guard keeps the server's own websocket send


def frame(data: bytes) -> bytes:
    """The unmasked text frame of ``data`` (UTF-8 text), as a server sends it."""
    return Frame(Opcode.TEXT, data).serialize(mask=False)


class Direct:
    """Writes ready-made frames to one socket's transport (see the module's text)."""

    __slots__ = ("_proto",)

    def __init__(self, proto: Any) -> None:
        self._proto = proto

    @classmethod
    def of(cls, send: Any) -> Direct | None:
        """The direct writer behind an ASGI websocket ``send``, if it is uvicorn's
        websockets-sansio protocol with no extension; else None (send through ASGI)."""
        proto = getattr(send, "__self__", None)
        conn = getattr(proto, "conn", None)
        if not isinstance(conn, Protocol) or conn.extensions:
            return None
        if not all(hasattr(proto, name) for name in ("transport", "writable", "close_sent", "disconnected")):
            return None
        return cls(proto)

    def write(self, data: bytes) -> bool:
        """Write the frame ``data`` now if the socket takes it at once; False: send it the
        ordinary way (nothing was written)."""
        proto = self._proto
        if (
            proto.close_sent
            or proto.disconnected
            or not proto.writable.is_set()
            or proto.conn.state is not State.OPEN
            or proto.transport.is_closing()
        ):
            return False
        proto.transport.write(data)
        return True
