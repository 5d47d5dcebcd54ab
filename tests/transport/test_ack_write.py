"""An action's acknowledgement rides in the same socket write as the action's update
(``Connection.offer_ack``, app/transport/connection.py), and never after anything offered later.

The connection here writes through a stand-in for uvicorn's websocket protocol that records
every ``transport.write``: one write per entry, the bytes as the client reads them.
"""

from __future__ import annotations

import asyncio
from types import SimpleNamespace
from typing import Any

import pytest
from websockets.server import ServerProtocol

from app.session import Actor
from app.transport.connection import Connection
from app.transport.frames import SEND_KEY, frame

pytestmark = pytest.mark.anyio


class Transport:
    def __init__(self) -> None:
        self.writes: list[bytes] = []

    def write(self, data: bytes) -> None:
        self.writes.append(data)

    def is_closing(self) -> bool:
        return False


class Proto:
    """What ``Direct`` needs of uvicorn's websockets-sansio protocol."""

    def __init__(self) -> None:
        self.conn = ServerProtocol()
        self.conn.state = self.conn.state.OPEN
        self.transport = Transport()
        self.writable = asyncio.Event()
        self.writable.set()
        self.close_sent = False
        self.disconnected = False
        self.sent: list[str] = []  # what went through the ASGI send instead

    async def send(self, message: dict[str, Any]) -> None:
        self.sent.append(message["text"])


def connection(proto: Proto) -> Connection:
    ws: Any = SimpleNamespace(scope={SEND_KEY: proto.send})

    async def send_text(text: str) -> None:
        await proto.send({"type": "websocket.send", "text": text})

    ws.send_text = send_text
    conn = Connection(ws, Actor("t", "player", "p1", "Ann", "h"), queue_size=8)
    conn.sender = asyncio.get_running_loop().create_task(conn.run_sender())
    return conn


def f(text: str) -> bytes:
    return frame(text.encode())


async def turns(n: int = 3) -> None:
    for _ in range(n):
        await asyncio.sleep(0)


async def test_the_ack_and_the_update_the_hub_was_woken_for_go_in_one_write() -> None:
    proto = Proto()
    conn = connection(proto)
    loop = asyncio.get_running_loop()
    # The commit woke the table's hub (its delivery is due) before the ack was offered.
    loop.call_soon(conn.offer, '{"type":"update","seq":5}')
    conn.offer_ack('{"type":"ack","ref":"a","seq":5}')
    await turns()
    assert proto.transport.writes == [f('{"type":"ack","ref":"a","seq":5}') + f('{"type":"update","seq":5}')]
    conn.abandon()


async def test_an_ack_with_nothing_after_it_goes_alone_in_the_next_turn() -> None:
    proto = Proto()
    conn = connection(proto)
    conn.offer_ack('{"type":"ack","ref":"a","seq":5}')
    assert proto.transport.writes == []
    await turns()
    assert proto.transport.writes == [f('{"type":"ack","ref":"a","seq":5}')]
    conn.offer('{"type":"chat"}')  # nothing waiting any more: alone
    assert proto.transport.writes[-1] == f('{"type":"chat"}')
    conn.abandon()


async def test_an_ack_goes_before_whatever_is_offered_after_it() -> None:
    proto = Proto()
    conn = connection(proto)
    conn.offer_ack('{"type":"ack","ref":"a","seq":5}')
    conn.offer_ack('{"type":"ack","ref":"b","seq":6}')  # the first goes out at once
    conn.offer('{"type":"presence"}')
    await turns()
    assert b"".join(proto.transport.writes) == (
        f('{"type":"ack","ref":"a","seq":5}') + f('{"type":"ack","ref":"b","seq":6}') + f('{"type":"presence"}')
    )
    conn.abandon()


async def test_when_the_socket_is_not_taking_bytes_the_ack_still_goes_first() -> None:
    proto = Proto()
    conn = connection(proto)
    proto.writable.clear()  # the transport's buffer is full: messages go through ASGI, in order
    conn.offer_ack('{"type":"ack","ref":"a","seq":5}')
    conn.offer('{"type":"update","seq":5}')
    await turns(6)
    assert proto.transport.writes == []
    assert proto.sent == ['{"type":"ack","ref":"a","seq":5}', '{"type":"update","seq":5}']
    conn.abandon()


async def test_a_dropped_connection_sends_no_waiting_ack() -> None:
    proto = Proto()
    conn = connection(proto)
    conn.offer_ack('{"type":"ack","ref":"a","seq":5}')
    conn.dropped = True
    await turns()
    assert proto.transport.writes == [] and proto.sent == []
    conn.abandon()
