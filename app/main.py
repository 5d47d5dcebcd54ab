"""The ASGI application: ``create_app(settings)``; ``app`` for ``uvicorn app.main:app``."""

from __future__ import annotations

import importlib
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from fastapi import FastAPI
from fastapi.staticfiles import StaticFiles

from app import __version__, systems
from app.config import ROOT, Settings, load
from app.session import Session
from app.storage.db import make_engine
from app.transport.bus import from_url
from app.transport.hub import Hubs
from app.transport.ws import table_socket
from app.web import api, errors, health, table_life
from app.web.limits import BodyLimit


def create_app(settings: Settings | None = None) -> FastAPI:
    settings = settings or load()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        engine = make_engine(settings.database_url, settings.sqlite_synchronous)
        bus = from_url(settings.bus_url)
        session = Session(engine, bus, settings.snapshot_every)
        app.state.settings = settings
        app.state.engine = engine
        app.state.bus = bus
        app.state.session = session
        app.state.hubs = Hubs(session, bus)
        app.state.buckets = {}
        try:
            yield
        finally:
            await app.state.hubs.close()
            session.writer.close()
            await bus.close()
            engine.dispose()

    app = FastAPI(title="Warboard", version=__version__, lifespan=lifespan,
                  description="A rules-enforcing live virtual tabletop for mecha wargames. "
                              "Errors: {\"error\": {\"code\", \"message\"}}.")
    errors.install(app)
    app.include_router(api.router)
    app.include_router(table_life.router)
    app.include_router(table_life.pages)
    app.include_router(health.router)
    app.add_api_websocket_route("/ws/tables/{table_id}", table_socket)
    try:
        pages = importlib.import_module("app.web.pages")
    except ModuleNotFoundError as exc:
        if exc.name != "app.web.pages":
            raise
    else:
        app.include_router(pages.router)
    app.mount("/static", StaticFiles(directory=ROOT / "static"), name="static")
    app.add_middleware(BodyLimit, max_body=settings.max_body)
    _document_actions(app)
    return app


def _document_actions(app: FastAPI) -> None:
    """Add each system's action union (discriminated on ``kind``) to /openapi.json."""
    from pydantic import TypeAdapter

    original = app.openapi

    def openapi() -> dict[str, Any]:
        if app.openapi_schema:
            return app.openapi_schema
        schema = original()
        components = schema.setdefault("components", {}).setdefault("schemas", {})
        for system in systems.registry.systems.values():
            sub = TypeAdapter(system.action_type).json_schema(ref_template="#/components/schemas/{model}")
            for name, definition in sub.pop("$defs", {}).items():
                components.setdefault(name, definition)
            title = "".join(p.capitalize() for p in system.id.replace("-", "_").split("_")) + "Action"
            components[title] = {**sub, "title": title,
                                 "description": f"An action at a {system.name} table"}
        app.openapi_schema = schema
        return schema

    app.openapi = openapi  # type: ignore[method-assign]


app = create_app()
