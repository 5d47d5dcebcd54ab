"""The bus that announces table changes to every process's connections.

One channel per table. Messages are small dicts: ``{"t": "seq", "seq": N}`` (new committed
events; with ``prev``, ``env`` and ``events`` the new state and its events ride along, so
another process whose state is at ``prev`` need not read the database), ``{"t": "chat", ...}``,
``{"t": "presence"}`` (who is connected changed), ``{"t": "kick", "token_hash": ...}`` and,
from the Redis bus while it cannot hear Redis, ``{"t": "poll"}`` (read the seq from the
database). Presence (connections per seat, spectator count) lives in
the bus too, so a process never assumes it holds all of a table's connections.

``MemoryBus`` serves one process; a Redis implementation of the same interface serves several.
"""

from __future__ import annotations

import asyncio
from collections import defaultdict
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any, Protocol

Message = dict[str, Any]


class Bus(Protocol):
    async def publish(self, table_id: str, message: Message) -> None: ...

    def subscribe(self, table_id: str) -> Any:
        """``async with bus.subscribe(t) as messages: async for m in messages: ...``"""

    async def presence_add(self, table_id: str, conn_id: str, seat: str | None) -> None: ...

    async def presence_remove(self, table_id: str, conn_id: str) -> None: ...

    async def presence(self, table_id: str) -> dict[str, Any]: ...

    async def close(self) -> None: ...


class MemoryBus:
    """In-process bus: subscribers get messages through unbounded queues (they are tiny)."""

    def __init__(self) -> None:
        self._subs: dict[str, set[asyncio.Queue[Message]]] = defaultdict(set)
        self._presence: dict[str, dict[str, str | None]] = defaultdict(dict)

    async def publish(self, table_id: str, message: Message) -> None:
        for queue in self._subs.get(table_id, ()):
            queue.put_nowait(message)

    @asynccontextmanager
    async def subscribe(self, table_id: str) -> AsyncIterator[AsyncIterator[Message]]:
        queue: asyncio.Queue[Message] = asyncio.Queue()
        self._subs[table_id].add(queue)
        try:
            yield _drain(queue)
        finally:
            self._subs[table_id].discard(queue)
            if not self._subs[table_id]:
                del self._subs[table_id]

    async def presence_add(self, table_id: str, conn_id: str, seat: str | None) -> None:
        self._presence[table_id][conn_id] = seat

    async def presence_remove(self, table_id: str, conn_id: str) -> None:
        conns = self._presence.get(table_id)
        if conns is not None:
            conns.pop(conn_id, None)
            if not conns:
                del self._presence[table_id]

    async def presence(self, table_id: str) -> dict[str, Any]:
        return count_presence(self._presence.get(table_id, {}).values())

    async def close(self) -> None:
        self._subs.clear()


def count_presence(seats: Any) -> dict[str, Any]:
    counts: dict[str, int] = {}
    spectators = 0
    for seat in seats:
        if seat is None:
            spectators += 1
        else:
            counts[seat] = counts.get(seat, 0) + 1
    return {"seats": counts, "spectators": spectators}


async def _drain(queue: asyncio.Queue[Message]) -> AsyncIterator[Message]:
    while True:
        yield await queue.get()


def from_url(url: str) -> Bus:
    """``memory://`` (default) or ``redis://host:port/db``."""
    scheme = url.split("://", 1)[0]
    if scheme == "memory":
        return MemoryBus()
    if scheme in ("redis", "rediss"):
        from app.transport.redis_bus import RedisBus  # imported only where it is used

        return RedisBus(url)
    raise ValueError(f"Unknown bus URL {url!r}: use memory:// or redis://")
