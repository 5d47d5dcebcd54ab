"""Health checks for a process manager or a proxy.

``GET /healthz``: liveness. The process answers; the body shows the bus's state (connected,
outages, the last gap in seconds) so an outage that polling covered stays visible.
``GET /readyz``: readiness. 200 only if the database answers a query and the bus is connected
(each within ``CHECK_TIMEOUT`` seconds), else 503 with what failed.
"""

from __future__ import annotations

import asyncio
from typing import Any

import anyio
from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse
from sqlalchemy import text

router = APIRouter(tags=["health"])
CHECK_TIMEOUT = 2.0


def _bus_health(request: Request) -> dict[str, Any]:
    bus = request.app.state.bus
    return bus.health() if hasattr(bus, "health") else {"kind": "memory", "connected": True}


@router.get("/healthz", summary="Liveness: the process answers")
async def healthz(request: Request) -> dict[str, Any]:
    return {"ok": True, "bus": _bus_health(request)}


@router.get(
    "/readyz",
    summary="Readiness: the database and the bus answer",
    responses={503: {"description": "The database or the bus does not answer"}},
)
async def readyz(request: Request) -> JSONResponse:
    engine = request.app.state.engine

    def ping() -> None:
        with engine.connect() as conn:
            conn.execute(text("SELECT 1"))

    database: dict[str, Any] = {"ok": True}
    try:
        await asyncio.wait_for(anyio.to_thread.run_sync(ping, abandon_on_cancel=True), CHECK_TIMEOUT)
    except Exception as exc:
        database = {"ok": False, "error": type(exc).__name__}
    bus = _bus_health(request)
    ok = database["ok"] and bool(bus.get("connected"))
    return JSONResponse({"ok": ok, "database": database, "bus": bus}, status_code=200 if ok else 503)
