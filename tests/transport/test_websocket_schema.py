"""The websocket schema (``schema/websocket.json``, made by ``app.transport.schema``) is what the
code makes, and every frame of a recorded seeded game of each system, sent and received over real
websockets to a real server, is valid against it: the players' sockets, a spectator's and the
host's, through actions (acked, refused, a duplicate), a resync, chat, marks, a ping, a settings
change, and, where the game ends, its rematch. Along the way the ordering rules the schema states
hold: every update continues the seq its socket saw last, and a socket's own action is acked before
the update that carries it."""

from __future__ import annotations

import asyncio
import json
import random
from typing import Any

import httpx
import pytest
from jsonschema import Draft202012Validator
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from app.transport import schema as ws_schema
from tests.conftest import ROOT, Server

pytestmark = pytest.mark.anyio

DOCUMENT = json.loads((ROOT / "schema" / "websocket.json").read_text())
SERVER = Draft202012Validator({"$ref": "#/$defs/ServerMessage", "$defs": DOCUMENT["$defs"]})
CLIENT = Draft202012Validator({"$ref": "#/$defs/ClientMessage", "$defs": DOCUMENT["$defs"]})
#: (system, options, actions at most): a whole game where the random legal player ends it soon
GAMES: list[tuple[str, dict[str, Any], int]] = [
    ("sandbox", {}, 12),
    ("small-soldiers", {}, 50),
    ("gkr", {"players": 2}, 50),
    ("srbr", {}, 50),
    ("hgb", {}, 16),  # HGB's legal lists are long to work out: a few actions, then a concession
]
#: what each game's sockets sent and received, for the coverage test at the end
SEEN: dict[str, list[tuple[str, dict[str, Any]]]] = {}


def definition_of(message: dict[str, Any], sent: bool) -> str:
    """The schema definition a message is an instance of (``Update`` or ``PatchUpdate``, ...)."""
    kind = message["type"]
    if sent:
        return "Client" + kind.capitalize()
    if kind == "update":
        return "PatchUpdate" if "patch" in message else "Update"
    return "".join(part.capitalize() for part in kind.split("_"))


class Socket:
    """A recording websocket: every frame it sends and receives, in order."""

    def __init__(self, name: str, conn: ClientConnection) -> None:
        self.name = name
        self.conn = conn
        self.sent: list[dict[str, Any]] = []
        self.bad: list[dict[str, Any]] = []  # sent on purpose against the schema (the server refuses them)
        self.received: list[dict[str, Any]] = []
        self.reader = asyncio.get_running_loop().create_task(self._read())

    @classmethod
    async def open(cls, server: Server, table: str, name: str, token: str) -> Socket:
        sock = cls(name, await connect(f"{server.ws_url}/ws/tables/{table}", max_size=2**23))
        await sock.send({"type": "auth", "token": token})
        await sock.until(lambda m: m["type"] == "welcome")
        return sock

    async def _read(self) -> None:
        try:
            async for raw in self.conn:
                self.received.append(json.loads(raw))
        except ConnectionClosed:
            pass

    async def send(self, message: dict[str, Any], bad: bool = False) -> None:
        (self.bad if bad else self.sent).append(message)
        await self.conn.send(json.dumps(message))

    async def until(self, found: Any, start: int = 0, timeout: float = 30) -> dict[str, Any]:
        """The first message from index ``start`` on for which ``found`` is true."""
        deadline = asyncio.get_running_loop().time() + timeout
        while True:
            for message in self.received[start:]:
                if found(message):
                    return message
            assert asyncio.get_running_loop().time() < deadline, (self.name, self.received[-5:])
            assert not self.reader.done(), (self.name, "closed", self.received[-3:])
            await asyncio.sleep(0.01)

    async def close(self) -> None:
        await self.conn.close()
        await self.reader

    @property
    def seq(self) -> int:
        seqs = [m["seq"] for m in self.received if m["type"] in ("welcome", "update")]
        return seqs[-1] if seqs else -1


