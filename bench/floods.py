"""Floods against one server while other tables play (issue 23).

T sandbox tables, each with 2 players and S spectators on websockets, send moves at R per table
per second (as ``bench.load``) through three phases of D seconds each, and the latency of their
moves (send to the last client of the table) is measured per phase:

1. ``quiet``: nothing else;
2. ``chat flood``: on a table of its own that W other spectators watch, one spectator token with
   K sockets sends chat lines as fast as each socket's message limit lets it (``--chat-rate``
   per socket, under ``WARBOARD_WS_RATE`` so no socket is closed for flooding);
3. ``bot flood``: one client makes 2-seat tables and asks for a computer player in each seat,
   ``--bots`` in all, as fast as the server answers; they play on until the end.

Per phase: the other tables' latency percentiles, the largest event-loop lag (``/metrics.json``),
the server's CPU; the chat lines sent, stored and refused ``rate_limited``; the computer players
asked for, started and refused (``too_many_bots``, or ``rate_limited``). ``--checkout DIR`` runs
the server from another checkout (the code before, for comparison) with this Python.

    python -m bench.floods --tables 10 --spectators 2 --rate 2 --duration 20
    python -m bench.floods --checkout /tmp/warboard-before   # the same against other code
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import signal
import subprocess
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

import httpx
import orjson

from bench.common import add_load_options, add_out_option, run_benchmark
from bench.load import ROOT, Monitor, Stats, Table, receiver, setup_tables, start_server
from bench.report import latencies_of, summary
from bench.wsclient import Client, connect


async def sender(ws_players: list[Client], table: Table, rate: float, duration: float, tag: str) -> None:
    """``bench.load.sender`` with action ids of the phase's own (an id seen before is a retry)."""
    interval = 1.0 / rate
    end = time.perf_counter() + duration
    n = 0
    while (start := time.perf_counter()) < end:
        action_id = f"{tag}{n}"
        action = {"kind": "move_token", "token": "t", "x": float(n % 48), "y": 2.0}
        table.sent[action_id] = time.perf_counter()
        ws_players[n % 2].send(orjson.dumps({"type": "action", "id": action_id, "action": action}).decode())
        n += 1
        await asyncio.sleep(max(0.0, interval - (time.perf_counter() - start)))


async def loop_lag(http: httpx.AsyncClient) -> float:
    return float((await http.get("/metrics.json")).json()["loop"]["windows"]["10s"]["max_ms"])


async def chat_flood(url: str, sockets: int, rate: float, watchers: int, stop: asyncio.Event) -> dict[str, Any]:
    """One spectator token, ``sockets`` sockets, each sending ``rate`` chat lines a second, at a
    table that ``watchers`` other spectators watch (each stored line is sent to all of them)."""
    async with httpx.AsyncClient(base_url=url, timeout=30) as http:
        table = (await http.post("/api/tables", json={"system": "sandbox", "name": "chat flood"})).json()["id"]
        token, *others = [
            (await http.post(f"/api/tables/{table}/spectate", json={})).json()["token"] for _ in range(1 + watchers)
        ]
    host, port = url.split("//", 1)[1].split(":")
    answers: Counter[str] = Counter()

    def on_message(raw: bytes, _now: float) -> None:
        message = orjson.loads(raw)
        if message["type"] == "error":
            answers[message["error"]["code"]] += 1

    audience = [
        await connect(host, int(port), f"/ws/tables/{table}?token={other}", lambda _raw, _now: None) for other in others
    ]
    clients: list[Client] = [
        await connect(host, int(port), f"/ws/tables/{table}?token={token}", on_message) for _ in range(sockets)
    ]
    sent = 0

    async def speak(ws: Client, n: int) -> None:
        nonlocal sent
        i = 0
        while not stop.is_set() and not ws.closed.done():
            ws.send(orjson.dumps({"type": "chat", "text": f"flood {n}.{i}"}).decode())
            sent += 1
            i += 1
            await asyncio.sleep(1 / rate)

    await asyncio.gather(*(speak(ws, n) for n, ws in enumerate(clients)))
    await asyncio.sleep(1.0)
    async with httpx.AsyncClient(base_url=url, timeout=30) as http:
        stored = len((await http.get(f"/api/tables/{table}/chat")).json()["lines"])  # at most the last 200
    closed = sum(1 for ws in clients if ws.closed.done())
    for ws in clients + audience:
        ws.close()
    return {
        "sockets": sockets,
        "watchers": watchers,
        "lines_sent": sent,
        "refused": dict(answers),
        "stored": sent - sum(answers.values()),
        "history_shows": stored,
        "sockets_closed": closed,
    }


async def bot_flood(url: str, bots: int) -> dict[str, Any]:
    """Ask for ``bots`` computer players, two per 2-seat table, one request after another."""
    answers: Counter[str] = Counter()
    started = 0
    begin = time.perf_counter()
    async with httpx.AsyncClient(base_url=url, timeout=60) as http:
        while started + sum(answers.values()) < bots:
            made = await http.post("/api/tables", json={"system": "small-soldiers", "name": "bots"})
            if made.status_code != 201:
                answers[f"create {made.status_code}"] += 1
                continue
            table = made.json()
            for seat in table["seats"][:2]:
                added = await http.post(
                    f"/api/tables/{table['id']}/bots",
                    json={"seat": seat},
                    headers={"Authorization": f"Bearer {table['host_token']}"},
                )
                if added.status_code == 201:
                    started += 1
                else:
                    answers[added.json().get("error", {}).get("code", str(added.status_code))] += 1
    return {
        "asked": bots,
        "started": started,
        "refused": dict(answers),
        "seconds": round(time.perf_counter() - begin, 1),
    }


