"""The in-process bus (``memory://``) and the choice of bus from its URL.

The interface and the messages are ``app.session.bus``; ``MemoryBus`` serves one process (every
subscriber gets the very message published), ``app.transport.redis_bus.RedisBus`` several.
"""

from __future__ import annotations

import asyncio
from collections import defaultdict
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from app.session.bus import Bus, Counts, Message, count_presence


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

    async def presence(self, table_id: str) -> Counts:
        return count_presence(self._presence.get(table_id, {}).values())

    def leaving(self) -> None:
        pass  # nothing to say goodbye to in one process

    async def close(self) -> None:
        self._subs.clear()


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
