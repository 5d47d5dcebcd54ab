"""Updates as patches: over a seeded game of each system, played through a real server by the
computer players' policy, every seat's socket and a spectator's rebuild the view from the
welcome and the patches, and that view equals the whole view the server answers at
``GET /api/tables/{id}/view`` (at sampled steps and at the end). The median update is at most
10% of the whole view on the four games; each system's median is printed (``pytest -s``).

Also: ``GET /metrics.json`` answers the loop-lag sampler's fields and counts the updates it sent.
"""

from __future__ import annotations

import asyncio
import json
import statistics
from pathlib import Path
from typing import Any

import httpx
import orjson
import pytest
from websockets.asyncio.client import ClientConnection, connect

from app.bots import policy
from app.core import patches
from app.core.patches import Follower, diff
from app.session import Session
from app.storage.db import make_engine
from app.storage.migrate import upgrade
from app.transport.bus import MemoryBus
from app.transport.hub import TableHub
from tests.conftest import Server

pytestmark = pytest.mark.anyio

# (system, options, actions at most, sample every n actions). HGB's views are the dearest to
# compute and its bot games run long: it plays its first 150 actions.
GAMES = [
    ("sandbox", {}, 60, 10),
    ("small-soldiers", {}, 400, 10),
    ("gkr", {"players": 2}, 600, 25),
    ("srbr", {}, 900, 40),
    ("hgb", {}, 150, 15),
]
TARGET = 0.10  # the median update, as a fraction of the whole view
MEDIANS: dict[str, float] = {}


class Reader:
    """One socket: follows the view through the patches, as the browser does."""

    def __init__(self, conn: ClientConnection) -> None:
        self.conn = conn
        self.follower = Follower()
        self.ratios: list[float] = []  # each patch update's bytes / the whole view's bytes
        self.resyncs = 0
        self.full_updates = 0
        self.updates = 0
        self.task = asyncio.get_running_loop().create_task(self._read())

    @classmethod
    async def open(cls, server: Server, table: str, token: str) -> Reader:
        return cls(await connect(f"{server.ws_url}/ws/tables/{table}?token={token}", max_size=None))

    async def _read(self) -> None:
        async for raw in self.conn:
            message = json.loads(raw)
            patched = message.get("type") == "update" and "patch" in message
            self.updates += message.get("type") == "update"
            if message.get("type") == "update" and not patched:
                self.full_updates += 1
            if not self.follower.take(message):
                self.resyncs += 1
                await self.conn.send(json.dumps({"type": "resync", "since": self.follower.seq}))
            elif patched:
                self.ratios.append(
                    len(raw.encode() if isinstance(raw, str) else raw) / len(orjson.dumps(message["view"]))
                )

    async def at(self, seq: int, timeout: float = 30) -> None:
        deadline = asyncio.get_running_loop().time() + timeout
        while self.follower.seq < seq:
            assert not self.task.done(), "the socket closed"
            assert asyncio.get_running_loop().time() < deadline, f"stuck at {self.follower.seq}, expected {seq}"
            await asyncio.sleep(0.01)

    async def close(self) -> None:
        await self.conn.close()
        self.task.cancel()


async def _check(http: httpx.AsyncClient, table: str, readers: dict[str | None, tuple[str, Reader]], seq: int) -> None:
    for viewer, (token, reader) in readers.items():
        await reader.at(seq)
        answer = (await http.get(f"/api/tables/{table}/view", headers={"Authorization": f"Bearer {token}"})).json()
        assert answer["seq"] == reader.follower.seq == seq, (viewer, answer["seq"], reader.follower.seq)
        assert reader.follower.view == answer["view"], (viewer, seq, diff(reader.follower.view, answer["view"]))


