"""Two server processes on PostgreSQL + Redis under real use (issue: scale-out that holds).

The test makes its own PostgreSQL database (``warboard_scale`` on the server of
``WARBOARD_TEST_POSTGRES_URL``, default 127.0.0.1:5432) and runs its own ``redis-server`` on a
free loopback port, so it can restart Redis and nobody else's test shares either. Skipped only
where PostgreSQL does not answer or there is no ``redis-server``.

In order, on the same two nodes: both start (and migrate) at once; 300 tables with players and
spectators split across the nodes converge with no gap; Redis is killed and restarted mid-game
and no table freezes nor loses an update; a frozen transaction holding a table's row lock (a
process stopped with SIGSTOP for 10 s) and a frozen node do not stall the other node beyond
the lock timeout; a killed node's presence is gone within the TTL.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.conftest import ROOT, UNPACED, Server
from tests.kit.services import RedisServer, fresh_database, has_redis_server, postgres_answers, wait_ready
from tests.kit.table import join_async, new_table_async, spectate_async, token_of
from tests.kit.ws import WsClient

DB_NAME = "warboard_scale"
TABLES = 300
LOCK_TIMEOUT = 2.0  # WARBOARD_DB_LOCK_TIMEOUT given to the nodes
KEEPALIVE = (
    1.0  # the clients drop an idle connection well before uvicorn closes it (5 s), so none is reused as it closes
)
IDLE_TIMEOUT = 4.0  # WARBOARD_DB_IDLE_TIMEOUT: a stopped transaction is ended after this
PRESENCE_TTL = 10.0  # app.transport.redis_bus.PRESENCE_TTL


pytestmark = [
    pytest.mark.anyio,
    pytest.mark.postgres,
    pytest.mark.skipif(not has_redis_server() or not postgres_answers(), reason="needs PostgreSQL and redis-server"),
]


def _database_url() -> str:
    return fresh_database(DB_NAME)


def _start_together(servers: list[Server], logs: Path) -> None:
    """Start every node at the same moment (they migrate the fresh database together)."""
    for i, s in enumerate(servers):
        s.log = logs / f"node{i}.log"  # type: ignore[attr-defined]
        s.proc = subprocess.Popen(  # a file, not a pipe nobody reads: a full pipe would block the node
            [sys.executable, "-m", "app.server.cli", "serve", "--port", str(s.port), "--database-url", s.database_url],
            cwd=ROOT,
            env=s.env,
            stdout=subprocess.DEVNULL,
            stderr=s.log.open("wb"),
        )  # type: ignore[attr-defined]
    deadline = time.monotonic() + 60
    for s in servers:
        assert s.proc is not None
        log: Path = s.log  # type: ignore[attr-defined]
        wait_ready(
            f"{s.url}/readyz",
            s.proc,
            lambda log=log: f"a node exited at start: {log.read_text()[-2000:]}",
            deadline,
            "a node did not become ready",
        )


@pytest.fixture(scope="module")
def cluster() -> Iterator[dict[str, Any]]:
    url = _database_url()
    redis = RedisServer().start()
    env = {
        **UNPACED,
        "WARBOARD_WS_PER_ADDRESS": "100000",
        "WARBOARD_BUS_URL": f"redis://127.0.0.1:{redis.port}/0",
        "WARBOARD_BUS_PREFIX": "wbscale",
        "WARBOARD_DB_LOCK_TIMEOUT": str(LOCK_TIMEOUT),
        "WARBOARD_DB_IDLE_TIMEOUT": str(IDLE_TIMEOUT),
    }
    nodes = [Server(url, env=env), Server(url, env=env)]
    logs = ROOT / "tests" / "artifacts" / "scale"  # the nodes' logs, kept after the run (git-ignored)
    logs.mkdir(parents=True, exist_ok=True)
    _start_together(nodes, logs)
    yield {"url": url, "redis": redis, "nodes": nodes, "tables": []}
    for node in nodes:
        if node.proc is not None and node.proc.poll() is None:
            node.proc.send_signal(signal.SIGCONT)
        node.stop()
    redis.kill()


class Table:
    """One sandbox table: p1 plays on node A, p2 on node B, a spectator on either."""

    def __init__(self, tid: str, clients: list[WsClient], tokens: list[str]) -> None:
        self.id = tid
        self.tokens = tokens
        self.clients = clients
        self.p1, self.p2, self.watcher = clients
        self.seq = 0


async def _make_table(a: httpx.AsyncClient, b: httpx.AsyncClient, urls: tuple[str, str], i: int) -> Table:
    tid = (await new_table_async(a, name=f"Scale {i}"))["id"]
    t1 = token_of(await join_async(a, tid, "p1", "Ann"))
    t2 = token_of(await join_async(b, tid, "p2", "Bob"))
    ts = await spectate_async(b if i % 2 else a, tid)
    clients = [
        await WsClient.open(urls[0], tid, t1),
        await WsClient.open(urls[1], tid, t2),
        await WsClient.open(urls[i % 2], tid, ts),
    ]
    for c in clients:
        await c.recv_type("welcome", timeout=30)
    table = Table(tid, clients, [t1, t2, ts])
    table.seq = clients[0].seq
    await _act(table, table.p1, {"kind": "add_token", "token": "t", "x": 1, "y": 1})
    return table


_n = iter(range(10**9))


async def _act(table: Table, who: WsClient, action: dict[str, Any], timeout: float = 30) -> dict[str, Any]:
    """Send one action and wait for its answer (ack or error), skipping other messages."""
    answer = await who.act(action, timeout=timeout)
    if answer["type"] == "ack":
        table.seq = max(table.seq, answer["seq"])
    return answer


async def _converge(tables: list[Table], timeout: float = 60) -> None:
    async def one(t: Table) -> None:
        for i, c in enumerate(t.clients):
            try:
                await c.until_seq(t.seq, timeout)
            except TimeoutError:
                raise AssertionError(
                    f"table {t.id} client {i} stuck at {c.seq} < {t.seq}: {[m['type'] for m in c.messages[-5:]]}"
                ) from None
            assert c.seqs == list(range(c.seqs[0], t.seq + 1)), "a gap or a duplicate"

    await asyncio.gather(*(one(t) for t in tables))


async def _round(tables: list[Table], step: int) -> None:
    """Every table moves once from each node (p2 on B, then p1 on A), eight tables at a time."""
    sem = asyncio.Semaphore(8)

    async def one(t: Table) -> None:
        async with sem:
            for who in (t.p2, t.p1):
                answer = await _act(t, who, {"kind": "move_token", "token": "t", "x": float(step), "y": 2.0})
                assert answer["type"] == "ack", answer

    await asyncio.gather(*(one(t) for t in tables))


async def test_both_nodes_start_at_once_and_are_ready(cluster: dict[str, Any]) -> None:
    for node in cluster["nodes"]:
        health = httpx.get(f"{node.url}/healthz", timeout=5).json()
        assert health["bus"]["connected"] is True
        ready = httpx.get(f"{node.url}/readyz", timeout=5)
        assert ready.status_code == 200 and ready.json()["database"]["ok"] is True


async def _300_tables_across_two_nodes_converge_without_gaps(cluster: dict[str, Any]) -> None:
    a, b = cluster["nodes"]
    urls = (a.ws_url, b.ws_url)
    limits = httpx.Limits(max_connections=8, keepalive_expiry=KEEPALIVE)
    async with (
        httpx.AsyncClient(base_url=a.url, timeout=30, limits=limits) as ca,
        httpx.AsyncClient(base_url=b.url, timeout=30, limits=limits) as cb,
    ):
        sem = asyncio.Semaphore(8)

        async def make(i: int) -> Table:
            async with sem:
                return await _make_table(ca, cb, urls, i)

        tables = await asyncio.gather(*(make(i) for i in range(TABLES)))
    cluster["tables"] = tables
    await _round(tables, 1)
    await _converge(tables)
    views = {
        str(c.messages[-1]["view"]["state"] if "state" in c.messages[-1].get("view", {}) else "")
        for c in tables[0].clients
        if c.messages[-1]["type"] == "update"
    }
    assert len(views) <= 1
    for node in (a, b):  # one pub/sub connection per node, whatever the number of tables
        health = httpx.get(f"{node.url}/healthz", timeout=5).json()["bus"]
        assert health["tables"] >= TABLES // 2 and health["connected"]
    clients = subprocess.run(
        ["redis-cli", "-p", str(cluster["redis"].port), "client", "list"], capture_output=True, text=True, check=True
    ).stdout.splitlines()
    subscribers = [c for c in clients if "cmd=subscribe" in c or (" sub=" in c and " sub=0 " not in c)]
    assert len(subscribers) <= 2, subscribers
    assert len(clients) <= 2 * 17 + 1  # two nodes, each one pub/sub + at most 16 commands, + redis-cli


async def _redis_restart_mid_game_loses_nothing(cluster: dict[str, Any]) -> None:
    a, b = cluster["nodes"]
    tables: list[Table] = cluster["tables"]
    assert tables, "runs after the 300-table test"
    redis: RedisServer = cluster["redis"]
    sample = tables[:40]
    redis.kill()
    await _round(sample, 2)  # both nodes write while the bus is down: polling carries it
    await _converge(sample, timeout=20)
    for node in (a, b):
        health = httpx.get(f"{node.url}/healthz", timeout=5).json()["bus"]
        assert health["connected"] is False and health["down_for_s"] is not None
        assert httpx.get(f"{node.url}/readyz", timeout=5).status_code == 503
    joiner = tables[5]  # a join while the bus is down: 200 and the seat really taken, never a 500
    async with httpx.AsyncClient(base_url=b.url, timeout=30, limits=httpx.Limits(keepalive_expiry=KEEPALIVE)) as http:
        joined = await http.post(f"/api/tables/{joiner.id}/join", json={"seat": "p3", "name": "Cy"})
        assert joined.status_code == 200, joined.text
        joiner.seq += 1
        again = await http.post(f"/api/tables/{joiner.id}/join", json={"seat": "p3", "name": "Di"})
        assert again.status_code == 409 and again.json()["error"]["code"] == "seat_taken"
    await _round(sample, 3)
    redis.start()  # same port: the nodes reconnect and resubscribe every table
    deadline = time.monotonic() + 15
    while not all(httpx.get(f"{n.url}/healthz", timeout=5).json()["bus"]["connected"] for n in (a, b)):
        assert time.monotonic() < deadline, "a node did not reconnect to Redis"
        await asyncio.sleep(0.2)
    health = httpx.get(f"{a.url}/healthz", timeout=5).json()["bus"]
    assert health["outages"] >= 1 and health["last_gap_s"] > 0
    await _round(tables, 4)  # every table, on the bus again
    await _converge(tables)


async def _a_frozen_lock_holder_and_a_frozen_node_do_not_stall_the_other_node(cluster: dict[str, Any]) -> None:
    a, b = cluster["nodes"]
    tables: list[Table] = cluster["tables"]
    held, other = tables[1], tables[2]
    holder = subprocess.Popen(  # a process with the app's engine that takes the table's row lock
        [
            sys.executable,
            "-c",
            (
                "import sys, time\n"
                "from sqlalchemy import text\n"
                "from app.storage.db import make_engine\n"
                f"conn = make_engine({cluster['url']!r}).connect()\n"
                f"conn.execute(text('SELECT seq FROM tables WHERE id = :t FOR UPDATE'), {{'t': {held.id!r}}})\n"
                "print('locked', flush=True)\n"
                "time.sleep(120)\n"
            ),
        ],
        cwd=ROOT,
        env={**os.environ, **cluster["nodes"][0].env},
        stdout=subprocess.PIPE,
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == b"locked"
        holder.send_signal(signal.SIGSTOP)
        assert a.proc is not None
        a.proc.send_signal(signal.SIGSTOP)  # and node A freezes too
        started = time.monotonic()
        answers = []
        async with httpx.AsyncClient(
            base_url=b.url, timeout=30, headers={"Authorization": f"Bearer {held.tokens[1]}"}
        ) as http:
            t0 = time.monotonic()  # a join under the held lock: 503 with a retry hint, nothing taken
            joined = await http.post(f"/api/tables/{held.id}/join", json={"seat": "p3", "name": "Cy"})
            assert joined.status_code == 503 and int(joined.headers["Retry-After"]) >= 1, joined.text
            assert time.monotonic() - t0 < LOCK_TIMEOUT + 1.5
            while time.monotonic() - started < 10:
                t0 = time.monotonic()
                response = await http.post(
                    f"/api/tables/{held.id}/actions",
                    json={"id": f"h{next(_n)}", "action": {"kind": "move_token", "token": "t", "x": 5.0, "y": 5.0}},
                )
                took = time.monotonic() - t0
                kind = "ack" if response.status_code == 200 else "error"
                answers.append((round(time.monotonic() - started, 1), kind, round(took, 2)))
                assert took < LOCK_TIMEOUT + 1.5, answers
                if kind == "ack":
                    held.seq = max(held.seq, response.json()["seq"])
                else:  # 503 with a retry hint, never a 500, and nothing changed
                    assert response.status_code == 503, response.text
                    assert response.json()["error"]["code"] == "unavailable"
                    assert int(response.headers["Retry-After"]) >= 1
                t0 = time.monotonic()  # another table on node B is not held up at all
                answer = await _act(other, other.p2, {"kind": "move_token", "token": "t", "x": 1.0, "y": 1.0})
                assert answer["type"] == "ack" and time.monotonic() - t0 < 1.0, answer
                await asyncio.sleep(0.2)
            again = await http.post(f"/api/tables/{held.id}/join", json={"seat": "p3", "name": "Cy"})
            assert again.status_code == 200, again.text  # the failed join left no half-taken seat
            held.seq += 1
        # The lock was held (the join above got 503) until PostgreSQL ended the stopped transaction:
        assert answers[-1][1] == "ack", answers
        assert any(at <= IDLE_TIMEOUT + LOCK_TIMEOUT + 1.5 and kind == "ack" for at, kind, _ in answers), answers
    finally:
        a.proc.send_signal(signal.SIGCONT)
        holder.send_signal(signal.SIGCONT)
        holder.kill()
        holder.wait(10)
    await _converge([held, other], timeout=30)  # node A catches up after it wakes


async def _a_killed_nodes_presence_is_gone_within_the_ttl(cluster: dict[str, Any]) -> None:
    a, b = cluster["nodes"]
    tables: list[Table] = cluster["tables"]
    table = tables[3]
    extra = []
    async with httpx.AsyncClient(timeout=10) as client:
        for node, count in ((a, 4), (b, 2)):
            for _ in range(count):
                token = (await client.post(f"{node.url}/api/tables/{table.id}/spectate", json={})).json()["token"]
                extra.append((node, await WsClient.open(node.ws_url, table.id, token)))
        # table 3 is odd: its spectator is on B; so B has p2 and 3 spectators, A has p1 and 4
        deadline = time.monotonic() + 10
        while True:
            summary = (await client.get(f"{b.url}/api/tables/{table.id}")).json()
            seats = {s["seat"]: s["connected"] for s in summary["seats"] if s["seat"] in ("p1", "p2")}
            if summary["spectators"] == 7 and seats == {"p1": True, "p2": True}:
                break
            assert time.monotonic() < deadline, (summary["spectators"], summary["seats"])
            await asyncio.sleep(0.2)
        a.kill()  # SIGKILL: no clean stop, its entries must expire
        killed = time.monotonic()
        spectators_on_b = 3
        while True:
            summary = (await client.get(f"{b.url}/api/tables/{table.id}")).json()
            seats = {s["seat"]: s["connected"] for s in summary["seats"] if s["seat"] in ("p1", "p2")}
            if summary["spectators"] == spectators_on_b and seats == {"p1": False, "p2": True}:
                break
            assert time.monotonic() - killed < PRESENCE_TTL + 2 * 2.0 + 1, (summary["spectators"], seats)
            await asyncio.sleep(0.25)
    cluster["extra"] = [c for _, c in extra]
    watcher = next(c for n, c in extra if n is b)
    while True:  # and B's clients are told
        presence = await watcher.recv_type("presence", timeout=15)
        if presence["spectators"] == spectators_on_b and presence["seats"] == {"p2": 1}:
            break


async def test_two_nodes_hold_under_real_use(cluster: dict[str, Any]) -> None:
    """One game session (the websockets live on one event loop), phase after phase."""
    await _300_tables_across_two_nodes_converge_without_gaps(cluster)
    await _redis_restart_mid_game_loses_nothing(cluster)
    await _a_frozen_lock_holder_and_a_frozen_node_do_not_stall_the_other_node(cluster)
    await _a_killed_nodes_presence_is_gone_within_the_ttl(cluster)
    await _everyone_leaves_and_nothing_is_left_in_redis(cluster)


async def _everyone_leaves_and_nothing_is_left_in_redis(cluster: dict[str, Any]) -> None:
    port = str(cluster["redis"].port)

    def redis_cli(*args: str) -> list[str]:
        return subprocess.run(
            ["redis-cli", "-p", port, *args], capture_output=True, text=True, check=True
        ).stdout.split()

    b = cluster["nodes"][1]
    process = httpx.get(f"{b.url}/healthz", timeout=5).json()["bus"]["process"]
    assert redis_cli("keys", f"wbscale:presence:*:{process}")  # B's clients are still connected
    stopped = time.monotonic()
    b.stop()  # a clean stop removes its presence at once, without waiting for the TTL
    assert not redis_cli("keys", f"wbscale:presence:*:{process}")
    assert time.monotonic() - stopped < PRESENCE_TTL / 2
    for c in [c for t in cluster["tables"] for c in t.clients] + cluster.get("extra", []):
        with contextlib.suppress(Exception):
            await c.conn.close()

    deadline = time.monotonic() + PRESENCE_TTL + 5
    while redis_cli("pubsub", "channels", "wbscale:table:*") or redis_cli("keys", "wbscale:presence:*"):
        assert time.monotonic() < deadline, (
            redis_cli("pubsub", "channels", "wbscale:table:*")[:5],
            redis_cli("keys", "wbscale:presence:*")[:5],
        )
        await asyncio.sleep(0.5)


def test_processes_started_together_migrate_one_after_the_other() -> None:
    """Three ``warboard migrate`` at once on an empty database, three times: all succeed."""
    for _ in range(3):
        url = _database_url()
        procs = [
            subprocess.Popen(
                [sys.executable, "-m", "app.server.cli", "migrate", "--database-url", url],
                cwd=ROOT,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.PIPE,
            )
            for _ in range(3)
        ]
        for p in procs:
            assert p.wait(60) == 0, p.stderr.read().decode()[-2000:]  # type: ignore[union-attr]