async def phase(
    name: str,
    url: str,
    tables: list[Table],
    players: dict[str, list[Client]],
    stats: Stats,
    monitor: Monitor,
    args: argparse.Namespace,
) -> dict[str, Any]:
    for table in tables:  # this phase's moves only
        table.sent.clear()
        table.acked.clear()
        table.arrivals.clear()
    stop = asyncio.Event()
    cpu = monitor.cpu()
    started = time.perf_counter()
    flood: asyncio.Task[dict[str, Any]] | None = None
    if name == "chat flood":
        flood = asyncio.create_task(chat_flood(url, args.chat_sockets, args.chat_rate, args.chat_watchers, stop))
    elif name == "bot flood":
        flood = asyncio.create_task(bot_flood(url, args.bots))
    errors = len(stats.errors)
    tag = name.split()[0][0]
    await asyncio.gather(*(sender(players[t.id], t, args.rate, args.duration, tag) for t in tables))
    stop.set()
    await asyncio.sleep(2.0)  # the last updates
    elapsed = time.perf_counter() - started
    latencies, lost = latencies_of(tables)
    async with httpx.AsyncClient(base_url=url, timeout=30) as http:
        lag = await loop_lag(http)
        running = (await http.get("/metrics.json")).json().get("computers", {}).get("running")
    return {
        "phase": name,
        "moves_sent": sum(len(t.sent) for t in tables),
        "moves_not_delivered_to_all": lost,
        "errors": len(stats.errors) - errors,
        "latency_ms": summary(latencies),
        "loop_lag_max_ms_last_10s": lag,
        "server_cpu_share": round((monitor.cpu() - cpu) / elapsed, 3),
        "computers_running": running,
        "flood": await flood if flood is not None else None,
    }


async def run(args: argparse.Namespace) -> dict[str, Any]:
    workdir = Path(tempfile.mkdtemp(prefix="warboard-floods-"))
    proc, url = start_server(workdir, args.checkout)
    monitor = Monitor(proc.pid)
    sampler = asyncio.create_task(monitor.run())
    try:
        tables = await setup_tables(url, args.tables, args.spectators)
        host, port = url.split("//", 1)[1].split(":")
        stats, ready = Stats(), asyncio.Event()
        pending = [sum(2 + len(t.spectators) for t in tables)]
        sockets: list[Client] = []
        players: dict[str, list[Client]] = {}
        for table in tables:
            for token in table.players + table.spectators:
                ws = await connect(
                    host, int(port), f"/ws/tables/{table.id}?token={token}", receiver(table, stats, ready, pending)
                )
                sockets.append(ws)
                table.clients += 1
                if token in table.players:
                    players.setdefault(table.id, []).append(ws)
        await asyncio.wait_for(ready.wait(), 60)
        await asyncio.sleep(1.0)
        phases = [
            await phase(name, url, tables, players, stats, monitor, args)
            for name in ("quiet", "chat flood", "bot flood")
        ]
        for ws in sockets:
            ws.close()
        return {
            "checkout": str(args.checkout),
            "tables": args.tables,
            "spectators_per_table": args.spectators,
            "rate_per_table": args.rate,
            "duration_s_per_phase": args.duration,
            "error_kinds": sorted(set(stats.errors)),
            "phases": phases,
        }
    finally:
        sampler.cancel()
        proc.send_signal(signal.SIGTERM)
        with contextlib.suppress(subprocess.TimeoutExpired):
            proc.wait(15)
        if proc.poll() is None:
            proc.kill()


def table_rows(result: dict[str, Any]) -> str:
    """The README's table: one row per phase."""
    rows = []
    for p in result["phases"]:
        lat, flood = p["latency_ms"], p["flood"] or {}
        if p["phase"] == "chat flood":
            said = f"{flood['lines_sent']} lines sent, {flood['stored']} stored, refused {flood['refused'] or 'none'}"
        elif p["phase"] == "bot flood":
            said = f"{flood['asked']} asked, {flood['started']} started, refused {flood['refused'] or 'none'}"
        else:
            said = ""
        rows.append(
            f"| {p['phase']} | {lat.get('p50')} | {lat.get('p95')} | {lat.get('p99')} | {lat.get('max')} "
            f"| {p['moves_not_delivered_to_all']} | {p['loop_lag_max_ms_last_10s']} | {p['server_cpu_share']} | {said} |"
        )
    return "\n".join(rows)


def main() -> None:
    parser = argparse.ArgumentParser(description="Chat and computer-player floods beside tables at play.")
    add_load_options(parser, 10, 2, 2.0, 20.0, "moves per table per second", "seconds per phase")
    parser.add_argument("--chat-sockets", type=int, default=20, help="sockets of the flooding spectator token")
    parser.add_argument("--chat-rate", type=float, default=25.0, help="chat lines per socket per second")
    parser.add_argument("--chat-watchers", type=int, default=50, help="other spectators at the flooded table")
    parser.add_argument("--bots", type=int, default=60, help="computer players the bot flood asks for")
    parser.add_argument("--checkout", type=Path, default=ROOT, help="serve this checkout's code")
    add_out_option(parser)
    run_benchmark(run, parser.parse_args(), table_rows)


if __name__ == "__main__":
    main()
