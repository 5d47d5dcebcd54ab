"""Two server processes on one PostgreSQL database and one Redis: any process serves any client."""

from __future__ import annotations

import os
import socket
from collections.abc import Iterator

import pytest

from tests.conftest import POSTGRES_URL, Server, reset_postgres
from tests.kit.table import join, new_table, spectate, token_of
from tests.kit.ws import WsClient, assert_same_seqs, move_in_turn

REDIS_URL = os.environ.get("WARBOARD_TEST_REDIS_URL", "redis://127.0.0.1:6379/0")


def redis_answers() -> bool:
    host, port = REDIS_URL.split("//", 1)[1].split("/")[0].split(":")
    try:
        socket.create_connection((host, int(port)), timeout=1).close()
        return True
    except OSError:
        return False


pytestmark = [
    pytest.mark.anyio,
    pytest.mark.postgres,
    pytest.mark.skipif(
        not POSTGRES_URL or not redis_answers(), reason="needs WARBOARD_TEST_POSTGRES_URL and a Redis server"
    ),
]


@pytest.fixture
def two_servers() -> Iterator[tuple[Server, Server]]:
    assert POSTGRES_URL
    reset_postgres(POSTGRES_URL)
    env = {"WARBOARD_BUS_URL": REDIS_URL, "WARBOARD_HTTP_RATE": "1000", "WARBOARD_HTTP_BURST": "1000"}
    a = Server(POSTGRES_URL, env=env).start()
    b = Server(POSTGRES_URL, env=env).start()
    yield a, b
    a.stop()
    b.stop()


async def test_clients_on_two_processes_see_the_same_seqs(two_servers: tuple[Server, Server]) -> None:
    a, b = two_servers
    client = a.client()
    table = new_table(client, seed="scale")
    tid = table["id"]
    t1 = token_of(join(client, tid, "p1"))
    t2 = token_of(join(b.client(), tid, "p2", "Bob"))
    ts = spectate(b.client(), tid)
    p1 = await WsClient.open(a.ws_url, tid, t1)
    p2 = await WsClient.open(b.ws_url, tid, t2)
    watcher = await WsClient.open(b.ws_url, tid, ts)
    welcomes = [await c.recv_type("welcome") for c in (p1, p2, watcher)]
    start = welcomes[0]["seq"]
    await p1.send({"type": "action", "id": "add", "action": {"kind": "add_token", "token": "t", "x": 1, "y": 1}})
    await p1.recv_type("ack")
    await move_in_turn(p1, p2, 10, y=2.0)  # both processes write the same table, in turn
    await assert_same_seqs([p1, p2, watcher], start, final=start + 11)
    views = [next(m for m in reversed(c.messages) if m["type"] == "update")["view"] for c in (p1, p2, watcher)]
    assert views[0] == views[1] == views[2]
    while True:  # presence counts connections on both processes
        presence = await watcher.recv_type("presence")
        if presence["seats"] == {"p1": 1, "p2": 1} and presence["spectators"] == 1:
            break
    await p2.send({"type": "chat", "text": "hello from b"})
    assert (await p1.recv_type("chat"))["text"] == "hello from b"
    for c in (p1, p2, watcher):
        await c.close()
