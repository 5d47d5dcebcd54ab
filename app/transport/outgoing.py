"""What the server sends a websocket client (API.md, "Websocket"): a closed set of messages, one
``TypedDict`` and one builder per ``type`` (an update's two forms, whole view or patch, have a
builder each). Nothing else in ``app/`` makes one: a test reads the sources and holds that line.

Each builder returns the message's JSON text. The fan-out serializes an update once per
distinct viewer and writes the same frame to each of its connections
(``app.transport.fanout``), so a builder does no work beyond the serialization. What a client
sends is ``app.transport.incoming``.
"""

from __future__ import annotations

from typing import Any, Literal, NotRequired, TypedDict

import orjson

from app.core.errors import WarboardError

#: every ``type`` the server sends
TYPES = ("welcome", "update", "ack", "error", "presence", "settings", "chat", "chat_history", "mark", "rematch", "pong")


class Welcome(TypedDict):
    """The whole view at ``seq``: a socket's first message, and a resync too far behind."""

    type: Literal["welcome"]
    role: str  # host | player | spectator
    seat: str | None
    seq: int
    view: dict[str, Any]


class Update(TypedDict):
    """The events up to ``seq`` and the whole view after them."""

    type: Literal["update"]
    seq: int
    events: list[dict[str, Any]]
    view: dict[str, Any]


class PatchUpdate(TypedDict):
    """The events up to ``seq`` and a JSON Patch (RFC 6902) of the view at seq ``base``."""

    type: Literal["update"]
    seq: int
    base: int
    events: list[dict[str, Any]]
    patch: list[dict[str, Any]]


class Ack(TypedDict):
    """The socket's own action ``ref`` committed at ``seq`` (``duplicate``: it was, before)."""

    type: Literal["ack"]
    ref: str
    seq: int
    duplicate: NotRequired[Literal[True]]


class Error(TypedDict):
    """A refused action (``ref``) or message (``ref`` null): ``{"code", "message", "detail"?}``."""

    type: Literal["error"]
    ref: str | None
    error: dict[str, Any]


class Presence(TypedDict):
    """Connections per seat, spectators, and each seat's state and player."""

    type: Literal["presence"]
    seats: dict[str, int]
    spectators: int
    seat_list: NotRequired[list[dict[str, Any]]]


class Settings(TypedDict):
    """The table's settings (``app.social.settings.PUBLIC``)."""

    type: Literal["settings"]
    settings: dict[str, Any]


Chat = TypedDict(
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


class ChatHistory(TypedDict):
    """The chat lines the socket may read, oldest first."""

    type: Literal["chat_history"]
    lines: list[dict[str, Any]]


Mark = TypedDict(
    "Mark",
    {
        "type": Literal["mark"],
        "id": str,
        "from": str,
        "seat": str | None,
        "ruler": dict[str, Any] | None,
        "pointer": dict[str, float] | None,
        "ping": dict[str, float] | None,
    },
)


class Rematch(TypedDict):
    """The table's rematch was made: its id."""

    type: Literal["rematch"]
    table: str


class Pong(TypedDict):
    type: Literal["pong"]


ServerMessage = (
    Welcome | Update | PatchUpdate | Ack | Error | Presence | Settings | Chat | ChatHistory | Mark | Rematch | Pong
)


def _dumps(message: ServerMessage) -> str:
    return orjson.dumps(message).decode()


def welcome(role: str, seat: str | None, seq: int, view: dict[str, Any]) -> str:
    return _dumps({"type": "welcome", "role": role, "seat": seat, "seq": seq, "view": view})


def update(seq: int, events: list[dict[str, Any]], view: dict[str, Any]) -> str:
    return _dumps({"type": "update", "seq": seq, "events": events, "view": view})


def patch_update(seq: int, base: int, events: list[dict[str, Any]], patch: list[dict[str, Any]]) -> str:
    """An update as a JSON Patch (RFC 6902) against the view at seq ``base`` (README changelog)."""
    return _dumps({"type": "update", "seq": seq, "base": base, "events": events, "patch": patch})


def ack(ref: str, seq: int, duplicate: bool = False) -> str:
    if duplicate:
        return _dumps({"type": "ack", "ref": ref, "seq": seq, "duplicate": True})
    return _dumps({"type": "ack", "ref": ref, "seq": seq})


def error(ref: str | None, exc: WarboardError) -> str:
    return _dumps({"type": "error", "ref": ref, "error": exc.to_dict()["error"]})


def presence(seats: dict[str, int], spectators: int, seat_list: list[dict[str, Any]] | None = None) -> str:
    if seat_list is None:
        return _dumps({"type": "presence", "seats": seats, "spectators": spectators})
    # each seat's state and player, live (README changelog)
    return _dumps({"type": "presence", "seats": seats, "spectators": spectators, "seat_list": seat_list})


def settings(public: dict[str, Any]) -> str:
    """``public``: the table's settings as clients see them (``app.social.settings.public``)."""
    return _dumps({"type": "settings", "settings": public})


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
    return _dumps({"type": "chat_history", "lines": lines})


def mark(
    mark_id: str,
    sender: str,
    seat: str | None,
    ruler: dict[str, Any] | None,
    pointer: dict[str, float] | None,
    ping: dict[str, float] | None = None,
) -> str:
    return _dumps(
        {"type": "mark", "id": mark_id, "from": sender, "seat": seat, "ruler": ruler, "pointer": pointer, "ping": ping}
    )


def rematch(table: str) -> str:
    return _dumps({"type": "rematch", "table": table})


_PONG = _dumps({"type": "pong"})


def pong() -> str:
    return _PONG
