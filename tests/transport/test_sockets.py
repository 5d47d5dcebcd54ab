"""Bounded sockets against a real server (issue 17): a websocket that never reads is dropped
within the send deadline and leaves presence; a 31st socket from one token is refused (4429);
an invalid UTF-8 frame is closed with 1007 and logs no traceback."""

from __future__ import annotations

import asyncio
import contextlib
import json
import socket
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from app.core.patches import Follower
from tests.conftest import UNPACED, Server
from tests.kit.table import open_table
from tests.kit.ws import WsClient

pytestmark = pytest.mark.anyio


def _table(server: Server) -> tuple[str, str, str]:
    with server.client() as client:
        seated = open_table(client, seats=("p1",), names=("Ann",))
    return seated.id, seated.tokens["p1"], seated.tokens[None]


async def _big_board(server: Server, table_id: str, player: str) -> WsClient:
    """The player's socket, after it placed 300 long-named tokens: every whole view is some 40 kB."""
    a = await WsClient.open(server.ws_url, table_id, player)
    await a.recv_type("welcome")
    for i in range(300):
        ack = await a.act({"kind": "add_token", "token": f"t{i}", "x": 1, "y": 1, "label": "x" * 80}, ref=f"add{i}")
        assert ack["type"] == "ack", ack
    return a


async def _presence(watcher: WsClient, spectators: int, timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while True:
        message = await watcher.recv(max(0.1, deadline - time.monotonic()))
        if message["type"] == "presence" and message["spectators"] == spectators:
            return


async def test_a_socket_that_never_reads_is_dropped_within_the_deadline(tmp_path: Path) -> None:
    env = {**UNPACED, "WARBOARD_SEND_TIMEOUT": "1", "WARBOARD_CLOSE_TIMEOUT": "1", "WARBOARD_SEND_QUEUE": "100000"}
    srv = Server(f"sqlite:///{tmp_path / 's.sqlite3'}", env=env).start()
    try:
        table_id, player, spectator = _table(srv)
        a = await _big_board(srv, table_id, player)
        await a.until_seq(a.seq)
        sock = socket.socket()
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)  # a reader that takes nothing
        sock.connect(("127.0.0.1", srv.port))
        slow = await connect(f"{srv.ws_url}/ws/tables/{table_id}?token={spectator}", sock=sock, max_queue=1)
        slow.transport.pause_reading()
        await _presence(a, 1, 10)
        start = time.monotonic()
        dropped = False
        for i in range(2000):
            await a.conn.send(
                json.dumps(
                    {
                        "type": "action",
                        "id": f"m{i}",
                        "action": {"kind": "move_token", "token": "t0", "x": i % 40, "y": 1},
                    }
                )
            )
            with contextlib.suppress(ConnectionClosed):  # updates are small patches: ask for whole views
                await slow.send(json.dumps({"type": "resync", "since": -1}))
            while True:
                message = await a.recv()
                if message["type"] == "presence" and message["spectators"] == 0:
                    dropped = True
                if message["type"] == "ack":
                    break
            if dropped:
                break
        elapsed = time.monotonic() - start
        assert dropped, "the reader that never reads is still counted"
        assert elapsed < 20, elapsed  # buffers fill in a few updates, then 1 s of send deadline
        with httpx.Client(base_url=srv.url) as client:
            assert client.get(f"/api/tables/{table_id}").json()["spectators"] == 0
        slow.transport.resume_reading()
        with pytest.raises(ConnectionClosed):  # its connection is gone
            while True:
                await asyncio.wait_for(slow.recv(), 10)
        await a.close()
    finally:
        srv.stop()


async def test_a_31st_socket_from_one_token_is_refused(fast_server: Server) -> None:
    table_id, _, spectator = _table(fast_server)
    url = f"{fast_server.ws_url}/ws/tables/{table_id}?token={spectator}"
    sockets = [await connect(url) for _ in range(30)]
    try:
        for ws in sockets:
            assert json.loads(await asyncio.wait_for(ws.recv(), 5))["type"] == "welcome"
        extra = await connect(url)
        message = json.loads(await asyncio.wait_for(extra.recv(), 5))
        assert message["type"] == "error" and message["error"]["code"] == "too_many_sockets"
        with pytest.raises(ConnectionClosed) as closed:
            await asyncio.wait_for(extra.recv(), 5)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 4429
        await sockets.pop().close()
        await asyncio.sleep(0.2)
        again = await connect(url)  # one closed: one may open
        assert json.loads(await asyncio.wait_for(again.recv(), 5))["type"] == "welcome"
        sockets.append(again)
    finally:
        for ws in sockets:
            await ws.close()


