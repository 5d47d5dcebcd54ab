"""Rematch: a new table with the same system and options, its seats kept for the same players.

The first player (or the host) to ask after the game ends creates it and hosts it; every
connection at the old table is told (``{"type": "rematch", "table": ...}``), and each player
of the old table claims their seat at the new one with their old seat's token, once: the seat
is kept with no token until then (``app.session.seats``), and a claim of a seat that has one
is refused.
"""

from __future__ import annotations

from typing import Any

import anyio

from app.core.errors import Conflict, Forbidden, NotFound
from app.session import bus
from app.session.locks import TableLocks
from app.session.records import Actor
from app.session.session import Session
from app.storage import extras
from app.storage import repository as repo

_locks = TableLocks()


async def _read(session: Session, table_id: str) -> tuple[dict[str, Any], dict[str, Any], dict[str, dict[str, Any]]]:
    def read() -> tuple[dict[str, Any], dict[str, Any], dict[str, dict[str, Any]]]:
        with session.engine.connect() as conn:
            row = repo.get_table(conn, table_id)
            if row is None:
                raise NotFound(f"There is no table {table_id!r}", code="unknown_table")
            return row, extras.get_settings(conn, table_id), repo.get_seats(conn, table_id)

    return await anyio.to_thread.run_sync(read)


async def rematch(session: Session, actor: Actor) -> dict[str, Any]:
    """Create the rematch (or return the one that exists)."""
    if actor.role not in ("player", "host"):
        raise Forbidden("Only the players or the host may ask for a rematch", code="not_a_player")
    table_id = actor.table_id
    async with _locks(table_id):
        row, settings, seats = await _read(session, table_id)
        if settings["rematch_id"]:
            return {"table": settings["rematch_id"], "host_token": None}
        if row["status"] == "open":
            raise Conflict("A rematch can be asked for when the game is over", code="game_in_progress")
        name = row["name"] if row["name"].endswith("(rematch)") else f"{row['name'][:108]} (rematch)"
        created = await session.create_table(row["system"], name, row["options"], row["visibility"], None)
        new_id = created["id"]
        for seat, info in seats.items():
            if info["state"] == "taken":
                await session.seats.reserve(new_id, seat, info["name"])  # kept for the same player; claimed below
        keep = {k: settings[k] for k in ("spectator_chat", "delay_actions", "delay_seconds")}
        await session.writer.run(
            lambda conn: (
                extras.put_settings(conn, new_id, keep),
                extras.put_settings(conn, table_id, {"rematch_id": new_id}),
            )
        )
    await session.bus.publish(table_id, bus.Settings())
    await session.bus.publish(table_id, bus.Rematch(new_id))
    return {"table": new_id, "host_token": created["host_token"]}


async def claim(session: Session, actor: Actor) -> dict[str, Any]:
    """A player of the old table takes their seat at the rematch."""
    if actor.role != "player" or actor.seat is None:
        raise Forbidden("Only a player of this table has a seat at its rematch", code="not_a_player")
    _, settings, _ = await _read(session, actor.table_id)
    new_id = settings["rematch_id"]
    if not new_id:
        raise NotFound("This table has no rematch yet", code="no_rematch")
    return {**(await session.seats.claim(new_id, actor.seat)), "table": new_id}
