"""Real games under load: T tables of one game (or a mix), players acting through websockets.

Each table has every seat taken by a player on its own websocket and S spectators. The players
act at R actions per table per second: the driver asks the seat's legal actions
(``GET /api/tables/{id}/legal``, as the computer players do), lets the bots' policy
(``app.bots.policy.choose``) pick one from the seat's own view (kept from its welcome and
updates, patches applied: ``app.core.patches.Follower``), and sends it on that seat's websocket. When a game ends, the table
is replaced by a fresh one of the same game. It reports, per game:

- latency p50/p95/p99/max from an action's send until the last client of its table received
  the update that carries it;
- server CPU (psutil on the server's pid) per 1,000 updates delivered to clients;
- bytes per update per client (as the clients received them; the server's own count from
  ``GET /metrics.json`` too when it has one);
- the largest event-loop stall: the server's loop-lag sampler (``GET /metrics.json``); a server
  without one is probed from here (``GET /healthz`` every 50 ms; the worst answer time is
  then an upper bound, and the report says so);
- the server's peak RSS;
- the machine's own scheduling delay meanwhile (a process that only sleeps 50 ms at a time, and
  how late it wakes): on a busy machine a loop stall near it is the machine, not the server.

    python -m bench.games --game hgb --tables 20 --spectators 4 --rate 0.333 --duration 60
    python -m bench.games --game sandbox --tables 1000 --spectators 4 --rate 1 --duration 30
    python -m bench.games --game mix --tables 10 --spectators 2 --rate 1 --duration 30

CPU and bytes come from the server, which serves every game of a mix at once: run one game at
a time for per-game CPU. The server's CPU includes its answers to the driver's legal-action
requests (one or more per action), which a person at a browser also makes for some games.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import signal
import sys
import tempfile
import time
from collections import Counter
from contextlib import suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import orjson

from app.bots import policy
from app.core.patches import Follower
from bench.common import add_drain_option, add_load_options, add_out_option, add_server_options, run_benchmark
from bench.load import Monitor, start_server
from bench.report import latencies_of, percentile, record_arrival, summary
from bench.wsclient import Client, connect

GAMES = ("sandbox", "small-soldiers", "gkr", "srbr", "hgb")
OPTIONS: dict[str, dict[str, Any]] = {"gkr": {"players": 2}, "small-soldiers": {"players": 2}}
SEATS = {"sandbox": 2}  # players taken at a sandbox table (of its 8 seats), as bench.load does


@dataclass
class GameStats:
    tables: int = 0
    clients: int = 0
    actions: int = 0
    updates: int = 0  # update messages received, over every client
    update_bytes: int = 0
    games_finished: int = 0
    refused: Counter[str] = field(default_factory=Counter)  # error codes answered to actions
    errors: Counter[str] = field(default_factory=Counter)  # everything else that went wrong
    resyncs: int = 0
    decide_ms: list[float] = field(default_factory=list)  # the driver's own time per decision
    legal_ms: list[float] = field(default_factory=list)  # GET .../legal answer times


@dataclass
class Table:
    game: str
    id: str
    seats: dict[str, str]  # seat -> token
    spectators: list[str]
    stats: GameStats
    clients: int = 0
    sent: dict[str, float] = field(default_factory=dict)
    acked: dict[str, int] = field(default_factory=dict)
    arrivals: dict[int, list[float]] = field(default_factory=dict)
    views: dict[str, Follower] = field(default_factory=dict)
    sockets: dict[str, Client] = field(default_factory=dict)  # seat -> its socket
    others: list[Client] = field(default_factory=list)  # spectators' sockets
    waiting: dict[str, asyncio.Future[int | None]] = field(default_factory=dict)
    measuring: bool = False
    closed: bool = False  # by the driver (its game ended); the server dropped none of these

    def close(self) -> None:
        self.closed = True
        for ws in [*self.sockets.values(), *self.others]:
            ws.close()


class Driver:
    def __init__(self, url: str, args: argparse.Namespace) -> None:
        self.url = url
        self.args = args
        self.host, port = url.split("//", 1)[1].split(":")
        self.port = int(port)
        self.stats = {g: GameStats() for g in GAMES}
        self.tables: list[Table] = []
        self.made = 0
        self.http = httpx.AsyncClient(
            base_url=url, timeout=60, limits=httpx.Limits(max_connections=64, max_keepalive_connections=64)
        )

    def options(self, game: str, n: int) -> dict[str, Any]:
        if game == "hgb":
            maps = self.args.maps.split(",")
            return {"map": maps[n % len(maps)]}
        return dict(OPTIONS.get(game, {}))

    async def table(self, game: str) -> Table:
        """A new table of ``game`` with every seat taken and its clients connected (welcomed)."""
        n = self.made
        self.made += 1
        body = {"system": game, "name": f"bench {n}", "options": self.options(game, n), "seed": f"bench-{n}"}
        made = (await self.http.post("/api/tables", json=body)).raise_for_status().json()
        tid = made["id"]
        seats = {}
        for seat in made["seats"][: SEATS.get(game)]:
            r = await self.http.post(f"/api/tables/{tid}/join", json={"seat": seat, "name": seat})
            seats[seat] = r.raise_for_status().json()["token"]
        watchers = []
        for _ in range(self.args.spectators):
            r = await self.http.post(f"/api/tables/{tid}/spectate", json={})
            watchers.append(r.raise_for_status().json()["token"])
        stats = self.stats[game]
        table = Table(game, tid, seats, watchers, stats)
        welcomed: list[asyncio.Future[None]] = []
        for who, token in [*seats.items(), *((None, t) for t in watchers)]:
            welcome = asyncio.get_running_loop().create_future()
            welcomed.append(welcome)
            if who is not None:
                table.views[who] = Follower()  # before connecting: the welcome may come with the upgrade
            ws = await connect(
                self.host, self.port, f"/ws/tables/{tid}?token={token}", self.receiver(table, who, welcome)
            )
            if who is None:
                table.others.append(ws)
            else:
                table.sockets[who] = ws
            table.clients += 1
        await asyncio.wait_for(asyncio.gather(*welcomed), 60)
        stats.tables += 1
        stats.clients += table.clients
        self.tables.append(table)
        return table

    def receiver(self, table: Table, seat: str | None, welcome: asyncio.Future[None]) -> Any:
        stats = table.stats

        def on_message(raw: bytes, now: float) -> None:
            message = orjson.loads(raw)
            kind = message["type"]
            if kind == "update":
                if table.measuring:
                    stats.updates += 1
                    stats.update_bytes += len(raw)
                record_arrival(table.arrivals, message, now)
                if seat is not None and not table.views[seat].take(message):
                    stats.resyncs += 1
                    table.sockets[seat].send(json.dumps({"type": "resync", "since": table.views[seat].seq}))
            elif kind == "welcome":
                if seat is not None:
                    table.views[seat].take(message)
                if not welcome.done():
                    welcome.set_result(None)
            elif kind == "ack":
                waiting = table.waiting.pop(message["ref"], None)
                table.acked[message["ref"]] = message["seq"]
                if waiting is not None and not waiting.done():
                    waiting.set_result(message["seq"])
            elif kind == "error":
                ref = message.get("ref")
                code = message["error"]["code"]
                waiting = table.waiting.pop(ref, None) if ref else None
                if waiting is not None:
                    stats.refused[code] += 1
                    if not waiting.done():
                        waiting.set_result(None)
                else:
                    stats.errors[code] += 1

        return on_message

    async def choose(self, table: Table, turn: int) -> tuple[str, dict[str, Any]] | None:
        """A seat and the action the bots' policy picks for it, or None when no seat has one."""
        seats = list(table.seats)
        seats = seats[turn % len(seats) :] + seats[: turn % len(seats)]  # every seat gets the first look
        for seat in seats:
            for _ in range(3):
                start = time.perf_counter()
                r = await self.http.get(
                    f"/api/tables/{table.id}/legal", headers={"Authorization": f"Bearer {table.seats[seat]}"}
                )
                table.stats.legal_ms.append((time.perf_counter() - start) * 1000)
                if r.status_code != 200:
                    table.stats.errors[f"legal {r.status_code}"] += 1
                    return None
                body = r.json()
                if not body["actions"]:
                    break
                view = table.views[seat]
                for _ in range(200):  # the seat's socket may not have the newest update yet
                    if view.seq >= body["seq"]:
                        break
                    await asyncio.sleep(0.01)
                if view.seq != body["seq"] or view.view is None:
                    continue  # the table moved on meanwhile: ask again
                start = time.perf_counter()
                action = policy.choose(view.view, body["actions"], f"bench-{table.id}-{seat}", body["seq"])
                table.stats.decide_ms.append((time.perf_counter() - start) * 1000)
                if action is not None:
                    return seat, action
                break
        return None

    async def play(self, table: Table, until: float) -> None:
        """Act at the chosen rate until ``until``; a finished game is replaced by a new table."""
        interval = 1.0 / self.args.rate
        await asyncio.sleep(random.random() * interval)
        n = 0
        while (start := time.perf_counter()) < until:
            choice = await self.choose(table, n)
            if choice is None:
                table.stats.games_finished += 1
                table.measuring = False
                table.close()
                if not self.args.replace:
                    return
                table = await self.table(table.game)
                table.measuring = True
                continue
            seat, action = choice
            action_id = f"a{n}"
            n += 1
            done = asyncio.get_running_loop().create_future()
            table.waiting[action_id] = done
            table.sent[action_id] = time.perf_counter()
            table.sockets[seat].send(orjson.dumps({"type": "action", "id": action_id, "action": action}).decode())
            table.stats.actions += 1
            try:
                await asyncio.wait_for(done, 30)
            except TimeoutError:
                table.stats.errors["no ack in 30 s"] += 1
            await asyncio.sleep(max(0.0, interval - (time.perf_counter() - start)))