@pytest.mark.parametrize(("system", "options", "limit", "every"), GAMES, ids=[g[0] for g in GAMES])
async def test_patched_views_equal_whole_views(fast_server: Server, system: str, options: dict, limit: int, every: int):
    async with httpx.AsyncClient(base_url=fast_server.url, timeout=60) as http:
        created = await http.post(
            "/api/tables", json={"system": system, "name": "Patches", "seed": f"patches-{system}", "options": options}
        )
        assert created.status_code == 201, created.text
        table = created.json()["id"]
        seats = [s["seat"] for s in (await http.get(f"/api/tables/{table}")).json()["seats"]]
        tokens: dict[str | None, str] = {
            s: (await http.post(f"/api/tables/{table}/join", json={"seat": s, "name": s})).json()["token"]
            for s in seats
        }
        tokens[None] = (await http.post(f"/api/tables/{table}/spectate", json={})).json()["token"]
        readers = {v: (t, await Reader.open(fast_server, table, t)) for v, t in tokens.items()}
        try:
            first = await http.get(f"/api/tables/{table}/view", headers={"Authorization": f"Bearer {tokens[None]}"})
            seq, actions, ended = first.json()["seq"], 0, False
            await _check(http, table, readers, seq)
            while actions < limit and not ended:
                acted = False
                for seat in seats:
                    headers = {"Authorization": f"Bearer {tokens[seat]}"}
                    legal = (await http.get(f"/api/tables/{table}/legal", headers=headers)).json()
                    reader = readers[seat][1]
                    await reader.at(legal["seq"])
                    assert reader.follower.view is not None
                    action = policy.choose(reader.follower.view, legal["actions"], f"patches-{seat}", legal["seq"])
                    if action is None:
                        continue
                    posted = await http.post(
                        f"/api/tables/{table}/actions", headers=headers, json={"id": f"a{actions}", "action": action}
                    )
                    assert posted.status_code == 200, (action, posted.text)
                    seq, actions, acted = posted.json()["seq"], actions + 1, True
                    break
                assert acted, f"no seat acted after {actions} actions"
                await readers[None][1].at(seq)
                ended = (readers[None][1].follower.view or {}).get("_table", {}).get("outcome") is not None
                if actions % every == 0 or ended:
                    await _check(http, table, readers, seq)
            await _check(http, table, readers, seq)
        finally:
            for _, reader in readers.values():
                await reader.close()
    ratios = [r for _, reader in readers.values() for r in reader.ratios]
    assert all(reader.resyncs == 0 for _, reader in readers.values())  # every patch fitted its base
    assert all(reader.full_updates == 0 for _, reader in readers.values())  # and every update was a patch
    assert len(ratios) >= actions * len(readers) // 2
    median = statistics.median(ratios)
    MEDIANS[system] = median
    print(
        f"\n{system}: {actions} actions{' to the end' if ended else ''}, {len(ratios)} patch updates, "
        f"median update {median:.1%} of the whole view (p90 {sorted(ratios)[int(0.9 * (len(ratios) - 1))]:.1%})"
    )
    if system != "sandbox":  # a sandbox view is a few hundred bytes: the events are most of an update
        assert median <= TARGET, f"{system}: the median update is {median:.1%} of the whole view"


async def test_metrics_answer_the_loop_lag_and_the_updates_sent(fast_server: Server) -> None:
    async with httpx.AsyncClient(base_url=fast_server.url, timeout=30) as http:
        for _ in range(100):  # a few samples (the first may come late on a busy machine)
            await asyncio.sleep(0.1)
            before = (await http.get("/metrics.json")).json()
            if before["loop"]["samples"] > 0:
                break
        created = (await http.post("/api/tables", json={"system": "sandbox", "name": "Metrics"})).json()
        table = created["id"]
        token = (await http.post(f"/api/tables/{table}/join", json={"seat": "p1", "name": "Ann"})).json()["token"]
        watcher = (await http.post(f"/api/tables/{table}/spectate", json={})).json()["token"]
        readers = [await Reader.open(fast_server, table, t) for t in (token, watcher)]
        headers = {"Authorization": f"Bearer {token}"}
        for i in range(5):
            action = {"kind": "add_token", "token": f"t{i}", "x": i, "y": 1, "label": "T"}
            posted = await http.post(
                f"/api/tables/{table}/actions", headers=headers, json={"id": f"m{i}", "action": action}
            )
            assert posted.status_code == 200, posted.text
        for reader in readers:
            await reader.at(posted.json()["seq"])
            await reader.close()
        after = (await http.get("/metrics.json")).json()
    loop = after["loop"]
    assert loop["interval_ms"] == 50 and loop["samples"] > before["loop"]["samples"] > 0
    assert loop["max_ms"] >= loop["windows"]["60s"]["max_ms"] >= loop["windows"]["10s"]["max_ms"] >= 0
    for window in ("10s", "60s"):
        stats = loop["windows"][window]
        assert stats["samples"] > 0 and 0 <= stats["p99_ms"] <= stats["max_ms"]
    sent = after["updates"]["sent"] - before["updates"]["sent"]
    received = sum(reader.updates for reader in readers)  # 5 actions; some may arrive in one update
    assert sent == received >= 2 and after["updates"]["patches"] - before["updates"]["patches"] == sent
    # readers that keep up get every update as the broadcast's one ready-made frame
    assert after["updates"]["direct_writes"] - before["updates"]["direct_writes"] >= sent
    assert after["updates"]["bytes"] > before["updates"]["bytes"]
    # light sandbox moves commit on the loop (one finding SQLite's lock busy goes to the writer
    # thread), each made durable by a WAL sync, shared or not
    assert after["commits"]["on_loop"] > before["commits"]["on_loop"]
    assert after["commits"]["wal_syncs"] > before["commits"]["wal_syncs"]
    assert after["updates"]["bytes_per_update"] == pytest.approx(
        after["updates"]["bytes"] / after["updates"]["sent"], abs=0.1
    )
    process = after["process"]
    assert process["cpu_seconds"] >= before["process"]["cpu_seconds"] > 0 and process["rss_bytes"] > 0