async def act(sock: Socket, ref: str, action: dict[str, Any], bad: bool = False) -> dict[str, Any]:
    """Send an action; its answer (ack or error). An ack's update follows it on the same socket."""
    start = len(sock.received)
    await sock.send({"type": "action", "id": ref, "action": action}, bad)
    answer = await sock.until(lambda m: m["type"] in ("ack", "error") and m.get("ref") == ref, start)
    if answer["type"] == "ack" and not answer.get("duplicate"):
        at = sock.received.index(answer, start)
        update = await sock.until(
            lambda m: m["type"] == "update" and any(e["seq"] == answer["seq"] for e in m["events"]), start
        )
        assert sock.received.index(update, start) > at, "the ack comes before the update carrying its action"
    return answer


async def legal(http: httpx.AsyncClient, table: str, token: str) -> list[dict[str, Any]]:
    answer = await http.get(f"/api/tables/{table}/legal", headers={"Authorization": f"Bearer {token}"})
    assert answer.status_code == 200, answer.text
    return list(answer.json()["actions"])


async def play(server: Server, system: str, options: dict[str, Any], limit: int) -> list[Socket]:
    """A seeded game of ``system``: random legal actions over the seats' own sockets, then each
    client message and each event the server answers, recorded."""
    rng = random.Random(f"schema-{system}")
    async with httpx.AsyncClient(base_url=server.url, timeout=60) as http:
        created = await http.post(
            "/api/tables", json={"system": system, "name": "Schema", "seed": f"schema-{system}", "options": options}
        )
        assert created.status_code == 201, created.text
        table, host = created.json()["id"], created.json()["host_token"]
        tokens: dict[str, str] = {}
        for seat in created.json()["seats"]:
            joined = await http.post(f"/api/tables/{table}/join", json={"seat": seat, "name": f"P-{seat}"})
            tokens[seat] = joined.json()["token"]
        watcher = (await http.post(f"/api/tables/{table}/spectate", json={"name": "Watcher"})).json()["token"]
        seats = {seat: await Socket.open(server, table, seat, token) for seat, token in tokens.items()}
        others = [
            await Socket.open(server, table, "spectator", watcher),
            await Socket.open(server, table, "host", host),
        ]
        everyone = [*seats.values(), *others]
        first = next(iter(seats.values()))

        # the conversation's other messages
        start = len(first.received)
        await first.send({"type": "ping"})
        await first.until(lambda m: m["type"] == "pong", start)
        mark = {"type": "mark", "ruler": {"from": {"x": 1, "y": 1}, "to": {"x": 4, "y": 5}, "text": '5"'}}
        await first.send({**mark, "pointer": {"x": 2.5, "y": 3}})
        await first.send({"type": "mark", "ping": {"x": 6, "y": 2}})
        await others[1].until(lambda m: m["type"] == "mark" and m["ping"] is not None)
        await first.send({"type": "chat", "text": "Good luck!"})
        await others[1].until(lambda m: m["type"] == "chat")
        await first.send({"type": "action", "id": "no-action"}, bad=True)  # malformed: answered, ref null
        await first.until(lambda m: m["type"] == "error" and m["ref"] is None, start)
        refused = await act(first, "unknown-kind", {"kind": "no_such_kind"}, bad=True)
        assert refused["type"] == "error" and refused["error"]["code"]

        # the game: a seeded random legal action of a seat that has one, over its own socket
        last: tuple[Socket, str, dict[str, Any]] | None = None
        for step in range(limit):
            movers = [(seat, acts) for seat in seats if (acts := await legal(http, table, tokens[seat]))]
            if not movers:
                break
            seat, actions = rng.choice(movers)
            action = rng.choice([a for a in actions if a["kind"] != "concede"] or actions)  # play on: no concession
            answer = await act(seats[seat], f"{seat}-{step}", action)
            if answer["type"] == "ack":
                last = (seats[seat], f"{seat}-{step}", action)
        assert last is not None, "no action was applied"
        duplicate = await act(last[0], last[1], last[2])
        assert duplicate == {"type": "ack", "ref": last[1], "seq": duplicate["seq"], "duplicate": True}

        # a resync: the events after a seq, then a whole view
        start = len(first.received)
        await first.send({"type": "resync", "since": max(0, first.seq - 2)})
        await first.until(lambda m: m["type"] == "update", start)
        await first.send({"type": "resync", "since": -1})
        await first.until(lambda m: m["type"] == "welcome", start)

        # the host's settings reach every socket
        changed = await http.post(
            f"/api/tables/{table}/settings",
            json={"spectator_chat": True},
            headers={"Authorization": f"Bearer {host}"},
        )
        assert changed.status_code == 200, changed.text
        for sock in everyone:
            await sock.until(lambda m: m["type"] == "settings" and m["settings"]["spectator_chat"])

        # the end: a seat concedes where the game allows it, and a rematch is made
        summary = (await http.get(f"/api/tables/{table}")).json()
        if summary["outcome"] is None:
            for seat, token in tokens.items():
                concede = [a for a in await legal(http, table, token) if a["kind"] == "concede"]
                if concede:
                    await act(seats[seat], f"{seat}-concedes", concede[0])
                    break
        summary = (await http.get(f"/api/tables/{table}")).json()
        if summary["outcome"] is not None:
            seat, token = next(iter(tokens.items()))
            made = await http.post(f"/api/tables/{table}/rematch", headers={"Authorization": f"Bearer {token}"})
            assert made.status_code == 200, made.text
            for sock in everyone:
                await sock.until(lambda m: m["type"] == "rematch")
        await asyncio.sleep(0.3)  # presence after the last changes
        for sock in everyone:
            await sock.close()
    return everyone