class ServerMetrics:
    """The server's ``GET /metrics.json`` (loop lag, update bytes), read every ``every`` seconds;
    without one, a probe of ``GET /healthz`` answer times from here."""

    def __init__(self, http: httpx.AsyncClient) -> None:
        self.http = http
        self.available = False
        self.first: dict[str, Any] | None = None
        self.last: dict[str, Any] | None = None
        self.stall_ms = 0.0  # the largest loop stall seen while measuring
        self.lag_p99_ms = 0.0
        self.probe_ms: list[float] = []

    async def read(self) -> dict[str, Any] | None:
        r = await self.http.get("/metrics.json")
        if r.status_code != 200:
            return None
        body: dict[str, Any] = r.json()
        return body if "loop" in body else None

    async def start(self) -> None:
        self.first = await self.read()
        self.available = self.first is not None

    async def run(self, stop: asyncio.Event) -> None:
        """Reads every 5 s, the first 10 s in: the sampler's 10 s window then covers only the
        measured run (not the set-up before it), given a run of at least 10 s."""
        wait = 10.0
        while self.available:
            with suppress(asyncio.TimeoutError):
                await asyncio.wait_for(stop.wait(), wait)
            wait = 5.0
            self.last = await self.read()
            if self.last is not None:
                window = self.last["loop"]["windows"]["10s"]
                self.stall_ms = max(self.stall_ms, window["max_ms"])
                self.lag_p99_ms = max(self.lag_p99_ms, window["p99_ms"])
            if stop.is_set():
                return
        while not stop.is_set():
            start = time.perf_counter()
            await self.http.get("/healthz")
            self.probe_ms.append((time.perf_counter() - start) * 1000)
            with suppress(asyncio.TimeoutError):
                await asyncio.wait_for(stop.wait(), 0.05)

    def server_bytes_per_update(self) -> float | None:
        if not (self.first and self.last):
            return None
        a, b = self.first["updates"], self.last["updates"]
        sent = b["sent"] - a["sent"]
        return round((b["bytes"] - a["bytes"]) / sent, 1) if sent else None


