"""The heaviest requests a client may send leave the event loop free (issue 23).

A real server; for 10 s clients repeat, at once, the heaviest requests it accepts: an HGB table
with as much custom terrain as a table may hold, the HGB path helper at its work cap, and QR
codes (the longest text, a table's, the lobby's), plus the same requests over their caps, which
are refused. The server's own loop-lag sampler (``GET /metrics.json``) must stay under
:data:`LIMIT_MS`: every other table on the process waits as long as the loop is held.

The target is 50 ms. It was missed until 3 December (45-85 ms at the p99, 59-127 ms at worst on
an idle 2-core machine): every request asked the static files for the import map's hash, and
once a second that rescanned the folder on the loop, a system call per file, each waiting for the
interpreter lock behind the busy worker threads (found with ``WARBOARD_STALL_TRACE``). The scan
now runs on a thread of its own (``app.web.assets``); four runs here gave 22-44 ms at worst.

The machine is shared: a process that only sleeps 50 ms at a time runs beside the server and
says how late the machine itself wakes a process (``bench.games.CONTROL``); the assertion
leaves the server that much more.
"""

from __future__ import annotations

import asyncio
import math
import time
from typing import Any

import httpx
import pytest

from app.systems.hgb.board import MAX_CORNERS
from app.systems.hgb.helpers import MAX_PATH_WORK
from bench.games import control
from tests.conftest import Server

pytestmark = pytest.mark.anyio

LIMIT_MS = 50.0


def terrain(pieces: int, corners: int) -> list[dict[str, Any]]:
    """``pieces`` forest outlines of ``corners`` corners each, in rows across the table."""
    out = []
    for i in range(pieces):
        cx, cy = 1.5 + (i % 15) * 3.1, 4 + (i // 15) * 3
        out.append(
            {
                "id": f"f{i}",
                "type": "forest",
                "polygon": [
                    [
                        round(cx + 1.2 * math.cos(2 * math.pi * k / corners), 2),
                        round(cy + 1.2 * math.sin(2 * math.pi * k / corners), 2),
                    ]
                    for k in range(corners)
                ],
            }
        )
    return out


def path_body(pieces: list[dict[str, Any]], points: int) -> dict[str, Any]:
    return {
        "terrain": pieces,
        "x": 24,
        "y": 1,
        "facing": 90,
        "mp": 60,
        "path": [[24, 1 + 46 / points * k] for k in range(1, points + 1)],
    }


def test_the_caps_refuse_more_work_with_stable_codes(fast_server: Server) -> None:
    client = fast_server.client()
    over = terrain(MAX_CORNERS // 20, 21)  # over the table's corner cap, within its 200 pieces
    refused = client.post("/api/tables", json={"system": "hgb", "name": "Too much", "options": {"terrain": over}})
    assert refused.status_code == 400, refused.text
    error = refused.json()["error"]
    assert error["code"] == "bad_options" and f"{MAX_CORNERS:,}" in error["message"]
    at_cap = terrain(MAX_CORNERS // 10, 10)
    made = client.post("/api/tables", json={"system": "hgb", "name": "Full", "options": {"terrain": at_cap}})
    assert made.status_code == 201, made.text
    assert len(made.json()["options"]["terrain"]) == MAX_CORNERS // 10
    # the path helper: points x terrain corners
    points = MAX_PATH_WORK // MAX_CORNERS
    fine = client.post("/api/rules/hgb/path", json=path_body(at_cap, points))
    assert fine.status_code == 200, fine.text
    heavy = client.post("/api/rules/hgb/path", json=path_body(at_cap, points + 1))
    assert heavy.status_code == 422, heavy.text
    assert heavy.json()["error"]["code"] == "too_much_work"
    assert f"{MAX_PATH_WORK:,}" in heavy.json()["error"]["message"]
    too_much = client.post("/api/rules/hgb/path", json=path_body(over, 1))
    assert too_much.status_code == 422 and too_much.json()["error"]["code"] == "too_much_work"


async def _repeat(client: httpx.AsyncClient, requests: list[tuple[str, str, Any]], until: float) -> list[int]:
    statuses = []
    while not statuses or time.monotonic() < until:
        for method, url, body in requests:
            answer = await client.request(method, url, json=body)
            statuses.append(answer.status_code)
    return statuses


async def test_heavy_requests_for_10_s_leave_the_loop_free(fast_server: Server) -> None:
    at_cap = terrain(MAX_CORNERS // 10, 10)
    over = terrain(MAX_CORNERS // 20, 21)
    few = terrain(MAX_PATH_WORK // 100 // 10, 10)  # 100 points over this terrain: at the cap too
    async with httpx.AsyncClient(base_url=fast_server.url, timeout=60) as client:
        table = (await client.post("/api/tables", json={"system": "sandbox", "name": "QR"})).json()["id"]
        creates = [
            ("POST", "/api/tables", {"system": "hgb", "name": "Full", "options": {"terrain": at_cap}}),
            ("POST", "/api/tables", {"system": "hgb", "name": "Over", "options": {"terrain": over}}),
        ]
        paths = [
            ("POST", "/api/rules/hgb/path", path_body(at_cap, MAX_PATH_WORK // MAX_CORNERS)),
            ("POST", "/api/rules/hgb/path", path_body(few, 100)),
            ("POST", "/api/rules/hgb/path", path_body(at_cap, 100)),
        ]
        qrs = [
            ("POST", "/api/qr", {"text": "https://warboard.example/tables/" + "x" * 560}),
            ("GET", f"/tables/{table}/qr.svg", None),
            ("GET", f"/tables/{table}/qr.svg?watch=1", None),
            ("GET", "/lobby/qr.svg", None),
        ]
        await _repeat(client, creates + paths + qrs, 0)  # once each: what a first call loads is not measured
        await asyncio.sleep(10.5)  # the sampler's 10 s window holds only what follows
        until = time.monotonic() + 10
        machine, *runs = await asyncio.gather(
            control(10),
            _repeat(client, creates, until),
            _repeat(client, paths, until),
            _repeat(client, qrs, until),
            _repeat(client, qrs[:1], until),
        )
        loop = (await client.get("/metrics.json")).json()["loop"]["windows"]["10s"]
    statuses = [s for run in runs for s in run]
    print(f"\nloop lag over 10 s: {loop}; the machine's own wake-up delay (max, p99 ms): {machine}")
    print(f"{len(statuses)} requests: " + ", ".join(f"{s}: {statuses.count(s)}" for s in sorted(set(statuses))))
    assert set(statuses) <= {200, 201, 400, 422}, statuses
    assert statuses.count(201) >= 3 and statuses.count(200) >= 10
    slack = machine[0] if machine else 0.0
    assert loop["samples"] > 100
    assert loop["max_ms"] < LIMIT_MS + slack, (loop, machine)
