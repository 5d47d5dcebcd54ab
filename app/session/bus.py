"""The bus: how table changes reach every process's connections. Its interface (``Bus``), the
closed set of messages it carries (``Message``), and their one encoding between processes
(``encode``, ``decode``).

The session publishes on it (after a commit, a kick, a rematch) and the transport implements it
(``app.transport.bus.MemoryBus`` in one process, ``app.transport.redis_bus.RedisBus`` across
several) and delivers its messages to the websockets (``app.transport.hub``). One channel per
table. The memory bus hands every subscriber the very message published; the Redis bus sends
``encode``'s bytes and makes the message again with ``decode``. Presence (connections per seat,
spectator count) lives in the bus too, so a process never assumes it holds all of a table's
connections.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterable
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass, fields
from typing import Any, ClassVar, Protocol, TypedDict

import orjson

from app.core.events import Event
from app.session.records import Envelope


@dataclass(frozen=True, slots=True)
class Seq:
    """New committed events up to ``seq``. With ``prev``, ``env`` and ``events`` the new state and
    the events that led to it from ``prev`` ride along, so another process whose state is at
    ``prev`` need not read the database (``Session.follow``)."""

    kind: ClassVar[str] = "seq"

    seq: int
    prev: int | None = None
    env: Envelope | None = None
    events: list[Event] | None = None


@dataclass(frozen=True, slots=True)
class Chat:
    """A chat line, stored (``app.social.chat.say``): its id, seq, channel, seat, from, text, at."""

    kind: ClassVar[str] = "chat"

    line: dict[str, Any]


@dataclass(frozen=True, slots=True)
class Kick:
    """The sockets of ``token_hash`` lost their seat: closed (4001), ``moved`` to another device."""

    kind: ClassVar[str] = "kick"

    token_hash: str
    moved: bool = False


@dataclass(frozen=True, slots=True)
class Mark:
    """A viewer's ruler or pointer (``app.social.marks``), None to take it away, and a ping it
    dropped (shown once)."""

    kind: ClassVar[str] = "mark"

    id: str
    sender: str  # the viewer's name
    seat: str | None
    role: str
    ruler: dict[str, Any] | None
    pointer: dict[str, float] | None
    ping: dict[str, float] | None = None


@dataclass(frozen=True, slots=True)
class Rematch:
    """The table's rematch is the table ``table``."""

    kind: ClassVar[str] = "rematch"

    table: str


@dataclass(frozen=True, slots=True)
class Poll:
    """From the Redis bus while it cannot hear Redis: read the table's seq from the database."""

    kind: ClassVar[str] = "poll"


@dataclass(frozen=True, slots=True)
class Presence:
    """Who is connected to the table changed: count again."""

    kind: ClassVar[str] = "presence"


@dataclass(frozen=True, slots=True)
class Settings:
    """The host changed the table's settings: read them again."""

    kind: ClassVar[str] = "settings"


Message = Seq | Poll | Chat | Presence | Kick | Mark | Settings | Rematch


class Counts(TypedDict):
    """Connections per seat, and spectators, over every process."""

    seats: dict[str, int]
    spectators: int


class Bus(Protocol):
    async def publish(self, table_id: str, message: Message) -> None: ...

    def subscribe(self, table_id: str) -> AbstractAsyncContextManager[AsyncIterator[Message]]:
        """``async with bus.subscribe(t) as messages: async for m in messages: ...``"""
        ...

    async def presence_add(self, table_id: str, conn_id: str, seat: str | None) -> None: ...

    async def presence_remove(self, table_id: str, conn_id: str) -> None: ...

    async def presence(self, table_id: str) -> Counts: ...

    def leaving(self) -> None:
        """The process is stopping: its subscriptions end with ``close``, not one by one."""
        ...

    async def close(self) -> None: ...


def count_presence(seats: Iterable[str | None]) -> Counts:
    """Presence from the seat of each connection (``None`` for a spectator)."""
    counts: dict[str, int] = {}
    spectators = 0
    for seat in seats:
        if seat is None:
            spectators += 1
        else:
            counts[seat] = counts.get(seat, 0) + 1
    return {"seats": counts, "spectators": spectators}


# --- between processes ---------------------------------------------------------------------
KINDS: dict[str, type[Message]] = {c.kind: c for c in (Seq, Poll, Chat, Presence, Kick, Mark, Settings, Rematch)}
_WIRE = {"sender": "from"}  # a field whose name on the wire is a Python keyword


def encode(message: Message, *, carry: bool = True, origin: str | None = None) -> bytes:
    """The message as the Redis bus sends it: JSON, its kind under ``"t"`` and then its fields. A
    ``Seq``'s state and events go only with ``carry`` (and when it has them). ``origin``: the
    sending process, first (``mine``), so that it knows its own message without decoding it.
    Raises TypeError when the state cannot be written as JSON (then send it again without)."""
    body: dict[str, Any] = {"o": origin} if origin is not None else {}
    body["t"] = message.kind
    for f in fields(message):
        if isinstance(message, Seq) and f.name != "seq" and (not carry or message.env is None):
            continue  # the state stays behind: others read it from the database
        body[_WIRE.get(f.name, f.name)] = getattr(message, f.name)  # an Envelope is written as its fields
    return orjson.dumps(body, option=orjson.OPT_NON_STR_KEYS)  # as a snapshot's JSON


def mine(origin: str) -> bytes:
    """How every message that ``encode`` wrote with ``origin`` begins."""
    return orjson.dumps({"o": origin})[:-1] + b","


def decode(data: bytes | str) -> Message:
    """The message ``encode`` wrote. Raises ValueError (or KeyError, TypeError) for anything else."""
    body = orjson.loads(data)
    made = KINDS.get(str(body.get("t"))) if isinstance(body, dict) else None
    if made is None:
        raise ValueError(f"not a bus message: {str(data)[:80]!r}")
    values = {f.name: body[_WIRE.get(f.name, f.name)] for f in fields(made) if _WIRE.get(f.name, f.name) in body}
    if made is Seq and values.get("env") is not None:
        values["env"] = Envelope(**values["env"])
    return made(**values)
