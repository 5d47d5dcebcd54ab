"""Memory under socket churn: ``bench.load`` run again and again against one server.

Each round opens T tables' sockets (2 players and S spectators each), plays for D seconds and
closes every socket; a server that keeps something of each closed connection grows round after
round. Each round makes its own tables, as separate runs of ``bench.load`` would (the server
keeps up to 2,000 recently used tables in memory, ``app.session.cache``), or with
``--same-tables`` plays the tables of the first on new sockets, so that only the sockets churn. Reports, per round, the server's peak and settled RSS (its process and the processes it
started), latency, CPU per 1,000 updates and the garbage collector's complete passes
(``app.process.collector``, from ``GET /metrics.json``).

    python -m bench.rounds --rounds 20 --tables 100 --spectators 4 --rate 1 --duration 20
    python -m bench.rounds --rounds 20 --same-tables
"""

from __future__ import annotations

import argparse
import asyncio
import signal
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

import httpx
import psutil

from bench import load
from bench.common import add_drain_option, add_load_options, add_out_option, run_benchmark


def start_server(workdir: Path) -> tuple[subprocess.Popen[bytes], str]:
    """``warboard serve`` on a fresh SQLite file, its log (the collector's lines) in ``workdir``."""
    return load.start_server(workdir, log=workdir / "server.log")


async def loop_lag(url: str, loaded: asyncio.Event, samples: list[float] | None = None) -> list[float]:
    """The server's largest event-loop lag of each 10 s (``GET /metrics.json``) from the moves'
    start (``loaded``) until cancelled: what it returns is the list so far."""
    samples = [] if samples is None else samples
    try:
        await loaded.wait()
        async with httpx.AsyncClient(base_url=url, timeout=10) as http:
            while True:
                await asyncio.sleep(5)
                samples.append((await http.get("/metrics.json")).json()["loop"]["windows"]["10s"]["max_ms"])
    except asyncio.CancelledError:
        return samples


def rss_mb(pid: int) -> float:
    proc = psutil.Process(pid)
    return round(sum(p.memory_info().rss for p in [proc, *proc.children(recursive=True)]) / 2**20, 1)


async def run(args: argparse.Namespace) -> dict[str, Any]:
    workdir = Path(tempfile.mkdtemp(prefix="warboard-rounds-"))
    proc = None
    url, pid = args.url, args.pid
    if url is None:
        proc, url = start_server(workdir)
        pid = proc.pid
    rounds: list[dict[str, Any]] = []
    try:
        start_rss = rss_mb(pid)
        same = await load.setup_tables(url, args.tables, args.spectators) if args.same_tables else None
        for i in range(args.rounds):
            loaded = asyncio.Event()
            round_args = {**vars(args), "url": url, "pid": pid, "same_tables": same, "move_prefix": f"r{i}"}
            watching = asyncio.create_task(loop_lag(url, loaded))
            try:
                result = await load.run(argparse.Namespace(**round_args, loaded=loaded))
            finally:
                watching.cancel()
            lags = await asyncio.gather(watching, return_exceptions=True)
            await asyncio.sleep(args.settle)  # the closed sockets' ends reach the server
            async with httpx.AsyncClient(base_url=url, timeout=10) as http:
                metrics = (await http.get("/metrics.json")).json()
            collector = metrics["collector"]
            samples = lags[0] if isinstance(lags[0], list) else []
            samples.append(metrics["loop"]["windows"]["10s"]["max_ms"])  # the round's last seconds
            row = {
                "round": i + 1,
                "peak_rss_mb": result["server"]["peak_rss_mb"],
                "rss_after_mb": rss_mb(pid),
                "p99_ms": result["latency_ms"]["p99"],
                "max_ms": result["latency_ms"]["max"],
                "loop_max_ms": max(samples),
                "cpu_s_per_1000_updates": result["server"]["cpu_s_per_1000_updates"],
                "not_delivered": result["moves_not_delivered_to_all"],
                "errors": result["errors"],
                "heap_blocks": collector["heap_blocks"],
                "complete_passes": collector["complete_passes"],
                "last_complete_ms": collector["last_complete_ms"],
            }
            rounds.append(row)
            print(" ".join(f"{k}={v}" for k, v in row.items()), file=sys.stderr, flush=True)
        return {
            "tables": args.tables,
            "spectators_per_table": args.spectators,
            "rate_per_table": args.rate,
            "duration_s": args.duration,
            "same_tables": args.same_tables,
            "rss_at_start_mb": start_rss,
            "rounds": rounds,
            "server_log": str(workdir / "server.log") if proc else None,
        }
    finally:
        if proc is not None:
            proc.send_signal(signal.SIGTERM)
            proc.wait(30)


def lines(result: dict[str, Any]) -> str:
    head = (
        "| round | peak RSS MB | RSS after MB | p99 ms | max ms | loop lag max ms "
        "| CPU s / 1,000 updates | heap blocks | complete passes |"
    )
    rows = [
        f"| {r['round']} | {r['peak_rss_mb']} | {r['rss_after_mb']} | {r['p99_ms']} | {r['max_ms']} | {r['loop_max_ms']} "
        f"| {r['cpu_s_per_1000_updates']} | {r['heap_blocks']:,} | {r['complete_passes']} ({r['last_complete_ms']} ms) |"
        for r in result["rounds"]
    ]
    return "\n".join([head, "|---|---|---|---|---|---|---|---|---|", *rows])


def main() -> None:
    parser = argparse.ArgumentParser(description="Memory under socket churn: bench.load rounds against one server.")
    parser.add_argument("--rounds", type=int, default=20)
    add_load_options(parser, 100, 4, 1.0, 20.0, "moves per table per second", "seconds of sending a round")
    add_drain_option(parser)
    parser.add_argument(
        "--same-tables",
        action="store_true",
        help="every round plays the same tables (made once) on new sockets: only the sockets churn",
    )
    parser.add_argument("--settle", type=float, default=2.0, help="seconds after a round before RSS is read")
    parser.add_argument("--url", help="a running server instead of one started here")
    parser.add_argument("--pid", type=int, help="with --url: the server's pid")
    add_out_option(parser)
    args = parser.parse_args()
    args.replay_clients, args.replay_ignore_retry, args.replay_actions = 0, False, 0
    run_benchmark(run, args, lines)


if __name__ == "__main__":
    main()
