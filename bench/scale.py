"""The cost of scale-out: N Warboard processes on PostgreSQL (+ Redis when N > 1) against one.

Starts the nodes on a database of its own (``warboard_bench_<random>`` on the server of
``--pg``, made for the run and dropped after it: no other database is ever dropped) and, for several nodes, a ``redis-server`` of its own on a free port;
then T sandbox tables, 2 players and S spectators each. Player 1 of each table is on node 0
and player 2 on node 1 (every update crosses nodes), spectators round-robin; the players send
moves at R per table per second for D seconds. Reports latency (send -> every client of the
table has it) and the CPU seconds of all nodes together per 1,000 delivered updates.

    python -m bench.scale --nodes 1 --tables 50 --spectators 4 --rate 1 --duration 20
    python -m bench.scale --nodes 2 --tables 50 --spectators 4 --rate 1 --duration 20
"""

from __future__ import annotations

import argparse
import asyncio
import os
import subprocess
import sys
import time
import uuid
from pathlib import Path
from typing import Any

import httpx
import psutil
import psycopg

from bench.common import add_drain_option, add_load_options, add_out_option, run_benchmark
from bench.load import ROOT, Stats, free_port, receiver, sender, setup_tables
from bench.report import latencies_of, summary
from bench.wsclient import Client, connect

UNPACED = {
    "WARBOARD_HTTP_RATE": "100000",
    "WARBOARD_HTTP_BURST": "100000",
    "WARBOARD_WS_RATE": "100000",
    "WARBOARD_WS_BURST": "100000",
    "WARBOARD_WS_PER_ADDRESS": "100000",
}


def own_database(pg: str) -> str:
    """A database made for this run (a name nobody else has): its name."""
    name = f"warboard_bench_{uuid.uuid4().hex[:10]}"
    with psycopg.connect(pg, autocommit=True) as conn:
        conn.execute(f"CREATE DATABASE {name}")
    return name


def drop_own_database(pg: str, name: str) -> None:
    assert name.startswith("warboard_bench_")
    with psycopg.connect(pg, autocommit=True) as conn:
        conn.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


def failed_publishes(logs: Path, nodes: int) -> int:
    """Lines of the nodes' logs that say a publish failed (each logged at most every 10 s)."""
    return sum(
        (logs / f"node{i}.log").read_text(errors="replace").count("a publish failed")
        for i in range(nodes)
        if (logs / f"node{i}.log").exists()
    )


