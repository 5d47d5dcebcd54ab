"""The app factory: ``create_app(settings)`` makes the ASGI application, whose lifespan makes the
``Services`` once (``app.web.services``) and hands each layer its part; ``app.main`` holds the
app ``uvicorn app.main:app`` serves."""

from __future__ import annotations

import gc
import importlib
import logging
import os
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from fastapi import FastAPI
from starlette.middleware.gzip import GZipMiddleware

from app import __version__
from app.bots import hosted, policy
from app.process import collector
from app.process.config import Settings, load
from app.process.outage import quiet_logs
from app.server import mdns
from app.session import Session
from app.storage.db import make_engine
from app.transport import metrics
from app.transport.bus import from_url
from app.transport.hub import Hubs
from app.transport.ratelimit import Buckets
from app.transport.sockets import SocketCounts
from app.web import (
    api,
    apidocs,
    computers,
    errors,
    guide,
    health,
    live,
    my_games,
    openapi,
    operator,
    replay,
    report,
    share,
    table_life,
)
from app.web.assets import assets
from app.web.guard import Guard
from app.web.limits import BodyLimit
from app.web.schemas import ErrorResponse
from app.web.services import Services, install

#: every status an API operation may answer besides its own (documented in /openapi.json)
ERROR_CODES = (400, 401, 403, 404, 409, 413, 422, 429, 503)
GZIP_FROM = 512  # bytes: a shorter answer is sent as it is
log = logging.getLogger("warboard.server")


def warm_routes(app: FastAPI) -> None:
    """Build every included router's routes now. FastAPI works out an included router's routes
    (each one's dependencies, parameters and models) on the first request that reaches the
    router, on the event loop: tens of milliseconds during which every table of the process
    waits. At start-up it costs nothing, and what it builds is frozen with the rest of start-up's
    objects (``app.process.collector``). (FastAPI's own methods, found by name: if a later
    version has none, nothing is warmed and nothing breaks.)"""
    routes = list(app.router.routes)
    while routes:
        route = routes.pop()
        for name in ("effective_candidates", "effective_low_priority_routes"):
            build = getattr(route, name, None)
            if callable(build):
                routes.extend(build())


def create_app(settings: Settings | None = None, announce: tuple[list[str], int] | None = None) -> FastAPI:
    """The app; ``announce`` (LAN addresses, port): announce it over mDNS while it runs
    (``warboard serve --lan``, ``app.server.mdns``)."""
    settings = settings or load()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        started = time.monotonic()
        engine = make_engine(settings.database_url, settings.sqlite_synchronous)
        bus = from_url(settings.bus_url)
        session = Session(engine, bus, settings.snapshot_every)
        made = Services(
            settings, engine, bus, session, Hubs(session, bus), Buckets(settings), SocketCounts(), hosted.Computers()
        )
        install(app, made)
        metrics.lag.start()  # the event loop's lag, at GET /metrics (and /metrics.json)
        stalls = metrics.StallTrace(settings.stall_trace_ms) if settings.stall_trace_ms > 0 else None
        if stalls is not None:
            stalls.start()
        responder = await mdns.announce(*announce) if announce else None
        self_url = os.environ.get("WARBOARD_SELF_URL")  # set by `warboard serve`
        if self_url:  # computer seats play on after a restart
            await hosted.restore(made.computers, session, self_url)
        session.clocks.chooser = policy.choose  # a seat out of time: the computer plays its turn
        await session.clocks.restore()  # running clocks' deadlines, from the log
        # What start-up made (modules, routes, schemas: ~130k objects) lives as long as the
        # process: out of the collector's sight, so a full collection no longer walks it on the
        # event loop (it took 100-170 ms each time on a busy 2-core machine).
        warm_routes(app)
        if not gc.get_freeze_count():  # once per process (tests start many apps in one)
            gc.collect()
            gc.freeze()
            collector.arm()  # and the survivors of every pass from now on (app/process/collector.py)
        try:
            yield
        finally:
            await mdns.withdraw(responder)
            await made.computers.stop_all()
            await session.clocks.stop()
            await metrics.lag.stop()
            if stalls is not None:
                stalls.stop()
            await made.hubs.close()
            session.writer.close()
            await bus.close()
            engine.dispose()
            log.info("Warboard stopped after %.0f s", time.monotonic() - started)

    quiet_logs()
    assets.files()  # read and compress the static files now, not on the first page's request
    app = FastAPI(
        title="Warboard",
        version=__version__,
        lifespan=lifespan,
        docs_url=None,  # /docs and /redoc are served from the package's files (app/web/apidocs.py)
        redoc_url=None,
        responses={c: {"model": ErrorResponse} for c in ERROR_CODES},
        description="A rules-enforcing live virtual tabletop for mecha wargames. "
        'Errors: {"error": {"code", "message"}}.',
    )
    errors.install(app)
    app.include_router(api.router)
    app.include_router(replay.router)  # GET /api/tables/{id}/replay
    app.include_router(share.router)  # GET /api/tables/{id}/share.html and log.json
    app.include_router(report.router)  # GET /api/tables/{id}/report
    app.include_router(report.pages)  # /tables/{id}/report
    app.include_router(computers.router)
    app.include_router(guide.router)  # hints and rules panels (guided games)
    app.include_router(table_life.router)
    app.include_router(my_games.router)  # POST /api/my-games
    app.include_router(table_life.pages)
    app.include_router(health.router)
    app.include_router(operator.router)  # off (404) unless WARBOARD_OPERATOR_TOKEN is set
    apidocs.install(app)  # /docs, /redoc and their files, no CDN
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
    openapi.install(app)  # action unions, plain names and titles, examples (app/web/openapi.py)
    return app
