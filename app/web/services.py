"""The app's services: made once by the app's lifespan (``app.server.factory``), set on the app
with ``install`` and read everywhere through ``services(app)``, typed."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import Engine
from starlette.applications import Starlette

from app.bots.hosted import Computers
from app.process.config import Settings
from app.session import Session
from app.session.bus import Bus
from app.transport.hub import Hubs
from app.transport.ratelimit import Buckets
from app.transport.sockets import SocketCounts


@dataclass(frozen=True)
class Services:
    """Everything a request or a websocket of this app may use, one of each per app."""

    settings: Settings
    engine: Engine
    bus: Bus
    session: Session
    hubs: Hubs  # this process's table hubs (the websockets' fan-out)
    buckets: Buckets  # the rate limits of HTTP requests, rule helpers and replays
    sockets: SocketCounts  # open websockets per token and per address
    computers: Computers  # the computer players this server runs


def install(app: Starlette, made: Services) -> None:
    """Set the app's services (once, at start-up)."""
    app.state.services = made


def services(app: Starlette) -> Services:
    """The app's services. Raises RuntimeError before ``install`` (the lifespan has not run)."""
    found = getattr(app.state, "services", None)
    if not isinstance(found, Services):
        raise RuntimeError("The app's services are not set: its lifespan has not started")
    return found
