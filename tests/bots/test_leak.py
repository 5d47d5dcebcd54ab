"""A bot's inputs are exactly its seat's stream: no other way in to hidden state.

- Statically: the bot (``app.bots.client`` and ``app.bots.policy``, and every ``app`` module
  they import, transitively) imports nothing that holds or computes server state (the session,
  storage, projection, rule systems, transport, web); its only inputs are a URL and a token.
  The strong level's search (``app.bots.search``) runs the pure rule systems on what its seat
  may know and nothing else: it imports nothing that holds state either (session, storage,
  transport, web), and ``tests/bots/test_search.py`` holds that its decision is the same on two
  states that differ only in what its seat may not see.
- Dynamically, for both kinds of bot: the in-server bot (started by the host's route) and a
  ``warboard bot`` process. Beside each, a human-style websocket of the same seat records its
  stream; every frame each bot decided from is byte-identical to a frame of that socket, the
  two sequences of welcome/update frames are equal byte for byte, and the bot read nothing
  over HTTP but its own seat's ``/legal`` and ``/view`` (and, the strong one, its seat's
  ``/knowledge``, whose games have the seat's own view).
"""

from __future__ import annotations

import ast
import asyncio
import inspect
import json
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import uvicorn
from websockets.asyncio.client import connect

from app.bots import hosted
from app.bots.client import BotClient
from app.process.config import ROOT, Settings
from app.server.factory import create_app
from app.storage.migrate import upgrade
from app.web.services import services
from tests.conftest import free_port

FORBIDDEN = ("app.session", "app.social", "app.storage", "app.systems", "app.transport", "app.web", "app.server")
FORBIDDEN += ("app.main", "app.core.dice", "sqlalchemy")
BOT_MODULES = ("app.bots.client", "app.bots.policy")
#: what the strong level's search may not import: it runs the rule systems, on sealed games only
SEARCH_FORBIDDEN = ("app.session", "app.social", "app.storage", "app.transport", "app.web", "app.server", "app.main")
SEARCH_FORBIDDEN += ("sqlalchemy", "app.bots.client", "app.bots.hosted", "app.bots.local")


def _imports(module: str) -> set[str]:
    path = ROOT / (module.replace(".", "/") + ".py")
    if not path.exists():
        path = ROOT / module.replace(".", "/") / "__init__.py"
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
            found |= {f"{node.module}.{a.name}" for a in node.names}
        elif isinstance(node, ast.Call) and getattr(node.func, "id", getattr(node.func, "attr", "")) in (
            "__import__",
            "import_module",
        ):
            found.add("<dynamic import>")
    return found


def _reach(modules: tuple[str, ...], forbidden: tuple[str, ...], dynamic: bool = False) -> set[str]:
    """Every ``app`` module ``modules`` import, transitively, none of them ``forbidden``."""
    seen: set[str] = set()
    todo = list(modules)
    while todo:
        module = todo.pop()
        if module in seen:
            continue
        seen.add(module)
        for name in _imports(module):
            assert dynamic or name != "<dynamic import>", f"{module} imports dynamically"
            assert not name.startswith(forbidden), f"{module} imports {name}"
            if name.startswith("app.") and (
                (ROOT / (name.replace(".", "/") + ".py")).exists() or (ROOT / name.replace(".", "/")).is_dir()
            ):
                todo.append(name)
    return seen


def test_the_bot_imports_nothing_that_holds_state() -> None:
    assert {"app.bots.client", "app.bots.policy"} <= _reach(BOT_MODULES, FORBIDDEN)
    # its only inputs: where the server is and the seat's token (and its seed and pace), and
    # the strong level's search, handed its seat's legal list and knowledge; whether it keeps
    # what it read
    params = list(inspect.signature(BotClient).parameters)
    assert params == ["base_url", "table_id", "token", "seed", "delay", "record", "thinker", "keep"]
    assert set(inspect.signature(hosted.BotClient.run).parameters) == {"self"}


def test_the_strong_levels_search_imports_nothing_that_holds_state() -> None:
    # the rule systems load their data files by name (a dynamic import of their own modules)
    assert "app.systems.base" in _reach(("app.bots.search",), SEARCH_FORBIDDEN, dynamic=True)


