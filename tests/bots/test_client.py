"""The bot is a client: against a server in another process, with nothing but its seat token,
the websocket stream and the HTTP API, bots play a game to its end without a refused action;
the host adds and removes computer players; the legal list answers only the token's seat."""

from __future__ import annotations

import asyncio
import gc
import json

import httpx
import pytest
from websockets.client import ClientProtocol

from app.bots.client import BotClient, _socket
from tests.conftest import Server

pytestmark = pytest.mark.anyio


async def _table(client: httpx.AsyncClient, system: str, options: dict, seed: str) -> tuple[str, str]:
    created = await client.post(
        "/api/tables", json={"system": system, "name": "Bots", "seed": seed, "options": options}
    )
    assert created.status_code == 201, created.text
    return created.json()["id"], created.json()["host_token"]


async def test_two_bot_clients_play_srbr_to_the_end(fast_server: Server) -> None:
    async with httpx.AsyncClient(base_url=fast_server.url, timeout=30) as client:
        table, _host = await _table(client, "srbr", {}, "bots-srbr")
        bots = []
        for seat in ("p1", "p2"):
            joined = await client.post(f"/api/tables/{table}/join", json={"seat": seat, "name": "Computer"})
            token = joined.json()["token"]
            # p2 keeps nothing it read, as a server's computer seats run (app.bots.hosted)
            bots.append(BotClient(fast_server.url, table, token, seed=f"t-{seat}", delay=0, keep=seat == "p1"))
        await asyncio.wait_for(asyncio.gather(*(b.run() for b in bots)), timeout=240)
        summary = (await client.get(f"/api/tables/{table}")).json()
    assert summary["outcome"] is not None and summary["outcome"]["winners"]
    assert all(b.refused == 0 for b in bots) and sum(b.sent for b in bots) > 20
    keeper, forgetter = bots
    # its inputs are its seat's stream: a welcome for its own seat, then updates
    first = json.loads(keeper.received[0])
    assert first["type"] == "welcome" and first["seat"] == keeper.seat and first["role"] == "player"
    assert len(keeper.frames) == keeper.n_frames and len(keeper.reads) == keeper.n_reads
    # the other played as well and holds none of it, its decisions still counted by frame and read
    assert forgetter.received == forgetter.frames == forgetter.reads == [] and forgetter.n_frames > 20
    assert forgetter.decisions and all(f < forgetter.n_frames and r < forgetter.n_reads for f, r in forgetter.decisions)
    assert max(b for bot in bots for b in bot.decide_ms) < 200


async def test_legal_answers_only_for_the_tokens_seat(fast_server: Server) -> None:
    async with httpx.AsyncClient(base_url=fast_server.url, timeout=30) as client:
        table, _host = await _table(client, "small-soldiers", {}, "bots-legal")
        seats = [s["seat"] for s in (await client.get(f"/api/tables/{table}")).json()["seats"]]
        tokens = {
            s: (await client.post(f"/api/tables/{table}/join", json={"seat": s, "name": s})).json()["token"]
            for s in seats
        }
        spectator = (await client.post(f"/api/tables/{table}/spectate", json={})).json()["token"]
        answers = {
            s: (await client.get(f"/api/tables/{table}/legal", headers={"Authorization": f"Bearer {t}"})).json()
            for s, t in tokens.items()
        }
        watched = await client.get(f"/api/tables/{table}/legal", headers={"Authorization": f"Bearer {spectator}"})
        anonymous = await client.get(f"/api/tables/{table}/legal")
    assert all(a["actions"] for a in answers.values()) and answers[seats[0]] != answers[seats[1]]
    assert watched.json()["actions"] == [] and anonymous.status_code in (200, 401)
    if anonymous.status_code == 200:
        assert anonymous.json()["actions"] == []


