"""The websocket protocol as one JSON Schema (2020-12) document, ``schema/websocket.json``: one
definition per message, made from the models the server builds and parses its messages with
(``app.transport.outgoing``'s TypedDicts, ``app.transport.incoming``'s models), and each
system's actions (``app.systems.schemas``), so it cannot drift from the code. ``ServerMessage``
is any message the server sends, ``ClientMessage`` any a client may send (``ClientAuth`` only
as a socket's first frame).

Written by ``python -m app.transport.schema [PATH]`` (``make schema``); a test holds the file
equal to what this module makes, and validates every frame of a seeded game of each system
against it (tests/transport/test_websocket_schema.py).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from pydantic import TypeAdapter

from app import systems
from app.session.session import TABLE_ACTION_KINDS as TABLE_KINDS
from app.systems.schemas import action_definitions
from app.transport import incoming, outgoing

LOCAL = "#/$defs/"
FILE = Path(__file__).resolve().parents[2] / "schema" / "websocket.json"

#: the server's messages: (definition name, model)
SERVER: tuple[tuple[str, Any], ...] = (
    ("Welcome", outgoing.Welcome),
    ("Update", outgoing.Update),
    ("PatchUpdate", outgoing.PatchUpdate),
    ("Ack", outgoing.Ack),
    ("Error", outgoing.Error),
    ("Presence", outgoing.Presence),
    ("Settings", outgoing.Settings),
    ("Chat", outgoing.Chat),
    ("ChatHistory", outgoing.ChatHistory),
    ("Mark", outgoing.Mark),
    ("Rematch", outgoing.Rematch),
    ("Pong", outgoing.Pong),
)
#: a client's messages
CLIENT: tuple[tuple[str, Any], ...] = (
    ("ClientAuth", incoming.AuthMsg),
    ("ClientAction", incoming.ActionMsg),
    ("ClientResync", incoming.ResyncMsg),
    ("ClientChat", incoming.ChatMsg),
    ("ClientPing", incoming.PingMsg),
    ("ClientMark", incoming.MarkMsg),
)

DESCRIPTION = """\
Warboard's websocket protocol, GET /ws/tables/{table_id}: one JSON object per text frame, its
"type" naming the message. A client's first frame is ClientAuth (within 5 s); the server answers
Welcome, then Settings and ChatHistory, and Presence whenever who is connected changes.

Ordering: every Update's events continue the seq where the client's last Welcome or Update ended
(its first event's seq is one more than the last seq it saw), so a client that sees a gap sends
ClientResync with the last seq it has. A PatchUpdate applies to the view at its "base" seq; a
client whose view is at another seq resyncs. The Ack of a socket's own action (ref = its id)
comes before the Update that carries the action's events; an action refused is answered by an
Error with that ref, a message refused by an Error with ref null (the socket stays open). An
action id the table already applied is acked again with "duplicate": true and applies nothing.
ClientResync {"since": N} answers one Update with the events after N and the whole view, or a
fresh Welcome when N is negative, ahead of the table, more than 500 events behind, or the
socket is a spectator's held back by the table's delay. ClientPing is answered Pong.\
"""


def _definitions(pairs: tuple[tuple[str, Any], ...], defs: dict[str, Any]) -> None:
    for name, model in pairs:
        sub = TypeAdapter(model).json_schema(ref_template=LOCAL + "{model}")
        for inner, schema in sub.pop("$defs", {}).items():
            known = defs.setdefault(inner, schema)
            if known != schema:
                raise RuntimeError(f"two models named {inner!r} differ: name one apart")
        defs[name] = {**sub, "title": name}


def websocket_schema() -> dict[str, Any]:
    """The document (see the module's text)."""
    defs: dict[str, Any] = {}
    _definitions(SERVER, defs)
    _definitions(CLIENT, defs)
    patch_op = defs["PatchOp"]
    patch_op["properties"]["from"] = {"type": "string", "description": "move, copy: the value's path"}
    actions, unions = action_definitions(systems.registry.systems.values(), LOCAL, defs, TABLE_KINDS)
    defs.update(actions)
    defs["ClientAction"]["properties"]["action"] = {
        "description": "One of the table's system's actions (discriminated on 'kind')",
        "anyOf": [{"$ref": LOCAL + name} for name in unions],
    }
    for name, schema in defs.items():
        schema["title"] = name
    defs["ServerMessage"] = {
        "title": "ServerMessage",
        "description": "Any message the server sends (" + ", ".join(outgoing.TYPES) + ")",
        "oneOf": [{"$ref": LOCAL + name} for name, _ in SERVER],
    }
    defs["ClientMessage"] = {
        "title": "ClientMessage",
        "description": "Any message a client sends (auth only as its first frame)",
        "oneOf": [{"$ref": LOCAL + name} for name, _ in CLIENT],
    }
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "websocket.json",
        "title": "Warboard websocket protocol",
        "description": DESCRIPTION,
        "anyOf": [{"$ref": LOCAL + "ServerMessage"}, {"$ref": LOCAL + "ClientMessage"}],
        "$defs": dict(sorted(defs.items())),
    }


def render() -> str:
    """The document as the file holds it."""
    return json.dumps(websocket_schema(), indent=2, ensure_ascii=False, sort_keys=False) + "\n"


def main() -> None:
    """Write the document to the path given (default ``schema/websocket.json``)."""
    path = Path(sys.argv[1]) if len(sys.argv) > 1 else FILE
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(render(), encoding="utf-8")
    print(f"wrote {path}")


if __name__ == "__main__":
    main()
