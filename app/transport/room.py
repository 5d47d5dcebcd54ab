"""The table as people live in it, beside a hub's fan-out: table talk, shared marks (ruler and
pointer), the live seat list, table settings, rematch notices and the spectator delay.

One ``Room`` per ``TableHub``. The hub hands it the bus messages it does not know
(``chat``, ``mark``, ``settings``, ``rematch``) and asks it, for a connection, which state
the connection sees: spectators see the table ``delay`` behind while the game is open
(``app.social.delay``). Chat is filtered per viewer with ``app.social.chat.visible_to``.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Collection
from datetime import UTC, datetime
from typing import Any, Protocol

from app.core.bucket import TokenBucket
from app.core.errors import RateLimited
from app.core.events import Event
from app.session import Actor, Envelope, Session, bus
from app.session.bus import Bus
from app.social import chat
from app.social import settings as table_settings
from app.social.delay import is_delayed, next_release, read_marks, seats_at, spectator_seq
from app.social.marks import MARK_BURST, MARK_RATE, check_point, check_ruler, mark_id, shown_to
from app.storage import extras
from app.transport import metrics, outgoing
from app.transport.frames import frame

HELD_LINES = 1000  # players' chat lines kept for held spectators until their seq is shown


class Connection(Protocol):
    """What the room uses of a websocket connection (``app.transport.hub.Connection``)."""

    @property
    def id(self) -> str: ...

    @property
    def actor(self) -> Actor: ...

    @property
    def viewer(self) -> str | None: ...

    def offer(self, text: str, data: bytes | None = None) -> None: ...


class Hub(Protocol):
    """What the room uses of its table's hub (``app.transport.hub.TableHub``); described here so
    that the room does not import the hub that owns it."""

    @property
    def table_id(self) -> str: ...

    @property
    def session(self) -> Session: ...

    @property
    def bus(self) -> Bus: ...

    @property
    def env(self) -> Envelope | None: ...

    @property
    def conns(self) -> Collection[Connection]: ...

    async def render(
        self, env: Envelope, events: list[Event], viewers: set[str | None], base: int | None = None
    ) -> dict[str | None, tuple[str, bool]]: ...

    def remember(self, viewer: str | None, seq: int, view: dict[str, Any]) -> None: ...

    def presence_changed(self) -> None: ...


def deliver(conns: Collection[Connection], texts: dict[str | None, tuple[str, bool]]) -> None:
    """Hand each connection its viewer's update, and count them (``GET /metrics``).

    ``texts``: each viewer's update text and whether it is a patch (``TableHub.render``)."""
    receivers: dict[str | None, int] = {}
    made: dict[str | None, tuple[str, bytes, int]] = {}
    for conn in conns:
        viewer = conn.viewer
        out = made.get(viewer)
        if out is None:  # one frame per viewer, written to each of its connections
            text = texts[viewer][0]
            data = text.encode()
            out = made[viewer] = (text, frame(data), len(data))
        conn.offer(out[0], out[1])
        receivers[viewer] = receivers.get(viewer, 0) + 1
    for viewer, n in receivers.items():
        metrics.updates.count(made[viewer][2], n, texts[viewer][1])


