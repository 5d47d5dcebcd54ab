"""Per-table fan-out in one process: the session publishes, the hub renders and delivers.

A ``TableHub`` exists while this process has connections at a table. It subscribes to the
table's bus channel once; on each new seq it asks the session for what the table did since the
seq it last sent (``Session.follow``: from what another process announced, the cache or the
database), renders the update once per distinct viewer (each seat; all spectators share one;
``app.transport.fanout``) and offers each viewer's frame to its connections. An update carries a
JSON Patch against the viewer's previous view (``base``: that view's seq; ``app.core.patches``);
welcome and resync carry the whole view. A connection whose queue is full is dropped (close
code 1013); its client reconnects and resyncs, and nobody else waits for it.

The table's social life beside the game (chat, marks, settings, the seat list, the spectator
delay) is the hub's ``Room``, which asks the hub through its public interface (``Stage``): the
state the hub has sent, its connections, holding spectators back at an older state, and
sending an update or a welcome.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import defaultdict
from collections.abc import AsyncIterator, Collection
from typing import Any

from starlette.websockets import WebSocketDisconnect

from app.core.errors import Unavailable
from app.core.events import Event
from app.process.tasks import bounded
from app.session import Envelope, Session
from app.session.bus import Bus, Kick, Message, Poll, Presence, Seq
from app.transport import fanout, outgoing
from app.transport.connection import Connection
from app.transport.room import Room
from app.transport.sockets import SEND_TIMEOUT

log = logging.getLogger(__name__)
RESYNC_MAX_EVENTS = 500
#: the close reasons (code 4001) of a socket whose token no longer holds its seat
REMOVED = "removed from the seat by the host"
MOVED = "this seat is now open on another device"


class TableHub:
    def __init__(self, table_id: str, session: Session, bus: Bus) -> None:
        self.table_id = table_id
        self.session = session
        self.bus = bus
        self.conns: set[Connection] = set()
        self.env: Envelope | None = None  # the state every live connection has been sent
        self.held: Envelope | None = None  # what spectators see while the delay holds them back
        self.views: dict[str | None, fanout.Last] = {}  # the last view sent, by viewer
        self._task: asyncio.Task[None] | None = None
        self._ready = asyncio.Event()
        self.stopping = False  # the process is stopping: connections leave without goodbyes
        self.room = Room(table_id, session, bus, self)  # chat, marks, seat list, settings, spectator delay

    # --- lifecycle ---------------------------------------------------------------------------
    async def start(self) -> None:
        """Subscribe and read the table's state. If that fails (the database or the bus is
        down) it raises what stopped it, instead of waiting for a readiness that never comes:
        ``Hubs.acquire`` holds its lock meanwhile, and every table of the process waited."""
        loop = asyncio.get_running_loop()
        self._task = loop.create_task(self._listen())
        ready = loop.create_task(self._ready.wait())
        try:
            await asyncio.wait({ready, self._task}, return_when=asyncio.FIRST_COMPLETED)
        except BaseException:
            self._task.cancel()
            raise
        finally:
            ready.cancel()
        if not self._ready.is_set():
            self.room.stop()
            await self._task  # raises what ended it
            raise Unavailable("The table's updates could not be followed; try again", dependency="bus")

    async def stop(self) -> None:
        self.room.stop()
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._task
            # the cancelled task keeps its error, whose traceback holds _listen's frame and so
            # this hub: forgotten, the hub is freed by its reference count (app.process.collector)
            self._task = None

    async def _listen(self) -> None:
        async with self.bus.subscribe(self.table_id) as messages:
            # Subscribed first, then read: no announcement can fall between the two.
            self.env = await self.session.current(self.table_id)
            await self.room.start()
            self._ready.set()
            async for message in messages:
                try:
                    await self._handle(message)
                except Exception:
                    log.exception("table %s: failed to handle %r", self.table_id, message)

    async def _handle(self, message: Message) -> None:
        if isinstance(message, Seq):
            await self._advance(message)
        elif isinstance(message, Poll):  # the bus is down (or was): read the seq from the database
            await self._advance(None)
        elif isinstance(message, Kick):
            for conn in list(self.conns):
                if conn.actor.token_hash == message.token_hash:
                    conn.drop(4001, MOVED if message.moved else REMOVED)
        else:
            await self.room.handle(message)

    # --- the live path -----------------------------------------------------------------------
    async def _advance(self, news: Seq | None) -> None:
        """Send every live connection what the table did since ``self.env``: ``news`` announced
        it (None: look in the database)."""
        assert self.env is not None
        if news is not None and news.seq <= self.env.seq:
            return
        env, events = await self.session.follow(self.table_id, self.env.seq, news)
        if env.seq <= self.env.seq:
            return
        # A connection that attaches while the texts render is welcomed at self.env (the seq
        # every text patches): it gets this update too, rendered for its viewer if it is new.
        texts: fanout.Texts = {}
        while True:
            live = [c for c in self.conns if not self.holds(c)]  # held spectators: see Room
            wanted = {c.viewer for c in live} - texts.keys()
            if not wanted:
                break
            texts.update(await self.render(env, events, wanted, base=self.env.seq))
        fanout.deliver(live, texts)
        old, self.env = self.env, env
        if any(str(e.get("kind", "")).startswith("seat_") for e in events):
            await self.check_holders(self.conns)  # a kick or a move on any process, bus or no bus
        await self.room.advanced(old.status, events)

    async def render(
        self, env: Envelope, events: list[Event], viewers: set[str | None], base: int | None = None
    ) -> fanout.Texts:
        """Each viewer's update text (and whether it is a patch), computed once per viewer.

        With ``base`` (the seq every receiving connection last saw), the update patches the
        viewer's view at ``base`` when the hub still holds it; else it carries the whole view."""
        projection = await self.session.projection(self.table_id)
        bases = {viewer: self.views.get(viewer) for viewer in viewers}
        texts: fanout.Texts = {}
        for viewer, (text, patched, view) in (
            await projection.run(fanout.render, projection, env, events, bases, base)
        ).items():
            texts[viewer] = (text, patched)
            self.remember(viewer, env.seq, view)
        return texts

    def remember(self, viewer: str | None, seq: int, view: dict[str, Any]) -> None:
        """Keep ``view`` as the base of ``viewer``'s next patch (the newest seq wins)."""
        last = self.views.get(viewer)
        if last is None or last[0] <= seq:
            self.views[viewer] = (seq, view)

    # --- what the room asks (Stage) ----------------------------------------------------------
    def holds(self, conn: Connection) -> bool:
        """Is ``conn`` a spectator held back by the delay (it gets no live update)?"""
        return conn.viewer is None and self.held is not None

    def hold(self, env: Envelope | None) -> None:
        """Spectators see ``env`` from now on (None: the live state)."""
        self.held = env

    def env_for(self, viewer: str | None) -> Envelope | None:
        return self.held if viewer is None and self.held is not None else self.env

    async def send_update(self, conns: Collection[Connection], env: Envelope, events: list[Event], base: int) -> None:
        """Send ``conns`` the update from ``base`` to ``env`` (held spectators catching up)."""
        fanout.deliver(conns, await self.render(env, events, {c.viewer for c in conns}, base=base))

    async def welcome(self, conns: Collection[Connection], env: Envelope) -> None:
        """Welcome ``conns`` at ``env`` afresh: the whole view, once per viewer and role."""
        projection = await self.session.projection(self.table_id)
        views: dict[str | None, dict[str, Any]] = {}
        for viewer in {c.viewer for c in conns}:
            views[viewer] = await projection.run(projection.view, env, viewer)
            self.remember(viewer, env.seq, views[viewer])
        texts: dict[tuple[str, str | None], str] = {}
        for conn in conns:
            key = (conn.actor.role, conn.viewer)
            if key not in texts:
                texts[key] = outgoing.welcome(conn.actor.role, conn.viewer, env.seq, views[conn.viewer])
            conn.offer(texts[key])

    # --- connections -------------------------------------------------------------------------
    async def attach(self, conn: Connection) -> None:
        """Send the welcome and join the fan-out at the same seq: no update is missed."""
        while True:
            env = self.env_for(conn.viewer)
            assert env is not None
            projection = await self.session.projection(self.table_id)
            view = await projection.run(projection.view, env, conn.viewer)
            if env is self.env_for(conn.viewer):
                break
        self.remember(conn.viewer, env.seq, view)
        conn.offer(outgoing.welcome(conn.actor.role, conn.viewer, env.seq, view))
        self.conns.add(conn)
        if conn.actor.role == "player":
            # The seat may have changed hands since the token was checked: a kick announced
            # before this connection joined the fan-out did not reach it.
            await self.check_holders((conn,))
        await self.room.attached(conn)
        await self.bus.presence_add(self.table_id, conn.id, conn.viewer)
        await self.bus.publish(self.table_id, Presence())

    async def check_holders(self, conns: Collection[Connection]) -> None:
        """Close (4001) each seat's connection whose token no longer holds the seat, from the
        database's seats now."""
        players = [c for c in conns if c.actor.role == "player" and not c.dropped]
        if not players:
            return
        holders = await self.session.seat_holders(self.table_id)
        for conn in players:
            seat = conn.actor.seat
            if seat is not None and holders.get(seat) != conn.actor.token_hash:
                reason = MOVED if holders.get(seat) else REMOVED
                conn.drop(4001, reason)

    async def detach(self, conn: Connection) -> None:
        self.conns.discard(conn)
        if self.stopping:  # the bus's close clears this process's presence for every table at once
            return
        await self.room.detached(conn)
        await self.bus.presence_remove(self.table_id, conn.id)
        await self.bus.publish(self.table_id, Presence())

    async def resync(self, conn: Connection, since: int) -> None:
        """The updates after ``since`` in one message, or a fresh welcome if the gap is too old
        (or the connection is a spectator held back by the delay: at the state it sees)."""
        if self.holds(conn) and self.held is not None:
            await self.welcome((conn,), self.held)
            return
        while True:
            env = self.env
            assert env is not None
            if since < 0 or since > env.seq or env.seq - since > RESYNC_MAX_EVENTS:
                projection = await self.session.projection(self.table_id)
                view = await projection.run(projection.view, env, conn.viewer)
                text = outgoing.welcome(conn.actor.role, conn.viewer, env.seq, view)
            else:
                events = await self.session.events_after(self.table_id, since, env.seq)
                text, _ = (await self.render(env, events, {conn.viewer}))[conn.viewer]
            if env is self.env:
                conn.offer(text)
                return

    async def say(self, conn: Connection, text: str) -> None:
        """A chat line of ``conn``'s (``Room.say``)."""
        await self.room.say(conn, text)

    async def mark(self, conn: Connection, ruler: Any, pointer: Any, ping: Any = None) -> None:
        """A ruler, pointer or ping of ``conn``'s (``Room.mark``)."""
        await self.room.mark(conn, ruler, pointer, ping)