async def test_the_host_adds_and_removes_a_computer_player(fast_server: Server) -> None:
    async with httpx.AsyncClient(base_url=fast_server.url, timeout=30) as client:
        table, host = await _table(client, "hgb", {}, "bots-host")
        human = (await client.post(f"/api/tables/{table}/join", json={"seat": "north", "name": "Ann"})).json()["token"]
        refused = await client.post(
            f"/api/tables/{table}/bots", json={"seat": "south"}, headers={"Authorization": f"Bearer {human}"}
        )
        assert refused.status_code == 403
        added = await client.post(
            f"/api/tables/{table}/bots", json={"seat": "south"}, headers={"Authorization": f"Bearer {host}"}
        )
        assert added.status_code == 201, added.text
        seats = {s["seat"]: s for s in (await client.get(f"/api/tables/{table}")).json()["seats"]}
        assert seats["south"]["name"] == "Computer" and seats["south"]["state"] == "taken"
        taken = await client.post(f"/api/tables/{table}/join", json={"seat": "south", "name": "Bob"})
        assert taken.status_code == 409
        removed = await client.delete(f"/api/tables/{table}/bots/south", headers={"Authorization": f"Bearer {host}"})
        assert removed.status_code == 200, removed.text
        again = await client.post(f"/api/tables/{table}/join", json={"seat": "south", "name": "Bob"})
        assert again.status_code == 200, again.text


async def test_the_lobby_form_seats_computer_players(fast_server: Server) -> None:
    async with httpx.AsyncClient(base_url=fast_server.url, timeout=30) as client:
        created = await client.post(
            "/lobby/create", data={"system": "small-soldiers", "name": "Solo", "computers": "1"}
        )
        assert created.status_code == 204, created.text
        table = created.headers["HX-Redirect"].split("/tables/")[1].split("#")[0]
        seats = (await client.get(f"/api/tables/{table}")).json()["seats"]
    assert seats[0]["name"] is None and seats[-1]["name"] == "Computer"


async def test_warboard_bot_plays_a_seat_from_its_own_process(fast_server: Server) -> None:
    """``warboard bot URL TABLE --seat p2`` joins and plays as a separate process."""
    import sys

    async with httpx.AsyncClient(base_url=fast_server.url, timeout=30) as client:
        table, _host = await _table(client, "srbr", {}, "bots-cli")
        joined = await client.post(f"/api/tables/{table}/join", json={"seat": "p1", "name": "Computer"})
        mine = BotClient(fast_server.url, table, joined.json()["token"], seed="cli-p1", delay=0)
        proc = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "app.server.cli",
            "bot",
            fast_server.url,
            table,
            "--seat",
            "p2",
            "--delay",
            "0",
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
        )
        try:
            await asyncio.wait_for(mine.run(), timeout=240)
            out, err = await asyncio.wait_for(proc.communicate(), timeout=60)
        finally:
            if proc.returncode is None:
                proc.kill()
        summary = (await client.get(f"/api/tables/{table}")).json()
    assert summary["outcome"] is not None, err.decode()[-500:]
    assert out.decode().startswith("p2: ") and " 0 refused" in out.decode()


class _Dropping:
    """The bot's websocket, but the first update after the welcome is lost on the way (as when a
    socket attached while the hub rendered that update, before the hub's fix)."""

    def __init__(self, ws, before_welcome) -> None:  # type: ignore[no-untyped-def]
        self.ws, self.before_welcome = ws, before_welcome
        self.welcomed = self.dropping = False
        self.dropped: list[int] = []
        self.sent: list[dict] = []
        self.resynced: dict | None = None  # the first message after the bot's resync

    async def recv(self):  # type: ignore[no-untyped-def]
        while True:
            raw = await self.ws.recv()
            message = json.loads(raw)
            if message["type"] == "welcome" and not self.welcomed:
                self.welcomed = self.dropping = True
                await self.before_welcome()  # another seat acts: the bot's legal list will be newer
            elif message["type"] == "update" and self.dropping:
                self.dropping = False
                self.dropped.append(message["seq"])
                continue
            elif self.resynced is None and any(sent["type"] == "resync" for sent in self.sent):
                self.resynced = message
            return raw

    async def send(self, text: str) -> None:
        self.sent.append(json.loads(text))
        await self.ws.send(text)


