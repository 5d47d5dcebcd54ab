"""The table as players live in it, against a real server and real websockets: rejoin links,
kept chat with its two channels, shared ruler and pointer, the live seat list, the spectator
delay, rematches and the Watch list."""

from __future__ import annotations

import asyncio
from typing import Any

import httpx
import pytest

from app.core.tokens import hash_token
from tests.conftest import Server
from tests.kit.table import act, bearer, join, new_table, open_table, spectate, token_of
from tests.kit.ws import WsClient

pytestmark = pytest.mark.anyio


def table_with_players(server: Server) -> tuple[httpx.Client, dict[str, Any], str, str, str]:
    client = server.client()
    seated = open_table(client, names=("Ann", "Bob"))
    return client, seated.created, seated.tokens["p1"], seated.tokens["p2"], seated.tokens[None]


async def quiet(ws: WsClient, kind: str, seconds: float = 0.6) -> list[dict[str, Any]]:
    """Every message of ``kind`` that arrives within ``seconds``."""
    got = []
    try:
        while True:
            m = await ws.recv(seconds)
            if m["type"] == kind:
                got.append(m)
    except TimeoutError:
        return got


async def test_rejoin_link_restores_the_seat_and_reissue_revokes_it(server: Server) -> None:
    client, table, ann, _, _ = table_with_players(server)
    tid = table["id"]
    link = client.post(f"/api/tables/{tid}/rejoin-link", headers=bearer(ann), json={}).json()
    assert link["seat"] == "p1" and link["path"] == f"/tables/{tid}#seat={link['key']}"
    first = await WsClient.open(server.ws_url, tid, ann)
    await first.recv_type("welcome")
    restored = client.post(f"/api/tables/{tid}/rejoin", json={"key": link["key"]})
    assert restored.status_code == 200, restored.text
    assert restored.json()["seat"] == "p1" and restored.json()["name"] == "Ann"
    new = restored.json()["token"]
    # The seat moved: the new token acts, the old device is closed and its token refused.
    assert act(client, tid, bearer(new), {"kind": "roll", "dice": "1d6"}).status_code == 200
    await asyncio.sleep(2.2)  # the session's authentication cache
    assert act(client, tid, bearer(ann), {"kind": "roll", "dice": "1d6"}).status_code == 401
    # The host re-issues the link: the old one stops working.
    again = client.post(f"/api/tables/{tid}/rejoin-link", headers=bearer(table["host_token"]), json={"seat": "p1"})
    assert again.status_code == 200
    old = client.post(f"/api/tables/{tid}/rejoin", json={"key": link["key"]})
    assert old.status_code == 401 and old.json()["error"]["code"] == "bad_rejoin_link"
    assert client.post(f"/api/tables/{tid}/rejoin", json={"key": again.json()["key"]}).status_code == 200
    # Bad input: stable codes, never a 500.
    assert client.post(f"/api/tables/{tid}/rejoin", json={"key": 5}).json()["error"]["code"] == "malformed"
    assert (
        client.post(f"/api/tables/{tid}/rejoin", content=b"{", headers={"Content-Type": "application/json"}).json()[
            "error"
        ]["code"]
        == "malformed_json"
    )
    assert client.post("/api/tables/nope/rejoin", json={"key": "x" * 20}).json()["error"]["code"] == "unknown_table"
    spectator = spectate(client, tid)
    assert client.post(f"/api/tables/{tid}/rejoin-link", headers=bearer(spectator), json={}).status_code == 403
    free = client.post(f"/api/tables/{tid}/rejoin-link", headers=bearer(table["host_token"]), json={"seat": "p5"})
    assert free.status_code == 409 and free.json()["error"]["code"] == "seat_not_taken"
    await first.close()


