"""The warboard command: migrate, export and import, as a user runs them."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from app.session import Session
from app.storage.db import make_engine
from app.transport.bus import MemoryBus
from tests.conftest import ROOT, Server
from tests.kit.table import act, join, new_table


def warboard(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "app.cli", *args], cwd=ROOT, capture_output=True, text=True, timeout=60
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


def test_help_lists_the_commands() -> None:
    out = warboard("--help").stdout
    for command in ("serve", "migrate", "export", "import"):
        assert command in out
