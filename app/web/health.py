"""Health checks for a process manager or a proxy.

``GET /healthz``: liveness. The process answers; the body shows the bus's state (connected,
outages, the last gap in seconds) so an outage that polling covered stays visible.
``GET /metrics``: what the process measures of itself (``app.transport.metrics``).
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
from typing import Any

import anyio
from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse
from sqlalchemy import Engine, text

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


@router.get("/healthz", summary="Liveness: the process answers")
async def healthz(request: Request) -> dict[str, Any]:
    return {"ok": True, "bus": _bus_health(request)}


@router.get(
    "/readyz",
    summary="Readiness: the database answers and can write, and the bus answers",
    responses={503: {"description": "The database or the bus does not answer, or the database cannot write"}},
)
async def readyz(request: Request) -> JSONResponse:
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


@router.get("/metrics", summary="This process: event-loop lag, websocket updates and their bytes, CPU and memory")
async def metrics(request: Request) -> dict[str, Any]:
    s = services(request.app)
    return measured.report(s.session.writer, len(s.computers.owners))
