"""Settings, read once from the environment (``WARBOARD_*``)."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

_APP = Path(__file__).resolve().parent.parent  # the ``app`` package
#: where templates/, static/, migrations/ and alembic.ini are: the checkout, or the copy an
#: installed package carries (app/_bundle, made by setup.py), or WARBOARD_HOME if set
ROOT = Path(
    os.environ.get("WARBOARD_HOME")
    or next((p for p in (_APP.parent, _APP / "_bundle") if (p / "migrations").is_dir()), _APP.parent)
)
_DATA = ROOT / "data" if ROOT.name != "_bundle" else Path.cwd() / "data"  # installed: beside the caller
DEFAULT_DATABASE_URL = f"sqlite:///{_DATA / 'warboard.sqlite3'}"


def _int(name: str, default: int) -> int:
    return int(os.environ.get(name, default))


def _float(name: str, default: float) -> float:
    return float(os.environ.get(name, default))


@dataclass(frozen=True)
class Settings:
    database_url: str = field(default_factory=lambda: os.environ.get("WARBOARD_DATABASE_URL", DEFAULT_DATABASE_URL))
    bus_url: str = field(default_factory=lambda: os.environ.get("WARBOARD_BUS_URL", "memory://"))
    #: largest HTTP body and websocket frame accepted, in bytes
    max_body: int = field(default_factory=lambda: _int("WARBOARD_MAX_BODY", 64 * 1024))
    #: messages a websocket may send per second (sustained) and in a burst
    ws_rate: int = field(default_factory=lambda: _int("WARBOARD_WS_RATE", 30))
    ws_burst: int = field(default_factory=lambda: _int("WARBOARD_WS_BURST", 60))
    #: HTTP requests per token (or client address) per second, and burst
    http_rate: int = field(default_factory=lambda: _int("WARBOARD_HTTP_RATE", 30))
    http_burst: int = field(default_factory=lambda: _int("WARBOARD_HTTP_BURST", 60))
    #: rule helper and QR code requests per client address per second, and burst: a bucket of
    #: their own (a path or a QR code costs more than one, by its size)
    rules_rate: float = field(default_factory=lambda: _float("WARBOARD_RULES_RATE", 20))
    rules_burst: float = field(default_factory=lambda: _float("WARBOARD_RULES_BURST", 60))
    #: updates queued for one websocket before it is dropped as too slow
    send_queue: int = field(default_factory=lambda: _int("WARBOARD_SEND_QUEUE", 256))
    #: a snapshot of the state is cached every this many events
    snapshot_every: int = field(default_factory=lambda: _int("WARBOARD_SNAPSHOT_EVERY", 100))
    #: durability of SQLite commits: FULL fsyncs every commit (default), NORMAL does not
    sqlite_synchronous: str = field(default_factory=lambda: os.environ.get("WARBOARD_SQLITE_SYNCHRONOUS", "FULL"))
    #: milliseconds: log where the event loop is whenever it is held this long (0: off; a
    #: diagnosis aid, ``app.transport.metrics.StallTrace``)
    stall_trace_ms: float = field(default_factory=lambda: _float("WARBOARD_STALL_TRACE", 0))


def load() -> Settings:
    return Settings()
