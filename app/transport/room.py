"""The table as people live in it, beside the hub's fan-out: table talk, shared marks (ruler and
pointer), the live seat list (presence), table settings, rematch notices and the spectator delay.

One ``Room`` per ``TableHub``. The hub hands it the bus messages of the table's social life
(``Chat``, ``Mark``, ``Settings``, ``Rematch``, ``Presence``), tells it when a connection
attaches or leaves and when the table advanced, and passes on its connections' chat lines and
marks. The room asks the hub through ``Stage``, the hub's public interface: spectators see the
table the ``delay`` behind while the game is open (``app.social.delay``), so the room holds
them back at an older state (``hold``) and sends them what they may see (``send_update``,
``welcome``). Chat is filtered per viewer with ``app.social.chat.visible_to``.
"""

from __future__ import annotations

import asyncio
import contextlib
import weakref
from collections.abc import Collection
from datetime import UTC, datetime
from typing import Any, Protocol, cast

from app.core.bucket import TokenBucket
from app.core.errors import RateLimited
from app.core.events import Event
from app.process.outage import is_outage, outages
from app.session import Actor, Envelope, Session, bus
from app.session.bus import Bus
from app.social import chat, marks
from app.social import settings as table_settings
from app.social.delay import is_delayed, next_release, read_marks, seat_then, seats_at, spectator_seq
from app.storage import extras
from app.transport import outgoing
from app.transport.connection import Connection

HELD_LINES = 1000  # players' chat lines kept for held spectators until their seq is shown
PRESENCE_DELAY = 0.25  # seconds: presence changes that come together go out as one message


class Stage(Protocol):
    """What the room asks of its table's hub (``app.transport.hub.TableHub``), described here so
    that the room does not import the hub that owns it."""

    @property
    def env(self) -> Envelope | None:
        """The state every live connection has been sent."""
        ...

    @property
    def held(self) -> Envelope | None:
        """The state spectators see while the delay holds them back, else None."""
        ...

    @property
    def conns(self) -> Collection[Connection]: ...

    def holds(self, conn: Connection) -> bool: ...

    def hold(self, env: Envelope | None) -> None: ...

    async def send_update(
        self, conns: Collection[Connection], env: Envelope, events: list[Event], base: int
    ) -> None: ...

    async def welcome(self, conns: Collection[Connection], env: Envelope) -> None: ...