CONTROL = """
import sys, time
end = time.monotonic() + float(sys.argv[1])
worst, lags = 0.0, []
while time.monotonic() < end:
    before = time.monotonic()
    time.sleep(0.05)
    lags.append(max(0.0, time.monotonic() - before - 0.05))
lags.sort()
print(round(lags[-1] * 1000, 1), round(lags[int(0.99 * (len(lags) - 1))] * 1000, 1))
"""


async def control(seconds: float) -> tuple[float, float] | None:
    """The machine's own scheduling delay: a process that does nothing but sleep 50 ms at a time,
    and how late it woke (max, p99 ms). A server loop stall near this is the machine, not the server."""
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-c", CONTROL, str(seconds), stdout=asyncio.subprocess.PIPE
    )
    out, _ = await proc.communicate()
    with suppress(ValueError):
        worst, p99 = out.split()
        return float(worst), float(p99)
    return None


async def progress(driver: Driver, started: float, duration: float, stop: asyncio.Event) -> None:
    """A progress bar (on stderr) with the actions sent and updates received so far."""
    from rich.console import Console
    from rich.progress import BarColumn, Progress, TextColumn, TimeRemainingColumn

    with Progress(
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        TextColumn("{task.fields[status]}"),
        TimeRemainingColumn(),
        transient=False,
        console=Console(stderr=True),  # stdout carries the JSON result
    ) as bar:
        task = bar.add_task("load", total=duration, status="")
        while not stop.is_set():
            actions = sum(s.actions for s in driver.stats.values())
            updates = sum(s.updates for s in driver.stats.values())
            bar.update(
                task,
                completed=min(duration, time.perf_counter() - started),
                status=f"{actions} actions, {updates} updates",
            )
            with suppress(asyncio.TimeoutError):
                await asyncio.wait_for(stop.wait(), 0.5)
        bar.update(task, completed=duration)


