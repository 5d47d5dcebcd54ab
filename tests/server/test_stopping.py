"""A node with 1,000 tables stops within 5 s of SIGTERM (a container's grace is 10 s), and every
socket is told to reconnect (close 1012, "service restart"): ``app.server.stopping``.

On PostgreSQL and Redis when they answer (the scale-out deployment, where each leaving socket
used to cost three Redis round trips and each table an unsubscribe, one after another: half a
minute at 1,000 tables), else on SQLite with the in-process bus."""

from __future__ import annotations

import asyncio
import contextlib
import json
import signal
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
import websockets

from tests.conftest import Server
from tests.kit.services import RedisServer, drop_database, fresh_database, has_redis_server, postgres_answers

TABLES = 1000
LIMITS = {
    "WARBOARD_HTTP_RATE": "100000",
    "WARBOARD_HTTP_BURST": "100000",
    "WARBOARD_WS_PER_ADDRESS": "100000",
}


@pytest.fixture
def node(tmp_path: Path) -> Iterator[Server]:
    if postgres_answers() and has_redis_server():
        redis = RedisServer().start()
        name = "warboard_stop_test"
        url = fresh_database(name).replace("postgresql://", "postgresql+psycopg://")
        try:
            with Server(url, {**LIMITS, "WARBOARD_BUS_URL": redis.url}).start() as srv:
                yield srv
        finally:
            redis.kill()
            drop_database(name)
    else:
        with Server(f"sqlite:///{tmp_path / 'stop.sqlite3'}", LIMITS).start() as srv:
            yield srv


async def seat_everywhere(url: str) -> list[tuple[str, str]]:
    """``TABLES`` sandbox tables, one seat taken at each: (table, token)."""
    gate = asyncio.Semaphore(16)

    async def one(http: httpx.AsyncClient, i: int) -> tuple[str, str]:
        async with gate:
            table = (await http.post("/api/tables", json={"system": "sandbox", "name": f"night {i}"})).json()["id"]
            joined = await http.post(f"/api/tables/{table}/join", json={"seat": "p1", "name": f"Player {i}"})
            return table, joined.json()["token"]

    async with httpx.AsyncClient(base_url=url, timeout=60) as http:
        return list(await asyncio.gather(*(one(http, i) for i in range(TABLES))))


async def hold_and_stop(srv: Server, seats: list[tuple[str, str]]) -> tuple[float, list[int | None]]:
    """Open a socket at every seat, wait for each welcome, SIGTERM the server: how long it took to
    exit, and each socket's close code."""
    gate = asyncio.Semaphore(50)
    opened: list[websockets.ClientConnection] = []

    async def connect(table: str, token: str) -> None:
        async with gate:
            ws = await websockets.connect(f"{srv.ws_url}/ws/tables/{table}?token={token}", open_timeout=120)
            while json.loads(await ws.recv())["type"] != "welcome":
                pass
            opened.append(ws)

    await asyncio.gather(*(connect(t, k) for t, k in seats))
    assert srv.proc is not None
    start = time.monotonic()
    srv.proc.send_signal(signal.SIGTERM)
    while srv.proc.poll() is None:
        await asyncio.sleep(0.02)
        assert time.monotonic() - start < 30, "the server did not stop within 30 s"
    took = time.monotonic() - start
    codes = []
    for ws in opened:
        with contextlib.suppress(Exception):
            await asyncio.wait_for(ws.wait_closed(), 5)
        codes.append(ws.close_code)
    return took, codes


def test_a_node_with_1000_tables_stops_within_5_seconds(node: Server) -> None:
    seats = asyncio.run(seat_everywhere(node.url))
    took, codes = asyncio.run(hold_and_stop(node, seats))
    assert len(codes) == TABLES
    assert codes.count(1012) == TABLES, f"close codes: {sorted(set(codes), key=str)}"
    assert took < 5, f"SIGTERM to exit took {took:.1f} s"
    err = node.log()
    assert "Traceback" not in err, err[-3000:]
