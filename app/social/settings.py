"""A table's settings, which its host changes (``POST .../settings``): whether players read the
spectators' chat during the game, the spectator delay, takebacks (off, ask or free), whether the game is guided (hints at every step), and the
rematch's table once there is one (``app.storage.extras.DEFAULT_SETTINGS``)."""

from __future__ import annotations

from typing import Any

import anyio
from sqlalchemy import Engine

from app.storage import extras

#: what clients get of the settings (the ``settings`` message, ``GET .../settings``)
PUBLIC = ("spectator_chat", "delay_actions", "delay_seconds", "rematch_id", "takeback", "guided")


async def read(engine: Engine, table_id: str) -> dict[str, Any]:
    """The table's settings (the defaults for a table that changed none), read on a thread."""

    def read_now() -> dict[str, Any]:
        with engine.connect() as conn:
            return extras.get_settings(conn, table_id)

    return await anyio.to_thread.run_sync(read_now)


def public(settings: dict[str, Any]) -> dict[str, Any]:
    return {k: settings[k] for k in PUBLIC}
