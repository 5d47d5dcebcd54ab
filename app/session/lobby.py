"""What the lobby and a table's page show: the public tables, and one table's summary (its
seats, who is connected, its status), read from the database and the bus's presence."""

from __future__ import annotations

from typing import Any

import anyio
from sqlalchemy import Engine

from app import systems
from app.session.bus import Bus
from app.session.game import system_of
from app.session.rows import read_table
from app.session.tables import Tables
from app.storage import repository as repo


class Lobby:
    def __init__(self, engine: Engine, bus: Bus, tables: Tables) -> None:
        self.engine = engine
        self.bus = bus
        self.tables = tables

    async def summary(self, table_id: str) -> dict[str, Any]:
        meta = await self.tables.meta(table_id)
        system = system_of(meta["system"])

        def read() -> tuple[dict[str, Any], dict[str, dict[str, Any]]]:
            with self.engine.connect() as conn:
                return read_table(conn, table_id), repo.get_seats(conn, table_id)

        row, seat_rows = await anyio.to_thread.run_sync(read)
        presence = await self.bus.presence(table_id)
        seats = [
            {
                "seat": s,
                "label": system.seat_label(s, meta["options"]),
                "state": seat_rows.get(s, {}).get("state", "open"),
                "name": seat_rows.get(s, {}).get("name"),
                "connected": presence["seats"].get(s, 0) > 0,
            }
            for s in system.seats(meta["options"])
        ]
        return {
            "id": table_id,
            "name": meta["name"],
            "system": meta["system"],
            "board": system.board_for(meta["options"]),
            "visibility": meta["visibility"],
            "status": row["status"],
            "seq": row["seq"],
            "options": meta["options"],
            "dice_commitment": meta["commitment"],
            "seeded": meta["seeded"],
            "outcome": row["outcome"],
            "seats": seats,
            "spectators": presence["spectators"],
            "created_at": meta["created_at"].isoformat(),
        }

    async def entries(self) -> list[dict[str, Any]]:
        """The public tables that are not closed, most recently changed first."""

        def read() -> list[dict[str, Any]]:
            with self.engine.connect() as conn:
                return repo.list_public_tables(conn)

        rows = await anyio.to_thread.run_sync(read)
        out = []
        for r in rows:
            system = systems.get(r["system"])
            if system is None:
                continue
            presence = await self.bus.presence(r["id"])
            out.append(
                {
                    "id": r["id"],
                    "name": r["name"],
                    "system": r["system"],
                    "system_name": system.name,
                    "status": r["status"],
                    "seats_taken": r["taken"],
                    "seats_total": len(system.seats(r["options"])),
                    "spectators": presence["spectators"],
                    "seeded": bool(r["seeded"]),
                    "created_at": r["created_at"].isoformat(),
                }
            )
        return out