async def test_a_bot_whose_update_never_comes_resyncs(fast_server: Server, monkeypatch: pytest.MonkeyPatch) -> None:
    """Its legal list is of a newer seq than its view, so an update is on its way; when none
    comes within ``RECHECK`` seconds it asks for what it missed (resync) and goes on from there."""
    import contextlib

    from app.bots import client as bot_module

    async with httpx.AsyncClient(base_url=fast_server.url, timeout=30) as client:
        table, _host = await _table(client, "sandbox", {}, "bots-recheck")
        human = (await client.post(f"/api/tables/{table}/join", json={"seat": "p1", "name": "Ann"})).json()["token"]
        token = (await client.post(f"/api/tables/{table}/join", json={"seat": "p2", "name": "Computer"})).json()[
            "token"
        ]
        after = {}

        async def human_acts() -> None:
            answer = await client.post(
                f"/api/tables/{table}/actions",
                headers={"Authorization": f"Bearer {human}"},
                json={"id": "h1", "action": {"kind": "add_token", "token": "t", "x": 1, "y": 1}},
            )
            assert answer.status_code == 200, answer.text
            after["seq"] = answer.json()["seq"]

        real = bot_module._socket
        wrapped: list[_Dropping] = []

        @contextlib.asynccontextmanager
        async def socket(url: str):  # type: ignore[no-untyped-def]
            async with real(url) as ws:
                wrapped.append(_Dropping(ws, human_acts))
                yield wrapped[-1]

        monkeypatch.setattr(bot_module, "_socket", socket)
        monkeypatch.setattr(bot_module, "RECHECK", 0.3)
        bot = BotClient(fast_server.url, table, token, seed="recheck", delay=0)
        task = asyncio.get_running_loop().create_task(bot.run())
        try:
            for _ in range(200):
                if "seq" in after and bot.seq >= after["seq"]:
                    break
                await asyncio.sleep(0.05)
        finally:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
    ws = wrapped[0]
    assert ws.dropped == [after["seq"]], "the human's update was the one lost"
    assert {"type": "resync", "since": after["seq"] - 1} in ws.sent
    # What the resync brought (the bot plays on at once, and may remove that token itself since).
    reply = ws.resynced
    assert bot.seq >= after["seq"] and reply is not None and reply["seq"] >= after["seq"]
    assert any(p.get("id") == "t" for p in reply["view"]["pieces"]), "the resync brought the lost update"


@pytest.mark.parametrize(("code", "again"), [(1013, True), (1011, True), (1012, True), (4001, False), (1000, False)])
async def test_a_bot_connects_again_only_after_a_close_that_a_reconnect_cures(
    fast_server: Server, monkeypatch: pytest.MonkeyPatch, code: int, again: bool
) -> None:
    """Too slow to read (1013), an outage (1011) or a restart (1012): ``run`` raises, and the
    hosted bot's loop connects again; removed from the seat (4001) or a normal close: it stops."""
    import contextlib

    from websockets.exceptions import ConnectionClosedError
    from websockets.frames import Close

    from app.bots import client as bot_module

    async with httpx.AsyncClient(base_url=fast_server.url, timeout=30) as client:
        table, _host = await _table(client, "sandbox", {}, f"bots-close-{code}")
        token = (await client.post(f"/api/tables/{table}/join", json={"seat": "p1", "name": "Computer"})).json()[
            "token"
        ]

    class Closing:
        async def recv(self) -> str:
            raise ConnectionClosedError(Close(code, "closed by the server"), None)

        async def send(self, text: str) -> None:
            assert json.loads(text)["type"] == "auth", "nothing to send but the token"

    @contextlib.asynccontextmanager
    async def socket(url: str):  # type: ignore[no-untyped-def]
        yield Closing()

    monkeypatch.setattr(bot_module, "_socket", socket)
    bot = BotClient(fast_server.url, table, token, seed="close", delay=0)
    if again:
        with pytest.raises(ConnectionError):
            await bot.run()
    else:
        assert await bot.run() is None


async def test_a_computer_players_closed_socket_goes_by_reference_counts(fast_server: Server) -> None:
    """The websocket library's state machine and its suspended parser hold each other once the
    connection is gone; a hosted computer player's socket closes the parser after it (the
    server freezes what survives its collections: such a cycle waits for a complete pass)."""
    async with httpx.AsyncClient(base_url=fast_server.url, timeout=30) as client:
        table, host = await _table(client, "sandbox", {}, "bots-gc")
        gc.collect()
        gc.disable()  # as the server's frozen survivors are: only reference counts free them
        try:
            for _ in range(3):
                async with _socket(fast_server.url.replace("http", "ws", 1) + f"/ws/tables/{table}") as ws:
                    await ws.send(json.dumps({"type": "auth", "token": host}))
                    assert json.loads(await ws.recv())["type"] == "welcome"
            del ws
            machines = sum(1 for o in gc.get_objects() if issubclass(type(o), ClientProtocol))
        finally:
            gc.enable()
    assert machines == 0, f"{machines} closed sockets' state machines wait for a collection"
