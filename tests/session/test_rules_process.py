"""The rules process (``app.session.rules_process``): heavy systems' legal lists worked out in a process of
their own at a lower CPU priority, the same lists as in the server's own thread, a worker that
dies replaced, and the worker thread used when no process can start."""

from __future__ import annotations

import asyncio
import os
import signal
from collections.abc import Iterator
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from typing import Any

import psutil
import pytest
from fastapi.testclient import TestClient

from app.bots import policy
from app.core.dice import Dice
from app.process.config import Settings
from app.server.factory import create_app
from app.session import rules_process
from app.session.projection import Projection
from app.storage.migrate import upgrade
from app.systems import registry
from tests.conftest import Server
from tests.kit.table import bearer

pytestmark = pytest.mark.anyio


@dataclass
class Env:
    state: dict[str, Any]
    status: str = "open"
    outcome: dict[str, Any] | None = None


@pytest.fixture(autouse=True)
def _fresh_worker() -> Iterator[None]:
    yield
    rules_process.shutdown()


async def test_the_rules_process_lists_what_the_projection_lists() -> None:
    """Over the first 40 rounds of asking both seats of a seeded HGB game, every legal list from
    the rules process equals the one worked out here."""
    system = registry.get("hgb")
    assert system is not None
    options = system.validate_options({"map": "ridge"})
    dice = Dice("rules-process")
    env = Env(system.setup(options, dice))
    projection = Projection(system, seeded=True)
    compared = 0
    for n in range(40):
        acted = False
        for seat in system.seats(options):
            here = projection.legal(env, seat)
            assert await rules_process.legal(projection, env, seat) == here
            compared += 1
            action = None if acted else policy.choose(projection.view(env, seat), here, "rules-process", n)
            if action is not None:
                env.state, _ = system.apply(env.state, seat, system.parse_action(action), dice)
                acted = True
        assert acted
    assert compared == 80


async def test_the_rules_process_runs_below_the_servers_priority() -> None:
    loop = asyncio.get_running_loop()
    worker = await loop.run_in_executor(rules_process._executor("rules"), os.nice, 0)
    assert worker == min(19, os.nice(0) + rules_process.NICENESS)


async def test_the_strong_computers_think_in_a_process_below_the_rules_process() -> None:
    loop = asyncio.get_running_loop()
    thinker = await loop.run_in_executor(rules_process._executor("thinking"), os.getpid)
    assert thinker not in (os.getpid(), await loop.run_in_executor(rules_process._executor("rules"), os.getpid))
    niceness = await rules_process.run("thinking", os.nice, 0)
    assert niceness == min(19, os.nice(0) + rules_process.PRIORITY["thinking"]) > rules_process.NICENESS


async def test_a_rules_process_that_dies_is_replaced() -> None:
    system = registry.get("hgb")
    assert system is not None
    env = Env(system.setup(system.validate_options({}), Dice("dies")))
    projection = Projection(system, seeded=True)
    loop = asyncio.get_running_loop()
    pid = await loop.run_in_executor(rules_process._executor("rules"), os.getpid)
    assert pid != os.getpid()
    os.kill(pid, signal.SIGKILL)
    assert await rules_process.legal(projection, env, "north") == projection.legal(env, "north")
    assert await loop.run_in_executor(rules_process._executor("rules"), os.getpid) != pid


def test_without_a_rules_process_the_list_comes_from_the_worker_thread(
    monkeypatch: pytest.MonkeyPatch, database_url: str
) -> None:
    async def unavailable(*_args: Any) -> list[dict[str, Any]]:
        raise BrokenProcessPool("no process may start here")

    monkeypatch.setattr(rules_process, "legal", unavailable)
    settings = Settings(database_url=database_url)
    with TestClient(create_app(settings)) as client:
        table = client.post("/api/tables", json={"system": "hgb", "name": "t", "options": {}}).json()
        token = client.post(f"/api/tables/{table['id']}/join", json={"seat": "north", "name": "N"}).json()["token"]
        answer = client.get(f"/api/tables/{table['id']}/legal", headers=bearer(token))
    assert answer.status_code == 200
    assert {"kind": "ready"} in answer.json()["actions"]


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGKILL])
def test_the_rules_process_leaves_with_the_server(tmp_path: Any, sig: int) -> None:
    """Stopped or killed, a server leaves no rules process behind."""
    url = f"sqlite:///{tmp_path / 'warboard.sqlite3'}"
    upgrade(url)
    server = Server(url).start()
    try:
        with server.client() as client:
            table = client.post("/api/tables", json={"system": "hgb", "name": "t", "options": {}}).json()
            token = client.post(f"/api/tables/{table['id']}/join", json={"seat": "north", "name": "N"}).json()
            assert client.get(f"/api/tables/{table['id']}/legal", headers=bearer(token["token"])).status_code == 200
        assert server.proc is not None
        workers = psutil.Process(server.proc.pid).children(recursive=True)
        assert workers  # the list came from the rules process
    finally:
        server.kill(sig)
    _, alive = psutil.wait_procs(workers, timeout=10)
    assert not alive
