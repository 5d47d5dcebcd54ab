"""What the server sends a websocket client: a closed set, one builder per type, and nothing in
``app/`` but those builders makes one (``app.transport.outgoing``)."""

from __future__ import annotations

import ast
import inspect
from typing import get_args, get_type_hints

import orjson

from app.core.errors import IllegalAction
from app.transport import outgoing
from tests.test_layers import APP, ROOT

BUILDERS = {
    "welcome": outgoing.welcome,
    "update": outgoing.update,
    "patch_update": outgoing.patch_update,
    "ack": outgoing.ack,
    "error": outgoing.error,
    "presence": outgoing.presence,
    "settings": outgoing.settings,
    "chat": outgoing.chat,
    "chat_history": outgoing.chat_history,
    "mark": outgoing.mark,
    "rematch": outgoing.rematch,
    "pong": outgoing.pong,
}


def test_the_set_is_closed_and_each_type_has_its_message_and_builder() -> None:
    kinds = [get_args(get_type_hints(m)["type"])[0] for m in get_args(outgoing.ServerMessage)]
    assert set(kinds) == set(outgoing.TYPES) and len(kinds) == len(outgoing.TYPES) + 1  # an update: whole or patch
    assert {name.replace("patch_update", "update") for name in BUILDERS} == set(outgoing.TYPES)
    functions = {n for n, v in vars(outgoing).items() if inspect.isfunction(v) and v.__module__ == outgoing.__name__}
    assert functions - {"_dumps"} == set(BUILDERS)


def made_elsewhere() -> list[str]:
    """Every place in app/ outside ``outgoing`` that writes a server message by hand: a dict with
    a ``"type"`` the server sends, or JSON text that starts like one."""
    found = []
    for path in sorted(APP.rglob("*.py")):
        if path.name == "outgoing.py" and path.parent.name == "transport":
            continue
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.Dict):
                for key, value in zip(node.keys, node.values, strict=True):
                    if (
                        isinstance(key, ast.Constant)
                        and key.value == "type"
                        and isinstance(value, ast.Constant)
                        and value.value in outgoing.TYPES
                    ):
                        found.append(f"{path.relative_to(ROOT)}:{node.lineno}: {{'type': {value.value!r}, ...}}")
            elif (
                isinstance(node, ast.Constant)
                and isinstance(node.value, str)
                and node.value.lstrip().startswith("{")
                and any(f'"type": "{t}"' in node.value for t in outgoing.TYPES)
            ):
                found.append(f"{path.relative_to(ROOT)}:{node.lineno}: {node.value[:40]!r}")
    return found


def test_the_builders_are_the_only_place_messages_are_made() -> None:
    found = made_elsewhere()
    assert not found, "Server messages made outside app/transport/outgoing.py:\n" + "\n".join(found)


def test_each_builder_writes_the_bytes_clients_know() -> None:
    """The wire contract, byte for byte, as the hand-made dicts before the builders wrote it."""
    view = {"tokens": {"a": {"x": 1.5}}}
    events = [{"kind": "token_moved", "seq": 4, "seat": "p1"}]
    line = {
        "id": 7,
        "seq": 3,
        "channel": "players",
        "seat": "p1",
        "from": "Ann",
        "text": "hi",
        "at": "2024-01-01T00:00:00",
    }
    error = IllegalAction("No such token", code="unknown_token")
    expected = {
        outgoing.welcome("player", "p1", 4, view): {
            "type": "welcome",
            "role": "player",
            "seat": "p1",
            "seq": 4,
            "view": view,
        },
        outgoing.update(4, events, view): {"type": "update", "seq": 4, "events": events, "view": view},
        outgoing.patch_update(4, 3, events, [{"op": "remove", "path": "/a"}]): {
            "type": "update",
            "seq": 4,
            "base": 3,
            "events": events,
            "patch": [{"op": "remove", "path": "/a"}],
        },
        outgoing.ack("a1", 4): {"type": "ack", "ref": "a1", "seq": 4},
        outgoing.ack("a1", 4, duplicate=True): {"type": "ack", "ref": "a1", "seq": 4, "duplicate": True},
        outgoing.error("a1", error): {"type": "error", "ref": "a1", **error.to_dict()},
        outgoing.presence({"p1": 1}, 2): {"type": "presence", "seats": {"p1": 1}, "spectators": 2},
        outgoing.presence({}, 0, [{"seat": "p1"}]): {
            "type": "presence",
            "seats": {},
            "spectators": 0,
            "seat_list": [{"seat": "p1"}],
        },
        outgoing.settings({"spectator_chat": True}): {"type": "settings", "settings": {"spectator_chat": True}},
        outgoing.chat(line): {"type": "chat", **line},
        outgoing.chat_history([line]): {"type": "chat_history", "lines": [line]},
        outgoing.mark("m1", "Ann", "p1", None, {"x": 1.0, "y": 2.0}): {
            "type": "mark",
            "id": "m1",
            "from": "Ann",
            "seat": "p1",
            "ruler": None,
            "pointer": {"x": 1.0, "y": 2.0},
            "ping": None,
        },
        outgoing.mark("m1", "Ann", "p1", None, None, {"x": 3.0, "y": 4.0}): {
            "type": "mark",
            "id": "m1",
            "from": "Ann",
            "seat": "p1",
            "ruler": None,
            "pointer": None,
            "ping": {"x": 3.0, "y": 4.0},
        },
        outgoing.rematch("t2"): {"type": "rematch", "table": "t2"},
        outgoing.pong(): {"type": "pong"},
    }
    for text, body in expected.items():
        assert text == orjson.dumps(body).decode()
