"""Warboard load generator.

T sandbox tables, each with 2 players and S spectators on websockets; the players send moves
at R per table per second for D seconds. Latency is measured from the moment a move is sent
until every client of that table has the update that carries it. The server is started here
(one process, fresh SQLite file, every action durably committed before it is broadcast) unless
``--url`` points at one; its peak memory and CPU are sampled with psutil.

    python -m bench.load --tables 100 --spectators 4 --rate 1 --duration 30
    python -m bench.load --tables 1 --spectators 500 --rate 5 --duration 30
    python -m bench.load --tables 10 --spectators 2 --rate 2 --duration 20 --replay-clients 4

``--replay-clients N`` adds N clients that ask a long table's replay at random seqs in a loop
while the moves are measured (the "four looping replay clients" of the README's benchmark).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import random
import signal
import socket
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import orjson
import psutil

from app.core.patches import Follower
from bench.common import add_drain_option, add_load_options, add_out_option, add_server_options, run_benchmark
from bench.replays import ReplayStats, long_table, replay_loop
from bench.report import latencies_of, percentile, record_arrival, summary
from bench.wsclient import Client, OnMessage, connect

ROOT = Path(__file__).resolve().parent.parent


@dataclass
class Table:
    id: str
    players: list[str]
    spectators: list[str]
    clients: int = 0
    sent: dict[str, float] = field(default_factory=dict)  # action id -> send time
    acked: dict[str, int] = field(default_factory=dict)  # action id -> seq
    arrivals: dict[int, list[float]] = field(default_factory=dict)  # seq -> [count, last arrival]


@dataclass
class Stats:
    updates: int = 0
    update_bytes: int = 0  # the updates' message bytes, as received
    errors: list[str] = field(default_factory=list)
    closed: int = 0


#: the server's limits but for the HTTP and websocket rates: every client here comes from 127.0.0.1
UNLIMITED = {"WARBOARD_HTTP_RATE": "100000", "WARBOARD_HTTP_BURST": "100000", "WARBOARD_WS_PER_ADDRESS": "100000"}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_server(workdir: Path, checkout: Path = ROOT, log: Path | None = None) -> tuple[subprocess.Popen[bytes], str]:
    """A ``warboard serve`` of ``checkout`` on a fresh SQLite file in ``workdir``, its output in
    ``log`` (else dropped). Its limits are the defaults but for the HTTP and websocket rates:
    every client here comes from 127.0.0.1."""
    port = free_port()
    env = {**os.environ, **({"PYTHONPATH": str(checkout)} if checkout != ROOT else {}), **UNLIMITED}
    with log.open("wb") if log else open(os.devnull, "wb") as output:  # the server has its own
        proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "app.server.cli",
                "serve",
                "--port",
                str(port),
                "--database-url",
                f"sqlite:///{workdir / 'bench.sqlite3'}",
            ],
            cwd=checkout,
            env=env,
            stdout=output,
            stderr=subprocess.STDOUT,
        )
    url = f"http://127.0.0.1:{port}"
    for _ in range(300):
        try:
            if httpx.get(f"{url}/api/systems", timeout=1).status_code == 200:
                return proc, url
        except httpx.HTTPError:
            time.sleep(0.1)
    proc.kill()
    raise SystemExit("the server did not start")


class Monitor:
    """Samples the server's RSS and CPU time every 100 ms: its process and the processes it
    started (the rules process of ``app.session.rules_process``), added up."""

    def __init__(self, pid: int | None) -> None:
        self.proc = psutil.Process(pid) if pid else None
        self.peak_rss = 0
        self.cpu_start = self.cpu_end = 0.0

    def _all(self) -> list[psutil.Process]:
        assert self.proc is not None
        try:
            return [self.proc, *self.proc.children(recursive=True)]
        except psutil.Error:
            return [self.proc]

    def cpu(self) -> float:
        if self.proc is None:
            return 0.0
        total = 0.0
        for p in self._all():
            with contextlib.suppress(psutil.Error):
                t = p.cpu_times()
                total += t.user + t.system
        return total

    async def run(self) -> None:
        while self.proc is not None:
            rss = 0
            for p in self._all():
                with contextlib.suppress(psutil.Error):
                    rss += p.memory_info().rss
            self.peak_rss = max(self.peak_rss, rss)
            await asyncio.sleep(0.1)


async def setup_tables(url: str, count: int, spectators: int) -> list[Table]:
    async with httpx.AsyncClient(base_url=url, timeout=30) as http:

        async def one(i: int) -> Table:
            r = await http.post("/api/tables", json={"system": "sandbox", "name": f"bench {i}"})
            tid = r.json()["id"]
            players = [
                (await http.post(f"/api/tables/{tid}/join", json={"seat": seat, "name": seat})).json()["token"]
                for seat in ("p1", "p2")
            ]
            watchers = [
                (await http.post(f"/api/tables/{tid}/spectate", json={})).json()["token"] for _ in range(spectators)
            ]
            await http.post(
                f"/api/tables/{tid}/actions",
                headers={"Authorization": f"Bearer {players[0]}"},
                json={"id": "setup", "action": {"kind": "add_token", "token": "t", "x": 1, "y": 1}},
            )
            return Table(tid, players, watchers)

        tables = []
        for start in range(0, count, 20):
            tables += await asyncio.gather(*(one(i) for i in range(start, min(count, start + 20))))
        return tables


def receiver(table: Table, stats: Stats, ready: asyncio.Event, pending: list[int]) -> OnMessage:
    """The callback for one client's messages; ``now`` is when the bytes arrived. The client
    keeps its view as a browser does (the updates' patches applied): an update that does not
    fit it counts as a ``stale_patch`` error."""
    view = Follower()

    def on_message(raw: bytes, now: float) -> None:
        message = orjson.loads(raw)
        kind = message["type"]
        if not view.take(message):
            stats.errors.append("stale_patch")
        if kind == "update":
            stats.updates += 1
            stats.update_bytes += len(raw)
            record_arrival(table.arrivals, message, now)
        elif kind == "ack":
            table.acked[message["ref"]] = message["seq"]
        elif kind == "error":
            stats.errors.append(message["error"]["code"])
        elif kind == "welcome":
            pending[0] -= 1
            if pending[0] == 0:
                ready.set()

    return on_message


async def sender(ws_players: list[Client], table: Table, rate: float, duration: float, prefix: str = "") -> None:
    """Moves at ``rate`` a second for ``duration`` s; action ids ``<prefix>m<n>`` (a prefix of its
    own for each run against the same tables: an id the table has seen is answered, not applied)."""
    interval = 1.0 / rate
    await asyncio.sleep(random.random() * interval)
    end = time.perf_counter() + duration
    n = 0
    while (start := time.perf_counter()) < end:
        action_id = f"{prefix}m{n}"
        ws = ws_players[n % 2]
        body = orjson.dumps(
            {
                "type": "action",
                "id": action_id,
                "action": {"kind": "move_token", "token": "t", "x": float(n % 48), "y": 2.0},
            }
        )
        table.sent[action_id] = time.perf_counter()
        ws.send(body.decode())
        n += 1
        await asyncio.sleep(max(0.0, interval - (time.perf_counter() - start)))


async def run(args: argparse.Namespace) -> dict[str, Any]:
    workdir = Path(tempfile.mkdtemp(prefix="warboard-bench-"))
    proc = None
    url = args.url
    if url is None:
        proc, url = start_server(workdir)
    monitor = Monitor(proc.pid if proc else args.pid)
    sampler = asyncio.create_task(monitor.run())
    try:
        made = getattr(args, "same_tables", None)  # bench.rounds: the tables of its first round
        tables = (
            [Table(t.id, t.players, t.spectators) for t in made]
            if made
            else await setup_tables(url, args.tables, args.spectators)
        )
        replayed = await long_table(url, args.replay_actions) if args.replay_clients else None
        replay_stats, stop = ReplayStats(), asyncio.Event()
        host, port = url.split("//", 1)[1].split(":")
        stats = Stats()
        ready = asyncio.Event()
        pending = [sum(2 + len(t.spectators) for t in tables)]
        sockets: list[Client] = []
        players: dict[str, list[Client]] = {}
        for table in tables:
            for token in table.players + table.spectators:
                on_message = receiver(table, stats, ready, pending)  # one per client: its own view
                ws = await connect(host, int(port), f"/ws/tables/{table.id}?token={token}", on_message)
                sockets.append(ws)
                table.clients += 1
                if token in table.players:
                    players.setdefault(table.id, []).append(ws)
        await asyncio.wait_for(ready.wait(), 60)
        await asyncio.sleep(1.0)  # let presence broadcasts settle
        monitor.cpu_start = monitor.cpu()
        updates_before, bytes_before = stats.updates, stats.update_bytes
        started = time.perf_counter()
        if getattr(args, "loaded", None) is not None:  # bench.rounds: the moves begin now
            args.loaded.set()
        loops = (
            [
                asyncio.create_task(
                    replay_loop(url, replayed[0], replayed[1], stop, replay_stats, i, not args.replay_ignore_retry)
                )
                for i in range(args.replay_clients)
            ]
            if replayed
            else []
        )
        prefix = getattr(args, "move_prefix", "")
        await asyncio.gather(*(sender(players[t.id], t, args.rate, args.duration, prefix) for t in tables))
        stop.set()
        await asyncio.gather(*loops)
        await asyncio.sleep(args.drain)
        elapsed = time.perf_counter() - started
        monitor.cpu_end = monitor.cpu()
        delivered = stats.updates - updates_before
        stats.closed = sum(1 for ws in sockets if ws.closed.done())  # dropped by the server
        for ws in sockets:
            ws.close()
        latencies, lost = latencies_of(tables)
        sent = sum(len(t.sent) for t in tables)
        cpu = monitor.cpu_end - monitor.cpu_start
        return {
            "tables": args.tables,
            "spectators_per_table": args.spectators,
            "rate_per_table": args.rate,
            "duration_s": args.duration,
            "clients": len(sockets),
            "moves_sent": sent,
            "moves_fully_delivered": len(latencies),
            "moves_not_delivered_to_all": lost,
            "errors": len(stats.errors) + stats.closed,
            "error_kinds": sorted(set(stats.errors)),
            "connections_dropped": stats.closed,
            "latency_ms": summary(latencies),
            "throughput": {
                "moves_per_s": round(sent / args.duration, 1),
                "updates_delivered_per_s": round(delivered / args.duration, 1),
                "bytes_per_update": round((stats.update_bytes - bytes_before) / delivered, 1) if delivered else None,
            },
            "replays": {
                "clients": args.replay_clients,
                "ignore_retry_after": args.replay_ignore_retry,
                "log_actions": args.replay_actions if replayed else 0,
                "answers": dict(replay_stats.answers),
                "p50_ms": round(1000 * percentile(replay_stats.seconds, 50), 2),
                "p99_ms": round(1000 * percentile(replay_stats.seconds, 99), 2),
            },
            "server": {
                "peak_rss_mb": round(monitor.peak_rss / 2**20, 1),
                "cpu_s": round(cpu, 2),
                "cpu_share_of_one_core": round(cpu / elapsed, 3),
                "cpu_s_per_1000_updates": round(1000 * cpu / delivered, 3) if delivered else None,
            },
        }
    finally:
        sampler.cancel()
        if proc is not None:
            proc.send_signal(signal.SIGTERM)
            proc.wait(10)


def main() -> None:
    parser = argparse.ArgumentParser(description="Warboard websocket load generator (sandbox moves).")
    add_load_options(parser, 100, 4, 1.0, 30.0, "moves per table per second", "seconds of sending")
    add_drain_option(parser)
    parser.add_argument("--replay-clients", type=int, default=0, help="clients asking replays in a loop")
    parser.add_argument(
        "--replay-ignore-retry",
        action="store_true",
        help="replay clients ask again at once after a 429 instead of waiting Retry-After",
    )
    parser.add_argument("--replay-actions", type=int, default=2000, help="actions in the replayed table's log")
    add_server_options(parser)
    add_out_option(parser)
    # The generator's own garbage collector would pause its event loop for tens of ms with
    # thousands of timestamps alive, and those pauses would be charged to the server: off.
    run_benchmark(run, parser.parse_args())


if __name__ == "__main__":
    main()