async def test_chat_is_kept_and_spectators_talk_aside(server: Server) -> None:
    client, table, ann, bob, spec = table_with_players(server)
    tid = table["id"]
    a, s = await WsClient.open(server.ws_url, tid, ann), await WsClient.open(server.ws_url, tid, spec)
    await a.recv_type("chat_history")
    await s.recv_type("chat_history")
    await a.send({"type": "chat", "text": "good luck"})
    # two sockets' messages reach the server in either order: the spectator answers what it read
    assert (await s.recv_type("chat"))["text"] == "good luck"
    await s.send({"type": "chat", "text": "Ann will lose"})
    said = ["good luck", *(m["text"] for m in await quiet(s, "chat"))]
    assert said == ["good luck", "Ann will lose"]
    assert [m["text"] for m in await quiet(a, "chat")] == ["good luck"]  # players do not read spectators
    # A reconnect (or a reload) gets the table's chat again, filtered the same way.
    b = await WsClient.open(server.ws_url, tid, bob)
    history = await b.recv_type("chat_history")
    assert [m["text"] for m in history["lines"]] == ["good luck"]
    assert history["lines"][0]["channel"] == "players" and history["lines"][0]["from"] == "Ann"
    page = client.get(f"/api/tables/{tid}/chat").json()["lines"]  # no token: as a spectator
    assert [m["text"] for m in page] == ["good luck", "Ann will lose"]
    # The host lets players read the spectators: they get the whole history at once.
    assert (
        client.post(f"/api/tables/{tid}/settings", headers=bearer(spec), json={"spectator_chat": True}).status_code
        == 403
    )
    r = client.post(f"/api/tables/{tid}/settings", headers=bearer(table["host_token"]), json={"spectator_chat": True})
    assert r.status_code == 200 and r.json()["spectator_chat"] is True
    again = await b.recv_type("chat_history")
    assert [m["text"] for m in again["lines"]] == ["good luck", "Ann will lose"]
    await s.send({"type": "chat", "text": "nice move"})
    assert (await b.recv_type("chat"))["text"] == "nice move"
    bad = client.post(f"/api/tables/{tid}/settings", headers=bearer(table["host_token"]), json={"delay_actions": -1})
    assert bad.status_code == 422
    for c in (a, b, s):
        await c.close()


async def test_ruler_and_pointer_are_shared_but_not_kept(server: Server) -> None:
    _, table, ann, bob, spec = table_with_players(server)
    tid = table["id"]
    a, b, s = [await WsClient.open(server.ws_url, tid, t) for t in (ann, bob, spec)]
    for c in (a, b, s):
        await c.recv_type("chat_history")
    ruler = {"from": {"x": 1, "y": 2}, "to": {"x": 4, "y": 6}, "text": '5.0"'}
    await a.send({"type": "mark", "ruler": ruler})
    seen = await b.recv_type("mark")
    assert seen["ruler"] == {"from": {"x": 1.0, "y": 2.0}, "to": {"x": 4.0, "y": 6.0}, "text": '5.0"'}
    assert seen["from"] == "Ann" and seen["seat"] == "p1"
    assert seen["id"] not in hash_token(ann)  # whose mark it is, with nothing of the token's hash
    assert (await s.recv_type("mark"))["ruler"]["text"] == '5.0"'
    assert await quiet(a, "mark", 0.4) == []  # not echoed to its sender
    await s.send({"type": "mark", "pointer": {"x": 3, "y": 3}})
    assert await quiet(a, "mark", 0.4) == []  # a spectator's pointer stays among spectators
    await a.send({"type": "mark", "ruler": {"from": {"x": "a"}, "to": None}})
    assert (await a.recv_type("error"))["error"]["code"] == "bad_mark"
    await a.send({"type": "mark", "pointer": {"x": float("1e300") * 10, "y": 0}})  # JSON "Infinity" is refused
    err = await a.recv_type("error")
    assert err["error"]["code"] in ("bad_mark", "malformed_json")
    for c in (a, b, s):
        await c.close()


async def test_a_ping_is_shown_to_the_table_once_a_second_at_most(server: Server) -> None:
    """A ping (issue 26) rides on a mark: the other player and the spectator get it with the
    pinger's name and seat, the sender gets no echo; a bad point is refused (bad_mark) and a
    second ping within the second is refused (rate_limited), the socket staying open."""
    _, table, ann, bob, spec = table_with_players(server)
    tid = table["id"]
    a, b, s = [await WsClient.open(server.ws_url, tid, t) for t in (ann, bob, spec)]
    for c in (a, b, s):
        await c.recv_type("chat_history")
    await a.send({"type": "mark", "ruler": None, "pointer": None, "ping": {"x": 3.25, "y": 7}})
    for c in (b, s):
        seen = await c.recv_type("mark")
        assert (seen["ping"], seen["from"], seen["seat"]) == ({"x": 3.25, "y": 7.0}, "Ann", "p1")
    assert await quiet(a, "mark", 0.4) == []
    for _ in range(3):  # the burst is three: the fourth ping of the second is one too many
        await a.send({"type": "mark", "ping": {"x": 1, "y": 1}})
    err = await a.recv_type("error")
    assert err["error"]["code"] == "rate_limited" and "ping" in err["error"]["message"]
    await a.send({"type": "mark", "ping": {"x": "here"}})
    assert (await a.recv_type("error"))["error"]["code"] == "bad_mark"
    await a.send({"type": "mark", "pointer": {"x": 2, "y": 2}})  # the pointer is not held back by pings
    while (seen := await b.recv_type("mark"))["ping"]:
        pass  # the pings that were let through
    assert seen["pointer"] == {"x": 2.0, "y": 2.0}
    for c in (a, b, s):
        await c.close()


