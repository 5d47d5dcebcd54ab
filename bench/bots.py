"""Soak and strength bench for the computer players (README, "Computer players").

    .venv/bin/python -m bench.bots [--games 50] [--only hgb,srbr] [--limit 6000]
    .venv/bin/python -m bench.bots --ws [--games 3] [--url http://127.0.0.1:8000]
    .venv/bin/python -m bench.bots --strong [--games 50] [--seconds 1.5] [--only srbr] [--jobs 2]
    .venv/bin/python -m bench.bots --lag [--seconds 1.5] [--duration 60]

``--strong``: the strong level against the easy one over N seeded 2-player games of each game
(the strong one takes the first seat in even games, the second in odd ones), in process: its
win rate, refused actions, and the median and slowest CPU time of its decisions (each seat's
decision with a non-empty legal list; one with a single candidate costs next to nothing).
``--lag``: a real ``warboard serve`` runs a strong computer player against an easy one (the
host's route, as a host seats them) in each game, and the bench reads the server's event-loop
lag (``GET /metrics.json``, ``loop``: a 50 ms sleeper's lateness) every 10 seconds while they play.

For each game: N seeded bot-vs-bot games (2 players, and 4 for Small Soldiers and GKR) to the
end, counting errors and refused actions, with the median game length (actions) and time; then
N seeded games of the bot against a random-legal-action player (the bot takes the first seat in
even games, the second in odd ones) and the bot's win rate.

Two drivers. In process (the default, fast): pure functions only, each seat's decision taken
from the seat's projected view and legal list (``Projection.view``/``Projection.legal``, the
calls the server makes for that seat's stream and ``GET .../legal``) and the rules' ``apply``
running the action (``app.bots.local``). Over websockets (``--ws``): a real ``warboard serve``
(started on a temporary SQLite database unless ``--url`` is given) and one
:class:`~app.bots.client.BotClient` per seat, each with its own seat token, socket and HTTP
calls, as a human's client; bot-vs-bot only.
"""

from __future__ import annotations

import argparse
import asyncio
import concurrent.futures
import contextlib
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx

from app.bots.client import BotClient
from app.bots.local import play
from app.bots.search import Budget
from app.systems import registry

SETUPS: list[tuple[str, dict[str, Any]]] = [
    ("small-soldiers", {}),
    ("small-soldiers", {"players": 4}),
    ("gkr", {"players": 2}),
    ("gkr", {"players": 4}),
    ("srbr", {}),
    ("hgb", {}),
]


def run(system_id: str, options: dict[str, Any], games: int, versus: bool, limit: int) -> dict[str, Any]:
    system = registry.get(system_id)
    assert system is not None
    seats = system.seats(system.validate_options(options))
    results, wins = [], 0
    for i in range(games):
        players = {s: "bot" for s in seats}
        if versus:
            players = {s: ("bot" if j % 2 == i % 2 else "random") for j, s in enumerate(seats)}
        r = play(system_id, options, f"{'vr' if versus else 'bb'}-{i}", players, limit)
        results.append(r)
        wins += any(players.get(w) == "bot" for w in r.winners) and not any(
            players.get(w) == "random" for w in r.winners
        )
    return {
        "system": system_id,
        "options": options,
        "mode": "bot vs random" if versus else "bot vs bot",
        "games": games,
        "finished": sum(r.reason != "unfinished" for r in results),
        "errors": sum(len(r.errors) for r in results),
        "refused": sum(r.refused for r in results),
        "median_actions": statistics.median(r.actions for r in results),
        "median_seconds": round(statistics.median(r.seconds for r in results), 2),
        "slowest_decision_ms": round(max(r.decide_ms_max for r in results), 1),
        "slowest_decision_cpu_ms": round(max(r.decide_cpu_ms_max for r in results), 1),
        **({"bot_wins": wins} if versus else {}),
    }


def _strong_game(
    system_id: str, options: dict[str, Any], i: int, seconds: float, limit: int, iterations: int | None = None
) -> dict[str, Any]:
    """Game ``i``: the strong level in the first seat when ``i`` is even, the second when odd."""
    system = registry.get(system_id)
    assert system is not None
    seats = system.seats(system.validate_options(options))
    players = {s: ("strong" if j % 2 == i % 2 else "bot") for j, s in enumerate(seats)}
    budget = Budget(seconds=None, iterations=iterations) if iterations else Budget(seconds=seconds)
    r = play(system_id, options, f"strong-{i}", players, limit, budget)
    won = any(players.get(w) == "strong" for w in r.winners) and not any(players.get(w) == "bot" for w in r.winners)
    return {
        "game": i,
        "strong_won": won,
        "reason": r.reason,
        "actions": r.actions,
        "refused": r.refused,
        "errors": len(r.errors),
        "cpu_ms": r.strong_cpu_ms,
        "wall_seconds": round(r.seconds, 1),
    }