class Room:
    def __init__(self, table_id: str, session: Session, bus: Bus, stage: Stage) -> None:
        self.table_id = table_id
        self.session = session
        self.bus = bus
        # the hub that owns this room: held weakly, so the two make no reference cycle and a
        # released table's hub and room are freed by their reference counts (app.process.collector)
        self.stage = cast(Stage, weakref.proxy(stage))
        self.settings: dict[str, Any] = dict(extras.DEFAULT_SETTINGS)
        self._timer: asyncio.TimerHandle | None = None  # the delay's next release
        self._lock = asyncio.Lock()
        self._buckets: dict[str, TokenBucket] = {}
        self._chat_limits = chat.limits_for(table_id)  # lines per token and per channel (app.social.chat)
        self._held_lines: list[dict[str, Any]] = []  # chat said after the seq held spectators see
        self._presence_pending = False
        self._stopped = False

    # --- lifecycle -------------------------------------------------------------------------
    async def start(self) -> None:
        self.settings = await table_settings.read(self.session.engine, self.table_id)
        await self.catch_up()

    def stop(self) -> None:
        self._stopped = True  # a presence still due finds its hub gone: nothing to send
        if self._timer is not None:
            self._timer.cancel()

    def spectators(self) -> list[Connection]:
        return [c for c in self.stage.conns if c.viewer is None]

    async def advanced(self, old_status: str | None, events: list[Event]) -> None:
        """The hub sent the table's new state (``stage.env``), after ``events``."""
        if any(str(e.get("kind", "")).startswith("seat_") for e in events):
            self.presence_changed()  # the live seat list
        await self.catch_up()
        env = self.stage.env
        if env is not None and old_status == "open" and env.status != "open":
            for conn in list(self.stage.conns):  # the game is over: players may now read the spectators
                if conn.actor.role == "player":
                    await self.send_history(conn)

    # --- the spectator delay ---------------------------------------------------------------
    async def catch_up(self, rewelcome: bool = False) -> None:
        """Move the spectators' state to where the delay allows; send what they have not seen."""
        async with self._lock:
            env = self.stage.env
            if env is None:
                return
            old = self.stage.held
            if not (is_delayed(self.settings) and env.status == "open"):
                self.stage.hold(None)
                if old is not None:
                    await self._send_spectators(old, env, rewelcome)
                self.release_lines()
                return
            marks_now = await read_marks(self.session.engine, self.table_id, self.settings)
            now = datetime.now(UTC)
            target = spectator_seq(self.settings, marks_now, env.seq, env.status, now)
            if old is None or target != old.seq:
                new = env if target >= env.seq else await self.session.envelope_at(self.table_id, target)
                self.stage.hold(new)
                if old is None:
                    await self._send_spectators(env, new, True)  # from live to held back: start again
                else:
                    await self._send_spectators(old, new, rewelcome or new.seq < old.seq)
            elif rewelcome:
                await self._send_spectators(old, old, True)
            self.release_lines()
            shown = self.stage.held
            self._release_at(next_release(self.settings, marks_now, shown.seq if shown else env.seq, now))

    def _release_at(self, wait: float | None) -> None:
        """Catch up again in ``wait`` seconds (None: nothing waits for the time delay)."""
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        if wait is not None:
            self._timer = asyncio.get_running_loop().call_later(
                wait + 0.05, lambda: asyncio.ensure_future(self.catch_up())
            )

    async def _send_spectators(self, old: Envelope, new: Envelope, welcome: bool) -> None:
        conns = self.spectators()
        if not conns or (old.seq == new.seq and not welcome):
            return
        if welcome:
            self.presence_changed()  # the seat list as of the seq they now see
            await self.stage.welcome(conns, new)
            return
        events = await self.session.events_after(self.table_id, old.seq, new.seq)
        await self.stage.send_update(conns, new, events, old.seq)
        if any(str(e.get("kind", "")).startswith("seat_") for e in events):
            self.presence_changed()  # the seat list as of the seq they now see

    # --- after a welcome -------------------------------------------------------------------
    async def attached(self, conn: Connection) -> None:
        conn.offer(outgoing.settings(table_settings.public(self.settings)))
        await self.send_history(conn)

    async def send_history(self, conn: Connection) -> None:
        held = self.stage.held.seq if self.stage.holds(conn) and self.stage.held is not None else None
        lines = await chat.history(self.session.engine, self.table_id, held)
        spectator_chat = bool(self.settings["spectator_chat"])
        mine = chat.filter_lines(lines, conn.actor.role, spectator_chat=spectator_chat, game_open=self._open())
        conn.offer(outgoing.chat_history(mine))

    def _open(self) -> bool:
        return self.stage.env is None or self.stage.env.status == "open"

    def _may_read(self, line: dict[str, Any], conn: Connection) -> bool:
        spectator_chat = bool(self.settings["spectator_chat"])
        return chat.visible_to(line["channel"], conn.actor.role, spectator_chat=spectator_chat, game_open=self._open())

    def release_lines(self) -> None:
        """Send held spectators the players' lines whose seq they now see, in order."""
        if not self._held_lines:
            return
        shown = self.stage.held.seq if self.stage.held is not None else None
        ready = [line for line in self._held_lines if shown is None or line["seq"] <= shown]
        if not ready:
            return
        self._held_lines = [line for line in self._held_lines if shown is not None and line["seq"] > shown]
        conns = self.spectators()
        for line in ready:
            text = outgoing.chat(line)
            for conn in conns:
                if self._may_read(line, conn):
                    conn.offer(text)

    # --- client messages -------------------------------------------------------------------
    async def say(self, conn: Connection, text: str) -> None:
        actor = conn.actor
        self._chat_limits.take(actor.token_hash, actor.role)  # raises RateLimited: nothing stored
        held = self.stage.held
        seen = held.seq if self.stage.holds(conn) and held is not None else None  # speaks at what it sees
        line = await chat.say(self.session.writer, self.table_id, actor.role, actor.seat, actor.name, text, seen)
        await self.bus.publish(self.table_id, bus.Chat(line))

    async def mark(self, conn: Connection, ruler: Any, pointer: Any, ping: Any = None) -> None:
        bucket = self._buckets.setdefault(conn.id, TokenBucket(marks.MARK_RATE, marks.MARK_BURST))
        if not bucket.take():
            raise RateLimited("Too many ruler or pointer updates; at most 12 a second", code="rate_limited")
        ruler, pointer, ping = (
            marks.check_ruler(ruler),
            marks.check_point(pointer, "pointer"),
            marks.check_point(ping, "ping"),
        )
        if ping is not None:
            pings = self._buckets.setdefault(f"{conn.id}:ping", TokenBucket(marks.PING_RATE, marks.PING_BURST))
            if not pings.take():
                raise RateLimited("Too many pings; at most one a second", code="rate_limited")
        await self.bus.publish(self.table_id, _mark(conn.actor, ruler, pointer, ping))

    async def detached(self, conn: Connection) -> None:
        self._buckets.pop(conn.id, None)
        self._buckets.pop(f"{conn.id}:ping", None)
        if not any(c.actor.token_hash == conn.actor.token_hash for c in self.stage.conns):
            with contextlib.suppress(Exception):
                await self.bus.publish(self.table_id, _mark(conn.actor, None, None))  # its marks go with it

    # --- bus messages ----------------------------------------------------------------------
    async def handle(self, message: bus.Message) -> None:
        if isinstance(message, bus.Chat):
            self._chat(message.line)
        elif isinstance(message, bus.Mark):
            text = outgoing.mark(message.id, message.sender, message.seat, message.ruler, message.pointer, message.ping)
            for conn in self.stage.conns:
                if marks.mark_id(conn.actor) == message.id or self.stage.holds(conn):
                    continue
                if marks.shown_to(message.role, conn.actor.role):
                    conn.offer(text)
        elif isinstance(message, bus.Settings):
            await self._settings_changed()
        elif isinstance(message, bus.Rematch):
            text = outgoing.rematch(message.table)
            for conn in self.stage.conns:
                conn.offer(text)
        elif isinstance(message, bus.Presence):
            self.presence_changed()

    def _chat(self, line: dict[str, Any]) -> None:
        text = outgoing.chat(line)
        held = self.stage.held
        later = held is not None and line["seq"] > held.seq
        if later and len(self._held_lines) < HELD_LINES:
            self._held_lines.append(line)  # held spectators read it when its seq is shown
        for conn in self.stage.conns:
            if (not later or not self.stage.holds(conn)) and self._may_read(line, conn):
                conn.offer(text)

    async def _settings_changed(self) -> None:
        before = self.settings
        self.settings = await table_settings.read(self.session.engine, self.table_id)
        text = outgoing.settings(table_settings.public(self.settings))
        for conn in self.stage.conns:
            conn.offer(text)
        if before["spectator_chat"] != self.settings["spectator_chat"]:
            for conn in list(self.stage.conns):
                if conn.actor.role == "player":
                    await self.send_history(conn)
        if any(before[k] != self.settings[k] for k in ("delay_actions", "delay_seconds")):
            await self.catch_up(rewelcome=True)

    # --- presence --------------------------------------------------------------------------
    def presence_changed(self) -> None:
        """Send everyone the table's presence soon (changes that come together: one message)."""
        if not self._presence_pending:
            self._presence_pending = True
            asyncio.get_running_loop().call_later(PRESENCE_DELAY, lambda: asyncio.ensure_future(self._send_presence()))

    async def _send_presence(self) -> None:
        self._presence_pending = False
        if self._stopped:
            return
        try:
            counts = await self.bus.presence(self.table_id)
            summary = await self.session.summary(self.table_id)
            live = [{"seat": s["seat"], "state": s["state"], "name": s["name"]} for s in summary["seats"]]
            text = outgoing.presence(counts["seats"], counts["spectators"], live)
            # the hub may have stopped during those reads (a node's stop): then nobody is left to tell
            held = None if self._stopped else await self._held_presence(counts, live)
        except Exception as exc:
            if not is_outage(exc):
                raise
            outages.failed(exc)  # one log line per outage; presence goes out again when it changes
            return
        if self._stopped:
            return
        for conn in self.stage.conns:
            conn.offer(held if held is not None and self.stage.holds(conn) else text)

    async def _held_presence(self, counts: bus.Counts, live: list[dict[str, Any]]) -> str | None:
        """The presence message for held spectators: the seat list at the seq they see (and
        the connections of those seats only), or None when nobody is held."""
        env = self.stage.held
        if env is None:
            return None
        then = await seats_at(self.session.engine, self.table_id, env.seq)
        seat_list = [{"seat": s["seat"], **seat_then(then, s["seat"])} for s in live]
        taken = {seat for seat, row in then.items() if row["state"] == "taken"}
        seats = {k: v for k, v in counts["seats"].items() if k in taken}
        return outgoing.presence(seats, counts["spectators"], seat_list)


def _mark(
    actor: Actor, ruler: dict[str, Any] | None, pointer: dict[str, float] | None, ping: dict[str, float] | None = None
) -> bus.Mark:
    return bus.Mark(marks.mark_id(actor), actor.name, actor.seat, actor.role, ruler, pointer, ping)