def game_report(game: str, stats: GameStats, tables: list[Table], cpu: float | None, rss: int) -> dict[str, Any]:
    latencies, lost = latencies_of(tables)
    return {
        "tables": stats.tables,
        "clients": stats.clients,
        "actions": stats.actions,
        "games_finished": stats.games_finished,
        "not_delivered_to_all": lost,
        "refused": dict(stats.refused),
        "errors": dict(stats.errors),
        "resyncs": stats.resyncs,
        "latency_ms": summary(latencies),
        "updates_delivered": stats.updates,
        "bytes_per_update_per_client": round(stats.update_bytes / stats.updates, 1) if stats.updates else None,
        "server_cpu_ms_per_1000_updates": round(1e6 * cpu / stats.updates, 1) if cpu and stats.updates else None,
        "driver": {
            "legal_ms_p50": round(percentile(stats.legal_ms, 50), 2),
            "legal_ms_p99": round(percentile(stats.legal_ms, 99), 2),
            "decide_ms_p99": round(percentile(stats.decide_ms, 99), 2),
        },
    }


async def run(args: argparse.Namespace) -> dict[str, Any]:
    workdir = Path(tempfile.mkdtemp(prefix="warboard-games-"))
    proc, url = (None, args.url) if args.url else start_server(workdir)
    monitor = Monitor(proc.pid if proc else args.pid)
    sampler = asyncio.create_task(monitor.run())
    driver = Driver(url, args)
    try:
        games = list(GAMES) if args.game == "mix" else [args.game]
        print(f"setting up {args.tables} tables ({', '.join(games)})", file=sys.stderr, flush=True)
        for start in range(0, args.tables, 20):
            await asyncio.gather(
                *(driver.table(games[i % len(games)]) for i in range(start, min(args.tables, start + 20)))
            )
        await asyncio.sleep(1.0)  # presence broadcasts settle
        metrics = ServerMetrics(driver.http)
        await metrics.start()
        for table in driver.tables:
            table.measuring = True
        monitor.peak_rss = 0
        cpu_start = monitor.cpu()
        started = time.perf_counter()
        until = started + args.duration
        stop = asyncio.Event()
        watchers = [asyncio.create_task(metrics.run(stop))]
        noise = asyncio.create_task(control(args.duration))
        if not args.quiet:
            watchers.append(asyncio.create_task(progress(driver, started, args.duration, stop)))
        await asyncio.gather(*(driver.play(t, until) for t in list(driver.tables)))
        await asyncio.sleep(args.drain)
        stop.set()
        await asyncio.gather(*watchers)
        elapsed = time.perf_counter() - started
        machine = await noise
        cpu = monitor.cpu() - cpu_start if monitor.proc else None
        dropped = sum(
            1 for t in driver.tables if not t.closed for ws in [*t.sockets.values(), *t.others] if ws.closed.done()
        )
        for table in driver.tables:
            table.close()
        per_game = {}
        for game in games:
            tables = [t for t in driver.tables if t.game == game]
            share = cpu if len(games) == 1 else None  # one server serves every game of a mix
            per_game[game] = game_report(game, driver.stats[game], tables, share, monitor.peak_rss)
        updates = sum(s.updates for s in driver.stats.values())
        everything, lost = latencies_of(driver.tables)
        return {
            "game": args.game,
            "tables": args.tables,
            "spectators_per_table": args.spectators,
            "rate_per_table": args.rate,
            "duration_s": args.duration,
            "maps": args.maps if "hgb" in games else None,
            "games": per_game,
            "all": {
                "latency_ms": summary(everything),
                "not_delivered_to_all": lost,
                "connections_dropped": dropped,
                "updates_delivered": updates,
                "updates_per_s": round(updates / elapsed, 1),
            },
            "server": {
                "cpu_s": round(cpu, 2) if cpu is not None else None,
                "cpu_share_of_one_core": round(cpu / elapsed, 3) if cpu is not None else None,
                "cpu_ms_per_1000_updates": round(1e6 * cpu / updates, 1) if cpu and updates else None,
                "peak_rss_mb": round(monitor.peak_rss / 2**20, 1) if monitor.proc else None,
                "bytes_per_update": metrics.server_bytes_per_update(),
                "loop_stall_max_ms": metrics.stall_ms if metrics.available else None,
                "loop_lag_p99_ms": metrics.lag_p99_ms if metrics.available else None,
                "loop_stall_source": "server /metrics.json loop-lag sampler"
                if metrics.available
                else "client probe: worst GET /healthz answer time (an upper bound)",
                "healthz_probe_max_ms": round(max(metrics.probe_ms), 2) if metrics.probe_ms else None,
                "machine_sleep_lateness_ms": {"max": machine[0], "p99": machine[1]} if machine else None,
            },
        }
    finally:
        sampler.cancel()
        await driver.http.aclose()
        if proc is not None:
            proc.send_signal(signal.SIGTERM)
            proc.wait(10)


