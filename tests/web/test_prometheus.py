"""``GET /metrics`` of a real server after some play, read with Prometheus's own parser
(``prometheus_client.parser.text_string_to_metric_families``): every family is there, with the
tables by game, the connections, the updates sent, HTTP answers, refusals by code, rate-limit
refusals, and the loop-lag and commit histograms. ``/metrics.json`` still answers the JSON report."""

from __future__ import annotations

import asyncio
from pathlib import Path

import httpx
import pytest
from prometheus_client.parser import text_string_to_metric_families

from tests.conftest import Server
from tests.kit.table import open_table_async

pytestmark = pytest.mark.anyio

FAMILIES = {
    "warboard_tables": "gauge",
    "warboard_live_tables": "gauge",
    "warboard_connections": "gauge",
    "warboard_computer_players": "gauge",
    "warboard_updates_sent": "counter",
    "warboard_update_bytes": "counter",
    "warboard_http_responses": "counter",
    "warboard_refusals": "counter",
    "warboard_rate_limited": "counter",
    "warboard_outages": "counter",
    "warboard_dependency_down": "gauge",
    "warboard_event_loop_lag_seconds": "histogram",
    "warboard_commit_seconds": "histogram",
    "process_cpu_seconds": "counter",
    "process_resident_memory_bytes": "gauge",
}


def samples(text: str) -> dict[tuple[str, frozenset[tuple[str, str]]], float]:
    families = {f.name: f for f in text_string_to_metric_families(text)}
    for name, kind in FAMILIES.items():
        assert name in families, f"{name} is not in /metrics"
        assert families[name].type == kind, (name, families[name].type)
    return {(s.name, frozenset(s.labels.items())): s.value for f in families.values() for s in f.samples}


def value(found: dict[tuple[str, frozenset[tuple[str, str]]], float], name: str, **labels: str) -> float:
    return found.get((name, frozenset(labels.items())), 0.0)


async def test_prometheus_parses_metrics_after_some_play(tmp_path: Path) -> None:
    env = {"WARBOARD_HTTP_RATE": "1", "WARBOARD_HTTP_BURST": "40"}
    with Server(f"sqlite:///{tmp_path / 'warboard.sqlite3'}", env=env).start() as server:
        async with httpx.AsyncClient(base_url=server.url, timeout=30) as http:
            seated = await open_table_async(http, "sandbox")
            await http.post("/api/tables", json={"system": "gkr", "name": "Second"})
            player = await seated.socket(server.ws_url, "p1")
            watcher = await seated.socket(server.ws_url, None, drain=True)
            for i in range(3):
                action = {"kind": "add_token", "token": f"t{i}", "x": i, "y": 1, "label": "T"}
                seq = (await player.act(action))["seq"]
            await watcher.until_seq(seq)
            await player.until_seq(seq)  # its own update follows the ack
            refused = await player.act({"kind": "no_such_kind"})
            assert refused["type"] == "error", refused
            assert (await http.get("/api/tables/nope")).status_code == 404
            live = samples((await http.get("/metrics")).text)
            answers = [(await http.post(f"/api/tables/{seated.id}/spectate", json={})).status_code for _ in range(60)]
            assert 429 in answers
            await player.close()
            await watcher.close()
            for _ in range(50):  # the sockets' ends reach the counts
                text = (await http.get("/metrics")).text
                if value(samples(text), "warboard_connections") == 0:
                    break
                await asyncio.sleep(0.1)
            after = samples(text)
            response = await http.get("/metrics")
            json_report = (await http.get("/metrics.json")).json()
    assert response.headers["content-type"].startswith("text/plain; version=")
    assert value(live, "warboard_tables", game="sandbox", status="open") == 1
    assert value(live, "warboard_tables", game="gkr", status="open") == 1
    assert value(live, "warboard_connections") == 2 and value(live, "warboard_live_tables") >= 1
    assert (
        value(live, "warboard_updates_sent_total", form="patch")
        + value(live, "warboard_updates_sent_total", form="full")
        >= 6
    )  # three moves, two sockets
    assert value(live, "warboard_update_bytes_total", form="patch") > 0
    assert value(live, "warboard_refusals_total", code=refused["error"]["code"], transport="ws") >= 1
    assert value(live, "warboard_refusals_total", code="unknown_table", transport="http") >= 1
    assert value(live, "warboard_http_responses_total", status="200") >= 4  # the start-up check, two joins, a spectator
    assert value(live, "warboard_http_responses_total", status="404") >= 1
    assert value(after, "warboard_rate_limited_total", code="rate_limited", transport="http") >= 1
    assert value(after, "warboard_http_responses_total", status="429") >= 1
    assert value(after, "warboard_connections") == 0
    assert value(after, "warboard_event_loop_lag_seconds_count") > 0
    commits = sum(value(after, "warboard_commit_seconds_count", path=p) for p in ("on_loop", "writer", "thread"))
    assert commits >= 3
    assert value(after, "warboard_dependency_down", dependency="database") == 0
    assert json_report["loop"]["samples"] > 0 and json_report["updates"]["sent"] >= 6
