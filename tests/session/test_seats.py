"""A seat belongs to its current holder, on every path (app/session/seats.py), against a real
server and real websockets: a removed player's rejoin link, a used link, a rematch claim made
twice or after the seat changed hands, the host's link announced, and the kick race (a socket
that authenticates while the kick is handled)."""

from __future__ import annotations

import asyncio
import random
from typing import Any

import httpx
import pytest
from websockets.exceptions import ConnectionClosed

from tests.conftest import Server
from tests.kit.table import act, bearer, join, join_async, new_table_async, open_table, token_of
from tests.kit.ws import WsClient

pytestmark = pytest.mark.anyio
RACES = 100


def _link(client: httpx.Client, tid: str, token: str, seat: str | None = None) -> str:
    r = client.post(f"/api/tables/{tid}/rejoin-link", headers=bearer(token), json={"seat": seat} if seat else {})
    assert r.status_code == 200, r.text
    return str(r.json()["key"])


def _rejoin(client: httpx.Client, tid: str, key: str) -> httpx.Response:
    return client.post(f"/api/tables/{tid}/rejoin", json={"key": key})


async def closed_within(ws: WsClient, seconds: float) -> int | None:
    """The close code if the server closes the socket within ``seconds`` (None: still open)."""
    try:
        async with asyncio.timeout(seconds):
            while True:
                await ws.conn.recv()
    except ConnectionClosed as exc:
        return exc.rcvd.code if exc.rcvd else 1006
    except TimeoutError:
        return None


def events_of(client: httpx.Client, tid: str, token: str) -> list[dict[str, Any]]:
    return list(client.get(f"/api/tables/{tid}/events", headers=bearer(token)).json()["events"])


async def test_a_removed_players_link_does_not_take_the_seat_from_the_next_player(server: Server) -> None:
    """Kick A, reopen, B joins, A redeems A's old rejoin link: refused; B keeps the seat and socket."""
    client = server.client()
    seated = open_table(client, names=("Ann", "Bob"))
    tid, host = seated.id, seated.host_token
    old_key = _link(client, tid, seated.tokens["p1"])
    assert client.post(f"/api/tables/{tid}/kick", headers=bearer(host), json={"seat": "p1"}).status_code == 200
    assert client.post(f"/api/tables/{tid}/reopen", headers=bearer(host), json={"seat": "p1"}).status_code == 200
    cleo = token_of(join(client, tid, "p1", "Cleo"))
    ws = await WsClient.open(server.ws_url, tid, cleo)
    await ws.recv_type("welcome")
    back = _rejoin(client, tid, old_key)
    assert back.status_code == 401 and back.json()["error"]["code"] == "bad_rejoin_link", back.text
    assert act(client, tid, bearer(cleo), {"kind": "roll", "dice": "1d6"}).status_code == 200
    assert await closed_within(ws, 1.0) is None  # Cleo's socket stays open
    await ws.close()


async def test_a_link_works_once_and_the_seat_move_is_logged(server: Server) -> None:
    client = server.client()
    seated = open_table(client, names=("Ann", "Bob"))
    tid = seated.id
    ann = seated.tokens["p1"]
    old = await WsClient.open(server.ws_url, tid, ann)
    await old.recv_type("welcome")
    key = _link(client, tid, ann)
    first = _rejoin(client, tid, key)
    assert first.status_code == 200, first.text
    again = _rejoin(client, tid, key)
    assert again.status_code == 401 and again.json()["error"]["code"] == "bad_rejoin_link"
    assert await closed_within(old, 1.0) == 4001
    # the old token is refused at once, with no cache to wait out
    assert act(client, tid, bearer(ann), {"kind": "roll", "dice": "1d6"}).status_code == 401
    assert client.get(f"/api/tables/{tid}/view", headers=bearer(ann)).status_code == 401
    moved = [e for e in events_of(client, tid, first.json()["token"]) if e["kind"] == "seat_moved"]
    assert [{k: e[k] for k in ("seat_id", "name", "by", "seat")} for e in moved] == [
        {"seat_id": "p1", "name": "Ann", "by": "player", "seat": None}
    ]


