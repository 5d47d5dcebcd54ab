"""Engine creation: SQLite (WAL) by default, PostgreSQL by URL."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import orjson
from sqlalchemy import Engine, create_engine, event
from sqlalchemy.pool import QueuePool


def is_sqlite(url: str) -> bool:
    return url.startswith("sqlite")


def normalize_url(url: str) -> str:
    """``postgresql://`` means psycopg 3 here."""
    if url.startswith(("postgresql://", "postgres://")):
        return "postgresql+psycopg://" + url.split("://", 1)[1]
    return url


def _json_text(value: Any) -> str:
    """JSON columns are written by orjson: the same documents as the standard library's, several
    times faster (every action writes its action, rolls and events as JSON)."""
    return orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS).decode()


#: How every engine reads and writes JSON columns.
JSON_CODEC: dict[str, Any] = {"json_serializer": _json_text, "json_deserializer": orjson.loads}


def make_engine(url: str, synchronous: str = "FULL") -> Engine:
    url = normalize_url(url)
    if is_sqlite(url):
        path = url.split("///", 1)[-1]
        if path and path != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        engine = create_engine(
            url,
            poolclass=QueuePool,
            pool_size=8,
            max_overflow=8,
            connect_args={"check_same_thread": False, "timeout": 30},
            **JSON_CODEC,
        )

        @event.listens_for(engine, "connect")
        def _pragmas(dbapi_conn: Any, _record: Any) -> None:
            # Autocommit at the driver level; SQLAlchemy's BEGIN below makes the transaction.
            dbapi_conn.isolation_level = None
            cur = dbapi_conn.cursor()
            cur.execute("PRAGMA journal_mode=WAL")
            cur.execute(f"PRAGMA synchronous={synchronous}")
            cur.execute("PRAGMA foreign_keys=ON")
            cur.execute("PRAGMA busy_timeout=30000")
            # Checkpoints run on the writer's own background thread (Writer), not inside a
            # commit that someone is waiting for.
            cur.execute("PRAGMA wal_autocheckpoint=0")
            cur.close()

        @event.listens_for(engine, "begin")
        def _begin(conn: Any) -> None:
            # Take the write lock up front: no deadlock between two writers upgrading.
            conn.exec_driver_sql("BEGIN IMMEDIATE")

        return engine
    # Timeouts so that a frozen process cannot stall a table for the others: waiting for a row
    # lock, one statement, and a transaction left idle (its holder stopped) are all bounded.
    options = " ".join(f"-c {name}={_ms(env, default)}" for name, env, default in PG_TIMEOUTS)
    return create_engine(
        url,
        pool_size=10,
        max_overflow=20,
        pool_pre_ping=True,
        pool_timeout=5,
        connect_args={"options": options, "connect_timeout": 5},
        **JSON_CODEC,
    )


#: PostgreSQL setting, environment variable (seconds), default (seconds)
PG_TIMEOUTS = (
    ("lock_timeout", "WARBOARD_DB_LOCK_TIMEOUT", 2.0),
    ("statement_timeout", "WARBOARD_DB_STATEMENT_TIMEOUT", 15.0),
    ("idle_in_transaction_session_timeout", "WARBOARD_DB_IDLE_TIMEOUT", 5.0),
)


def _ms(env: str, default: float) -> int:
    return int(float(os.environ.get(env, default)) * 1000)
