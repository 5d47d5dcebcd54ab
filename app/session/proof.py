"""The dice proof: once a game is over, its seed and every roll, so anyone can check that the
seed matches the commitment published at creation and that each roll follows from it."""

from __future__ import annotations

from typing import Any

import anyio
from sqlalchemy import Engine

from app.core.errors import Conflict
from app.session.rows import read_table
from app.storage import repository as repo

ALGORITHM = (
    "die(i, sides): x = first 8 bytes (big-endian) of SHA-256(f'{seed}:{i}:{attempt}'), "
    "attempt = 0, 1, ... until x < 2**64 - 2**64 % sides; face = 1 + x % sides"
)


async def dice_proof(engine: Engine, table_id: str) -> dict[str, Any]:
    """Raises NotFound for an unknown table, Conflict (``game_in_progress``) for an open one."""

    def read() -> tuple[dict[str, Any], list[dict[str, Any]]]:
        with engine.connect() as conn:
            return read_table(conn, table_id), repo.all_rolls(conn, table_id)

    row, rolls = await anyio.to_thread.run_sync(read)
    if row["status"] == "open":  # seeded or not: whoever knows the seed knows every future roll
        raise Conflict("The dice seed is published when the game ends", code="game_in_progress")
    return {
        "table": table_id,
        "seed": row["seed"],
        "commitment": row["commitment"],
        "algorithm": ALGORITHM,
        "status": row["status"],
        "rolls": rolls,
    }