async def test_the_hosts_link_for_a_seat_is_announced_to_the_table(server: Server) -> None:
    """The host cannot take a seat (and read its hand) silently: the link and the move are in
    the public log, and the player's device is told its seat moved."""
    client = server.client()
    seated = open_table(client, names=("Ann", "Bob"))
    tid, host, bob = seated.id, seated.host_token, seated.tokens["p2"]
    watcher = await WsClient.open(server.ws_url, tid, seated.tokens[None])
    await watcher.recv_type("welcome")
    bob_ws = await WsClient.open(server.ws_url, tid, bob)
    await bob_ws.recv_type("welcome")
    key = _link(client, tid, host, "p2")
    update = await watcher.recv_type("update")
    assert [e["kind"] for e in update["events"]] == ["seat_link_issued"]
    assert update["events"][0] | {"seq": 0} == {
        "kind": "seat_link_issued",
        "seat_id": "p2",
        "name": "Bob",
        "by": "host",
        "seat": None,
        "seq": 0,
    }
    assert _rejoin(client, tid, key).status_code == 200
    update = await watcher.recv_type("update")
    assert update["events"][0]["kind"] == "seat_moved" and update["events"][0]["by"] == "host"
    assert await closed_within(bob_ws, 1.0) == 4001
    # a player's own link is theirs: nothing is announced
    seq = watcher.seq
    _link(client, tid, seated.tokens["p1"])
    assert client.get(f"/api/tables/{tid}").json()["seq"] == seq
    await watcher.close()


async def test_a_rematch_claim_works_once_and_not_after_the_seat_changed_hands(server: Server) -> None:
    client = server.client()
    seated = open_table(client, names=("Ann", "Bob"))
    tid = seated.id
    ann, bob = seated.tokens["p1"], seated.tokens["p2"]
    assert client.post(f"/api/tables/{tid}/close", headers=bearer(seated.host_token)).status_code == 200
    made = client.post(f"/api/tables/{tid}/rematch", headers=bearer(ann)).json()
    new_id, new_host = made["table"], made["host_token"]
    claimed = client.post(f"/api/tables/{tid}/rematch/claim", headers=bearer(ann))
    assert claimed.status_code == 200 and claimed.json()["table"] == new_id
    again = client.post(f"/api/tables/{tid}/rematch/claim", headers=bearer(ann))
    assert again.status_code == 409 and again.json()["error"]["code"] == "seat_claimed", again.text
    assert act(client, new_id, bearer(claimed.json()["token"]), {"kind": "roll", "dice": "1d6"}).status_code == 200
    # Bob's seat at the rematch is removed and given to Cleo: Bob's old token claims nothing
    for kind in ("kick", "reopen"):
        r = client.post(f"/api/tables/{new_id}/{kind}", headers=bearer(new_host), json={"seat": "p2"})
        assert r.status_code == 200
    cleo = token_of(join(client, new_id, "p2", "Cleo"))
    late = client.post(f"/api/tables/{tid}/rematch/claim", headers=bearer(bob))
    assert late.status_code == 409 and late.json()["error"]["code"] == "seat_claimed"
    assert act(client, new_id, bearer(cleo), {"kind": "roll", "dice": "1d6"}).status_code == 200
    kinds = [e["kind"] for e in events_of(client, new_id, cleo)]
    assert kinds.count("seat_claimed") == 1


async def kick_race(ws_url: str, http: httpx.AsyncClient, rng: random.Random, spread: float = 0.03) -> int | None:
    """One race: a socket opens (at ``ws_url``) with a seat's token while the host kicks the seat
    (through ``http``). Returns the socket's close code a second after both ended (None: open)."""
    table = await new_table_async(http)
    tid = table["id"]
    token = token_of(await join_async(http, tid, "p1"))

    async def kick() -> None:
        await asyncio.sleep(rng.uniform(0, spread))
        r = await http.post(f"/api/tables/{tid}/kick", headers=bearer(table["host_token"]), json={"seat": "p1"})
        assert r.status_code == 200, r.text

    async def connect() -> WsClient:
        await asyncio.sleep(rng.uniform(0, spread))
        return await WsClient.open(ws_url, tid, token)

    ws, _ = await asyncio.gather(connect(), kick())
    code = await closed_within(ws, 1.0)
    await ws.conn.close()
    return code


async def races(ws_url: str, http_url: str, seed: int, spread: float = 0.03) -> list[int | None]:
    """``RACES`` kick races, ten at a time: the close code of each socket."""
    rng = random.Random(seed)
    async with httpx.AsyncClient(base_url=http_url, timeout=30) as http:
        codes: list[int | None] = []
        for _ in range(RACES // 10):
            codes += await asyncio.gather(*(kick_race(ws_url, http, rng, spread) for _ in range(10)))
    return codes


async def test_the_kick_race_leaves_no_socket_open(server: Server) -> None:
    """A socket that authenticates while the kick is handled is closed too: 100 races, 0 open."""
    codes = await races(server.ws_url, server.url, 23)
    assert len(codes) == RACES
    assert [c for c in codes if c not in (4001, 4401)] == []