def start_nodes(n: int, url: str, logs: Path) -> tuple[list[subprocess.Popen[bytes]], list[str], Any]:
    redis = None
    env = {**os.environ, **UNPACED, "WARBOARD_BUS_URL": "memory://"}
    if n > 1:
        port = free_port()
        redis = subprocess.Popen(
            ["redis-server", "--bind", "127.0.0.1", "--port", str(port), "--save", "", "--appendonly", "no"],
            stdout=subprocess.DEVNULL,
        )
        env["WARBOARD_BUS_URL"] = f"redis://127.0.0.1:{port}/0"
    subprocess.run(
        [sys.executable, "-m", "app.server.cli", "migrate", "--database-url", url],
        cwd=ROOT,
        check=True,
        capture_output=True,
    )
    procs, urls = [], []
    for i in range(n):
        port = free_port()
        procs.append(
            subprocess.Popen(
                [sys.executable, "-m", "app.server.cli", "serve", "--port", str(port), "--database-url", url],
                cwd=ROOT,
                env=env,
                stdout=subprocess.DEVNULL,
                stderr=(logs / f"node{i}.log").open("wb"),
            )
        )
        urls.append(f"http://127.0.0.1:{port}")
    for u in urls:
        for _ in range(300):
            try:
                if httpx.get(f"{u}/readyz", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            time.sleep(0.1)
        else:
            raise SystemExit(f"node {u} did not become ready")
    return procs, urls, redis


def cpu(procs: list[psutil.Process]) -> float:
    return sum(t.user + t.system for t in (p.cpu_times() for p in procs))


async def run(args: argparse.Namespace) -> dict[str, Any]:
    name = own_database(args.pg)
    try:
        return await measure(args, args.pg.rsplit("/", 1)[0] + f"/{name}")
    finally:
        drop_own_database(args.pg, name)


async def measure(args: argparse.Namespace, url: str) -> dict[str, Any]:
    logs = ROOT / "bench" / "results"
    logs.mkdir(parents=True, exist_ok=True)
    procs, urls, redis = start_nodes(args.nodes, url, logs)
    watched = [psutil.Process(p.pid) for p in procs]
    try:
        tables = await setup_tables(urls[0], args.tables, args.spectators)
        stats, ready = Stats(), asyncio.Event()
        pending = [sum(2 + len(t.spectators) for t in tables)]
        sockets: list[Client] = []
        players: dict[str, list[Client]] = {}
        k = 0
        for table in tables:
            for j, token in enumerate(table.players + table.spectators):
                on_message = receiver(table, stats, ready, pending)  # one per client: its own view
                node = j if j < 2 else k
                k += 1
                host, port = urls[node % len(urls)].split("//", 1)[1].split(":")
                ws = await connect(host, int(port), f"/ws/tables/{table.id}?token={token}", on_message)
                sockets.append(ws)
                table.clients += 1
                if j < 2:
                    players.setdefault(table.id, []).append(ws)
        await asyncio.wait_for(ready.wait(), 120)
        await asyncio.sleep(2.0)
        cpu_start, before, started = cpu(watched), stats.updates, time.perf_counter()
        await asyncio.gather(*(sender(players[t.id], t, args.rate, args.duration) for t in tables))
        await asyncio.sleep(args.drain)
        spent, elapsed = cpu(watched) - cpu_start, time.perf_counter() - started
        delivered = stats.updates - before
        for ws in sockets:
            ws.close()
        latencies, lost = latencies_of(tables)
        return {
            "nodes": args.nodes,
            "bus": "redis" if args.nodes > 1 else "memory",
            "tables": args.tables,
            "spectators_per_table": args.spectators,
            "rate_per_table": args.rate,
            "duration_s": args.duration,
            "moves_sent": sum(len(t.sent) for t in tables),
            "moves_not_delivered_to_all": lost,
            "errors": sorted(set(stats.errors)),
            "publish_failures_logged": failed_publishes(logs, args.nodes),
            "latency_ms": summary(latencies),
            "updates_delivered": delivered,
            "cpu_s_all_nodes": round(spent, 2),
            "cpu_share_of_one_core": round(spent / elapsed, 3),
            "cpu_s_per_1000_updates": round(1000 * spent / delivered, 3) if delivered else None,
        }
    finally:
        stopping = time.monotonic()
        for p in procs:
            p.terminate()
        for p in procs:
            try:
                p.wait(60)
            except subprocess.TimeoutExpired:
                p.kill()
                p.wait(10)
        print(f"nodes stopped {time.monotonic() - stopping:.1f} s after SIGTERM", file=sys.stderr)
        if redis is not None:
            redis.terminate()
            redis.wait(10)


def main() -> None:
    parser = argparse.ArgumentParser(description="Warboard scale-out cost: N nodes on PostgreSQL and Redis.")
    parser.add_argument("--nodes", type=int, default=2)
    add_load_options(parser, 50, 4, 1.0, 20.0)
    add_drain_option(parser, help=None)
    parser.add_argument(
        "--pg",
        default="postgresql://postgres@127.0.0.1:5432/test",
        help="a PostgreSQL server (a database of the run's own is made on it, then dropped)",
    )
    add_out_option(parser, help=None)
    run_benchmark(run, parser.parse_args(), fast_loop=False)


if __name__ == "__main__":
    main()
