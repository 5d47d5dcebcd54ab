"""A seat belongs to its current holder on every process: two server processes on PostgreSQL +
Redis (a database and a ``redis-server`` of the test's own, so it can stop Redis). A kick or a
move on one process closes the old token's sockets on the other within a second, with Redis
up (the bus's kick) or down (the seat's event, read from the database); the kick race with the
socket on the other process leaves no socket open."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest

from tests.conftest import UNPACED, Server
from tests.kit.services import RedisServer, drop_database, fresh_database, has_redis_server, postgres_answers
from tests.kit.table import bearer, join, new_table, token_of
from tests.kit.ws import WsClient
from tests.session.test_seats import RACES, closed_within, races

pytestmark = [
    pytest.mark.anyio,
    pytest.mark.postgres,
    pytest.mark.skipif(not has_redis_server() or not postgres_answers(), reason="needs PostgreSQL and redis-server"),
]
DB_NAME = "warboard_seats"


@pytest.fixture(scope="module")
def pair() -> Iterator[dict[str, Any]]:
    url = fresh_database(DB_NAME)
    redis = RedisServer().start()
    env = {**UNPACED, "WARBOARD_BUS_URL": redis.url, "WARBOARD_BUS_PREFIX": "wbseats"}
    a = Server(url, env=env).start()
    b = Server(url, env=env).start()
    yield {"a": a, "b": b, "redis": redis}
    a.stop()
    b.stop()
    redis.kill()
    drop_database(DB_NAME)


async def test_a_kick_and_a_move_on_one_process_close_the_socket_on_the_other(pair: dict[str, Any]) -> None:
    a, b = pair["a"], pair["b"]
    client = a.client()
    table = new_table(client)
    tid = table["id"]
    ann = token_of(join(client, tid, "p1", "Ann"))
    bob = token_of(join(client, tid, "p2", "Bob"))
    ws = await WsClient.open(b.ws_url, tid, ann)
    await ws.recv_type("welcome")
    key = client.post(f"/api/tables/{tid}/rejoin-link", headers=bearer(ann), json={}).json()["key"]
    moved = client.post(f"/api/tables/{tid}/rejoin", json={"key": key})
    assert moved.status_code == 200
    assert await closed_within(ws, 1.0) == 4001
    # the old token is refused on the other process at once (no cache of seat tokens)
    assert b.client().get(f"/api/tables/{tid}/view", headers=bearer(ann)).status_code == 401
    bob_ws = await WsClient.open(b.ws_url, tid, bob)
    await bob_ws.recv_type("welcome")
    kicked = client.post(f"/api/tables/{tid}/kick", headers=bearer(table["host_token"]), json={"seat": "p2"})
    assert kicked.status_code == 200
    assert await closed_within(bob_ws, 1.0) == 4001


async def test_the_kick_race_across_processes_leaves_no_socket_open(pair: dict[str, Any]) -> None:
    """The kick on process A, the socket on process B: 100 races, 0 sockets left open."""
    codes = await races(pair["b"].ws_url, pair["a"].url, 24, spread=0.05)
    assert len(codes) == RACES
    assert [c for c in codes if c not in (4001, 4401)] == []


async def test_a_kick_while_redis_is_down_reaches_the_other_process(pair: dict[str, Any]) -> None:
    """Redis is down when the host kicks on A: B learns of the kick from the seat's event in the
    database (its hub polls while the bus is down) and closes the socket."""
    a, b, redis = pair["a"], pair["b"], pair["redis"]
    client = a.client()
    table = new_table(client)
    tid = table["id"]
    ann = token_of(join(client, tid, "p1", "Ann"))
    ws = await WsClient.open(b.ws_url, tid, ann)
    await ws.recv_type("welcome")
    redis.kill()
    try:
        started = time.monotonic()
        kicked = client.post(f"/api/tables/{tid}/kick", headers=bearer(table["host_token"]), json={"seat": "p1"})
        assert kicked.status_code == 200, kicked.text
        code = await closed_within(ws, 3.0)
        took = time.monotonic() - started
        assert code == 4001, f"still open {took:.1f} s after the kick"
        assert took < 2.0  # about 1 s here: the hub polls the database every second while the bus is down
    finally:
        pair["redis"] = redis.start()
