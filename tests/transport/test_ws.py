"""Websockets against a real uvicorn: same seqs for everyone, resync, bad input, limits."""

from __future__ import annotations

import asyncio
import contextlib
import json
from pathlib import Path

import httpx
import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from tests.conftest import Server
from tests.kit.table import join, new_table, spectate, token_of
from tests.kit.ws import WsClient, assert_same_seqs, move_in_turn

pytestmark = pytest.mark.anyio


def sandbox_table(server: Server) -> tuple[str, str, str, str]:
    client = server.client()
    table = new_table(client, seed="ws")
    p1 = token_of(join(client, table["id"], "p1", "Ann"))
    p2 = token_of(join(client, table["id"], "p2", "Bob"))
    return table["id"], p1, p2, spectate(client, table["id"])


async def test_players_and_spectator_see_the_same_seqs(server: Server) -> None:
    table_id, t1, t2, ts = sandbox_table(server)
    a, b, s = [await WsClient.open(server.ws_url, table_id, t) for t in (t1, t2, ts)]
    welcome = [await c.recv_type("welcome") for c in (a, b, s)]
    assert [w["role"] for w in welcome] == ["player", "player", "spectator"]
    assert welcome[2]["seat"] is None
    start = welcome[0]["seq"]
    await a.send({"type": "action", "id": "a0", "action": {"kind": "add_token", "token": "t", "x": 1, "y": 1}})
    await a.recv_type("ack")  # the token exists before b, on another socket, moves it
    await move_in_turn(a, b, 20, y=1.0)
    await assert_same_seqs([a, b, s], start, final=start + 21)
    views = [c.messages[-1] for c in (a, b, s)]
    last_updates = [next(m for m in reversed(c.messages) if m["type"] == "update") for c in (a, b, s)]
    assert last_updates[0]["view"] == last_updates[1]["view"] == last_updates[2]["view"]
    assert views
    for c in (a, b, s):
        await c.close()


async def test_acks_and_errors_carry_the_client_id(server: Server) -> None:
    table_id, t1, _, ts = sandbox_table(server)
    a = await WsClient.open(server.ws_url, table_id, t1)
    await a.recv_type("welcome")
    await a.send({"type": "action", "id": "ok", "action": {"kind": "roll", "dice": "2d6"}})
    ack = await a.recv_type("ack")
    assert ack["ref"] == "ok"
    await a.send({"type": "action", "id": "bad", "action": {"kind": "move_token", "token": "none", "x": 1, "y": 1}})
    error = await a.recv_type("error")
    assert error["ref"] == "bad" and error["error"]["code"] == "unknown_token"
    await a.send({"type": "action", "id": "x", "action": {"kind": "warp"}})
    assert (await a.recv_type("error"))["error"]["code"] == "unknown_action"
    await a.send({"type": "ping"})
    assert (await a.recv_type("pong"))["type"] == "pong"
    s = await WsClient.open(server.ws_url, table_id, ts)
    await s.recv_type("welcome")
    await s.send({"type": "action", "id": "s1", "action": {"kind": "roll", "dice": "1d6"}})
    assert (await s.recv_type("error"))["error"]["code"] == "not_a_player"
    await a.close()
    await s.close()


@pytest.mark.parametrize(
    ("frame", "code"),
    [
        ("{oops", "malformed_json"),
        ('{"type": "dance"}', "unknown_message"),
        ("[1, 2]", "malformed"),
        ('{"type": "action", "id": 5, "action": {}}', "malformed"),
        ('{"type": "resync"}', "malformed"),
        ('{"type": "chat", "text": ""}', "malformed"),
    ],
)
async def test_bad_messages_get_errors_and_the_socket_stays_open(server: Server, frame: str, code: str) -> None:
    table_id, t1, _, _ = sandbox_table(server)
    a = await WsClient.open(server.ws_url, table_id, t1)
    welcome = await a.recv_type("welcome")
    await a.conn.send(frame)
    error = await a.recv_type("error")
    assert error["error"]["code"] == code and error["ref"] is None
    await a.send({"type": "ping"})
    await a.recv_type("pong")
    summary = httpx.get(f"{server.url}/api/tables/{table_id}").json()
    assert summary["seq"] == welcome["seq"]
    await a.close()


async def test_bad_token_and_unknown_table(server: Server) -> None:
    table_id, *_ = sandbox_table(server)
    for path, close_code, code in (
        (f"/ws/tables/{table_id}?token=nope", 4401, "unauthorized"),
        (f"/ws/tables/{table_id}", 4401, "unauthorized"),
        ("/ws/tables/missing?token=x", 4404, "unknown_table"),
    ):
        async with connect(server.ws_url + path) as ws:
            message = json.loads(await ws.recv())
            assert message["type"] == "error" and message["error"]["code"] == code
            with pytest.raises(ConnectionClosed) as closed:
                await ws.recv()
            assert closed.value.rcvd.code == close_code


async def test_the_token_comes_in_the_first_frame_not_the_url(server: Server) -> None:
    """``{"type": "auth", "token": ...}`` first: the token is in no URL. Anything else first, or a
    bad token, is refused 4401; the old ``?token=`` still works."""
    table_id, t1, _, _ = sandbox_table(server)
    async with connect(f"{server.ws_url}/ws/tables/{table_id}") as ws:
        await ws.send(json.dumps({"type": "auth", "token": t1}))
        welcome = json.loads(await ws.recv())
        assert welcome["type"] == "welcome" and welcome["seat"] == "p1"
    for first in (
        {"type": "auth", "token": "not-a-token"},
        {"type": "ping"},
        {"type": "auth", "token": 5},
        "not json",
    ):
        async with connect(f"{server.ws_url}/ws/tables/{table_id}") as ws:
            await ws.send(first if isinstance(first, str) else json.dumps(first))
            message = json.loads(await ws.recv())
            assert message["type"] == "error" and message["error"]["code"] == "unauthorized", first
            assert t1 not in json.dumps(message)
            with pytest.raises(ConnectionClosed) as closed:
                await ws.recv()
            assert closed.value.rcvd.code == 4401
    async with connect(f"{server.ws_url}/ws/tables/{table_id}?token={t1}") as ws:
        assert json.loads(await ws.recv())["type"] == "welcome"


