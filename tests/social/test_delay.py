"""The spectator delay holds everything (app/social/delay.py), against a real server: for a
token without a seat, the summary's seq and seats, ``/legal``'s seq, the chat (HTTP and live),
the presence's seat list and the lobby's and Watch list's taken seats are all as of the seq
the delay shows; a seat's token reads them live. Plus the pure seat-list rebuild."""

from __future__ import annotations

from typing import Any

import pytest

from app.social.delay import seats_from
from tests.conftest import Server
from tests.kit.table import bearer, join, new_table, spectate, token_of
from tests.kit.ws import WsClient

pytestmark = pytest.mark.anyio


def test_seats_from_rebuilds_the_seat_rows_a_log_leaves() -> None:
    events = [
        {"kind": "seat_joined", "seat_id": "p1", "name": "Ann"},
        {"kind": "seat_joined", "seat_id": "p2", "name": "Bob"},
        {"kind": "seat_kicked", "seat_id": "p2"},
        {"kind": "seat_moved", "seat_id": "p1", "name": "Ann", "by": "player"},
        {"kind": "seat_joined", "seat_id": "p3", "name": "Cleo"},
        {"kind": "seat_kicked", "seat_id": "p3"},
        {"kind": "seat_reopened", "seat_id": "p3"},
    ]
    assert seats_from(events) == {"p1": {"state": "taken", "name": "Ann"}, "p2": {"state": "closed", "name": ""}}


async def _chat_until(ws: WsClient, text: str, seconds: float) -> dict[str, Any] | None:
    try:
        while True:
            m = await ws.recv(seconds)
            if m["type"] == "chat" and m["text"] == text:
                return m
    except TimeoutError:
        return None


async def _presence(ws: WsClient, server: Server, tid: str, token: str) -> dict[str, Any]:
    """The presence a new connection at the table makes the server send."""
    other = await WsClient.open(server.ws_url, tid, token)
    await other.recv_type("welcome")
    try:
        return await ws.recv_type("presence", 3)
    finally:
        await other.close()


async def test_a_delayed_spectator_learns_nothing_of_the_present(server: Server) -> None:
    client = server.client()
    table = new_table(client, name="Held back")
    tid, host = table["id"], bearer(table["host_token"])
    ann = token_of(join(client, tid, "p1", "Ann"))
    spec = spectate(client, tid)
    assert client.post(f"/api/tables/{tid}/settings", headers=host, json={"delay_actions": 3}).status_code == 200
    a = await WsClient.open(server.ws_url, tid, ann)
    await a.recv_type("welcome")
    for i in range(3):
        await a.act({"kind": "add_token", "token": f"t{i}", "x": i, "y": 1})
    s = await WsClient.open(server.ws_url, tid, spec)
    await s.recv_type("welcome")
    bob = token_of(join(client, tid, "p2", "Bob"))  # a player who sits after the seq shown
    live = client.get(f"/api/tables/{tid}", headers=bearer(ann)).json()
    await s.until_seq(live["seq"] - 3)  # three actions behind: Bob's join moved them on one
    held = s.seq
    assert live["seq"] > held and [x["state"] for x in live["seats"][:2]] == ["taken", "taken"]

    # The summary: a seat's token reads it live; no token, a spectator's or the host's at the held seq.
    for headers in ({}, bearer(spec), host, bearer("not-a-token-at-all")):
        seen = client.get(f"/api/tables/{tid}", headers=headers).json()
        assert seen["seq"] == held, headers
        assert [(x["seat"], x["state"], x["name"]) for x in seen["seats"][:2]] == [
            ("p1", "taken", "Ann"),
            ("p2", "open", None),
        ]
    # /legal's seq, /view, /events: the held seq.
    assert client.get(f"/api/tables/{tid}/legal", headers=bearer(spec)).json() == {"seq": held, "actions": []}
    assert client.get(f"/api/tables/{tid}/legal", headers=host).json()["seq"] == held
    assert client.get(f"/api/tables/{tid}/view", headers=bearer(spec)).json()["seq"] == held
    assert client.get(f"/api/tables/{tid}/events", headers=bearer(spec)).json()["seq"] == held
    # The lobby and the Watch list count the seats taken then.
    for path in ("/api/tables", "/api/watch"):
        entry = next(e for e in client.get(path).json() if e["id"] == tid)
        assert entry["seats_taken"] == 1, path

    # Chat: a player's line said now reaches the spectator only when its seq is shown.
    await a.send({"type": "chat", "text": "now I flank"})
    said = await a.recv_type("chat")
    assert said["seq"] == live["seq"]
    assert await _chat_until(s, "now I flank", 1.0) is None
    page = client.get(f"/api/tables/{tid}/chat", headers=bearer(spec)).json()["lines"]
    assert "now I flank" not in [line["text"] for line in page]
    anonymous = client.get(f"/api/tables/{tid}/chat").json()["lines"]
    assert "now I flank" not in [line["text"] for line in anonymous]
    mine = client.get(f"/api/tables/{tid}/chat", headers=bearer(ann)).json()["lines"]
    assert "now I flank" in [line["text"] for line in mine]
    # The spectator's own line is said at the seq it sees.
    await s.send({"type": "chat", "text": "go left"})
    own = await _chat_until(s, "go left", 3.0)
    assert own is not None and own["seq"] == held
    # The presence's seat list is the one of then (Bob not in it).
    presence = await _presence(s, server, tid, spectate(client, tid))
    assert [(x["seat"], x["state"]) for x in presence["seat_list"][:2]] == [("p1", "taken"), ("p2", "open")]
    assert "p2" not in presence["seats"]

    # Three more actions: the spectator reaches the seq of Bob's join and of the line.
    for i in range(3, 6):
        await a.act({"kind": "add_token", "token": f"t{i}", "x": i, "y": 2})
    line = await _chat_until(s, "now I flank", 5.0)
    assert line is not None and line["seq"] == said["seq"]
    assert s.seq >= said["seq"]
    presence = await _presence(s, server, tid, spectate(client, tid))
    assert presence["seat_list"][1] == {"seat": "p2", "state": "taken", "name": "Bob"}
    assert client.get(f"/api/tables/{tid}", headers=bearer(spec)).json()["seats"][1]["name"] == "Bob"
    assert bob
    await a.close()
    await s.close()
