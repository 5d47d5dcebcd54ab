"""Takebacks over the wire, against a real server: both players' (and a spectator's) views are
right after a takeback asked and allowed by websocket, the refusals come back as errors with
their codes, the window endpoint says what may be taken back, and a computer player allows a
takeback asked of it."""

from __future__ import annotations

import asyncio

import httpx
import pytest

from app.bots.client import BotClient
from tests.conftest import Server
from tests.kit.table import join, new_table, spectate, token_of
from tests.kit.ws import WsClient

pytestmark = pytest.mark.anyio


def add(token: str, x: float) -> dict:
    return {"kind": "add_token", "token": token, "x": x, "y": 1.0}


async def test_both_views_are_right_after_a_takeback(server: Server) -> None:
    client = server.client()
    table = new_table(client, seed="ws-takeback")
    tid = table["id"]
    t1, t2 = token_of(join(client, tid, "p1", "Ann")), token_of(join(client, tid, "p2", "Bob"))
    ts = spectate(client, tid)
    a, b, s = [await WsClient.open(server.ws_url, tid, t) for t in (t1, t2, ts)]
    for c in (a, b, s):
        await c.recv_type("welcome")
    assert (await a.act(add("t1", 1.0)))["type"] == "ack"
    moved = await a.act(add("t2", 2.0))
    window = client.get(f"/api/tables/{tid}/takeback", headers={"Authorization": f"Bearer {t1}"}).json()
    assert window["mode"] == "ask" and window["code"] is None and window["seqs"]
    other = client.get(f"/api/tables/{tid}/takeback", headers={"Authorization": f"Bearer {t2}"}).json()
    assert other["code"] == "another_seat_acted" and other["seqs"] == []

    refused = await b.act({"kind": "takeback"})
    assert refused["type"] == "error" and refused["error"]["code"] == "another_seat_acted"
    asked = await a.act({"kind": "takeback"})
    assert asked["type"] == "ack"
    await b.until_seq(asked["seq"])
    pending = b.follower.view["_table"]["takeback"]
    assert pending["seat"] == "p1" and pending["waiting"] == ["p2"] and pending["seqs"] == window["seqs"]
    allowed = await b.act({"kind": "takeback.allow"})
    assert allowed["type"] == "ack" and allowed["seq"] > moved["seq"]
    for c in (a, b, s):
        await c.until_seq(allowed["seq"])
        assert [p["id"] for p in c.follower.view["pieces"]] == ["t1"]
        assert c.follower.view["_table"]["takeback"] is None
    events = [e for m in s.messages if m["type"] == "update" for e in m["events"]]
    assert [e["kind"] for e in events[-2:]] == ["takeback_asked", "taken_back"]
    assert events[-1]["by"] == "p1" and events[-1]["seqs"] == window["seqs"]
    again = await b.act({"kind": "takeback.refuse"})
    assert again["type"] == "error" and again["error"]["code"] == "no_takeback_pending"
    for c in (a, b, s):
        await c.close()


async def test_a_computer_allows_a_takeback(server: Server) -> None:
    async with httpx.AsyncClient(base_url=server.url, timeout=30) as client:
        created = await client.post("/api/tables", json={"system": "sandbox", "name": "T", "seed": "bot-tb"})
        tid = created.json()["id"]
        human = (await client.post(f"/api/tables/{tid}/join", json={"seat": "p1", "name": "Ann"})).json()["token"]
        computer = (await client.post(f"/api/tables/{tid}/join", json={"seat": "p2", "name": "Computer"})).json()
        bot = BotClient(server.url, tid, computer["token"], seed="tb", delay=0)
        running = asyncio.ensure_future(bot.run())
        try:
            auth = {"Authorization": f"Bearer {human}"}
            done = await client.post(
                f"/api/tables/{tid}/actions", json={"id": "a", "action": add("t1", 1.0)}, headers=auth
            )
            assert done.status_code == 200, done.text
            asked = await client.post(
                f"/api/tables/{tid}/actions", json={"id": "b", "action": {"kind": "takeback"}}, headers=auth
            )
            assert asked.status_code == 200, asked.text
            for _ in range(100):
                view = (await client.get(f"/api/tables/{tid}/view", headers=auth)).json()["view"]
                if not view["pieces"]:
                    break
                await asyncio.sleep(0.1)
            assert view["pieces"] == [] and view["_table"]["takeback"] is None
        finally:
            running.cancel()
