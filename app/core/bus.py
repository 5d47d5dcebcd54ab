"""The bus interface: how table changes reach every process's connections.

It lives in the core, below both its users: the session publishes on it after a commit, and
the transport (``app.transport.bus.MemoryBus``, ``app.transport.redis_bus.RedisBus``)
implements it and delivers its messages to the websockets.

One channel per table. Messages are small dicts: ``{"t": "seq", "seq": N}`` (new committed
events; with ``prev``, ``env`` and ``events`` the new state and its events ride along, so
another process whose state is at ``prev`` need not read the database), ``{"t": "chat", ...}``,
``{"t": "presence"}`` (who is connected changed), ``{"t": "kick", "token_hash": ...}`` and,
from the Redis bus while it cannot hear Redis, ``{"t": "poll"}`` (read the seq from the
database). Presence (connections per seat, spectator count) lives in the bus too, so a process
never assumes it holds all of a table's connections.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterable
from contextlib import AbstractAsyncContextManager
from typing import Any, Protocol

Message = dict[str, Any]


class Bus(Protocol):
    async def publish(self, table_id: str, message: Message) -> None: ...

    def subscribe(self, table_id: str) -> AbstractAsyncContextManager[AsyncIterator[Message]]:
        """``async with bus.subscribe(t) as messages: async for m in messages: ...``"""
        ...

    async def presence_add(self, table_id: str, conn_id: str, seat: str | None) -> None: ...

    async def presence_remove(self, table_id: str, conn_id: str) -> None: ...

    async def presence(self, table_id: str) -> dict[str, Any]:
        """``{"seats": {seat: connections}, "spectators": n}`` over every process."""
        ...

    async def close(self) -> None: ...


def count_presence(seats: Iterable[str | None]) -> dict[str, Any]:
    """Presence from the seat of each connection (``None`` for a spectator)."""
    counts: dict[str, int] = {}
    spectators = 0
    for seat in seats:
        if seat is None:
            spectators += 1
        else:
            counts[seat] = counts.get(seat, 0) + 1
    return {"seats": counts, "spectators": spectators}
