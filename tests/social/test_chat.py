"""Table talk under a flood (issue 23): chat lines are rate limited per token and per channel of a
table, answered with an ``error`` ``rate_limited`` while the socket stays open, and a table keeps
the newest ``KEEP`` lines of each channel. Against a real server and real websockets; the storage
cap on a real SQLite database."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from app.core.errors import RateLimited
from app.social import chat
from app.storage import extras
from app.storage import repository as repo
from app.storage.db import make_engine
from app.storage.migrate import upgrade
from tests.conftest import UNPACED, Server
from tests.kit.table import open_table, spectate
from tests.kit.ws import WsClient

pytestmark = pytest.mark.anyio

CHAT = {
    **UNPACED,
    "WARBOARD_CHAT_RATE": "1",
    "WARBOARD_CHAT_BURST": "4",
    "WARBOARD_TABLE_CHAT_RATE": "2",
    "WARBOARD_TABLE_CHAT_BURST": "10",
}


async def _flood(ws: WsClient, lines: int, tag: str) -> None:
    for i in range(lines):
        await ws.send({"type": "chat", "text": f"{tag} {i}"})


async def _gather(ws: WsClient, seconds: float = 1.5) -> list[dict[str, Any]]:
    got = []
    try:
        while True:
            got.append(await ws.recv(seconds))
    except TimeoutError:
        return got


async def test_a_chat_flood_is_refused_per_token_and_per_channel_and_the_sockets_stay(tmp_path: Path) -> None:
    srv = Server(f"sqlite:///{tmp_path / 'chat.sqlite3'}", env=CHAT).start()
    try:
        client = srv.client()
        seated = open_table(client, names=("Ann", "Bob"))
        tid, ann = seated.id, seated.tokens["p1"]
        flooder = seated.tokens[None]
        others = [spectate(client, tid) for _ in range(4)]
        sockets = [await WsClient.open(srv.ws_url, tid, flooder) for _ in range(3)]  # one token, three sockets
        player = await WsClient.open(srv.ws_url, tid, ann)
        for ws in [*sockets, player]:
            await ws.recv_type("chat_history")
        await asyncio.gather(*(_flood(ws, 40, f"spam{n}") for n, ws in enumerate(sockets)))
        answers = [await _gather(ws) for ws in sockets]
        errors = [m["error"] for got in answers for m in got if m["type"] == "error"]
        assert errors and {e["code"] for e in errors} == {"rate_limited"}
        assert "at most 1 line a second" in errors[0]["message"]
        stored = client.get(f"/api/tables/{tid}/chat").json()["lines"]
        assert 4 <= len(stored) <= 8, len(stored)  # the burst, and what a second or two refilled
        assert len(errors) == 120 - len(stored)  # every line is stored or refused
        # the spectators' channel: many tokens together get the channel's rate, not theirs each
        crowd = [await WsClient.open(srv.ws_url, tid, token) for token in others]
        for ws in crowd:
            await ws.recv_type("chat_history")
        await asyncio.gather(*(_flood(ws, 4, f"crowd{n}") for n, ws in enumerate(crowd)))
        refused = [m["error"] for ws in crowd for m in await _gather(ws) if m["type"] == "error"]
        assert refused and "spectators' chat of this table" in refused[0]["message"]
        # the players' channel is another bucket: Ann is heard, and every socket is still open
        await player.send({"type": "chat", "text": "good game"})
        assert (await player.recv_type("chat"))["text"] == "good game"
        for ws in [*sockets, *crowd, player]:
            await ws.send({"type": "ping"})
            assert (await ws.recv_type("pong"))["type"] == "pong"
        spoken = client.get(f"/api/tables/{tid}/chat").json()["lines"]
        assert sum(1 for line in spoken if line["channel"] == "spectators") <= len(stored) + 10 + 4
    finally:
        srv.stop()


async def test_a_flooder_who_leaves_and_comes_back_finds_its_bucket_as_it_left_it(tmp_path: Path) -> None:
    """Everyone leaves the table (its hub goes), the flooder comes back: still refused."""
    env = {**UNPACED, "WARBOARD_CHAT_RATE": "0.1", "WARBOARD_CHAT_BURST": "2"}
    srv = Server(f"sqlite:///{tmp_path / 'back.sqlite3'}", env=env).start()
    try:
        client = srv.client()
        seated = open_table(client, seats=("p1",), names=("Ann",))
        answers = []
        for _ in range(2):
            ws = await WsClient.open(srv.ws_url, seated.id, seated.tokens[None])
            await ws.recv_type("chat_history")
            await _flood(ws, 2, "again")
            answers += [m for m in await _gather(ws, 1.0) if m["type"] in ("chat", "error")]
            await ws.close()
            await asyncio.sleep(0.5)  # the table's hub is gone with its last socket
        assert [m["type"] for m in answers] == ["chat", "chat", "error", "error"], answers
    finally:
        srv.stop()


def test_the_limits_refuse_without_taking(monkeypatch: pytest.MonkeyPatch) -> None:
    """A line refused by its channel costs its speaker nothing, and the reverse."""
    monkeypatch.setattr(chat, "TOKEN_RATE", 0.0)
    monkeypatch.setattr(chat, "TOKEN_BURST", 2.0)
    monkeypatch.setattr(chat, "CHANNEL_RATE", 0.0)
    monkeypatch.setattr(chat, "CHANNEL_BURST", 3.0)
    limits = chat.Limits()
    limits.take("ann", "spectator")
    limits.take("ann", "spectator")
    with pytest.raises(RateLimited, match="at most"):
        limits.take("ann", "spectator")  # Ann's own bucket is empty; the channel keeps its third line
    limits.take("bob", "spectator")
    with pytest.raises(RateLimited, match="spectators' chat"):
        limits.take("cyd", "spectator")  # the channel is empty; Cyd's bucket is untouched
    limits.take("cyd", "player")  # the players' channel is a bucket of its own
    limits.take("cyd", "host")


def test_a_table_keeps_the_newest_lines_of_each_channel(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'keep.sqlite3'}"
    upgrade(url)
    engine = make_engine(url)
    with engine.begin() as conn:
        for table_id in ("t1", "t2"):
            row = {"system": "sandbox", "name": "T", "options": {}, "visibility": "public", "status": "open"}
            repo.insert_table(conn, {**row, "id": table_id, "seq": 0, "seed": "s", "seeded": False, "commitment": ""})
        for i in range(8):
            extras.add_chat(conn, "t1", "spectators", None, "Spec", f"s{i}", keep=5)
        for i in range(3):
            extras.add_chat(conn, "t1", "players", "p1", "Ann", f"p{i}", keep=5)
            extras.add_chat(conn, "t2", "spectators", None, "Spec", f"other{i}", keep=5)
        lines = extras.read_chat(conn, "t1")
        assert [m["text"] for m in lines if m["channel"] == "spectators"] == ["s3", "s4", "s5", "s6", "s7"]
        assert [m["text"] for m in lines if m["channel"] == "players"] == ["p0", "p1", "p2"]
        assert len(extras.read_chat(conn, "t2")) == 3
    engine.dispose()
