"""Health checks for a process manager or a proxy.

``GET /healthz``: liveness. The process answers; the body shows the bus's state (connected,
outages, the last gap in seconds) so an outage that polling covered stays visible.
``GET /metrics``: what the process measures of itself in Prometheus's text format
(``app.process.prom``); ``GET /metrics.json``: the same process's JSON report
(``app.transport.metrics``), as ``/metrics`` answered before.
``GET /readyz``: readiness. 200 only if the database answers a query and can write, and the bus
is connected (each within ``CHECK_TIMEOUT`` seconds), else 503 with what failed. A database that
answers but cannot write is ``"error": "read_only"`` or ``"disk_full"``: a SQLite file on a
read-only filesystem, or one the process may not write, or with less than ``MIN_FREE`` bytes
left on its filesystem (a query still answers then, and SQLite even commits into the WAL file it
already has, until a checkpoint needs the disk); a PostgreSQL session that is read-only (a
standby). A query that fails is the exception's name, as before.
"""

from __future__ import annotations

import asyncio
import os
from pathlib import Path
from typing import Any, Literal

import anyio
from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, Response
from prometheus_client import CONTENT_TYPE_LATEST, generate_latest
from pydantic import BaseModel, Field
from sqlalchemy import Engine, func, select, text

from app.process import prom
from app.storage.models import tables
from app.transport import metrics as measured
from app.web.services import services

router = APIRouter(tags=["health"])
CHECK_TIMEOUT = 2.0
#: a SQLite database with fewer bytes free on its filesystem is not ready (WARBOARD_MIN_FREE_MB)
MIN_FREE = int(float(os.environ.get("WARBOARD_MIN_FREE_MB", 32)) * 1024 * 1024)


def writable(engine: Engine) -> dict[str, Any]:
    """Whether the database can write: ``{"writable": bool, "error"?: "read_only" | "disk_full",
    "free_bytes"?: N}`` (blocking; runs on a thread)."""
    if engine.url.get_backend_name() != "sqlite":
        with engine.connect() as conn:
            read_only = conn.execute(text("SHOW transaction_read_only")).scalar() == "on"
        return {"writable": False, "error": "read_only"} if read_only else {"writable": True}
    name = engine.url.database
    if not name or name == ":memory:":
        return {"writable": True}
    path = Path(name)
    disk = os.statvfs(path.parent)
    if disk.f_flag & os.ST_RDONLY or not os.access(path.parent, os.W_OK) or not os.access(path, os.W_OK):
        return {"writable": False, "error": "read_only"}
    free = disk.f_bavail * disk.f_frsize
    if free < MIN_FREE:
        return {"writable": False, "error": "disk_full", "free_bytes": free}
    return {"writable": True, "free_bytes": free}


def _bus_health(request: Request) -> dict[str, Any]:
    bus = services(request.app).bus
    return bus.health() if hasattr(bus, "health") else {"kind": "memory", "connected": True}


class BusHealth(BaseModel):
    """The bus's state: ``memory`` (one process) or ``redis``, with its outages."""

    kind: Literal["memory", "redis"]
    connected: bool
    process: str | None = Field(None, description="Redis: this process's id on the bus")
    tables: int | None = Field(None, description="Redis: tables this process follows")
    outages: int | None = Field(None, description="Redis: outages since the process started")
    last_gap_s: float | None = Field(None, description="Redis: seconds the last outage lasted")
    down_for_s: float | None = Field(None, description="Redis: seconds the current outage has lasted (null: up)")


class Health(BaseModel):
    ok: bool = Field(description="Always true: the process answers")
    bus: BusHealth


@router.get(
    "/healthz",
    summary="Liveness: the process answers",
    response_model=Health,
    response_model_exclude_unset=True,
    operation_id="check_health",
)
async def healthz(request: Request) -> dict[str, Any]:
    """Liveness: true whenever the process answers, with the bus's state (an outage that polling
    covered stays visible here). Readiness is ``/readyz``."""
    return {"ok": True, "bus": _bus_health(request)}


@router.get(
    "/readyz",
    summary="Readiness: the database answers and can write, and the bus answers",
    operation_id="check_ready",
    responses={503: {"description": "The database or the bus does not answer, or the database cannot write"}},
)
async def readyz(request: Request) -> JSONResponse:
    """200 when the database answers a query and can write and the bus is connected, each
    within two seconds; else 503 with what failed (``read_only``, ``disk_full``, the error's
    name)."""
    engine = services(request.app).engine

    def ping() -> dict[str, Any]:
        with engine.connect() as conn:
            conn.execute(text("SELECT 1"))
        return writable(engine)

    try:
        found = await asyncio.wait_for(anyio.to_thread.run_sync(ping, abandon_on_cancel=True), CHECK_TIMEOUT)
        database: dict[str, Any] = {"ok": bool(found["writable"]), **found}
    except Exception as exc:
        database = {"ok": False, "error": type(exc).__name__}
    bus = _bus_health(request)
    ok = database["ok"] and bool(bus.get("connected"))
    return JSONResponse({"ok": ok, "database": database, "bus": bus}, status_code=200 if ok else 503)


def table_counts(engine: Engine) -> list[tuple[str, str, int]]:
    """(game, status, count) of the database's tables (blocking; runs on a thread)."""
    query = select(tables.c.system, tables.c.status, func.count()).group_by(tables.c.system, tables.c.status)
    with engine.connect() as conn:
        return [(str(game), str(status), int(n)) for game, status, n in conn.execute(query)]


@router.get(
    "/metrics",
    summary="This process in Prometheus's text format: tables, connections, updates, HTTP answers, refusals, "
    "outages, loop lag and commit latency",
    response_class=Response,
    responses={200: {"content": {CONTENT_TYPE_LATEST: {}}}},
    operation_id="read_metrics",
)
async def metrics(request: Request) -> Response:
    """This process's counters and gauges in Prometheus's text format (one process: scrape each)."""
    s = services(request.app)
    try:
        counts = await asyncio.wait_for(anyio.to_thread.run_sync(table_counts, s.engine), CHECK_TIMEOUT)
    except Exception:  # the database is down: the rest still answers (warboard_dependency_down says so)
        counts = None
    if counts is not None:
        prom.set_tables(counts)
    prom.live_tables.set(s.hubs.live)
    prom.connections.set(sum(s.sockets.tokens.values()))
    prom.computers.set(len(s.computers.owners))
    return Response(generate_latest(prom.REGISTRY), media_type=CONTENT_TYPE_LATEST)


@router.get(
    "/metrics.json",
    summary="This process as JSON: event-loop lag, websocket updates and their bytes, CPU and memory",
    operation_id="read_metrics_json",
)
async def metrics_json(request: Request) -> dict[str, Any]:
    """The same process's measures as JSON (what ``/metrics`` answered before it spoke Prometheus)."""
    s = services(request.app)
    strong = sum(1 for key in s.computers.owners if s.computers.levels.get(key) == "strong")
    return measured.report(s.session.writer, len(s.computers.owners), strong)
