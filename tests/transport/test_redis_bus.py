"""An update published on Redis carries the committed state and events, so another process
takes them without reading the database (issue 16: two processes spent 2.7x the CPU per update
of one, each re-reading the database for updates it did not commit).

Two sessions with an engine and a Redis bus each stand for two processes; the second, whose
hub holds the table (cached at the previous seq), receives the first's update through a real
Redis (127.0.0.1:6379, or ``WARBOARD_TEST_REDIS_URL``; skipped where none answers) and builds
the new state and the events to send from it as its hub does (``TableHub._advance``, through
``Session.follow``): its engine runs no statement meanwhile.
"""

from __future__ import annotations

import asyncio
import os
import uuid
from typing import Any

import pytest
import redis
from sqlalchemy import event

from app.session import Session
from app.session.bus import Presence, Seq
from app.storage.db import make_engine
from app.transport.redis_bus import RedisBus
from tests.session.test_session import add, seated

REDIS_URL = os.environ.get("WARBOARD_TEST_REDIS_URL", "redis://127.0.0.1:6379/0")


def _redis_answers() -> bool:
    try:
        return bool(redis.Redis.from_url(REDIS_URL, socket_connect_timeout=1).ping())
    except Exception:
        return False


pytestmark = [pytest.mark.anyio, pytest.mark.skipif(not _redis_answers(), reason="needs Redis")]


async def _next_seq(messages: Any) -> Seq:
    async def first() -> Seq:
        async for message in messages:
            if isinstance(message, Seq):
                return message
        raise AssertionError("the subscription ended")

    return await asyncio.wait_for(first(), 10)


async def test_another_process_takes_the_update_from_the_bus_without_reading_the_database(database_url: str) -> None:
    prefix = f"wbtest{uuid.uuid4().hex[:8]}"
    engines = [make_engine(database_url), make_engine(database_url)]
    buses = [RedisBus(REDIS_URL, prefix=prefix), RedisBus(REDIS_URL, prefix=prefix)]
    one, two = (Session(e, b) for e, b in zip(engines, buses, strict=True))
    try:
        table_id, p1, _p2, _ = await seated(one)
        before = await two.current(table_id)  # what the other process's hub holds
        async with buses[1].subscribe(table_id) as messages:
            await asyncio.sleep(0.5)  # the subscription reaches Redis
            committed = await one.apply(p1, "a1", add("t1", 3.0))
            message = await _next_seq(messages)
            assert message.seq == committed.seq and message.prev == before.seq
            assert message.events, "the events ride along"
            statements: list[str] = []

            def count(_conn: Any, _cursor: Any, statement: str, *_: Any) -> None:
                statements.append(statement)

            event.listen(engines[1], "before_cursor_execute", count)
            try:
                env, events = await two.follow(table_id, before.seq, message)  # as the hub does (TableHub._advance)
                cached = two.cache.get(table_id)
                assert cached is not None and cached.env is env and env.seq == committed.seq
            finally:
                event.remove(engines[1], "before_cursor_execute", count)
            assert statements == [], statements  # nothing read from the database
        assert env.seq == committed.seq
        mine = await one.current(table_id)
        assert env.state == mine.state and env.state["tokens"]["t1"]["x"] == 3.0
        assert [e["seq"] for e in events] == list(range(before.seq + 1, committed.seq + 1))
        assert events == await one.events_after(table_id, before.seq, committed.seq)
    finally:
        for bus in buses:
            await bus.close()
        for engine in engines:
            engine.dispose()


async def test_a_process_hands_its_own_commit_to_its_tables_at_once_and_drops_the_echo() -> None:
    """A process's own ``Seq`` reaches its own subscribers as the very message it published,
    before Redis answers, and Redis's echo of it is dropped unread; another process gets it from
    Redis, decoded. Any other message still comes back from Redis, in Redis's order."""
    prefix = f"wbtest{uuid.uuid4().hex[:8]}"
    one, two = RedisBus(REDIS_URL, prefix=prefix), RedisBus(REDIS_URL, prefix=prefix)
    try:
        async with one.subscribe("t") as mine, two.subscribe("t") as theirs:
            for bus in (one, two):
                for _ in range(100):  # the reader is up and the table subscribed
                    if bus.connected:
                        break
                    await asyncio.sleep(0.05)
            await asyncio.sleep(0.3)
            seq = Seq(7)
            published = asyncio.create_task(one.publish("t", seq))
            own = await asyncio.wait_for(anext(aiter(mine)), 5)
            assert own is seq  # the very message: not decoded from Redis
            await published
            await one.publish("t", Presence())
            assert isinstance(await asyncio.wait_for(anext(aiter(mine)), 5), Presence)  # no second seq 7
            other = await asyncio.wait_for(anext(aiter(theirs)), 5)
            assert other == seq and other is not seq
            assert isinstance(await asyncio.wait_for(anext(aiter(theirs)), 5), Presence)
    finally:
        await one.close()
        await two.close()
