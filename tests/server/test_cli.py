"""The warboard command: migrate, export and import, as a user runs them."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import httpx

from app.core.tokens import hash_token
from app.session import Session
from app.storage.db import make_engine
from app.storage.migrate import upgrade
from app.transport.bus import MemoryBus
from tests.conftest import ROOT, Server
from tests.kit.table import act, join, new_table
from tests.session.test_transfer import closed_sandbox, contents, victim_table


def warboard(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "app.server.cli", *args], cwd=ROOT, capture_output=True, text=True, timeout=60
    )


def test_export_then_import_gives_the_same_table(tmp_path: Path) -> None:
    source = f"sqlite:///{tmp_path / 'a.sqlite3'}"
    target = f"sqlite:///{tmp_path / 'b.sqlite3'}"
    srv = Server(source).start()
    try:
        client = srv.client()
        table = new_table(client, seed="export")
        p1 = join(client, table["id"], "p1")
        act(client, table["id"], p1, {"kind": "add_token", "token": "t", "x": 3, "y": 4})
        act(client, table["id"], p1, {"kind": "roll", "dice": "2d6"})
        # a game in progress holds what the seats may not see yet: refused unless the operator insists
        refused_open = warboard("export", table["id"], "--database-url", source)
        assert refused_open.returncode == 1 and "still in progress" in refused_open.stderr
        assert refused_open.stdout == ""
        open_export = warboard("export", table["id"], "--include-hidden", "--database-url", source)
        assert open_export.returncode == 0, open_export.stderr
        assert json.loads(open_export.stdout)["table"]["seed"] is None  # a game in progress: no seed
        assert '"export"' not in open_export.stdout
        early = tmp_path / "early.json"
        early.write_text(open_export.stdout)
        assert warboard("migrate", "--database-url", target).returncode == 0
        refused = warboard("import", str(early), "--database-url", target)
        assert refused.returncode == 1 and "no dice seed" in refused.stderr
        host = {"Authorization": f"Bearer {table['host_token']}"}
        assert client.post(f"/api/tables/{table['id']}/close", headers=host).status_code == 200
    finally:
        srv.stop()
    exported = warboard("export", table["id"], "--database-url", source)
    assert exported.returncode == 0, exported.stderr
    assert json.loads(exported.stdout)["table"]["seed"] == "export"  # closed: the seed is public now
    dump = tmp_path / "table.json"
    dump.write_text(exported.stdout)
    assert warboard("migrate", "--database-url", target).returncode == 0
    imported = warboard("import", str(dump), "--database-url", target)
    assert imported.returncode == 0 and imported.stdout.strip() == table["id"]
    again = warboard("import", str(dump), "--database-url", target)
    assert again.returncode == 1 and "already exists" in again.stderr
    states = []
    for url in (source, target):
        engine = make_engine(url)
        states.append(Session(engine, MemoryBus()).rebuild(table["id"])[0].to_dict())
        engine.dispose()
    assert states[0] == states[1]
    assert warboard("export", "missing", "--database-url", source).returncode == 1
    # both servers answer the same: the summary, the replay at every seq, the dice proof
    answers = []
    for url in (source, target):
        srv = Server(url).start()
        try:
            answers.append(served_over_http(srv.client(), table["id"]))
        finally:
            srv.stop()
    assert answers[0] == answers[1]
    assert answers[1]["proof"]["seed"] == "export"


def served_over_http(client: httpx.Client, table_id: str) -> dict[str, Any]:
    summary = client.get(f"/api/tables/{table_id}").json()
    replay = [client.get(f"/api/tables/{table_id}/replay", params={"seq": s}).json() for s in range(summary["seq"] + 1)]
    return {"summary": summary, "replay": replay, "proof": client.get(f"/api/tables/{table_id}/dice/proof").json()}


def two_databases(tmp_path: Path) -> tuple[str, str, str, dict[str, Any]]:
    """A table closed at one server and exported with ``warboard export`` (its file's path), and
    another server's database with a game in progress there (the victim)."""
    source = f"sqlite:///{tmp_path / 'a.sqlite3'}"
    target = f"sqlite:///{tmp_path / 'b.sqlite3'}"

    async def build() -> tuple[str, dict[str, Any]]:
        upgrade(source)
        upgrade(target)
        engines = make_engine(source), make_engine(target)
        try:
            tid, _ = await closed_sandbox(Session(engines[0], MemoryBus()))
            return tid, await victim_table(Session(engines[1], MemoryBus()))
        finally:
            for engine in engines:
                engine.dispose()

    tid, victim = asyncio.run(build())
    exported = warboard("export", tid, "--database-url", source)
    assert exported.returncode == 0, exported.stderr
    dump = tmp_path / "table.json"
    dump.write_text(exported.stdout)
    return str(dump), target, tid, victim


def test_import_refuses_a_file_that_names_another_table_and_writes_nothing(tmp_path: Path) -> None:
    path, target, _tid, victim = two_databases(tmp_path)
    dump = json.loads(Path(path).read_text())
    host = next(t for t in dump["tokens"] if t["role"] == "host")
    dump["tokens"].append({**host, "token_hash": hash_token("stolen"), "table_id": victim["id"]})
    Path(path).write_text(json.dumps(dump))
    engine = make_engine(target)
    before = contents(engine)
    result = warboard("import", path, "--database-url", target)
    assert result.returncode == 1 and result.stdout == ""
    assert len(result.stderr.strip().splitlines()) == 1 and victim["id"] in result.stderr, result.stderr
    assert contents(engine) == before
    engine.dispose()


def test_import_refuses_a_file_larger_than_its_limit(tmp_path: Path) -> None:
    path, target, tid, _ = two_databases(tmp_path)
    dump = json.loads(Path(path).read_text())
    Path(path).write_text(json.dumps(dump, indent=1) + " " * 2**20)  # whitespace: still a good export
    engine = make_engine(target)
    before = contents(engine)
    result = warboard("import", path, "--database-url", target, "--max-mb", "1")
    assert result.returncode == 1 and "larger than 1 MB" in result.stderr, result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert contents(engine) == before
    engine.dispose()
    imported = warboard("import", path, "--database-url", target)
    assert imported.returncode == 0 and imported.stdout.strip() == tid, imported.stderr


def test_help_lists_the_commands() -> None:
    out = warboard("--help").stdout
    for command in ("serve", "migrate", "export", "import"):
        assert command in out


def test_import_into_a_database_without_the_schema_says_so_in_one_line(tmp_path: Path) -> None:
    path, _target, _tid, _ = two_databases(tmp_path)
    empty = f"sqlite:///{tmp_path / 'empty.sqlite3'}"
    result = warboard("import", path, "--database-url", empty)
    assert result.returncode == 1 and result.stdout == ""
    assert result.stderr.startswith("Nothing was imported") and len(result.stderr.strip().splitlines()) == 1
