"""One websocket of a table: its viewer, its bounded send queue and the task that drains it.

The table's hub (``app.transport.hub``) offers it messages; it sends each at once when nothing
is queued, else queues it, and drops a client too far behind (close code 1013) instead of
slowing anyone else. Under uvicorn a message goes out as a ready-made frame written straight to
the socket's transport (``app.transport.frames``).
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
from collections.abc import Coroutine
from typing import Any

from starlette.websockets import WebSocket, WebSocketState

from app.session import Actor
from app.transport import metrics
from app.transport.frames import SEND_KEY, Direct, frame
from app.transport.sockets import CLOSE_TIMEOUT

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

    def release(self) -> None:
        """The socket is closed and its tasks are done or cancelled: forget them. A cancelled task
        keeps its CancelledError, whose traceback holds the task's frame and so this connection;
        while the connection held the task too, each closed socket left a reference cycle (its
        protocol, transport and buffers with it) that only a complete collection frees
        (``app.process.collector``)."""
        self.dropped = True
        self.sender = self._waiting = self.closing = None

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