def test_the_file_is_what_the_code_makes() -> None:
    """``make schema`` (``python -m app.transport.schema``) writes it again after a change."""
    assert (ROOT / "schema" / "websocket.json").read_text() == ws_schema.render()
    Draft202012Validator.check_schema(DOCUMENT)
    names = {name for name, _ in (*ws_schema.SERVER, *ws_schema.CLIENT)}
    assert names <= set(DOCUMENT["$defs"]) and {"HgbAction", "SandboxAction", "ServerMessage"} <= set(DOCUMENT["$defs"])
    assert all(d["title"] == name for name, d in DOCUMENT["$defs"].items())


@pytest.mark.parametrize(("system", "options", "limit"), GAMES, ids=[g[0] for g in GAMES])
async def test_every_frame_of_a_seeded_game_fits_the_schema(
    fast_server: Server, system: str, options: dict[str, Any], limit: int
) -> None:
    sockets = await asyncio.wait_for(play(fast_server, system, options, limit), timeout=600)
    seen = SEEN.setdefault(system, [])
    acks = sum(m["type"] == "ack" for sock in sockets for m in sock.received)
    frames = sum(len(sock.sent) + len(sock.bad) + len(sock.received) for sock in sockets)
    print(f"{system}: {frames} frames, {acks} actions acked")
    for sock in sockets:
        seq = -1
        for message in sock.sent:
            errors = [e.message for e in CLIENT.iter_errors(message)]
            assert not errors, (system, sock.name, "sent", message, errors[:3])
            seen.append((definition_of(message, True), message))
        for message in sock.bad:  # what the server refuses, the schema refuses
            assert not CLIENT.is_valid(message), message
        for message in sock.received:
            errors = [e.message for e in SERVER.iter_errors(message)]
            assert not errors, (system, sock.name, json.dumps(message)[:500], errors[:3])
            seen.append((definition_of(message, False), message))
            if message["type"] == "welcome":
                seq = message["seq"]
            elif message["type"] == "update":
                if message["events"] and message["events"][0]["seq"] <= seq:
                    continue  # a resync's answer repeats what the socket asked for again
                assert not message["events"] or message["events"][0]["seq"] == seq + 1, (sock.name, seq, message)
                seq = message["seq"]


def test_the_games_sent_and_received_every_message_of_the_schema() -> None:
    if len(SEEN) < len(GAMES):
        pytest.skip("runs after every game's test")
    found = {name for frames in SEEN.values() for name, _ in frames}
    assert {name for name, _ in (*ws_schema.SERVER, *ws_schema.CLIENT)} <= found, found
    messages = [m for frames in SEEN.values() for _, m in frames]
    assert any(m["type"] == "ack" and m.get("duplicate") for m in messages)
    assert any(m["type"] == "presence" and "seat_list" in m for m in messages)
    assert {m["role"] for m in messages if m["type"] == "welcome"} == {"host", "player", "spectator"}