class Hubs:
    """The hubs of this process, created on a table's first connection, stopped on its last."""

    def __init__(self, session: Session, bus: Bus) -> None:
        self.session = session
        self.bus = bus
        self._hubs: dict[str, TableHub] = {}
        self._refs: dict[str, int] = defaultdict(int)
        self._locks: dict[str, tuple[asyncio.Lock, int]] = {}  # by table: its lock, and who holds or waits
        self._sweeper: asyncio.Task[None] | None = None
        self.stopping = False

    def stop_serving(self) -> None:
        """The server begins its graceful stop (every socket is told 1012, "service restart"):
        from now on a leaving connection costs nothing. No presence removed or announced per
        connection, no hub stopped per table (``close`` stops them all at once, and the bus's
        ``close`` takes this process's presence away from every table in one step). Without
        this, 1,000 tables on Redis took half a minute to stop: three round trips per socket
        and one unsubscribe per table, one after another."""
        self.stopping = True
        self.bus.leaving()
        for hub in self._hubs.values():
            hub.stopping = True

    async def sweep(self) -> None:
        """Drop every connection whose send has taken longer than the deadline: the client
        stopped reading, so its queue and its presence go (1013), and nobody waits for it."""
        loop = asyncio.get_running_loop()
        while True:
            await asyncio.sleep(min(1.0, SEND_TIMEOUT / 4))
            now = loop.time()
            for hub in list(self._hubs.values()):
                for conn in list(hub.conns):
                    since = conn.sending_since
                    if since is not None and now - since > SEND_TIMEOUT:
                        conn.drop(1013, "too slow to read; reconnect and resync")

    @contextlib.asynccontextmanager
    async def _table_lock(self, table_id: str) -> AsyncIterator[None]:
        """One table's lock: a hub starting (a subscription and a read of its state) holds up
        the connections of its own table only, never another table's."""
        lock, users = self._locks.get(table_id, (asyncio.Lock(), 0))
        self._locks[table_id] = (lock, users + 1)
        try:
            async with lock:
                yield
        finally:
            lock, users = self._locks[table_id]
            if users <= 1:
                del self._locks[table_id]
            else:
                self._locks[table_id] = (lock, users - 1)

    @property
    def live(self) -> int:
        """Tables with a hub on this process (a websocket, or one that just left)."""
        return len(self._hubs)

    async def acquire(self, table_id: str) -> TableHub:
        if self._sweeper is None:
            self._sweeper = asyncio.get_running_loop().create_task(self.sweep())
        async with self._table_lock(table_id):
            if self.stopping:  # told 1012 already: it reconnects to a server that is up
                raise WebSocketDisconnect(1012)
            hub = self._hubs.get(table_id)
            if hub is None:
                hub = TableHub(table_id, self.session, self.bus)
                await hub.start()
                self._hubs[table_id] = hub
            self._refs[table_id] += 1
            return hub

    async def release(self, table_id: str) -> None:
        if self.stopping:
            self._refs[table_id] -= 1
            return
        async with self._table_lock(table_id):
            self._refs[table_id] -= 1
            if self._refs[table_id] <= 0:
                self._refs.pop(table_id, None)
                hub = self._hubs.pop(table_id, None)
                if hub is not None:
                    await hub.stop()

    async def close(self) -> None:
        if self._sweeper is not None:
            self._sweeper.cancel()
            self._sweeper = None
        hubs = list(self._hubs.values())
        self._hubs.clear()
        await bounded(asyncio.gather(*(hub.stop() for hub in hubs)), 3.0, "stopping the tables' hubs")
