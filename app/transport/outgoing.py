"""What the server sends a websocket client (docs/api/websocket.md; schema/websocket.json): a closed set of messages, one
``TypedDict`` and one builder per ``type`` (an update's two forms, whole view or patch, have a
builder each). Nothing else in ``app/`` makes one: a test reads the sources and holds that line.

Each builder returns the message's JSON text. The fan-out serializes an update once per
distinct viewer and writes the same frame to each of its connections
(``app.transport.fanout``), so a builder does no work beyond the serialization. What a client
sends is ``app.transport.incoming``.
"""

from __future__ import annotations

from typing import Any, Literal, NotRequired, cast

import orjson
from pydantic import ConfigDict, with_config
from typing_extensions import TypedDict  # pydantic reads typing's TypedDict only from Python 3.12

from app.core.errors import WarboardError
from app.process import prom

#: a message's keys are exactly these (the websocket schema says ``additionalProperties: false``)
CLOSED = ConfigDict(extra="forbid")


@with_config(ConfigDict(extra="allow"))
class Event(TypedDict):
    """One event, as the receiving viewer may see it: its ``kind``, its ``seq``, the ``seat``
    that caused it (null: the table or the host) and the fields of its kind (each system's
    README)."""

    kind: str
    seq: int
    seat: NotRequired[str | None]


@with_config(CLOSED)
class PatchOp(TypedDict):
    """One operation of a JSON Patch (RFC 6902)."""

    op: Literal["add", "remove", "replace", "move", "copy", "test"]
    path: str
    value: NotRequired[Any]
    # "from" (move, copy) is added by the schema (app.transport.schema): a keyword here


@with_config(CLOSED)
class ErrorBody(TypedDict):
    """A stable machine ``code``, a sentence for a person, and what the code's check found."""

    code: str
    message: str
    detail: NotRequired[dict[str, Any]]


@with_config(CLOSED)
class SeatState(TypedDict):
    """A seat's state and its player's name, as the receiver may know it."""

    seat: str
    state: Literal["open", "taken", "closed"]
    name: str | None


@with_config(CLOSED)
class TableSettings(TypedDict):
    """The table's settings as clients see them (``app.social.settings.PUBLIC``)."""

    spectator_chat: bool
    delay_actions: int
    delay_seconds: int
    rematch_id: str | None
    takeback: Literal["off", "ask", "free"]
    guided: bool


ChatLine = TypedDict(
    "ChatLine", {"id": int, "seq": int, "channel": str, "seat": str | None, "from": str, "text": str, "at": str}
)


@with_config(CLOSED)
class Point(TypedDict):
    x: float
    y: float


Ruler = TypedDict("Ruler", {"from": Point, "to": Point, "text": str})

#: every ``type`` the server sends
TYPES = ("welcome", "update", "ack", "error", "presence", "settings", "chat", "chat_history", "mark", "rematch", "pong")


Role = Literal["host", "player", "spectator"]


@with_config(CLOSED)
class Welcome(TypedDict):
    """The whole view at ``seq``: a socket's first message, and a resync too far behind."""

    type: Literal["welcome"]
    role: Role
    seat: str | None
    seq: int
    view: dict[str, Any]


@with_config(CLOSED)
class Update(TypedDict):
    """The events up to ``seq`` and the whole view after them."""

    type: Literal["update"]
    seq: int
    events: list[Event]
    view: dict[str, Any]


@with_config(CLOSED)
class PatchUpdate(TypedDict):
    """The events up to ``seq`` and a JSON Patch (RFC 6902) of the view at seq ``base``."""

    type: Literal["update"]
    seq: int
    base: int
    events: list[Event]
    patch: list[PatchOp]


@with_config(CLOSED)
class Ack(TypedDict):
    """The socket's own action ``ref`` committed at ``seq`` (``duplicate``: it was, before)."""

    type: Literal["ack"]
    ref: str
    seq: int
    duplicate: NotRequired[Literal[True]]


@with_config(CLOSED)
class Error(TypedDict):
    """A refused action (``ref``) or message (``ref`` null): ``{"code", "message", "detail"?}``."""

    type: Literal["error"]
    ref: str | None
    error: ErrorBody


@with_config(CLOSED)
class Presence(TypedDict):
    """Connections per seat, spectators, and each seat's state and player."""

    type: Literal["presence"]
    seats: dict[str, int]
    spectators: int
    seat_list: NotRequired[list[SeatState]]


@with_config(CLOSED)
class Settings(TypedDict):
    """The table's settings (``app.social.settings.PUBLIC``)."""

    type: Literal["settings"]
    settings: TableSettings


