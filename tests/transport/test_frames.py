"""A broadcast's frame is made once and written as it is to every socket (app.transport.frames).

The bytes must be exactly what the websockets library's server side writes for the same text,
for each of the three length encodings of RFC 6455 (section 5.2); a ``send`` that is not
uvicorn's websockets protocol gets no direct writer, so its messages go through ASGI.
"""

from __future__ import annotations

import pytest
from websockets.server import ServerProtocol

from app.transport.frames import Direct, frame


def _written_by_websockets(text: str) -> bytes:
    proto = ServerProtocol()
    proto.state = proto.state.OPEN  # past the handshake, as uvicorn's connection is
    proto.send_text(text.encode())
    return b"".join(proto.data_to_send())


@pytest.mark.parametrize("size", [0, 1, 125, 126, 65535, 65536, 200_000])
def test_a_frame_is_the_bytes_a_websockets_server_writes(size: int) -> None:
    text = ("é" * size)[: max(0, size // 2)] + "x" * (size - size // 2)
    assert frame(text.encode()) == _written_by_websockets(text)


async def _plain_send(message: dict[str, object]) -> None:  # not a server's protocol
    return None


def test_a_send_that_is_not_uvicorns_websocket_protocol_gets_no_direct_writer() -> None:
    assert Direct.of(None) is None
    assert Direct.of(_plain_send) is None
    assert Direct.of(ServerProtocol().send_text) is None  # a protocol, but not a server's transport
