"""Per-table fan-out in one process.

A ``TableHub`` exists while this process has connections at a table. It subscribes to the
table's bus channel once, and on each new seq computes the update once per distinct viewer
(each seat; all spectators share one), serializes it once, and offers the text to every
connection's bounded send queue. An update carries a JSON Patch against the viewer's previous
view (``base``: that view's seq; ``app.core.patches``); welcome and resync carry the whole
view. A connection whose queue is full is dropped (close code
1013); its client reconnects and resyncs, and nobody else waits for it.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
from collections import defaultdict
from collections.abc import Collection, Coroutine
from typing import Any

import orjson
from starlette.websockets import WebSocket, WebSocketState

from app.core import patches
from app.core.errors import Unavailable
from app.core.events import Event
from app.process.outage import is_outage, outages
from app.session import Actor, Envelope, Session
from app.session.bus import Bus, Kick, Message, Poll, Presence, Seq
from app.transport import metrics, outgoing
from app.transport.frames import SEND_KEY, Direct, frame
from app.transport.room import Room, deliver
from app.transport.sockets import CLOSE_TIMEOUT, SEND_TIMEOUT

log = logging.getLogger(__name__)
RESYNC_MAX_EVENTS = 500
#: the close reasons (code 4001) of a socket whose token no longer holds its seat
REMOVED = "removed from the seat by the host"
MOVED = "this seat is now open on another device"
PRESENCE_DELAY = 0.25
_ids = itertools.count(1)


class Connection:
    """One websocket: its viewer, its bounded send queue and the task that drains it.

    A message offered while nothing is queued or being sent goes out at once, in the offering
    task: the socket's send completes without waiting whenever the transport takes the bytes
    (the usual case), so a broadcast to 500 spectators is one loop of writes, with no task
    switch per message. Only a send that must wait (the client is not reading fast enough) is
    finished by a task, and what is offered meanwhile waits in the queue, in order. Under
    uvicorn a message offered to an idle socket goes out as a ready-made frame, shared by every
    connection a broadcast reaches (``app.transport.frames``)."""

    def __init__(self, ws: WebSocket, actor: Actor, queue_size: int) -> None:
        self.id = f"c{next(_ids)}"
        self.ws = ws
        self.actor = actor
        self.queue: asyncio.Queue[str | None] = asyncio.Queue(maxsize=queue_size)
        self.dropped = False
        self.gone = asyncio.Event()  # set once dropped: the receive loop stops waiting
        self.sender: asyncio.Task[None] | None = None
        self.closing: asyncio.Task[None] | None = None
        self.sending_since: float | None = None  # loop time the send in progress began (see Hubs.sweep)
        self._waiting: asyncio.Task[None] | None = None  # a send begun at once that had to wait
        self._holding = False  # the sender task has taken a message and not yet sent it
        self._ack: str | None = None  # an acknowledgement waiting for this turn's next message
        self.direct = Direct.of(ws.scope.get(SEND_KEY))

    @property
    def viewer(self) -> str | None:
        return self.actor.seat

    def offer(self, text: str, data: bytes | None = None) -> None:
        """Send or queue a message; a client too far behind is dropped instead of slowing others.

        ``data``: the message's frame (``frames.frame``), when the caller made it once for
        several connections."""
        if self.dropped:
            return
        ack, self._ack = self._ack, None
        if ack is not None:  # the acknowledgement waiting (offer_ack) goes first, in the same write
            if (
                self._idle()
                and self.direct is not None
                and self.direct.write(frame(ack.encode()) + (data or frame(text.encode())))
            ):
                metrics.updates.direct += 2
                return
            self.offer(ack)
        if self._idle():
            if self.direct is not None and self.direct.write(data or frame(text.encode())):
                metrics.updates.direct += 1
                return
            self._send_now(text)
            return
        try:
            self.queue.put_nowait(text)
        except asyncio.QueueFull:
            self.drop(1013, "too far behind; reconnect and resync")

    def _idle(self) -> bool:
        """Nothing queued or being sent: a message offered now may go out at once."""
        return (
            self.sender is not None
            and not self._holding
            and (self._waiting is None or self._waiting.done())
            and self.queue.empty()
        )

    def offer_ack(self, text: str) -> None:
        """Offer the acknowledgement of this socket's own action, after the callbacks already
        due have run: the table's hub, woken by the action's announcement, delivers the action's
        update among them when the view is made at once (not on a worker thread), and that update
        takes the acknowledgement along in one socket write (the write is most of what sending
        an update costs the server). Otherwise it goes out alone. Either way it goes before
        anything offered after it."""
        self._flush_ack()  # one still waiting goes first
        self._ack = text
        asyncio.get_running_loop().call_soon(self._flush_ack)

    def _flush_ack(self) -> None:
        ack, self._ack = self._ack, None
        if ack is not None:
            self.offer(ack)

    def _send_now(self, text: str) -> None:
        """Run the send up to its first wait; if it has to wait, a task finishes it."""
        step = self.ws.send_text(text)
        try:
            awaited = step.send(None)
        except StopIteration:
            return
        except Exception:
            self._lost()
            return
        self.sending_since = asyncio.get_running_loop().time()
        self._waiting = asyncio.get_running_loop().create_task(self._finish(step, awaited))

    async def _finish(self, step: Coroutine[Any, Any, None], awaited: Any) -> None:
        """Drive a send begun in ``_send_now`` to its end, as a task would have."""
        try:
            while True:
                if isinstance(awaited, asyncio.Future):
                    await asyncio.wait((awaited,))  # its outcome reaches the send when it resumes
                else:
                    await asyncio.sleep(0)
                awaited = step.send(None)
        except StopIteration:
            self.sending_since = None
        except asyncio.CancelledError:
            step.close()
            raise
        except Exception:
            self._lost()

    def abandon(self) -> None:
        """Stop any send still waiting (the socket is gone)."""
        for task in (self.sender, self._waiting):
            if task is not None and not task.done():
                task.cancel()

    def _lost(self) -> None:
        self.dropped = True
        self.gone.set()

    def drop(self, code: int, reason: str) -> None:
        if self.dropped:
            return
        self.dropped = True
        self.closing = asyncio.get_running_loop().create_task(self._close(code, reason))

    async def _close(self, code: int, reason: str) -> None:
        self.abandon()  # this runs as a task of its own, never as the sender
        self.gone.set()
        with contextlib.suppress(Exception):  # the close handshake is bounded too (app.transport.sockets)
            if self.ws.application_state != WebSocketState.DISCONNECTED:
                await asyncio.wait_for(self.ws.close(code, reason), CLOSE_TIMEOUT)

    async def run_sender(self) -> None:
        loop = asyncio.get_running_loop()
        try:
            while True:
                text = await self.queue.get()
                if text is None:  # the socket is closing: what was begun still goes out
                    if self._waiting is not None:
                        await asyncio.wait((self._waiting,))
                    return
                self._holding = True  # from here until it is sent, nothing goes out before it
                if self._waiting is not None:  # a send begun at once goes first
                    await asyncio.wait((self._waiting,))
                    self._waiting = None
                # The deadline is kept by Hubs.sweep, which drops a connection whose send began
                # too long ago: no timer per message.
                self.sending_since = loop.time()
                await self.ws.send_text(text)
                self.sending_since = None
                self._holding = False
        except Exception:
            self._lost()


class TableHub:
    def __init__(self, table_id: str, session: Session, bus: Bus) -> None:
        self.table_id = table_id
        self.session = session
        self.bus = bus
        self.conns: set[Connection] = set()
        self.env: Envelope | None = None
        self._task: asyncio.Task[None] | None = None
        self._presence_pending = False
        self._ready = asyncio.Event()
        self.views: dict[str | None, tuple[int, dict[str, Any]]] = {}  # the last view sent, by viewer
        self.room = Room(self)  # chat, marks, seat list, settings, spectator delay

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
            self.session.absorb(self.table_id, message)  # the state another process announced
            await self._advance(message.seq)
        elif isinstance(message, Poll):  # the bus is down (or was): read the seq from the database
            await self._advance((await self.session.current(self.table_id)).seq)
        elif isinstance(message, Presence):
            self.presence_changed()
        elif isinstance(message, Kick):
            for conn in list(self.conns):
                if conn.actor.token_hash == message.token_hash:
                    conn.drop(4001, MOVED if message.moved else REMOVED)
        else:
            await self.room.handle(message)

    async def _advance(self, seq: int) -> None:
        assert self.env is not None
        if seq <= self.env.seq:
            return
        cached = self.session.cached(self.table_id)
        env = cached.env if cached is not None and cached.env.seq >= seq else await self.session.current(self.table_id)
        events = await self.session.events_after(self.table_id, self.env.seq, env.seq)
        # A connection that attaches while the texts render is welcomed at self.env (the seq
        # every text patches): it gets this update too, rendered for its viewer if it is new.
        texts: dict[str | None, tuple[str, bool]] = {}
        while True:
            live = [c for c in self.conns if not self.room.holds(c)]  # held spectators: see Room
            wanted = {c.viewer for c in live} - texts.keys()
            if not wanted:
                break
            texts.update(await self.render(env, events, wanted, base=self.env.seq))
        deliver(live, texts)
        old, self.env = self.env, env
        if any(str(e.get("kind", "")).startswith("seat_") for e in events):
            await self.check_holders(self.conns)  # a kick or a move on any process, bus or no bus
        await self.room.advanced(old.status, events)

    async def render(
        self, env: Envelope, events: list[Event], viewers: set[str | None], base: int | None = None
    ) -> dict[str | None, tuple[str, bool]]:
        """Each viewer's update text (and whether it is a patch), computed once per viewer.

        With ``base`` (the seq every receiving connection last saw), the update patches the
        viewer's view at ``base`` when the hub still holds it; else it carries the whole view."""
        projection = await self.session.projection(self.table_id)
        bases = {viewer: self.views.get(viewer) for viewer in viewers}

        def render() -> dict[str | None, tuple[str, bool, dict[str, Any]]]:  # off the loop for heavy views
            out = {}
            # Viewers who see the same (a sandbox's seats; byte for byte, and patching the very
            # same base) share one patch and one text: the diff and the text are made once.
            made: dict[tuple[bytes, bytes, int], tuple[str, bool, dict[str, Any]]] = {}
            # One object per distinct view: viewers who see the same keep the same base, so
            # their next patch is one diff too (welcomes give each its own copy at first).
            shared: dict[bytes, dict[str, Any]] = {}
            for viewer in viewers:
                view = projection.view(env, viewer)
                seen = orjson.dumps(view)
                view = shared.setdefault(seen, view)
                redacted = projection.events(events, viewer)
                last = bases[viewer]
                patched = base is not None and last is not None and last[0] == base < env.seq
                key = (seen, orjson.dumps(redacted), id(last[1]) if patched and last else 0)
                if key in made:
                    out[viewer] = made[key]
                elif patched and last is not None:
                    patch = patches.diff(last[1], view)
                    out[viewer] = made[key] = (outgoing.patch_update(env.seq, base or 0, redacted, patch), True, view)
                else:
                    out[viewer] = made[key] = (outgoing.update(env.seq, redacted, view), False, view)
            return out

        texts = {}
        for viewer, (text, patched, view) in (await projection.run(render)).items():
            texts[viewer] = (text, patched)
            self.remember(viewer, env.seq, view)
        return texts

    def remember(self, viewer: str | None, seq: int, view: dict[str, Any]) -> None:
        """Keep ``view`` as the base of ``viewer``'s next patch (the newest seq wins)."""
        last = self.views.get(viewer)
        if last is None or last[0] <= seq:
            self.views[viewer] = (seq, view)

    async def attach(self, conn: Connection) -> None:
        """Send the welcome and join the fan-out at the same seq: no update is missed."""
        while True:
            env = self.room.env_for(conn.viewer)
            assert env is not None
            projection = await self.session.projection(self.table_id)
            view = await projection.run(projection.view, env, conn.viewer)
            if env is self.room.env_for(conn.viewer):
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
        await self.room.detached(conn)
        await self.bus.presence_remove(self.table_id, conn.id)
        await self.bus.publish(self.table_id, Presence())

    async def resync(self, conn: Connection, since: int) -> None:
        """The updates after ``since`` in one message, or a fresh welcome if the gap is too old."""
        if await self.room.resync(conn, since):
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

    def presence_changed(self) -> None:
        if not self._presence_pending:
            self._presence_pending = True
            asyncio.get_running_loop().call_later(PRESENCE_DELAY, lambda: asyncio.ensure_future(self._send_presence()))

    async def _send_presence(self) -> None:
        self._presence_pending = False
        try:
            counts = await self.bus.presence(self.table_id)
            seat_list = await self.room.seat_list()
            text = outgoing.presence(counts["seats"], counts["spectators"], seat_list)
            held = await self.room.held_presence(counts["seats"], counts["spectators"], seat_list)
        except Exception as exc:
            if not is_outage(exc):
                raise
            outages.failed(exc)  # one log line per outage; presence goes out again when it changes
            return
        for conn in self.conns:
            conn.offer(held if held is not None and self.room.holds(conn) else text)


class Hubs:
    """The hubs of this process, created on a table's first connection, stopped on its last."""

    def __init__(self, session: Session, bus: Bus) -> None:
        self.session = session
        self.bus = bus
        self._hubs: dict[str, TableHub] = {}
        self._refs: dict[str, int] = defaultdict(int)
        self._lock = asyncio.Lock()
        self._sweeper: asyncio.Task[None] | None = None

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

    async def acquire(self, table_id: str) -> TableHub:
        if self._sweeper is None:
            self._sweeper = asyncio.get_running_loop().create_task(self.sweep())
        async with self._lock:
            hub = self._hubs.get(table_id)
            if hub is None:
                hub = TableHub(table_id, self.session, self.bus)
                await hub.start()
                self._hubs[table_id] = hub
            self._refs[table_id] += 1
            return hub

    async def release(self, table_id: str) -> None:
        async with self._lock:
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
        for hub in list(self._hubs.values()):
            await hub.stop()
        self._hubs.clear()
