"""The bus over Redis: pub/sub for announcements, a hash per table for presence.

Every process subscribes to the channels of the tables it has connections at, so any process
can serve any client of any table. Presence entries are keyed by process and connection; a
process that stops cleanly removes its own (one that crashes leaves them until their key's
expiry, refreshed while the process lives).
"""

from __future__ import annotations

import asyncio
import contextlib
import uuid
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import orjson
from redis.asyncio import Redis

from app.transport.bus import Message, count_presence

PRESENCE_TTL = 120


class RedisBus:
    def __init__(self, url: str) -> None:
        self.redis = Redis.from_url(url)
        self.process = uuid.uuid4().hex[:12]
        self._mine: dict[str, set[str]] = {}

    @staticmethod
    def _channel(table_id: str) -> str:
        return f"warboard:table:{table_id}"

    @staticmethod
    def _presence_key(table_id: str) -> str:
        return f"warboard:presence:{table_id}"

    async def publish(self, table_id: str, message: Message) -> None:
        await self.redis.publish(self._channel(table_id), orjson.dumps(message))

    @asynccontextmanager
    async def subscribe(self, table_id: str) -> AsyncIterator[AsyncIterator[Message]]:
        pubsub = self.redis.pubsub(ignore_subscribe_messages=True)
        await pubsub.subscribe(self._channel(table_id))
        try:
            yield self._listen(pubsub)
        finally:
            with contextlib.suppress(Exception):
                await pubsub.unsubscribe()
                await pubsub.aclose()

    @staticmethod
    async def _listen(pubsub: Any) -> AsyncIterator[Message]:
        while True:
            raw = await pubsub.get_message(timeout=30.0)
            if raw is not None and raw.get("type") == "message":
                yield orjson.loads(raw["data"])

    async def presence_add(self, table_id: str, conn_id: str, seat: str | None) -> None:
        key = self._presence_key(table_id)
        self._mine.setdefault(table_id, set()).add(conn_id)
        async with self.redis.pipeline(transaction=True) as pipe:
            pipe.hset(key, f"{self.process}:{conn_id}", seat or "")
            pipe.expire(key, PRESENCE_TTL)
            await pipe.execute()

    async def presence_remove(self, table_id: str, conn_id: str) -> None:
        self._mine.get(table_id, set()).discard(conn_id)
        await self.redis.hdel(self._presence_key(table_id), f"{self.process}:{conn_id}")

    async def presence(self, table_id: str) -> dict[str, Any]:
        entries = await self.redis.hgetall(self._presence_key(table_id))
        if entries:
            await self.redis.expire(self._presence_key(table_id), PRESENCE_TTL)
        return count_presence((v.decode() or None) for v in entries.values())

    async def close(self) -> None:
        for table_id, conns in self._mine.items():
            for conn_id in conns:
                with contextlib.suppress(Exception):
                    await self.redis.hdel(self._presence_key(table_id), f"{self.process}:{conn_id}")
        self._mine.clear()
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self.redis.aclose(), 2)
