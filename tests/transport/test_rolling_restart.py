"""A rolling restart behind ``deploy/nginx.conf`` (Debian's nginx) blacks no table out.

Two nodes on PostgreSQL and Redis (a database and a ``redis-server`` of the test's own) behind
the deployment's nginx. A player moves a token every 0.3 s through nginx while a spectator's
websocket, through nginx too, reconnects whenever it is closed (1012 as a node stops) and
resyncs. The nodes are restarted one after the other, each back on its port and ready before
the next stops, as docs/deployment/scale-out.md's procedure says. The spectator is never without an update for
more than 3 s, and in the end it has every move.

The upstreams never mark a node down (``max_fails=0``): a stopped node refuses the connection
at once and nginx tries the other, so a table whose node is restarting moves to the other node
for as long as it takes, and back as soon as its node listens again. With ``max_fails=1``, one
refused connection took a node out of both upstreams for ``fail_timeout``, and a table whose
node was restarted first answered 502 "no live upstreams" for tens of seconds.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import signal
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
import websockets

from tests.conftest import UNPACED, Server
from tests.kit.proxy import nginx_binary, running_nginx
from tests.kit.services import RedisServer, drop_database, fresh_database, has_redis_server, postgres_answers

DB_NAME = "warboard_rolling"
MAX_GAP = 3.0

pytestmark = [
    pytest.mark.postgres,
    pytest.mark.skipif(not has_redis_server() or not postgres_answers(), reason="needs PostgreSQL and redis-server"),
    pytest.mark.skipif(nginx_binary() is None, reason="no nginx on this machine"),
]


def restarted(node: Server) -> Server:
    """``node`` stopped (SIGTERM, as compose and systemd stop it) and started again on its port."""
    node.kill(signal.SIGTERM)
    again = Server(node.database_url, node.env)
    again.port, again.url, again.ws_url = node.port, node.url, node.ws_url
    return again.start()


@pytest.fixture
def nodes(tmp_path: Path) -> Iterator[tuple[list[Server], str]]:
    redis = RedisServer().start()
    url = fresh_database(DB_NAME).replace("postgresql://", "postgresql+psycopg://")
    env = {**UNPACED, "WARBOARD_BUS_URL": redis.url}
    servers = [Server(url, env).start(), Server(url, env).start()]
    nginx = nginx_binary()
    assert nginx is not None
    try:
        with running_nginx(nginx, tmp_path / "nginx", [s.port for s in servers]) as proxy:
            yield servers, proxy
    finally:
        for s in servers:
            s.stop()
        redis.kill()
        drop_database(DB_NAME)


async def watch(ws_url: str, token: str, arrivals: list[tuple[float, int]], stop: asyncio.Event) -> None:
    """A spectator that reconnects whenever its socket closes: each update's arrival and seq."""
    seq = 0
    while not stop.is_set():
        try:
            async with websockets.connect(f"{ws_url}?token={token}", open_timeout=5) as ws:
                if seq:
                    await ws.send(json.dumps({"type": "resync", "since": seq}))
                while not stop.is_set():
                    with contextlib.suppress(TimeoutError):
                        message = json.loads(await asyncio.wait_for(ws.recv(), 0.5))
                        if message.get("type") in ("welcome", "update") and message.get("seq", 0) > seq:
                            seq = message["seq"]
                            arrivals.append((time.monotonic(), seq))
        except (OSError, websockets.WebSocketException, TimeoutError):
            await asyncio.sleep(0.1)


async def move(http: httpx.AsyncClient, table: str, token: str, stop: asyncio.Event) -> int:
    """Move the token every 0.3 s until ``stop``; each move is sent until it is acknowledged
    (the same action id: a repeat is answered as a duplicate). The last acknowledged seq."""
    headers = {"Authorization": f"Bearer {token}"}
    seq, i = 0, 0
    while not stop.is_set():
        i += 1
        body = {"id": f"m{i}", "action": {"kind": "move_token", "token": "t", "x": float(i % 20), "y": 1.0}}
        while True:
            with contextlib.suppress(httpx.HTTPError):
                answer = await http.post(f"/api/tables/{table}/actions", headers=headers, json=body)
                if answer.status_code == 200:
                    seq = answer.json()["seq"]
                    break
            await asyncio.sleep(0.1)
        await asyncio.sleep(0.3)
    return seq


def test_a_rolling_restart_leaves_no_table_without_updates(nodes: tuple[list[Server], str]) -> None:
    servers, proxy = nodes
    with httpx.Client(base_url=proxy, timeout=10) as http:
        table = http.post("/api/tables", json={"system": "sandbox", "name": "Rolling"}).json()["id"]
        player = http.post(f"/api/tables/{table}/join", json={"seat": "p1", "name": "Ann"}).json()["token"]
        spectator = http.post(f"/api/tables/{table}/spectate", json={}).json()["token"]
        added = http.post(
            f"/api/tables/{table}/actions",
            headers={"Authorization": f"Bearer {player}"},
            json={"id": "add", "action": {"kind": "add_token", "token": "t", "x": 0, "y": 1}},
        )
        assert added.status_code == 200, added.text

    async def scenario() -> tuple[list[tuple[float, int]], int, float, float]:
        stop, done = asyncio.Event(), asyncio.Event()
        arrivals: list[tuple[float, int]] = []
        ws_url = proxy.replace("http://", "ws://") + f"/ws/tables/{table}"
        async with httpx.AsyncClient(base_url=proxy, timeout=10) as http:
            watcher = asyncio.create_task(watch(ws_url, spectator, arrivals, done))
            mover = asyncio.create_task(move(http, table, player, stop))
            await asyncio.sleep(2)
            began = time.monotonic()
            for i in range(len(servers)):  # one node after the other, each ready before the next stops
                servers[i] = await asyncio.to_thread(restarted, servers[i])
                await asyncio.sleep(1)
            ended = time.monotonic()
            await asyncio.sleep(3)
            stop.set()
            last = await mover
            deadline = time.monotonic() + 10
            while (not arrivals or arrivals[-1][1] < last) and time.monotonic() < deadline:
                await asyncio.sleep(0.1)
            done.set()
            await watcher
        return arrivals, last, began, ended

    arrivals, last, began, ended = asyncio.run(scenario())
    times = [t for t, _ in arrivals if began - 1 <= t <= ended + 1]
    gaps = [b - a for a, b in itertools.pairwise(times)]
    assert len(times) > 10, arrivals
    assert max(gaps) <= MAX_GAP, f"the spectator waited {max(gaps):.1f} s for an update during the restart"
    assert arrivals[-1][1] >= last, "the spectator never had the last move"