SHARED = {"id": "m1", "boxes": [1, 2, 3]}  # one object in both views


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ({"a": 1, "b": [1, 2, 3]}, {"a": 1, "b": [1, 3]}),  # an item removed
        ({"a/b": {"c~d": 1}}, {"a/b": {"c~d": 2}, "e": None}),  # keys that need escaping, a key added
        ({"x": [{"id": 1}, {"id": 2}]}, {"x": [{"id": 2}, {"id": 1}, {"id": 3}]}),  # moved and added
        ({"x": 1}, {"x": 1.0}),  # the same number for Python, not the same JSON
        ({"x": True}, {"x": 1}),
        ({"x": [1, 2]}, {"x": {"0": 1}}),  # another type
        ({"x": {"y": [1]}}, {"x": None}),
        ([1, 2], {"a": 1}),  # the root replaced
        ({"t": (1, 2)}, {"t": (1, 3)}),  # tuples are JSON arrays
        # parts shared by both (a card that did not change) and parts that did, side by side
        ({"c": [SHARED, {"a": 1}], "s": SHARED}, {"c": [SHARED, {"a": 2}], "s": SHARED}),
        ({"c": [SHARED, {"a": 1}]}, {"c": [SHARED, {"a": 1.0}]}),
        ({"c": [SHARED, [1]], "d": {"k": SHARED, "v": True}}, {"c": [SHARED, (1,)], "d": {"k": SHARED, "v": 1}}),
    ],
)
def test_a_patch_turns_the_old_view_into_the_new(old: Any, new: Any) -> None:
    as_json = orjson.loads(orjson.dumps(old))
    patch = orjson.loads(orjson.dumps(diff(old, new)))  # as a client receives it
    follower = Follower()
    follower.take({"type": "welcome", "seq": 1, "view": as_json})
    update = {"type": "update", "seq": 2, "base": 1, "events": [], "patch": patch}
    assert follower.take(update) and orjson.dumps(follower.view) == orjson.dumps(new)
    assert diff(old, orjson.loads(orjson.dumps(old))) == []  # nothing changed: nothing to send
    assert not Follower().take(update)  # no view to patch: resync
    stale = Follower()
    stale.take({"type": "welcome", "seq": 0, "view": as_json})
    assert not stale.take(update) and stale.seq == 0  # another base: resync


async def test_held_back_spectators_follow_by_patches_too(fast_server: Server) -> None:
    async with httpx.AsyncClient(base_url=fast_server.url, timeout=30) as http:
        created = (await http.post("/api/tables", json={"system": "sandbox", "name": "Delayed"})).json()
        table, host = created["id"], {"Authorization": f"Bearer {created['host_token']}"}
        token = (await http.post(f"/api/tables/{table}/join", json={"seat": "p1", "name": "Ann"})).json()["token"]
        watcher = (await http.post(f"/api/tables/{table}/spectate", json={})).json()["token"]
        settings = await http.post(f"/api/tables/{table}/settings", headers=host, json={"delay_actions": 2})
        assert settings.status_code == 200, settings.text
        player, spectator = [await Reader.open(fast_server, table, t) for t in (token, watcher)]
        headers = {"Authorization": f"Bearer {token}"}
        for i in range(8):
            action = {"kind": "add_token", "token": f"t{i}", "x": i, "y": 1}
            posted = await http.post(
                f"/api/tables/{table}/actions", headers=headers, json={"id": f"d{i}", "action": action}
            )
            assert posted.status_code == 200, posted.text
        await player.at(posted.json()["seq"])
        seen = (await http.get(f"/api/tables/{table}/view", headers={"Authorization": f"Bearer {watcher}"})).json()
        assert seen["seq"] < posted.json()["seq"]  # held back
        await spectator.at(seen["seq"])
        await asyncio.sleep(0.3)
        assert spectator.follower.seq == seen["seq"] and spectator.follower.view == seen["view"]
        assert spectator.ratios and spectator.full_updates == 0 and spectator.resyncs == 0
        await player.close()
        await spectator.close()