Chat = TypedDict(  # one chat line (``ChatLine``) as a message
    "Chat",
    {
        "type": Literal["chat"],
        "id": int,
        "seq": int,
        "channel": str,
        "seat": str | None,
        "from": str,
        "text": str,
        "at": str,
    },
)


@with_config(CLOSED)
class ChatHistory(TypedDict):
    """The chat lines the socket may read, oldest first."""

    type: Literal["chat_history"]
    lines: list[ChatLine]


Mark = TypedDict(
    "Mark",
    {
        "type": Literal["mark"],
        "id": str,
        "from": str,
        "seat": str | None,
        "ruler": Ruler | None,
        "pointer": Point | None,
        "ping": Point | None,
    },
)
for _keyword_named in (ChatLine, Ruler, Chat, Mark):  # (their "from" is a keyword: no class syntax)
    with_config(CLOSED)(_keyword_named)


@with_config(CLOSED)
class Rematch(TypedDict):
    """The table's rematch was made: its id."""

    type: Literal["rematch"]
    table: str


@with_config(CLOSED)
class Pong(TypedDict):
    type: Literal["pong"]


ServerMessage = (
    Welcome | Update | PatchUpdate | Ack | Error | Presence | Settings | Chat | ChatHistory | Mark | Rematch | Pong
)


def _dumps(message: ServerMessage) -> str:
    return orjson.dumps(message).decode()


def welcome(role: str, seat: str | None, seq: int, view: dict[str, Any]) -> str:
    return _dumps({"type": "welcome", "role": cast(Role, role), "seat": seat, "seq": seq, "view": view})


def update(seq: int, events: list[dict[str, Any]], view: dict[str, Any]) -> str:
    return _dumps({"type": "update", "seq": seq, "events": cast(list[Event], events), "view": view})


def patch_update(seq: int, base: int, events: list[dict[str, Any]], patch: list[dict[str, Any]]) -> str:
    """An update as a JSON Patch (RFC 6902) against the view at seq ``base`` (README changelog)."""
    return _dumps(
        {
            "type": "update",
            "seq": seq,
            "base": base,
            "events": cast(list[Event], events),
            "patch": cast(list[PatchOp], patch),
        }
    )


def ack(ref: str, seq: int, duplicate: bool = False) -> str:
    if duplicate:
        return _dumps({"type": "ack", "ref": ref, "seq": seq, "duplicate": True})
    return _dumps({"type": "ack", "ref": ref, "seq": seq})


def error(ref: str | None, exc: WarboardError) -> str:
    """An ``error`` message (counted in ``/metrics`` as a refusal over ``ws``)."""
    prom.refused(exc.code, "ws")
    return _dumps({"type": "error", "ref": ref, "error": exc.to_dict()["error"]})


def presence(seats: dict[str, int], spectators: int, seat_list: list[dict[str, Any]] | None = None) -> str:
    if seat_list is None:
        return _dumps({"type": "presence", "seats": seats, "spectators": spectators})
    # each seat's state and player, live (README changelog)
    return _dumps(
        {"type": "presence", "seats": seats, "spectators": spectators, "seat_list": cast(list[SeatState], seat_list)}
    )


def settings(public: dict[str, Any]) -> str:
    """``public``: the table's settings as clients see them (``app.social.settings.public``)."""
    return _dumps({"type": "settings", "settings": cast(TableSettings, public)})


def chat(line: dict[str, Any]) -> str:
    """One chat line, as ``app.social.chat.say`` stored it (``ChatLine``)."""
    return _dumps(
        {
            "type": "chat",
            "id": line["id"],
            "seq": line["seq"],
            "channel": line["channel"],
            "seat": line["seat"],
            "from": line["from"],
            "text": line["text"],
            "at": line["at"],
        }
    )


def chat_history(lines: list[dict[str, Any]]) -> str:
    return _dumps({"type": "chat_history", "lines": cast(list[ChatLine], lines)})


def mark(
    mark_id: str,
    sender: str,
    seat: str | None,
    ruler: dict[str, Any] | None,
    pointer: dict[str, float] | None,
    ping: dict[str, float] | None = None,
) -> str:
    return _dumps(
        {
            "type": "mark",
            "id": mark_id,
            "from": sender,
            "seat": seat,
            "ruler": cast(Ruler | None, ruler),
            "pointer": cast(Point | None, pointer),
            "ping": cast(Point | None, ping),
        }
    )


def rematch(table: str) -> str:
    return _dumps({"type": "rematch", "table": table})


_PONG = _dumps({"type": "pong"})


def pong() -> str:
    return _PONG
