"""The bus over Redis: one pub/sub connection per process, presence with a heartbeat.

**Fan-out.** A process holds one pub/sub connection whatever the number of tables: a hub's
``subscribe`` adds a local queue and, for the table's first queue, sends ``SUBSCRIBE`` on
that connection (waiting for Redis to confirm it, so the hub's read of the database that
follows cannot miss an announcement); the last queue's exit sends ``UNSUBSCRIBE``. Commands
(publish, presence) share a small pool (``MAX_CONNECTIONS``), never one per table.

**Outages.** When Redis goes away the reader logs it, reconnects with a backoff and
resubscribes every table. Meanwhile each subscribed table gets a ``Poll`` every
``POLL_EVERY`` seconds, on which its hub reads the table's seq from the database, so no table
freezes; a publish that cannot reach Redis is still delivered to this process's own
subscribers. On reconnection every table gets one more ``poll`` (for what was announced while
the bus was down) and a ``presence``; ``health()`` reports the state and the last gap.

**Presence.** Each process keeps its connections per table in a hash of its own,
``{prefix}:presence:{table}:{process}``, and beats in ``{prefix}:processes`` (a sorted set of
process -> last beat). Every ``HEARTBEAT`` seconds the process refreshes its beat and the
expiry (``PRESENCE_TTL``) of its hashes, rewrites those a failed write left stale, and drops
processes that stopped beating (then tells its hubs to send presence again). Counts read only
the hashes of processes that beat within the TTL, so a killed process's connections vanish
within ``PRESENCE_TTL`` seconds, and a clean stop removes them at once.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import time
import uuid
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from redis.asyncio import BlockingConnectionPool, Redis
from redis.asyncio.retry import Retry
from redis.backoff import NoBackoff

from app.process.tasks import cancel_all
from app.session.bus import Counts, Message, Poll, Presence, Seq, count_presence, decode, encode, mine

log = logging.getLogger(__name__)
PRESENCE_TTL = 10.0  # seconds: a process that stops beating drops out of presence after this
HEARTBEAT = 2.0
POLL_EVERY = 1.0  # seconds between database polls of each table while the bus is down
MAX_CONNECTIONS = 16  # command connections per process (pub/sub has its own one)
BATCH = 512  # publishes sent in one pipeline at most
MAX_CARRIED = 256 * 1024  # bytes: a larger update goes out without its state (nodes re-read it)
CONFIRM_TIMEOUT = 2.0


class RedisBus:
    def __init__(self, url: str, prefix: str | None = None) -> None:
        # A blocking pool: a burst of commands waits for one of MAX_CONNECTIONS instead of failing.
        pool = BlockingConnectionPool.from_url(
            url,
            max_connections=MAX_CONNECTIONS,
            timeout=2,
            socket_timeout=3,
            socket_connect_timeout=2,
            retry=Retry(NoBackoff(), 0),
            health_check_interval=5,
        )
        self.redis = Redis(connection_pool=pool)
        self._publish_failed = 0.0  # when a failed publish was last logged
        self.prefix = prefix or os.environ.get("WARBOARD_BUS_PREFIX", "warboard")
        self.process = uuid.uuid4().hex[:12]
        self._own = mine(self.process)  # how this process's own seqs begin on the wire (publish)
        self.connected = False
        self.down_since: float | None = time.time()
        self.last_gap: float | None = None  # seconds of the last outage, once it ended
        self.outages = 0
        self._queues: dict[str, set[asyncio.Queue[Message]]] = {}
        self._confirm: dict[bytes, list[asyncio.Future[None]]] = {}
        self._mine: dict[str, dict[str, str | None]] = {}  # table -> conn -> seat
        self._dirty: set[str] = set()  # tables whose presence hash must be rewritten
        self._pubsub: Any = None
        self._tasks: list[asyncio.Task[None]] = []
        self._live: tuple[float, set[str]] = (0.0, set())
        self._closed = False
        self._leaving = False
        self._outbox: list[tuple[str, bytes, asyncio.Future[BaseException | None]]] = []  # see publish
        self._wake = asyncio.Event()

    # --- keys --------------------------------------------------------------------------
    def _channel(self, table_id: str) -> str:
        return f"{self.prefix}:table:{table_id}"

    def _presence_key(self, table_id: str, process: str | None = None) -> str:
        return f"{self.prefix}:presence:{table_id}:{process or self.process}"

    @property
    def _procs_key(self) -> str:
        return f"{self.prefix}:processes"

    def _start(self) -> None:
        if not self._tasks and not self._closed:
            loop = asyncio.get_running_loop()
            self._tasks = [
                loop.create_task(self._reader()),
                loop.create_task(self._heartbeat()),
                loop.create_task(self._poller()),
                loop.create_task(self._publisher()),
            ]

    # --- fan-out -----------------------------------------------------------------------
    async def publish(self, table_id: str, message: Message) -> None:
        """Never raises: if Redis cannot take it, this process's subscribers still get it.

        A ``Seq`` (a commit) reaches this process's own subscribers at once, the very message,
        and goes to Redis marked as this process's (``bus.mine``), so that its echo is dropped
        unread (``_on_raw``): this process neither waits a round trip through Redis for its own
        tables nor decodes the state it just made. Hubs take seqs in any order (an older one than
        they hold is dropped, a gap is read), so delivering its own first reorders nothing that
        matters. Every other message still reaches this process back from Redis, in Redis's
        order with the other processes' messages.

        Publishes go out in batches (``_publisher``: whatever waits, in one pipeline on one
        connection), so a burst of moves and presence changes costs a few round trips, not one
        connection of the pool each: with one publish per connection, 300 busy tables on a
        loaded machine waited over 2 s for the pool and dropped half their publishes."""
        self._start()
        own = isinstance(message, Seq)  # a commit: delivered here at once, its echo dropped
        if own:
            self._deliver(table_id, message)
        if self.connected and not self._closed:
            origin = self.process if own else None
            try:
                data = encode(message, origin=origin)
            except TypeError:
                data = b""
            if (not data or len(data) > MAX_CARRIED) and own:  # others re-read the state
                data = encode(message, carry=False, origin=origin)
            done: asyncio.Future[BaseException | None] = asyncio.get_running_loop().create_future()
            self._outbox.append((self._channel(table_id), data, done))
            self._wake.set()
            failed = await done
            if failed is None:
                return  # any other message reaches this process's own subscribers back from Redis
            if time.monotonic() - self._publish_failed > 10:
                self._publish_failed = time.monotonic()
                log.warning("bus: a publish failed (%r); delivered here, announced again later", failed)
            if isinstance(message, Seq):  # other processes must hear of it: try again
                asyncio.get_running_loop().create_task(self._republish(table_id, message.seq))
        if not own:
            self._deliver(table_id, message)

    async def _publisher(self) -> None:
        """Send what ``publish`` queued, in order, in pipelines of up to ``BATCH`` messages."""
        batch: list[tuple[str, bytes, asyncio.Future[BaseException | None]]] = []
        try:
            while True:
                await self._wake.wait()
                self._wake.clear()
                while self._outbox:
                    batch, self._outbox = self._outbox[:BATCH], self._outbox[BATCH:]
                    failed: BaseException | None = None
                    try:
                        async with self.redis.pipeline(transaction=False) as pipe:
                            for channel, data, _ in batch:
                                pipe.publish(channel, data)
                            await asyncio.wait_for(pipe.execute(), 2.0)
                    except Exception as exc:
                        failed = exc
                    for _, _, done in batch:
                        if not done.done():
                            done.set_result(failed)
        finally:  # closed: whoever still waits delivers here
            for _, _, done in [*batch, *self._outbox]:
                if not done.done():
                    done.set_result(ConnectionError("the bus is closed"))
            self._outbox.clear()

    async def _republish(self, table_id: str, seq: int) -> None:
        """Announce a seq again until Redis takes it (or the bus is down: then others poll)."""
        for _ in range(20):
            await asyncio.sleep(0.5)
            if not self.connected:
                return  # on reconnection every process polls every table anyway
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self.redis.publish(self._channel(table_id), encode(Seq(seq))), 2.0)
                return

    def _deliver(self, table_id: str, message: Message) -> None:
        for queue in self._queues.get(table_id, ()):
            queue.put_nowait(message)

    def _deliver_all(self, message: Message) -> None:
        for table_id in list(self._queues):
            self._deliver(table_id, message)

    @asynccontextmanager
    async def subscribe(self, table_id: str) -> AsyncIterator[AsyncIterator[Message]]:
        self._start()
        queue: asyncio.Queue[Message] = asyncio.Queue()
        queues = self._queues.setdefault(table_id, set())
        first = not queues
        queues.add(queue)
        try:
            if first:
                await self._send_subscribe(table_id)
            yield _drain(queue)
        finally:
            queues.discard(queue)
            if not queues and self._queues.get(table_id) is queues:
                del self._queues[table_id]
                pubsub = self._pubsub
                if pubsub is not None and self.connected and not self._leaving:
                    with contextlib.suppress(Exception):
                        await pubsub.unsubscribe(self._channel(table_id))

    async def _send_subscribe(self, table_id: str) -> None:
        pubsub = self._pubsub
        if pubsub is None or not self.connected:
            return  # the reader subscribes every table when it (re)connects; polls cover the gap
        channel = self._channel(table_id).encode()
        done = asyncio.get_running_loop().create_future()
        self._confirm.setdefault(channel, []).append(done)
        try:
            await pubsub.subscribe(channel)
            await asyncio.wait_for(done, CONFIRM_TIMEOUT)
        except Exception as exc:
            log.warning("bus: subscribing table %s failed (%s)", table_id, exc)
        finally:
            waiting = self._confirm.get(channel, [])
            if done in waiting:
                waiting.remove(done)
            if not waiting:
                self._confirm.pop(channel, None)

    async def _reader(self) -> None:
        backoff = 0.2
        while not self._closed:
            pubsub = self.redis.pubsub()
            try:
                await pubsub.subscribe(f"{self.prefix}:control")  # a connection with no table is fine
                self._pubsub = pubsub
                await self._subscribe_missing(pubsub)
                await self._beat()  # commands get through too
                back = self._mark_up()  # from here on a new table subscribes itself
                await self._subscribe_missing(pubsub)  # those that came meanwhile
                if back:
                    await self._after_outage()
                backoff = 0.2
                while True:
                    raw = await pubsub.get_message(timeout=5.0)
                    if raw is not None:
                        self._on_raw(raw)
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                self._down(exc)
            finally:
                self._pubsub = None
                with contextlib.suppress(Exception):
                    await asyncio.wait_for(pubsub.aclose(), 1.0)  # type: ignore[no-untyped-call]  # unannotated in redis-py
            await asyncio.sleep(backoff)
            backoff = min(backoff * 2, 2.0)

    def _on_raw(self, raw: dict[str, Any]) -> None:
        kind = raw.get("type")
        channel = raw.get("channel")
        if kind == "subscribe" and isinstance(channel, bytes):
            for done in self._confirm.pop(channel, []):
                if not done.done():
                    done.set_result(None)
        elif kind == "message" and isinstance(channel, bytes):
            table_id = channel.decode().removeprefix(f"{self.prefix}:table:")
            data = raw["data"]
            if table_id in self._queues and not data.startswith(self._own):  # not the echo of our own seq
                self._deliver(table_id, decode(data))

    async def _subscribe_missing(self, pubsub: Any) -> None:
        channels = [c for c in (self._channel(t).encode() for t in list(self._queues)) if c not in pubsub.channels]
        for i in range(0, len(channels), 500):
            await pubsub.subscribe(*channels[i : i + 500])

    def _mark_up(self) -> bool:
        """Connected again; True if this ends an outage (not the first connection)."""
        was_down, self.down_since = self.down_since, None
        self.connected = True
        if was_down is None or not self.outages:
            return False
        self.last_gap = time.time() - was_down
        log.warning("bus: Redis is back after %.1f s; %d tables resubscribed", self.last_gap, len(self._queues))
        return True

    async def _after_outage(self) -> None:
        self._dirty.update(self._mine)
        await self._reconcile()
        self._deliver_all(Poll())  # what was announced while we could not hear it
        self._deliver_all(Presence())

    def _down(self, exc: BaseException) -> None:
        if self.connected or self.down_since is None:
            self.outages += 1
            self.down_since = time.time()
            log.warning("bus: lost Redis (%s); tables fall back to polling the database", exc)
        self.connected = False
        for waiting in self._confirm.values():
            for done in waiting:
                if not done.done():
                    done.set_result(None)

    async def _poller(self) -> None:
        while not self._closed:
            await asyncio.sleep(POLL_EVERY)
            if not self.connected:  # a hub still busy with earlier messages is not asked again
                for queues in list(self._queues.values()):
                    for queue in queues:
                        if queue.empty():
                            queue.put_nowait(Poll())

    def health(self) -> dict[str, Any]:
        self._start()  # (the first check connects a process that has no table yet)
        return {
            "kind": "redis",
            "connected": self.connected,
            "process": self.process,
            "tables": len(self._queues),
            "outages": self.outages,
            "last_gap_s": self.last_gap,
            "down_for_s": None if self.down_since is None else round(time.time() - self.down_since, 3),
        }

    # --- presence ----------------------------------------------------------------------
    async def presence_add(self, table_id: str, conn_id: str, seat: str | None) -> None:
        self._start()
        self._mine.setdefault(table_id, {})[conn_id] = seat
        key = self._presence_key(table_id)
        try:
            async with self.redis.pipeline(transaction=False) as pipe:
                pipe.zadd(self._procs_key, {self.process: time.time()})
                pipe.hset(key, conn_id, seat or "")
                pipe.expire(key, int(PRESENCE_TTL))
                await asyncio.wait_for(pipe.execute(), 2.0)
        except Exception:
            self._dirty.add(table_id)

    async def presence_remove(self, table_id: str, conn_id: str) -> None:
        conns = self._mine.get(table_id)
        if conns is not None:
            conns.pop(conn_id, None)
            if not conns:
                del self._mine[table_id]
        try:
            await asyncio.wait_for(self.redis.hdel(self._presence_key(table_id), conn_id), 2.0)
        except Exception:
            self._dirty.add(table_id)

    async def _live_processes(self) -> set[str]:
        at, live = self._live
        if time.monotonic() - at > 0.5:
            raw = await self.redis.zrangebyscore(self._procs_key, time.time() - PRESENCE_TTL, "+inf")
            live = {p.decode() if isinstance(p, bytes) else str(p) for p in raw}
            self._live = (time.monotonic(), live)
        return live

    async def presence(self, table_id: str) -> Counts:
        try:
            live = sorted(await self._live_processes())
            async with self.redis.pipeline(transaction=False) as pipe:
                for process in live:
                    pipe.hvals(self._presence_key(table_id, process))
                found = await asyncio.wait_for(pipe.execute(), 2.0)
        except Exception:
            return count_presence(self._mine.get(table_id, {}).values())
        return count_presence((v.decode() or None) for vals in found for v in vals)

    async def _beat(self) -> None:
        now = time.time()
        tables = list(self._mine)
        async with self.redis.pipeline(transaction=False) as pipe:
            pipe.zadd(self._procs_key, {self.process: now})
            for table_id in tables:
                pipe.expire(self._presence_key(table_id), int(PRESENCE_TTL))
            pipe.zrangebyscore(self._procs_key, "-inf", now - PRESENCE_TTL)
            pipe.zremrangebyscore(self._procs_key, "-inf", now - PRESENCE_TTL)
            results = await asyncio.wait_for(pipe.execute(), 3.0)
        # A hash that expired (this process was stopped longer than the TTL) is written again.
        self._dirty.update(t for t, kept in zip(tables, results[1:-2], strict=True) if not kept)
        if results[-2]:
            self._live = (0.0, set())
            log.info("bus: processes %s stopped beating; their presence is gone", [p.decode() for p in results[-2]])
            self._deliver_all(Presence())

    async def _reconcile(self) -> None:
        dirty, self._dirty = self._dirty, set()
        try:
            async with self.redis.pipeline(transaction=False) as pipe:
                for table_id in dirty:
                    key = self._presence_key(table_id)
                    pipe.delete(key)
                    conns = self._mine.get(table_id)
                    if conns:
                        pipe.hset(key, mapping={c: s or "" for c, s in conns.items()})
                        pipe.expire(key, int(PRESENCE_TTL))
                await asyncio.wait_for(pipe.execute(), 3.0)
        except Exception:
            self._dirty |= dirty
            return
        for table_id in dirty:
            self._deliver(table_id, Presence())
        for table_id in dirty:  # other processes' hubs recount too
            with contextlib.suppress(Exception):
                await self.redis.publish(self._channel(table_id), encode(Presence()))

    async def _heartbeat(self) -> None:
        while not self._closed:
            await asyncio.sleep(HEARTBEAT)
            try:
                await self._beat()
                if self._dirty:
                    await self._reconcile()
            except Exception as exc:
                log.debug("bus: heartbeat failed (%s)", exc)

    def leaving(self) -> None:
        self._leaving = True  # ``close`` drops the subscriber's connection, and every channel with it

    async def close(self) -> None:
        self._closed = True
        await cancel_all(self._tasks, 2.0, "bus tasks")
        with contextlib.suppress(Exception):
            async with self.redis.pipeline(transaction=False) as pipe:
                pipe.zrem(self._procs_key, self.process)
                for table_id in self._mine:
                    pipe.delete(self._presence_key(table_id))
                    pipe.publish(self._channel(table_id), encode(Presence()))
                await asyncio.wait_for(pipe.execute(), 2.0)
        self._mine.clear()
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self.redis.aclose(), 2)


async def _drain(queue: asyncio.Queue[Message]) -> AsyncIterator[Message]:
    while True:
        yield await queue.get()