def run_strong(
    system_id: str,
    options: dict[str, Any],
    games: int,
    seconds: float,
    limit: int,
    jobs: int = 1,
    start: int = 0,
    iterations: int | None = None,
) -> dict[str, Any]:
    """``games`` seeded games of the strong level against the easy one, ``jobs`` at a time (each
    game in a process of its own when ``jobs`` > 1; CPU times are each decision's own)."""
    results = []
    with concurrent.futures.ProcessPoolExecutor(max_workers=jobs) if jobs > 1 else contextlib.nullcontext() as pool:
        if pool is None:
            done: Iterator[dict[str, Any]] = (
                _strong_game(system_id, options, i, seconds, limit, iterations) for i in range(start, start + games)
            )
        else:
            futures = [
                pool.submit(_strong_game, system_id, options, i, seconds, limit, iterations)
                for i in range(start, start + games)
            ]
            done = (f.result() for f in concurrent.futures.as_completed(futures))
        for game in done:
            results.append(game)
            print(json.dumps({k: v for k, v in game.items() if k != "cpu_ms"}), flush=True)
    cpu = [c for g in results for c in g["cpu_ms"]]
    searched = [c for c in cpu if c > 50]
    wins = sum(g["strong_won"] for g in results)
    return {
        "system": system_id,
        "options": options,
        "mode": f"strong ({f'{iterations} rollouts' if iterations else f'{seconds} s CPU'} a decision) vs easy",
        "games": games,
        "strong_wins": wins,
        "win_rate": round(wins / games, 2) if games else None,
        "unfinished": sum(g["reason"] == "unfinished" for g in results),
        "refused": sum(g["refused"] for g in results),
        "errors": sum(g["errors"] for g in results),
        "decisions": len(cpu),
        "median_decision_cpu_ms": round(statistics.median(cpu), 1) if cpu else None,
        "searched_median_cpu_ms": round(statistics.median(searched), 1) if searched else None,
        "slowest_decision_cpu_ms": round(max(cpu), 1) if cpu else None,
        "median_actions": statistics.median(g["actions"] for g in results) if results else None,
    }


async def _lag(
    url: str, system_id: str, options: dict[str, Any], duration: float, levels: tuple[str, str]
) -> dict[str, Any]:
    """Two computers of ``levels`` on the server at ``url`` for ``duration`` seconds; the
    event-loop lag while they play (the server's own sampler, ``GET /metrics.json``)."""
    async with httpx.AsyncClient(base_url=url, timeout=60) as client:
        created = await client.post("/api/tables", json={"system": system_id, "name": "Lag", "options": options})
        created.raise_for_status()
        table, host = created.json()["id"], created.json()["host_token"]
        seats = [s["seat"] for s in (await client.get(f"/api/tables/{table}")).json()["seats"]]
        auth = {"Authorization": f"Bearer {host}"}
        for seat, level in zip(seats, levels, strict=False):
            added = await client.post(f"/api/tables/{table}/bots", json={"seat": seat, "level": level}, headers=auth)
            added.raise_for_status()
        await asyncio.sleep(10)  # past the sampler's start-up window
        worst, p99, end = 0.0, 0.0, time.monotonic() + duration
        while time.monotonic() < end:
            await asyncio.sleep(10)
            window = (await client.get("/metrics.json")).json()["loop"]["windows"]["10s"]
            worst, p99 = max(worst, float(window["max_ms"] or 0)), max(p99, float(window["p99_ms"] or 0))
        summary = (await client.get(f"/api/tables/{table}")).json()
    return {
        "system": system_id,
        "mode": f"{levels[0]} vs {levels[1]}, hosted, event-loop lag",
        "seconds": duration,
        "loop_lag_max_ms": round(worst, 1),
        "loop_lag_p99_ms": round(p99, 1),
        "outcome": summary.get("outcome"),
    }


async def _ws_game(url: str, system_id: str, options: dict[str, Any], seed: str, limit: int) -> dict[str, Any]:
    async with httpx.AsyncClient(base_url=url, timeout=60) as client:
        created = await client.post(
            "/api/tables", json={"system": system_id, "name": "Soak", "seed": seed, "options": options}
        )
        created.raise_for_status()
        table = created.json()["id"]
        seats = [s["seat"] for s in (await client.get(f"/api/tables/{table}")).json()["seats"]]
        bots = []
        for seat in seats:
            joined = await client.post(f"/api/tables/{table}/join", json={"seat": seat, "name": "Computer"})
            joined.raise_for_status()
            bots.append(BotClient(url, table, joined.json()["token"], seed=f"{seed}-{seat}", delay=0))
        start = time.perf_counter()
        runs = [asyncio.create_task(b.run()) for b in bots]
        while not all(r.done() for r in runs) and sum(b.sent for b in bots) < limit:
            await asyncio.sleep(0.2)
        for r in runs:
            r.cancel()
        errors = [repr(r.exception()) for r in runs if r.done() and not r.cancelled() and r.exception()]
        seconds = time.perf_counter() - start
        summary = (await client.get(f"/api/tables/{table}")).json()
    return {
        "outcome": summary.get("outcome"),
        "actions": sum(b.sent for b in bots),
        "refused": sum(b.refused for b in bots),
        "stale": sum(b.stale for b in bots),
        "errors": errors,
        "seconds": seconds,
        "decide_ms_max": max((max(b.decide_ms, default=0.0) for b in bots), default=0.0),
    }


