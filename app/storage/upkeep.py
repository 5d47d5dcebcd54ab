"""Looking after tables over time, as the database sees them: each table's size and when it was
last active (``sizes``), the tables past a retention age (``older_than``), a table removed with
everything of it (``delete_table``), and a live copy of a SQLite database (``backup_sqlite``)."""

from __future__ import annotations

import sqlite3
from datetime import datetime
from pathlib import Path
from typing import Any

from sqlalchemy import ColumnElement, Connection, Engine, LargeBinary, Text, cast, func, select
from sqlalchemy.engine import make_url

from app.storage.models import actions, chat, events, seat_links, seats, snapshots, table_settings, tables, tokens
from app.storage.repository import taken_seats

#: every table of rows that belong to one game table, children first
OF_A_TABLE = (snapshots, chat, seat_links, table_settings, events, actions, seats, tokens)
ENDED = ("finished", "closed")


def _bytes(conn: Connection, column: Any) -> ColumnElement[Any]:
    """The stored size of a JSON column in bytes (UTF-8), in this database's own terms."""
    if conn.dialect.name == "sqlite":
        return func.length(cast(column, LargeBinary))  # a BLOB's length is its bytes
    return func.octet_length(cast(column, Text))


def sizes(conn: Connection) -> list[dict[str, Any]]:
    """Every table: ``id``, ``system``, ``name``, ``status``, ``created_at``, ``idle_since`` (its
    last change: ``updated_at``, which a stream of moves refreshes every few seconds),
    ``taken`` (seats taken), ``events`` and ``bytes`` (its log: events and actions), most
    recently active first."""
    logged = (
        select(events.c.table_id, func.count().label("n"), func.sum(_bytes(conn, events.c.data)).label("b"))
        .group_by(events.c.table_id)
        .subquery()
    )
    acted = (
        select(actions.c.table_id, func.sum(_bytes(conn, actions.c.action)).label("b"))
        .group_by(actions.c.table_id)
        .subquery()
    )
    taken = taken_seats()
    query = (
        select(
            tables.c.id,
            tables.c.system,
            tables.c.name,
            tables.c.status,
            tables.c.options,
            tables.c.created_at,
            tables.c.updated_at,
            func.coalesce(taken.c.taken, 0),
            func.coalesce(logged.c.n, 0),
            func.coalesce(logged.c.b, 0) + func.coalesce(acted.c.b, 0),
        )
        .outerjoin(logged, logged.c.table_id == tables.c.id)
        .outerjoin(acted, acted.c.table_id == tables.c.id)
        .outerjoin(taken, taken.c.table_id == tables.c.id)
        .order_by(tables.c.updated_at.desc(), tables.c.id)
    )
    return [
        {
            "id": r[0],
            "system": r[1],
            "name": r[2],
            "status": r[3],
            "options": r[4],
            "created_at": r[5],
            "idle_since": r[6],
            "taken": int(r[7]),
            "events": int(r[8]),
            "bytes": int(r[9]),
        }
        for r in conn.execute(query)
    ]


def older_than(conn: Connection, before: datetime, ended: bool, abandoned: bool) -> list[dict[str, Any]]:
    """The tables idle since before ``before``: those whose game ended (``ended``: finished or
    closed) and those still open (``abandoned``), oldest first, as ``{"id", "status"}``."""
    statuses = [*(ENDED if ended else ()), *(["open"] if abandoned else [])]
    query = (
        select(tables.c.id, tables.c.status)
        .where(tables.c.updated_at < before, tables.c.status.in_(statuses))
        .order_by(tables.c.updated_at, tables.c.id)
    )
    return [{"id": r[0], "status": r[1]} for r in conn.execute(query)]


def delete_table(conn: Connection, table_id: str) -> None:
    """Remove a table and every row of it (in the caller's transaction)."""
    for t in OF_A_TABLE:
        conn.execute(t.delete().where(t.c.table_id == table_id))
    conn.execute(tables.delete().where(tables.c.id == table_id))


def sqlite_path(engine: Engine) -> Path | None:
    """The file of a SQLite database, or None (another database, or one in memory)."""
    url = make_url(str(engine.url))
    name = url.database
    if url.get_backend_name() != "sqlite" or not name or name == ":memory:" or "mode=memory" in name:
        return None
    return Path(name)


def backup_sqlite(source: Path, target: Path, pages: int = 1024) -> int:
    """Copy a live SQLite database to ``target`` with SQLite's online backup API (a consistent
    copy while the server writes: ``pages`` at a time, starting over if a write comes between);
    returns the tables' count in the copy, checked by ``PRAGMA integrity_check``."""
    if target.exists():
        raise FileExistsError(f"{target} exists already; name a new file")
    src = sqlite3.connect(f"file:{source}?mode=ro", uri=True)
    try:
        dst = sqlite3.connect(target)
        try:
            src.backup(dst, pages=pages)
            checked = dst.execute("PRAGMA integrity_check").fetchone()[0]
            if checked != "ok":
                raise RuntimeError(f"the copy failed SQLite's integrity check: {checked}")
            return int(dst.execute("SELECT count(*) FROM tables").fetchone()[0])
        finally:
            dst.close()
    finally:
        src.close()