async def test_viewers_who_see_the_same_share_one_base_and_one_patch(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The sandbox hides nothing: both seats and the spectators get the same patch text, made
    from one diff, once their bases are one object (after the first update)."""
    url = f"sqlite:///{tmp_path / 'warboard.sqlite3'}"
    upgrade(url)
    session = Session(make_engine(url), MemoryBus())
    try:
        table = (await session.create_table("sandbox", "x", None, "private", None))["id"]
        joined = await session.join(table, "p1", "a")
        actor = await session.authenticate(table, joined["token"])
        hub = TableHub(table, session, session.bus)
        projection = await session.projection(table)
        env = await session.current(table)
        viewers: set[str | None] = {"p1", "p2", None}
        for viewer in viewers:  # as welcomes leave them: equal views, one object each
            hub.remember(viewer, env.seq, projection.view(env, viewer))
        diffs: list[int] = []

        def counted(old: Any, new: Any) -> list[dict[str, Any]]:  # the real diff, counted
            diffs.append(1)
            return diff(old, new)

        monkeypatch.setattr(patches, "diff", counted)

        for i in range(3):
            before = env.seq
            add = {"kind": "add_token", "token": f"t{i}", "x": i, "y": 1, "label": "T"}
            await session.apply(actor, f"a{i}", add)
            env = await session.current(table)
            events = await session.events_after(table, before, env.seq)
            diffs.clear()
            texts = await hub.render(env, events, viewers, base=before)
            assert all(patched for _, patched in texts.values())
            assert len({text for text, _ in texts.values()}) == 1
            assert len(diffs) == (3 if i == 0 else 1)  # the first update joins their bases
            assert len({id(hub.views[v][1]) for v in viewers}) == 1
    finally:
        session.writer.close()
        session.engine.dispose()


class _Socket:
    """A connection as the hub sees one: it keeps what it is offered."""

    def __init__(self, actor: Any, name: str) -> None:
        self.id, self.actor, self.got = name, actor, []
        self.dropped: int | None = None  # the close code, once the hub dropped it

    @property
    def viewer(self) -> str | None:
        return self.actor.seat

    def offer(self, text: str, data: bytes | None = None) -> None:
        self.got.append(json.loads(text))

    def drop(self, code: int, reason: str) -> None:
        self.dropped = code


async def test_a_socket_that_attaches_while_an_update_renders_gets_that_update(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A welcome given while the hub renders an update is at the seq that update patches; the
    socket is in the fan-out when the update goes out, so it follows on without a resync (a
    computer player that joins a seat connects at once, while the hub renders its seat_taken)."""
    url = f"sqlite:///{tmp_path / 'warboard.sqlite3'}"
    upgrade(url)
    session = Session(make_engine(url), MemoryBus())
    hub = None
    try:
        table = (await session.create_table("sandbox", "x", None, "private", None))["id"]
        first = await session.authenticate(table, (await session.join(table, "p1", "a"))["token"])
        second = await session.authenticate(table, (await session.join(table, "p2", "b"))["token"])
        hub = TableHub(table, session, session.bus)
        await hub.start()
        early = _Socket(first, "early")
        await hub.attach(early)
        rendering, gate = asyncio.Event(), asyncio.Event()
        real = hub.render

        async def held(*args: Any, **kwargs: Any) -> Any:
            rendering.set()
            await gate.wait()
            return await real(*args, **kwargs)

        monkeypatch.setattr(hub, "render", held)
        before = hub.env.seq if hub.env else -1
        await session.apply(first, "a1", {"kind": "add_token", "token": "t", "x": 1, "y": 1, "label": "T"})
        await asyncio.wait_for(rendering.wait(), 10)
        late = _Socket(second, "late")
        await hub.attach(late)  # meanwhile: welcomed at the seq the update patches
        gate.set()
        for _ in range(500):
            if any(m["type"] == "update" for m in late.got):
                break
            await asyncio.sleep(0.01)
        follower = Follower()
        kinds = [m for m in late.got if m["type"] in ("welcome", "update")]
        assert [m["type"] for m in kinds] == ["welcome", "update"]
        assert kinds[0]["seq"] == before and kinds[1]["seq"] > before
        assert all(follower.take(m) for m in kinds), "the update follows on from the welcome"
        assert follower.view == (await session.projection(table)).view(await session.current(table), "p2")
    finally:
        if hub is not None:
            await hub.stop()
        session.writer.close()
        session.engine.dispose()