async def test_seat_list_is_live(server: Server) -> None:
    client = server.client()
    table = new_table(client)
    spec = spectate(client, table["id"])
    s = await WsClient.open(server.ws_url, table["id"], spec)
    await s.recv_type("welcome")
    join(client, table["id"], "p3", "Cleo")
    while True:
        m = await s.recv_type("presence")
        taken = {e["seat"]: e["name"] for e in m.get("seat_list", []) if e["state"] == "taken"}
        if taken:
            break
    assert taken == {"p3": "Cleo"}
    lost = client.post(f"/api/tables/{table['id']}/join", json={"seat": "p3", "name": "Dan"})
    assert lost.status_code == 409 and lost.json()["error"]["code"] == "seat_taken"
    await s.close()


async def test_spectator_delay_holds_back_updates(server: Server) -> None:
    client, table, ann, _, spec = table_with_players(server)
    tid = table["id"]
    host = bearer(table["host_token"])
    assert client.post(f"/api/tables/{tid}/settings", headers=host, json={"delay_actions": 2}).status_code == 200
    a, s = await WsClient.open(server.ws_url, tid, ann), await WsClient.open(server.ws_url, tid, spec)
    live = (await a.recv_type("welcome"))["seq"]
    held = (await s.recv_type("welcome"))["seq"]
    assert held < live  # the two joins are the last two actions
    for i in range(3):
        await a.send(
            {"type": "action", "id": f"t{i}", "action": {"kind": "add_token", "token": f"t{i}", "x": i, "y": 1}}
        )
        await a.until_seq(live + i + 1)
    await asyncio.sleep(0.5)
    await quiet(s, "update", 0.5)
    tokens = [p["id"] for p in s.messages[-1]["view"]["pieces"]] if s.messages[-1].get("view") else []
    last_view = next(m for m in reversed(s.messages) if m["type"] in ("update", "welcome"))["view"]
    assert [p["id"] for p in last_view["pieces"]] == ["t0"], tokens  # two actions behind: t1, t2 not yet
    assert s.seq == a.seq - 2
    # The same through HTTP: a spectator's view and events stop at the delayed seq.
    assert client.get(f"/api/tables/{tid}/view", headers=bearer(spec)).json()["seq"] == s.seq
    # The host lifts the delay: spectators catch up at once.
    client.post(f"/api/tables/{tid}/settings", headers=host, json={"delay_actions": 0})
    caught = await s.recv_type("welcome")
    assert caught["seq"] == a.seq and len(caught["view"]["pieces"]) == 3
    await a.close()
    await s.close()


async def test_rematch_keeps_the_seats_for_the_same_players(server: Server) -> None:
    client = server.client()
    table = new_table(client, system="srbr")
    tid = table["id"]
    seats = table["seats"]
    tokens = {seat: token_of(join(client, tid, seat, name)) for seat, name in zip(seats, ("Ann", "Bob"), strict=True)}
    early = client.post(f"/api/tables/{tid}/rematch", headers=bearer(tokens[seats[0]]))
    assert early.status_code == 409 and early.json()["error"]["code"] == "game_in_progress"
    w = await WsClient.open(server.ws_url, tid, tokens[seats[1]])
    await w.recv_type("welcome")
    assert act(client, tid, bearer(tokens[seats[0]]), {"kind": "concede"}).status_code == 200
    made = client.post(f"/api/tables/{tid}/rematch", headers=bearer(tokens[seats[0]])).json()
    assert made["table"] and made["host_token"]
    assert client.post(f"/api/tables/{tid}/rematch", headers=bearer(tokens[seats[1]])).json() == {
        "table": made["table"],
        "host_token": None,
    }
    assert (await w.recv_type("rematch"))["table"] == made["table"]
    new = client.get(f"/api/tables/{made['table']}").json()
    assert new["system"] == "srbr" and [s["name"] for s in new["seats"]] == ["Ann", "Bob"]
    claimed = client.post(f"/api/tables/{tid}/rematch/claim", headers=bearer(tokens[seats[1]])).json()
    assert claimed["table"] == made["table"] and claimed["seat"] == seats[1]
    view = client.get(f"/api/tables/{made['table']}/view", headers=bearer(claimed["token"]))
    assert view.status_code == 200
    await w.close()


def test_watch_lists_live_games_with_spectators(server: Server) -> None:
    client = server.client()
    table = new_table(client, name="Watch me")
    join(client, table["id"], "p1", "Ann")
    games = client.get("/api/watch").json()
    entry = next(g for g in games if g["id"] == table["id"])
    assert entry["spectators"] == 0 and entry["seats_taken"] == 1
    page = client.get("/watch")
    assert page.status_code == 200 and "Watch me" in page.text
    qr = client.get(f"/tables/{table['id']}/qr.svg?watch=1")
    assert qr.status_code == 200 and qr.headers["content-type"].startswith("image/svg+xml")
    assert client.get("/tables/nope/qr.svg").status_code == 404
