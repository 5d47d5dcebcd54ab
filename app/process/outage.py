"""Outages are outages: the database or the bus down answers 503 ``unavailable`` with
``Retry-After`` (HTTP) or an ``error`` and close code 1011 (websocket), and the log gets one
line when a dependency goes down and one when it is back, not a traceback per request."""

from __future__ import annotations

import logging
import time

import redis.exceptions
import sqlalchemy.exc

from app.core.errors import Unavailable
from app.process import prom

log = logging.getLogger("warboard.outage")
RETRY_AFTER = 2  # seconds a client waits before trying again

DATABASE_ERRORS: tuple[type[Exception], ...] = (
    sqlalchemy.exc.OperationalError,
    sqlalchemy.exc.InterfaceError,
    sqlalchemy.exc.TimeoutError,
)
BUS_ERRORS: tuple[type[Exception], ...] = (
    redis.exceptions.ConnectionError,
    redis.exceptions.TimeoutError,
    ConnectionError,
    TimeoutError,
)
OUTAGE_ERRORS = DATABASE_ERRORS + BUS_ERRORS


def is_outage(exc: BaseException) -> bool:
    if isinstance(exc, (Unavailable, *OUTAGE_ERRORS)):
        return True
    return isinstance(exc, sqlalchemy.exc.DBAPIError) and bool(exc.connection_invalidated)


def what(exc: BaseException) -> str:
    if isinstance(exc, sqlalchemy.exc.SQLAlchemyError):
        return "database"
    if isinstance(exc, Unavailable):
        return str(exc.detail.get("dependency", "service"))
    return "bus"


class Outages:
    """Which dependencies are down now, each logged once when it fails and once when back."""

    def __init__(self) -> None:
        self.down: dict[str, float] = {}

    def failed(self, exc: BaseException) -> Unavailable:
        kind = what(exc)
        if kind not in self.down:
            self.down[kind] = time.monotonic()
            prom.outages.labels(kind).inc()
            prom.down.labels(kind).set(1)
            first = str(exc).strip().splitlines()[0][:200] if str(exc).strip() else type(exc).__name__
            log.error("%s unavailable: %s: %s", kind, type(exc).__name__, first)
        return Unavailable(f"The {kind} is unavailable; try again in a few seconds", dependency=kind)

    def ok(self) -> None:
        """A request that needed the database and the bus went through: they are back."""
        for kind, since in list(self.down.items()):
            del self.down[kind]
            prom.down.labels(kind).set(0)
            log.warning("%s recovered after %.1f s", kind, time.monotonic() - since)


outages = Outages()


class _OneLine(logging.Filter):
    """A client's invalid UTF-8 frame is the client's fault: one line (the socket is closed
    with 1007), not a traceback."""

    def filter(self, record: logging.LogRecord) -> bool:
        if str(record.msg).startswith("Invalid UTF-8"):
            record.exc_info = None
            record.exc_text = None
            record.levelno, record.levelname = logging.INFO, "INFO"
        return True


class _NoTokens(logging.Filter):
    """Tokens never reach a log: ``token=...`` in a logged address becomes ``token=***``."""

    def filter(self, record: logging.LogRecord) -> bool:
        if record.args and isinstance(record.args, tuple):
            record.args = tuple(_TOKEN.sub(r"\1***", a) if isinstance(a, str) else a for a in record.args)
        if isinstance(record.msg, str) and "token=" in record.msg:
            record.msg = _TOKEN.sub(r"\1***", record.msg)
        return True


_TOKEN = __import__("re").compile(r"((?:^|[?&#\s])(?:token|host|seat)=)[^&\s\"]+")


def quiet_logs() -> None:
    """Install the filters above on uvicorn's loggers (idempotent)."""
    for name, kind in (("uvicorn.error", _OneLine), ("uvicorn.access", _NoTokens), ("uvicorn.error", _NoTokens)):
        logger = logging.getLogger(name)
        if not any(isinstance(f, kind) for f in logger.filters):
            logger.addFilter(kind())