class Room:
    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        self.settings: dict[str, Any] = dict(extras.DEFAULT_SETTINGS)
        self.spec_env: Envelope | None = None  # what spectators see, while they are held back
        self._timer: asyncio.TimerHandle | None = None
        self._buckets: dict[str, TokenBucket] = {}
        self._chat_limits = chat.limits_for(hub.table_id)  # lines per token and per channel (app.social.chat)
        self._lock = asyncio.Lock()
        self._held_lines: list[dict[str, Any]] = []  # chat said after the seq held spectators see

    @property
    def session(self) -> Session:
        return self.hub.session

    # --- lifecycle -------------------------------------------------------------------------
    async def start(self) -> None:
        self.settings = await self._read_settings()
        await self.catch_up()

    def stop(self) -> None:
        if self._timer is not None:
            self._timer.cancel()

    async def _read_settings(self) -> dict[str, Any]:
        return await table_settings.read(self.session.engine, self.hub.table_id)

    # --- the spectator delay ---------------------------------------------------------------
    def holds(self, conn: Connection) -> bool:
        return conn.viewer is None and self.spec_env is not None

    def env_for(self, viewer: str | None) -> Envelope | None:
        return self.spec_env if viewer is None and self.spec_env is not None else self.hub.env

    async def catch_up(self, rewelcome: bool = False) -> None:
        """Move the spectators' state to where the delay allows; send what they have not seen."""
        async with self._lock:
            env = self.hub.env
            if env is None:
                return
            old = self.spec_env
            if not (is_delayed(self.settings) and env.status == "open"):
                self.spec_env = None
                if old is not None:
                    await self._send_spectators(old, env, rewelcome)
                self._release_lines()
                return
            marks = await read_marks(self.session.engine, self.hub.table_id, self.settings)
            now = datetime.now(UTC)
            target = spectator_seq(self.settings, marks, env.seq, env.status, now)
            if old is None or target != old.seq:
                new = env if target >= env.seq else await self.session.envelope_at(self.hub.table_id, target)
                self.spec_env = new
                if old is None:
                    await self._send_spectators(env, new, True)  # from live to held back: start again
                else:
                    await self._send_spectators(old, new, rewelcome or new.seq < old.seq)
            elif rewelcome:
                await self._send_spectators(old, old, True)
            self._release_lines()
            wait = next_release(self.settings, marks, self.spec_env.seq if self.spec_env else env.seq, now)
            if self._timer is not None:
                self._timer.cancel()
                self._timer = None
            if wait is not None:
                self._timer = asyncio.get_running_loop().call_later(
                    wait + 0.05, lambda: asyncio.ensure_future(self.catch_up())
                )

    async def _send_spectators(self, old: Envelope, new: Envelope, welcome: bool) -> None:
        conns = [c for c in self.hub.conns if c.viewer is None]
        if not conns or (old.seq == new.seq and not welcome):
            return
        if welcome:
            self.hub.presence_changed()  # the seat list as of the seq they now see
            view = (await self.session.projection(self.hub.table_id)).view(new, None)
            self.hub.remember(None, new.seq, view)
            text = outgoing.welcome("spectator", None, new.seq, view)
            for conn in conns:
                conn.offer(
                    outgoing.welcome(conn.actor.role, None, new.seq, view) if conn.actor.role != "spectator" else text
                )
            return
        events = await self.session.events_after(self.hub.table_id, old.seq, new.seq)
        deliver(conns, await self.hub.render(new, events, {None}, base=old.seq))
        if any(str(e.get("kind", "")).startswith("seat_") for e in events):
            self.hub.presence_changed()  # the seat list as of the seq they now see

    def _release_lines(self) -> None:
        """Send held spectators the players' lines whose seq they now see, in order."""
        if not self._held_lines:
            return
        shown = self.spec_env.seq if self.spec_env is not None else None
        ready = [line for line in self._held_lines if shown is None or line["seq"] <= shown]
        if not ready:
            return
        self._held_lines = [line for line in self._held_lines if shown is not None and line["seq"] > shown]
        conns = [c for c in self.hub.conns if c.viewer is None]
        for line in ready:
            text = outgoing.chat(line)
            for conn in conns:
                if self._may_read(line, conn):
                    conn.offer(text)

    def _may_read(self, line: dict[str, Any], conn: Connection) -> bool:
        return chat.visible_to(
            line["channel"],
            conn.actor.role,
            spectator_chat=bool(self.settings["spectator_chat"]),
            game_open=self._open(),
        )

    async def resync(self, conn: Connection, since: int) -> bool:
        """Answer a held spectator's resync with a fresh welcome at the delayed state."""
        env = self.spec_env
        if not self.holds(conn) or env is None:
            return False
        view = (await self.session.projection(self.hub.table_id)).view(env, None)
        conn.offer(outgoing.welcome(conn.actor.role, None, env.seq, view))
        return True

    async def advanced(self, old_status: str | None, events: list[dict[str, Any]]) -> None:
        if any(str(e.get("kind", "")).startswith("seat_") for e in events):
            self.hub.presence_changed()  # the live seat list
        await self.catch_up()
        env = self.hub.env
        if env is not None and old_status == "open" and env.status != "open":
            for conn in list(self.hub.conns):  # the game is over: players may now read the spectators
                if conn.actor.role == "player":
                    await self.send_history(conn)

    # --- after a welcome -------------------------------------------------------------------
    async def attached(self, conn: Connection) -> None:
        conn.offer(outgoing.settings(table_settings.public(self.settings)))
        await self.send_history(conn)

    async def send_history(self, conn: Connection) -> None:
        held = self.spec_env.seq if self.holds(conn) and self.spec_env is not None else None
        lines = await chat.history(self.session.engine, self.hub.table_id, held)
        spectator_chat = bool(self.settings["spectator_chat"])
        mine = chat.filter_lines(lines, conn.actor.role, spectator_chat=spectator_chat, game_open=self._open())
        conn.offer(outgoing.chat_history(mine))

    def _open(self) -> bool:
        return self.hub.env is None or self.hub.env.status == "open"

    # --- client messages -------------------------------------------------------------------
    async def say(self, conn: Connection, text: str) -> None:
        actor = conn.actor
        self._chat_limits.take(actor.token_hash, actor.role)  # raises RateLimited: nothing stored
        seen = self.spec_env.seq if self.holds(conn) and self.spec_env is not None else None  # speaks at what it sees
        line = await chat.say(self.session.writer, self.hub.table_id, actor.role, actor.seat, actor.name, text, seen)
        await self.hub.bus.publish(self.hub.table_id, bus.Chat(line))

    async def mark(self, conn: Connection, ruler: Any, pointer: Any) -> None:
        bucket = self._buckets.setdefault(conn.id, TokenBucket(MARK_RATE, MARK_BURST))
        if not bucket.take():
            raise RateLimited("Too many ruler or pointer updates; at most 12 a second", code="rate_limited")
        actor = conn.actor
        shown = bus.Mark(
            mark_id(actor), actor.name, actor.seat, actor.role, check_ruler(ruler), check_point(pointer, "pointer")
        )
        await self.hub.bus.publish(self.hub.table_id, shown)

    async def detached(self, conn: Connection) -> None:
        self._buckets.pop(conn.id, None)
        if not any(c.actor.token_hash == conn.actor.token_hash for c in self.hub.conns):
            with contextlib.suppress(Exception):
                gone = bus.Mark(mark_id(conn.actor), conn.actor.name, conn.actor.seat, conn.actor.role, None, None)
                await self.hub.bus.publish(self.hub.table_id, gone)

    # --- bus messages ----------------------------------------------------------------------
    async def handle(self, message: bus.Message) -> bool:
        if isinstance(message, bus.Chat):
            line = message.line
            text = outgoing.chat(line)
            later = self.spec_env is not None and line["seq"] > self.spec_env.seq
            if later and len(self._held_lines) < HELD_LINES:
                self._held_lines.append(line)  # held spectators read it when its seq is shown
            for conn in self.hub.conns:
                if (not later or not self.holds(conn)) and self._may_read(line, conn):
                    conn.offer(text)
        elif isinstance(message, bus.Mark):
            text = outgoing.mark(message.id, message.sender, message.seat, message.ruler, message.pointer)
            for conn in self.hub.conns:
                if mark_id(conn.actor) == message.id or self.holds(conn):
                    continue
                if not shown_to(message.role, conn.actor.role):
                    continue
                conn.offer(text)
        elif isinstance(message, bus.Settings):
            before = self.settings
            self.settings = await self._read_settings()
            text = outgoing.settings(table_settings.public(self.settings))
            for conn in self.hub.conns:
                conn.offer(text)
            if before["spectator_chat"] != self.settings["spectator_chat"]:
                for conn in list(self.hub.conns):
                    if conn.actor.role == "player":
                        await self.send_history(conn)
            delay = ("delay_actions", "delay_seconds")
            if any(before[k] != self.settings[k] for k in delay):
                await self.catch_up(rewelcome=True)
        elif isinstance(message, bus.Rematch):
            text = outgoing.rematch(message.table)
            for conn in self.hub.conns:
                conn.offer(text)
        else:
            return False
        return True

    async def seat_list(self) -> list[dict[str, Any]]:
        summary = await self.session.summary(self.hub.table_id)
        return [{"seat": s["seat"], "state": s["state"], "name": s["name"]} for s in summary["seats"]]

    async def held_presence(self, seats: dict[str, int], spectators: int, live: list[dict[str, Any]]) -> str | None:
        """The presence message for held spectators: the seat list at the seq they see (and
        the connections of those seats only), or None when nobody is held."""
        env = self.spec_env
        if env is None:
            return None
        then = await seats_at(self.session.engine, self.hub.table_id, env.seq)
        seat_list = [
            {
                "seat": s["seat"],
                "state": then.get(s["seat"], {}).get("state", "open"),
                "name": then.get(s["seat"], {}).get("name"),
            }
            for s in live
        ]
        taken = {seat for seat, row in then.items() if row["state"] == "taken"}
        return outgoing.presence({k: v for k, v in seats.items() if k in taken}, spectators, seat_list)
