"""What a websocket client sends the server (docs/api/websocket.md; schema/websocket.json): a closed set of typed
messages, one model per message, parsed by ``parse_client`` (and ``parse_auth`` for a socket's
first frame). What the server sends is ``app.transport.outgoing``.
"""

from __future__ import annotations

import re
from typing import Annotated, Any, Literal

import orjson
from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from app.core.errors import MalformedAction, Unauthorized, UnknownAction
from app.core.events import MAX_SEQ
from app.core.text import REFUSED, SafeStr, check_tree, find_control_in_json, has_control

_C1 = re.compile(r"[\x7f-\x9f]")
ActionId = Annotated[SafeStr, Field(min_length=1, max_length=80)]


class _Msg(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)  # no booleans or strings for numbers


class ActionMsg(_Msg):
    type: Literal["action"]
    id: ActionId
    action: dict[str, Any]
    #: the seat the sender acts for (optional; a device holding several seats names it)
    seat: Annotated[SafeStr, Field(min_length=1, max_length=40)] | None = None


class ResyncMsg(_Msg):
    type: Literal["resync"]
    since: Annotated[int, Field(ge=-1, le=MAX_SEQ)]


class ChatMsg(_Msg):
    type: Literal["chat"]
    text: Annotated[SafeStr, Field(min_length=1, max_length=500)]


class PingMsg(_Msg):
    type: Literal["ping"]


class MarkMsg(_Msg):
    """A shared ruler or pointer, and a ping dropped at a point (ephemeral: relayed to the
    table, never stored)."""

    type: Literal["mark"]
    ruler: dict[str, Any] | None = None
    pointer: dict[str, Any] | None = None
    ping: dict[str, Any] | None = None


class AuthMsg(_Msg):
    """The first frame of a socket opened without ``?token=``: the token, kept out of the URL
    (and so out of proxy logs and the browser's history)."""

    type: Literal["auth"]
    token: Annotated[SafeStr, Field(min_length=1, max_length=200)]


_auth = TypeAdapter(AuthMsg)


def parse_auth(text: str | bytes) -> str:
    """The token of an ``auth`` frame. Raises Unauthorized for anything else."""
    try:
        return _auth.validate_python(orjson.loads(text)).token
    except (orjson.JSONDecodeError, ValidationError):
        raise Unauthorized('A socket opened without a token must send {"type": "auth", "token": ...} first') from None


ClientMessage = Annotated[ActionMsg | ResyncMsg | ChatMsg | PingMsg | MarkMsg, Field(discriminator="type")]
_client = TypeAdapter(ClientMessage)
CLIENT_TYPES = ("action", "resync", "chat", "ping", "mark")


def parse_client(text: str | bytes) -> ActionMsg | ResyncMsg | ChatMsg | PingMsg | MarkMsg:
    """Parse one client frame. Raises MalformedAction with a code for anything off."""
    try:
        data = orjson.loads(text)
    except orjson.JSONDecodeError:
        where = find_control_in_json(text)  # a lone surrogate escape: JSON that orjson refuses
        if where is not None:
            raise MalformedAction(f"{where}: {REFUSED}") from None
        raise MalformedAction("The message is not valid JSON", code="malformed_json") from None
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        raise MalformedAction("A message must be an object with a string 'type'")
    if data["type"] not in CLIENT_TYPES:
        raise UnknownAction(
            f"Unknown message type {data['type']!r}; expected one of {', '.join(CLIENT_TYPES)}", code="unknown_message"
        )
    # NUL and control characters, anywhere (action bodies, marks). Inside a JSON string they
    # are escaped (a backslash) or, for U+007F-U+009F only, written as they are: a frame with
    # neither holds none, and needs no walk.
    raw = text if isinstance(text, str) else text.decode(errors="replace")
    if "\\" in raw or _C1.search(raw):
        check_tree(data)
    fast = _plain_action(data)
    if fast is not None:
        return fast
    try:
        return _client.validate_python(data)
    except ValidationError as exc:
        err = exc.errors()[0]
        where = ".".join(str(p) for p in err["loc"][1:]) or "message"
        raise MalformedAction(f"Bad {data['type']!r} message: {where}: {err['msg']}") from None


def _plain_action(data: dict[str, Any]) -> ActionMsg | None:
    """The usual action frame, well formed, without the model's validation (the same checks:
    exactly type, id and action; an id of 1-80 characters without control characters; an
    object for the action). Anything else goes through the model, which names the fault."""
    ref, action = data.get("id"), data.get("action")
    if (
        data["type"] == "action"
        and len(data) == 3
        and type(ref) is str
        and 1 <= len(ref) <= 80
        and type(action) is dict
        and not has_control(ref)
    ):
        return ActionMsg.model_construct(type="action", id=ref, action=action)
    return None
