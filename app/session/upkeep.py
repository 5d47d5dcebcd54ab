"""Tables over time, for the server's operator (``warboard tables``, ``close``, ``prune`` and the
operator page): what each table holds and since when it is idle, a table closed as its host
would close it, and old tables archived as export files, then removed.

Closing goes through the commit path (``Session.host_action``, as the table's host): the log
gets its ``table_closed`` event, the dice seed becomes public, and whoever watches the table
gets the update over the bus. An archive is what ``warboard export`` writes, so ``warboard
import`` loads it back.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from sqlalchemy import Connection, Engine, select

from app.core.errors import NotFound
from app.session.game import system_of
from app.session.records import Actor, Committed
from app.session.session import Session
from app.storage import repository as repo
from app.storage import upkeep
from app.storage.models import tokens


def report(engine: Engine, now: datetime | None = None) -> list[dict[str, Any]]:
    """Every table (``app.storage.upkeep.sizes``) with ``seats`` (how many the game has) and
    ``idle_s`` (seconds since its last change)."""
    now = now or datetime.now(UTC)
    with engine.connect() as conn:
        found = upkeep.sizes(conn)
    for row in found:
        try:
            row["seats"] = len(system_of(row["system"]).seats(row["options"]))
        except Exception:  # a system this server no longer has: the table is still listed
            row["seats"] = None
        idle = row["idle_since"]
        idle = idle if idle.tzinfo else idle.replace(tzinfo=UTC)  # SQLite gives it back naive (UTC)
        row["idle_since"] = idle
        row["idle_s"] = max(0, int((now - idle).total_seconds()))
        del row["options"]
    return found


def idle_words(seconds: int) -> str:
    """``3d 4h``, ``2h 5m``, ``7m``, ``40s``: an idle time in words an operator reads."""
    days, rest = divmod(seconds, 86400)
    hours, rest = divmod(rest, 3600)
    minutes = rest // 60
    if days:
        return f"{days}d {hours}h"
    if hours:
        return f"{hours}h {minutes}m"
    return f"{minutes}m" if minutes else f"{seconds}s"


def export_text(conn: Connection, table_id: str) -> str:
    """A table as ``warboard export`` writes it (JSON, a newline at the end)."""
    return json.dumps(repo.dump_table(conn, table_id), indent=1) + "\n"


async def close(session: Session, table_id: str) -> Committed:
    """Close the table as its host would (raises NotFound, or Conflict ``table_closed``)."""

    def host() -> str | None:
        query = select(tokens.c.token_hash).where(tokens.c.table_id == table_id, tokens.c.role == "host")
        with session.engine.connect() as conn:
            return conn.execute(query.limit(1)).scalar()

    token_hash = host()
    if token_hash is None:
        raise NotFound(f"There is no table {table_id!r}", code="unknown_table")
    actor = Actor(table_id=table_id, role="host", seat=None, name="Operator", token_hash=token_hash)
    return await session.host_action(actor, "close")


@dataclass(frozen=True)
class Pruned:
    id: str
    status: str  # as it was found: open (abandoned), finished or closed
    archive: Path


def prunable(engine: Engine, days: float, folder: Path, ended: bool = True, abandoned: bool = True) -> list[Pruned]:
    """The tables idle for more than ``days`` days, their game ended (``ended``) or still open
    (``abandoned``), oldest first, each with its archive's path ``folder/<id>.json``."""
    before = datetime.now(UTC) - timedelta(days=days)
    with engine.connect() as conn:
        found = upkeep.older_than(conn, before, ended, abandoned)
    return [Pruned(row["id"], row["status"], folder / f"{row['id']}.json") for row in found]


def archive_and_remove(engine: Engine, table: Pruned) -> None:
    """Write the table's export to its archive (whole and synced to disk), then remove the table,
    in one transaction. An abandoned table is closed first (``close``), so that its archive
    carries its dice seed and ``warboard import`` takes it."""
    table.archive.parent.mkdir(parents=True, exist_ok=True)
    with engine.begin() as conn:
        text = export_text(conn, table.id)
        partial = table.archive.with_suffix(".json.partial")
        with partial.open("w", encoding="utf-8") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        partial.replace(table.archive)  # whole, on disk, before the rows go
        upkeep.delete_table(conn, table.id)
