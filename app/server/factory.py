"""The app factory: ``create_app(settings)`` makes the ASGI application, whose lifespan makes the
``Services`` once (``app.web.services``) and hands each layer its part; ``app.main`` holds the
app ``uvicorn app.main:app`` serves."""

from __future__ import annotations

import gc
import importlib
import os
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from fastapi import FastAPI
from starlette.middleware.gzip import GZipMiddleware

from app import __version__, systems
from app.bots import hosted
from app.process import collector
from app.process.config import Settings, load
from app.process.outage import quiet_logs
from app.session import Session
from app.storage.db import make_engine
from app.transport import metrics
from app.transport.bus import from_url
from app.transport.hub import Hubs
from app.transport.ratelimit import Buckets
from app.transport.sockets import SocketCounts
from app.web import api, computers, errors, health, live, replay, table_life
from app.web.assets import assets
from app.web.guard import Guard
from app.web.limits import BodyLimit
from app.web.schemas import ErrorResponse
from app.web.services import Services, install

#: every status an API operation may answer besides its own (documented in /openapi.json)
ERROR_CODES = (400, 401, 403, 404, 409, 413, 422, 429, 503)
GZIP_FROM = 512  # bytes: a shorter answer is sent as it is


def create_app(settings: Settings | None = None) -> FastAPI:
    settings = settings or load()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        engine = make_engine(settings.database_url, settings.sqlite_synchronous)
        bus = from_url(settings.bus_url)
        session = Session(engine, bus, settings.snapshot_every)
        made = Services(
            settings, engine, bus, session, Hubs(session, bus), Buckets(settings), SocketCounts(), hosted.Computers()
        )
        install(app, made)
        metrics.lag.start()  # the event loop's lag, at GET /metrics
        self_url = os.environ.get("WARBOARD_SELF_URL")  # set by `warboard serve`
        if self_url:  # computer seats play on after a restart
            await hosted.restore(made.computers, session, self_url)
        # What start-up made (modules, routes, schemas: ~130k objects) lives as long as the
        # process: out of the collector's sight, so a full collection no longer walks it on the
        # event loop (it took 100-170 ms each time on a busy 2-core machine).
        if not gc.get_freeze_count():  # once per process (tests start many apps in one)
            gc.collect()
            gc.freeze()
            collector.arm()  # and the survivors of every pass from now on (app/process/collector.py)
        try:
            yield
        finally:
            await made.computers.stop_all()
            await metrics.lag.stop()
            await made.hubs.close()
            session.writer.close()
            await bus.close()
            engine.dispose()

    quiet_logs()
    assets.files()  # read and compress the static files now, not on the first page's request
    app = FastAPI(
        title="Warboard",
        version=__version__,
        lifespan=lifespan,
        responses={c: {"model": ErrorResponse} for c in ERROR_CODES},
        description="A rules-enforcing live virtual tabletop for mecha wargames. "
        'Errors: {"error": {"code", "message"}}.',
    )
    errors.install(app)
    app.include_router(api.router)
    app.include_router(replay.router)  # GET /api/tables/{id}/replay
    app.include_router(computers.router)
    app.include_router(table_life.router)
    app.include_router(table_life.pages)
    app.include_router(health.router)
    app.add_api_websocket_route("/ws/tables/{table_id}", live.table_socket)
    try:
        pages = importlib.import_module("app.web.pages")
    except ModuleNotFoundError as exc:
        if exc.name != "app.web.pages":
            raise
    else:
        app.include_router(pages.router)
    app.mount("/static", assets, name="static")  # hashed names, pre-compressed (app/web/assets.py)
    # Pages and API answers are compressed as they go (level 6: nearly 9's size at a third of the
    # time); static files come compressed already, and websockets are never touched.
    app.add_middleware(GZipMiddleware, minimum_size=GZIP_FROM, compresslevel=6)
    app.add_middleware(BodyLimit, max_body=settings.max_body)
    app.add_middleware(
        Guard,
        frame_ancestors=os.environ.get("WARBOARD_FRAME_ANCESTORS", "'none'"),
        max_body=settings.max_body,
        script_hash=assets.script_hash,
    )  # outermost: headers on every answer
    _document_actions(app)
    return app


def _document_actions(app: FastAPI) -> None:
    """Add each system's action union (discriminated on ``kind``) to /openapi.json.

    Each system's models get names of their own (``HgbMove``, ``GkrAttack``): systems share
    model names (``Move``, ``Attack``), and one must never document another's."""
    from pydantic import TypeAdapter

    original = app.openapi

    def openapi() -> dict[str, Any]:
        if app.openapi_schema:
            return app.openapi_schema
        schema = original()
        components = schema.setdefault("components", {}).setdefault("schemas", {})
        for system in systems.registry.systems.values():
            prefix = "".join(p.capitalize() for p in system.id.replace("-", "_").split("_"))
            sub = TypeAdapter(system.action_type).json_schema(ref_template="#/$defs/{model}")
            defs = sub.pop("$defs", {})
            names = {name: _unique(components, name if name.startswith(prefix) else prefix + name) for name in defs}
            for name, definition in defs.items():
                components[names[name]] = _rename_refs(definition, names)
            title = prefix + "Action"
            components[title] = {
                **_rename_refs(sub, names),
                "title": title,
                "description": f"An action at a {system.name} table",
            }
        app.openapi_schema = schema
        return schema

    app.openapi = openapi  # type: ignore[method-assign]


def _unique(components: dict[str, Any], name: str) -> str:
    candidate, n = name, 2
    while candidate in components:
        candidate, n = f"{name}{n}", n + 1
    return candidate


def _rename_refs(node: Any, names: dict[str, str]) -> Any:
    if isinstance(node, dict):
        out: dict[str, Any] = {}
        for key, value in node.items():
            if key == "$ref" and isinstance(value, str) and value.startswith("#/$defs/"):
                out[key] = "#/components/schemas/" + names[value[len("#/$defs/") :]]
            elif key == "mapping" and isinstance(value, dict):
                out[key] = {
                    k: "#/components/schemas/" + names[v[len("#/$defs/") :]]
                    if isinstance(v, str) and v.startswith("#/$defs/")
                    else v
                    for k, v in value.items()
                }
            else:
                out[key] = _rename_refs(value, names)
        return out
    if isinstance(node, list):
        return [_rename_refs(v, names) for v in node]
    return node