def table_lines(result: dict[str, Any]) -> str:
    """The per-game rows as the README's benchmark table shows them."""
    server = result["server"]
    lines = []
    for game, r in result["games"].items():
        lines.append(
            f"| {game} | {r['tables']} x {result['spectators_per_table']} | {r['actions']} "
            f"| {r['latency_ms']['p50']} | {r['latency_ms']['p99']} | {r['latency_ms']['max']} "
            f"| {r['server_cpu_ms_per_1000_updates']} | {r['bytes_per_update_per_client']} "
            f"| {server['loop_stall_max_ms'] if server['loop_stall_max_ms'] is not None else server['healthz_probe_max_ms']} "
            f"| {server['peak_rss_mb']} |"
        )
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description="Warboard load generator: real games played by bots over websockets.")
    parser.add_argument("--game", "-g", choices=[*GAMES, "mix"], default="sandbox")
    add_load_options(parser, 10, 4, 1.0, 30.0, "actions per table per second", "seconds of play measured")
    add_drain_option(parser)
    parser.add_argument("--maps", default="ridge,outpost", help="HGB maps, given to the tables in turn")
    parser.add_argument(
        "--no-replace", dest="replace", action="store_false", help="a finished game's table stops instead"
    )
    add_server_options(parser)
    parser.add_argument("--quiet", action="store_true", help="no progress bar")
    add_out_option(parser)
    args = parser.parse_args()
    if args.rate <= 0:
        parser.error("--rate must be positive")
    run_benchmark(run, args, table_lines)


if __name__ == "__main__":
    main()