async def test_reconnect_and_resync_reaches_the_same_state(server: Server) -> None:
    table_id, t1, t2, _ = sandbox_table(server)
    a = await WsClient.open(server.ws_url, table_id, t1)
    b = await WsClient.open(server.ws_url, table_id, t2)
    await a.recv_type("welcome")
    await b.recv_type("welcome")
    await a.send({"type": "action", "id": "add", "action": {"kind": "add_token", "token": "t", "x": 1, "y": 1}})
    await b.until_seq(a.seq + 1)
    last = b.seq
    await b.close()  # b goes away; a goes on playing
    for i in range(5):
        await a.send({"type": "action", "id": f"m{i}", "action": {"kind": "move_token", "token": "t", "x": i, "y": 2}})
    await a.until_seq(last + 5)
    back = await WsClient.open(server.ws_url, table_id, t2)
    await back.recv_type("welcome")
    back.seq = last  # pretend the welcome was missed: resync from what b had
    await back.send({"type": "resync", "since": last})
    update = await back.recv_type("update")
    assert [e["seq"] for e in update["events"]] == list(range(last + 1, last + 6))
    a_view = next(m for m in reversed(a.messages) if m["type"] == "update")["view"]
    assert update["view"] == a_view
    await back.send({"type": "resync", "since": 10**6})  # from the future: a fresh welcome
    assert (await back.recv_type("welcome"))["view"] == a_view
    await a.close()
    await back.close()


async def test_presence_and_chat(server: Server) -> None:
    table_id, t1, _, ts = sandbox_table(server)
    a = await WsClient.open(server.ws_url, table_id, t1)
    s = await WsClient.open(server.ws_url, table_id, ts)
    await a.recv_type("welcome")
    while True:
        presence = await a.recv_type("presence")
        if presence["spectators"] == 1 and presence["seats"].get("p1") == 1:
            break
    await a.send({"type": "chat", "text": "<b>hi</b>"})  # players' chat reaches spectators (not the reverse)
    chat = await s.recv_type("chat")
    assert {k: chat[k] for k in ("type", "from", "seat", "text", "channel")} == {
        "type": "chat",
        "from": "Ann",
        "seat": "p1",
        "text": "<b>hi</b>",
        "channel": "players",
    }
    await a.close()
    await s.close()


async def test_oversized_frame_closes_1009(server: Server) -> None:
    table_id, t1, _, _ = sandbox_table(server)
    async with connect(f"{server.ws_url}/ws/tables/{table_id}?token={t1}", max_size=None) as ws:
        await ws.recv()
        await ws.send(json.dumps({"type": "chat", "text": "x" * 100_000}))
        with pytest.raises(ConnectionClosed) as closed:
            while True:
                await ws.recv()
        assert closed.value.rcvd.code == 1009


async def test_flooding_closes_1008(server: Server) -> None:
    table_id, t1, _, _ = sandbox_table(server)
    async with connect(f"{server.ws_url}/ws/tables/{table_id}?token={t1}") as ws:
        await ws.recv()
        with pytest.raises(ConnectionClosed) as closed:
            for _ in range(500):
                await ws.send('{"type": "ping"}')
            while True:
                await ws.recv()
        assert closed.value.rcvd.code == 1008


async def test_a_slow_client_is_dropped_and_others_go_on(tmp_path: Path) -> None:
    srv = Server(
        f"sqlite:///{tmp_path / 's.sqlite3'}",
        env={
            "WARBOARD_SEND_QUEUE": "8",
            "WARBOARD_WS_RATE": "10000",
            "WARBOARD_WS_BURST": "10000",
            "WARBOARD_CLOSE_TIMEOUT": "60",
            "WARBOARD_SEND_TIMEOUT": "60",
        },
    ).start()
    try:
        table_id, t1, _, ts = sandbox_table(srv)
        a = await WsClient.open(srv.ws_url, table_id, t1)
        await a.recv_type("welcome")
        for i in range(200):  # a big board, so every whole view is large (about 20 kB)
            await a.send(
                {
                    "type": "action",
                    "id": f"add{i}",
                    "action": {"kind": "add_token", "token": f"t{i}", "x": 1, "y": 1, "label": "x" * 80},
                }
            )
            await a.recv_type("ack")
        # A spectator that never reads (and asks for the whole view again and again, as updates
        # are small patches): the kernel buffers fill, then its queue, then it is dropped.
        slow = await connect(f"{srv.ws_url}/ws/tables/{table_id}?token={ts}", max_queue=1)
        slow.transport.pause_reading()
        for i in range(300):
            await a.send(
                {"type": "action", "id": f"m{i}", "action": {"kind": "move_token", "token": "t0", "x": i % 40, "y": 1}}
            )
            with contextlib.suppress(ConnectionClosed):
                await slow.send(json.dumps({"type": "resync", "since": -1}))
            await a.recv_type("ack")
        await a.until_seq(a.seq)
        slow.transport.resume_reading()
        with pytest.raises(ConnectionClosed) as closed:
            while True:
                await asyncio.wait_for(slow.recv(), 10)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1013
        await a.close()
    finally:
        srv.stop()