async def test_an_invalid_utf8_frame_closes_1007_without_a_traceback(tmp_path: Path) -> None:
    srv = Server(f"sqlite:///{tmp_path / 'u.sqlite3'}", env=UNPACED).start()
    try:
        table_id, player, _ = _table(srv)
        for _ in range(3):
            async with connect(f"{srv.ws_url}/ws/tables/{table_id}?token={player}") as ws:
                await ws.recv()
                await ws.send(b"\xff\xfe{", text=True)
                with pytest.raises(ConnectionClosed) as closed:
                    while True:
                        await asyncio.wait_for(ws.recv(), 5)
                assert closed.value.rcvd is not None and closed.value.rcvd.code == 1007
    finally:
        srv.stop()
    log = srv.log()
    assert "Traceback" not in log, log[-3000:]


async def _open_from(server: Server, table_id: str, token: str, address: str) -> Any:
    sock = socket.socket()
    sock.bind((address, 0))  # another client machine: another loopback address
    sock.connect(("127.0.0.1", server.port))
    return await connect(f"{server.ws_url}/ws/tables/{table_id}?token={token}", sock=sock)


async def test_sockets_over_the_per_address_cap_are_refused(tmp_path: Path) -> None:
    """Three sockets per address (``WARBOARD_WS_PER_ADDRESS``), whatever their tokens: a fourth
    from that address is refused with 4429, while another address still opens one."""
    srv = Server(f"sqlite:///{tmp_path / 'a.sqlite3'}", env={**UNPACED, "WARBOARD_WS_PER_ADDRESS": "3"}).start()
    try:
        with srv.client() as client:
            table_id = open_table(client, seats=(), spectator=False).id
            spectators = [client.post(f"/api/tables/{table_id}/spectate", json={}).json()["token"] for _ in range(5)]
        held = [await _open_from(srv, table_id, token, "127.0.0.2") for token in spectators[:3]]
        for ws in held:
            assert json.loads(await asyncio.wait_for(ws.recv(), 5))["type"] == "welcome"
        extra = await _open_from(srv, table_id, spectators[3], "127.0.0.2")
        message = json.loads(await asyncio.wait_for(extra.recv(), 5))
        assert message["type"] == "error" and message["error"]["code"] == "too_many_sockets", message
        with pytest.raises(ConnectionClosed) as closed:
            await asyncio.wait_for(extra.recv(), 5)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 4429
        other = await _open_from(srv, table_id, spectators[4], "127.0.0.3")
        assert json.loads(await asyncio.wait_for(other.recv(), 5))["type"] == "welcome"
        for ws in [*held, other]:
            await ws.close()
    finally:
        srv.stop()


async def test_a_socket_that_stops_reading_for_a_while_gets_every_message_in_order(tmp_path: Path) -> None:
    """Sends go out at once while the transport takes them, and queue behind a send that has
    to wait: a reader that pauses (within the deadline) and reads again misses nothing, and
    every patch fits the view before it."""
    env = {**UNPACED, "WARBOARD_SEND_TIMEOUT": "60", "WARBOARD_SEND_QUEUE": "100000"}
    srv = Server(f"sqlite:///{tmp_path / 's.sqlite3'}", env=env).start()
    try:
        table_id, player, spectator = _table(srv)
        a = await _big_board(srv, table_id, player)
        sock = socket.socket()
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        sock.connect(("127.0.0.1", srv.port))
        slow = await connect(f"{srv.ws_url}/ws/tables/{table_id}?token={spectator}", sock=sock, max_size=None)
        follower = Follower()
        assert follower.take(json.loads(await slow.recv()))  # the welcome
        slow.transport.pause_reading()
        for i in range(300):  # moves, and whole views asked in between (12 MB), fill the paused socket's buffers
            ack = await a.act({"kind": "move_token", "token": "t0", "x": i % 40, "y": 2}, ref=f"m{i}")
            assert ack["type"] == "ack"
            await slow.send(json.dumps({"type": "resync", "since": -1}))
        await asyncio.sleep(1.0)
        slow.transport.resume_reading()
        last = ack["seq"]
        seqs = []
        while follower.seq < last:
            message = json.loads(await asyncio.wait_for(slow.recv(), 20))
            if message["type"] in ("welcome", "update"):
                seqs.append(message["seq"])
                assert follower.take(message), f"an update that does not follow on: {message.get('base')}"
        assert seqs == sorted(seqs)
        with httpx.Client(base_url=srv.url) as client:
            whole = client.get(f"/api/tables/{table_id}/view", headers={"Authorization": f"Bearer {spectator}"})
        assert follower.view == whole.json()["view"]
        await slow.close()
        await a.close()
    finally:
        srv.stop()