class _InProcess:
    """A real uvicorn serving the app on a thread of this process, so the test can reach the
    in-server bot's recorded inputs (``services(app).computers.bots``) and its seat's token."""

    def __init__(self, tmp: Path) -> None:
        url = f"sqlite:///{tmp / 'leak.sqlite3'}"
        upgrade(url)
        self.app = create_app(Settings(database_url=url, http_rate=100_000, http_burst=100_000))
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        config = uvicorn.Config(
            self.app, port=self.port, ws="websockets-sansio", log_level="warning", lifespan="on", access_log=False
        )
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    def __enter__(self) -> _InProcess:
        self.thread.start()
        deadline = time.monotonic() + 20
        while not self.server.started:
            assert time.monotonic() < deadline, "server did not start"
            time.sleep(0.05)
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.should_exit = True
        self.thread.join(20)


@pytest.fixture
def served(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[_InProcess]:
    monkeypatch.setattr(hosted, "DELAY", 0.0)
    monkeypatch.setattr(hosted, "KEEP_INPUTS", True)  # the computers' inputs, for the checks
    with _InProcess(tmp_path) as srv:
        yield srv


class _SeatSocket:
    """A human-style client of a seat: records every frame's bytes."""

    def __init__(self, url: str, table: str, token: str) -> None:
        self.ws_url = url.replace("http", "ws", 1) + f"/ws/tables/{table}?token={token}"
        self.frames: list[bytes] = []
        self.task: asyncio.Task[None] | None = None
        self.welcomed = asyncio.Event()

    async def _run(self) -> None:
        async with connect(self.ws_url, max_size=None) as ws:
            async for raw in ws:
                self.frames.append(raw.encode() if isinstance(raw, str) else bytes(raw))
                self.welcomed.set()

    async def start(self) -> None:
        self.task = asyncio.create_task(self._run())
        await asyncio.wait_for(self.welcomed.wait(), 20)

    async def stop(self) -> None:
        assert self.task is not None
        self.task.cancel()
        await asyncio.gather(self.task, return_exceptions=True)


def _stream(frames: list[bytes]) -> list[bytes]:
    return [f for f in frames if json.loads(f)["type"] in ("welcome", "update")]


def _check(table: str, seat: str, bot_frames: list[bytes], reads: list[tuple[str, bytes]], decisions, socket_frames):  # type: ignore[no-untyped-def]
    mine = set(socket_frames)
    assert decisions, "the bot never acted"
    for frame, read in decisions:
        assert bot_frames[frame] in mine, "a decision came from a frame its seat's socket never got"
        assert json.loads(reads[read][1])["seq"] == json.loads(bot_frames[frame])["seq"]
    assert _stream(bot_frames) == _stream(socket_frames)
    assert json.loads(bot_frames[0])["seat"] == seat
    allowed = {f"/api/tables/{table}/legal", f"/api/tables/{table}/view", "/api/rules/hgb/odds"}  # odds: stateless
    assert {path for path, _ in reads} <= allowed


@pytest.mark.anyio
async def test_both_bots_decide_only_from_their_seats_stream(served: _InProcess, tmp_path: Path) -> None:
    async with httpx.AsyncClient(base_url=served.url, timeout=30) as client:
        created = await client.post(
            "/api/tables", json={"system": "srbr", "name": "Leak", "seed": "leak-1", "options": {}}
        )
        table, host = created.json()["id"], {"Authorization": f"Bearer {created.json()['host_token']}"}
        # p2: the in-server bot (p1 moves first, so nothing happens until p1's bot runs)
        added = await client.post(f"/api/tables/{table}/bots", json={"seat": "p2"}, headers=host)
        assert added.status_code == 201, added.text
        inner: BotClient = services(served.app).computers.bots[(table, "p2")]
        deadline = time.monotonic() + 20
        while not inner.frames:
            assert time.monotonic() < deadline
            await asyncio.sleep(0.05)
        watch2 = _SeatSocket(served.url, table, inner.token)  # a second socket of the bot's seat
        await watch2.start()
        # p1: a `warboard bot` process, with a human-style socket of its seat opened first
        joined = await client.post(f"/api/tables/{table}/join", json={"seat": "p1", "name": "Computer"})
        token1 = joined.json()["token"]
        watch1 = _SeatSocket(served.url, table, token1)
        await watch1.start()
        record = tmp_path / "p1.jsonl"
        proc = await asyncio.create_subprocess_exec(
            *[sys.executable, "-m", "app.server.cli", "bot", served.url, table, "--token", token1, "--delay", "0"],
            *["--seed", "leak", "--record", str(record)],
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
        )
        try:
            out, err = await asyncio.wait_for(proc.communicate(), timeout=300)
        finally:
            if proc.returncode is None:
                proc.kill()
        for _ in range(100):  # the in-server bot and the sockets take the last update
            if inner.over() and len(_stream(watch2.frames)) == len(_stream(inner.frames)):
                break
            await asyncio.sleep(0.05)
        await watch1.stop()
        await watch2.stop()
        summary = (await client.get(f"/api/tables/{table}")).json()
    assert summary["outcome"] is not None, err.decode()[-500:]
    assert " 0 refused" in out.decode()

    _check(table, "p2", inner.frames, inner.reads, inner.decisions, watch2.frames)

    lines: list[dict[str, Any]] = [json.loads(line) for line in record.read_text().splitlines()]
    frames = [line["ws"].encode() for line in lines if "ws" in line]
    reads = [(line["http"], line["body"].encode()) for line in lines if "http" in line]
    decisions = [(line["frame"], line["read"]) for line in lines if "decide" in line]
    _check(table, "p1", frames, reads, decisions, watch1.frames)
    # each socket's stream is its own seat's (the welcomes name the seat)
    assert [json.loads(w.frames[0])["seat"] for w in (watch1, watch2)] == ["p1", "p2"]


@pytest.mark.anyio
async def test_the_strong_bot_decides_only_from_its_seats_stream_legal_list_and_knowledge(
    served: _InProcess, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(hosted, "SECONDS", 0.05)  # a short search: the inputs are what is checked
    async with httpx.AsyncClient(base_url=served.url, timeout=30) as client:
        created = await client.post(
            "/api/tables",
            json={"system": "small-soldiers", "name": "Leak", "seed": "leak-strong", "options": {"advanced": True}},
        )
        table, host = created.json()["id"], {"Authorization": f"Bearer {created.json()['host_token']}"}
        added = await client.post(
            f"/api/tables/{table}/bots", json={"seat": "commandos", "level": "strong"}, headers=host
        )
        assert added.status_code == 201, added.text
        assert added.json()["level"] == "strong"
        inner: BotClient = services(served.app).computers.bots[(table, "commandos")]
        assert inner.thinker is not None
        deadline = time.monotonic() + 20
        while not inner.frames:
            assert time.monotonic() < deadline
            await asyncio.sleep(0.05)
        watch = _SeatSocket(served.url, table, inner.token)
        await watch.start()
        joined = await client.post(f"/api/tables/{table}/join", json={"seat": "gorgonites", "name": "Easy"})
        easy = BotClient(served.url, table, joined.json()["token"], seed="leak", delay=0)
        other = asyncio.create_task(easy.run())
        deadline = time.monotonic() + 240
        while len(inner.decisions) < 4 and not inner.over():
            assert time.monotonic() < deadline, "the strong bot did not decide"
            await asyncio.sleep(0.2)
        other.cancel()
        await asyncio.gather(other, return_exceptions=True)
        await asyncio.sleep(1.0)
        await watch.stop()
    assert inner.refused == 0
    since = json.loads(watch.frames[0])["seq"]
    mine = set(watch.frames)
    knowledge = f"/api/tables/{table}/knowledge"
    for frame, read in inner.decisions:
        seq = json.loads(inner.frames[frame])["seq"]
        assert seq < since or inner.frames[frame] in mine, "a decision came from a frame its seat's socket never got"
        path, body = inner.reads[read]
        if path == knowledge:  # what it searched: this seq's games as its seat may know them
            assert json.loads(body)["seq"] == seq
            assert json.loads(body)["seat"] == "commandos"
    assert any(path == knowledge for path, _ in inner.reads), "the strong bot never searched"
    allowed = {f"/api/tables/{table}/legal", f"/api/tables/{table}/view", knowledge}
    assert {path for path, _ in inner.reads} <= allowed
