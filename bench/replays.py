"""Replay clients for the load generator: a table with a long log, and clients that ask its
replay at random seqs in a loop, as fast as the server answers (``--replay-clients``)."""

from __future__ import annotations

import asyncio
import random
from collections import Counter
from dataclasses import dataclass, field

import httpx


@dataclass
class ReplayStats:
    answers: Counter[int] = field(default_factory=Counter)
    seconds: list[float] = field(default_factory=list)


async def long_table(url: str, actions: int) -> tuple[str, int]:
    """A sandbox table with ``actions`` moves in its log; returns its id and last seq."""
    async with httpx.AsyncClient(base_url=url, timeout=30) as http:
        tid = (await http.post("/api/tables", json={"system": "sandbox", "name": "replayed"})).json()["id"]
        token = (await http.post(f"/api/tables/{tid}/join", json={"seat": "p1", "name": "p1"})).json()["token"]
        auth = {"Authorization": f"Bearer {token}"}
        await http.post(
            f"/api/tables/{tid}/actions",
            headers=auth,
            json={"id": "add", "action": {"kind": "add_token", "token": "t", "x": 1, "y": 1}},
        )
        last = 0
        for n in range(actions):
            r = await http.post(
                f"/api/tables/{tid}/actions",
                headers=auth,
                json={"id": f"r{n}", "action": {"kind": "move_token", "token": "t", "x": float(n % 40), "y": 3.0}},
            )
            last = r.json()["seq"]
        return tid, last


async def replay_loop(
    url: str, table_id: str, last: int, stop: asyncio.Event, stats: ReplayStats, seed: int, polite: bool = True
) -> None:
    rng = random.Random(seed)
    loop = asyncio.get_running_loop()
    async with httpx.AsyncClient(base_url=url, timeout=30) as http:
        while not stop.is_set():
            start = loop.time()
            r = await http.get(f"/api/tables/{table_id}/replay", params={"seq": rng.randint(0, last)})
            stats.answers[r.status_code] += 1
            stats.seconds.append(loop.time() - start)
            if r.status_code == 429 and polite:  # a well-behaved client waits as it is told
                await asyncio.sleep(float(r.headers.get("retry-after", "1")))