def run_ws(url: str, system_id: str, options: dict[str, Any], games: int, limit: int) -> dict[str, Any]:
    results = [asyncio.run(_ws_game(url, system_id, options, f"ws-{i}", limit)) for i in range(games)]
    return {
        "system": system_id,
        "options": options,
        "mode": "bot vs bot, websockets",
        "games": games,
        "finished": sum(r["outcome"] is not None for r in results),
        "errors": sum(len(r["errors"]) for r in results),
        "refused": sum(r["refused"] for r in results),
        "stale": sum(r["stale"] for r in results),
        "median_actions": statistics.median(r["actions"] for r in results),
        "median_seconds": round(statistics.median(r["seconds"] for r in results), 2),
        "slowest_decision_ms": round(max(r["decide_ms_max"] for r in results), 1),
    }


@contextlib.contextmanager
def serving(url: str | None, env: dict[str, str] | None = None) -> Iterator[str]:
    """``url``, or a ``warboard serve`` of our own on a temporary SQLite database."""
    if url:
        yield url
        return
    with tempfile.TemporaryDirectory() as tmp, socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
        s.close()
        env = {**os.environ, "WARBOARD_HTTP_RATE": "100000", "WARBOARD_HTTP_BURST": "100000", **(env or {})}
        database = f"sqlite:///{Path(tmp) / 'soak.sqlite3'}"
        command = [sys.executable, "-m", "app.server.cli", "serve", "--port", str(port), "--database-url", database]
        proc = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        base = f"http://127.0.0.1:{port}"
        try:
            for _ in range(300):
                try:
                    if httpx.get(f"{base}/api/systems", timeout=1).status_code == 200:
                        break
                except httpx.HTTPError:
                    time.sleep(0.1)
            yield base
        finally:
            proc.terminate()
            proc.wait(20)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--only", default="")
    parser.add_argument("--limit", type=int, default=6000)
    parser.add_argument("--versus-only", action="store_true")
    parser.add_argument("--ws", action="store_true", help="bot-vs-bot games over websockets against a real server")
    parser.add_argument("--url", default=None, help="with --ws: a running server (else one is started)")
    parser.add_argument("--strong", action="store_true", help="the strong level against the easy one, in process")
    parser.add_argument("--lag", action="store_true", help="a hosted strong computer's event-loop lag, real server")
    parser.add_argument("--seconds", type=float, default=1.5, help="CPU seconds a strong decision takes at most")
    parser.add_argument("--duration", type=float, default=60.0, help="with --lag: seconds of play per game")
    parser.add_argument("--control", action="store_true", help="with --lag: easy against easy instead")
    parser.add_argument("--jobs", type=int, default=1, help="with --strong: games played at once, each in a process")
    parser.add_argument("--iterations", type=int, default=None, help="with --strong: rollouts a decision (not seconds)")
    parser.add_argument("--start", type=int, default=0, help="with --strong: the first game's number (its seed)")
    args = parser.parse_args()
    only = set(filter(None, args.only.split(",")))
    two = [(sid, opts) for sid, opts in SETUPS if opts.get("players", 2) == 2 and (not only or sid in only)]
    if args.strong:
        for system_id, options in two:
            start = time.perf_counter()
            row = run_strong(
                system_id, options, args.games, args.seconds, args.limit, args.jobs, args.start, args.iterations
            )
            row["wall_seconds"] = round(time.perf_counter() - start, 1)
            print(json.dumps(row), flush=True)
        return
    if args.lag:
        lag_env = {"WARBOARD_BOT_DELAY": "0", "WARBOARD_BOT_SECONDS": str(args.seconds)}
        with serving(args.url, lag_env) as url:
            for system_id, options in two:
                levels = ("easy", "easy") if args.control else ("strong", "easy")
                print(json.dumps(asyncio.run(_lag(url, system_id, options, args.duration, levels))), flush=True)
        return
    if args.ws:
        with serving(args.url) as url:
            for system_id, options in SETUPS:
                if not only or system_id in only:
                    print(json.dumps(run_ws(url, system_id, options, args.games, args.limit)), flush=True)
        return
    for system_id, options in SETUPS:
        if only and system_id not in only:
            continue
        modes = [True] if args.versus_only else [False, True]
        for versus in modes:
            if versus and options.get("players", 2) != 2:
                continue
            start = time.perf_counter()
            row = run(system_id, options, args.games, versus, args.limit)
            row["wall_seconds"] = round(time.perf_counter() - start, 1)
            print(json.dumps(row), flush=True)


if __name__ == "__main__":
    main()
