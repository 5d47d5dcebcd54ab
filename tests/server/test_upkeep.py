"""Tables over time, as an operator runs the warboard command: ``tables`` lists them with their
size and idle time, ``close`` ends one as its host would (a running server's players see it),
``prune`` archives old tables as export files, then removes them (and ``import`` takes the
archives back), ``backup`` copies a live SQLite database whole."""

from __future__ import annotations

import asyncio
import json
import sqlite3
import threading
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from sqlalchemy import update

from app.storage.db import make_engine
from app.storage.models import metadata, tables
from tests.conftest import Server
from tests.kit.table import act, bearer, open_table
from tests.kit.ws import WsClient
from tests.server.test_cli import warboard


def age(url: str, table_id: str, days: float) -> None:
    """Make a table idle for ``days`` days."""
    engine = make_engine(url)
    with engine.begin() as conn:
        conn.execute(
            update(tables).where(tables.c.id == table_id).values(updated_at=datetime.now(UTC) - timedelta(days=days))
        )
    engine.dispose()


def test_tables_lists_size_and_idle_time_and_prune_archives_what_import_takes_back(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'warboard.sqlite3'}"
    with Server(url).start() as server, server.client() as client:
        ended = open_table(client, "sandbox", seed="ended")
        act(client, ended.id, ended.headers("p1"), {"kind": "add_token", "token": "t", "x": 1, "y": 1})
        assert client.post(f"/api/tables/{ended.id}/close", headers=bearer(ended.host_token)).status_code == 200
        abandoned = open_table(client, "sandbox", seed="abandoned")
        act(client, abandoned.id, abandoned.headers("p1"), {"kind": "roll", "dice": "2d6"})
        recent = open_table(client, "sandbox", seats=("p1",))
    age(url, ended.id, 40)
    age(url, abandoned.id, 10)

    listed = warboard("tables", "--database-url", url)
    assert listed.returncode == 0, listed.stderr
    lines = {line.split()[0]: line.split() for line in listed.stdout.splitlines()[1:-1]}
    assert lines[ended.id][1:5] == ["sandbox", "closed", "2/8", "40d"]
    assert lines[recent.id][3] == "1/8"
    rows = {
        r["id"]: r for r in map(json.loads, warboard("tables", "--json", "--database-url", url).stdout.splitlines())
    }
    assert rows[abandoned.id]["status"] == "open" and rows[abandoned.id]["idle_s"] >= 10 * 86400
    assert rows[ended.id]["events"] > rows[recent.id]["events"] > 0 and rows[ended.id]["bytes"] > 100

    archive = tmp_path / "archive"
    dry = warboard("prune", "--older-than", "5", "--archive", str(archive), "--dry-run", "--database-url", url)
    assert dry.returncode == 0 and "2 tables would be pruned" in dry.stdout, dry.stdout + dry.stderr
    assert not archive.exists()
    only_old = warboard("prune", "--older-than", "30", "--finished", "--archive", str(archive), "--database-url", url)
    assert f"pruned {ended.id} (closed)" in only_old.stdout and "1 tables pruned" in only_old.stdout
    pruned = warboard("prune", "--older-than", "5", "--abandoned", "--archive", str(archive), "--database-url", url)
    assert pruned.returncode == 0 and f"pruned {abandoned.id} (open)" in pruned.stdout, pruned.stdout + pruned.stderr
    left = [json.loads(line)["id"] for line in warboard("tables", "--json", "--database-url", url).stdout.splitlines()]
    assert left == [recent.id]
    assert sorted(p.name for p in archive.iterdir()) == sorted([f"{ended.id}.json", f"{abandoned.id}.json"])

    for table in (ended, abandoned):  # back from the archive, whole: the same export again
        file = archive / f"{table.id}.json"
        imported = warboard("import", str(file), "--database-url", url)
        assert imported.returncode == 0 and imported.stdout.strip() == table.id, imported.stderr
        again = warboard("export", table.id, "--database-url", url)
        assert json.loads(again.stdout) == json.loads(file.read_text())
    assert json.loads((archive / f"{abandoned.id}.json").read_text())["table"]["seed"] == "abandoned"
    with Server(url).start() as server, server.client() as client:
        proof = client.get(f"/api/tables/{abandoned.id}/dice/proof").json()
        assert proof["seed"] == "abandoned", proof


def test_close_ends_a_game_a_server_is_playing(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'warboard.sqlite3'}"
    with Server(url).start() as server, server.client() as client:
        seated = open_table(client, "sandbox")
        act(client, seated.id, seated.headers("p1"), {"kind": "add_token", "token": "t", "x": 1, "y": 1})
        closed = warboard("close", seated.id, "--database-url", url)
        assert closed.returncode == 0 and closed.stdout.startswith(f"Closed {seated.id} at seq"), closed.stderr
        refused = client.post(
            f"/api/tables/{seated.id}/actions",
            headers=seated.headers("p2"),
            json={"id": "late", "action": {"kind": "add_token", "token": "u", "x": 2, "y": 2}},
        )
        assert refused.status_code == 409 and refused.json()["error"]["code"] == "table_closed", refused.text
        again = warboard("close", seated.id, "--database-url", url)
        assert again.returncode == 1 and "(table_closed)" in again.stderr
    missing = warboard("close", "nosuchtable", "--database-url", url)
    assert missing.returncode == 1 and "(unknown_table)" in missing.stderr


def test_backup_of_a_live_database_opens_and_holds_every_table(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'warboard.sqlite3'}"
    copy = tmp_path / "copy.sqlite3"
    with Server(url).start() as server, server.client() as client:
        seated = open_table(client, "sandbox")
        stop = threading.Event()

        def play() -> None:  # moves go on while the copy is taken
            with server.client() as mover:
                i = 0
                while not stop.is_set():
                    act(mover, seated.id, seated.headers("p1"), {"kind": "add_token", "token": f"t{i}", "x": 1, "y": 1})
                    i += 1

        player = threading.Thread(target=play)
        player.start()
        try:
            made = warboard("backup", str(copy), "--database-url", url)
        finally:
            stop.set()
            player.join()
        assert made.returncode == 0 and made.stdout.strip().endswith(": 1 tables"), made.stdout + made.stderr
        exists = warboard("backup", str(copy), "--database-url", url)
        assert exists.returncode == 1 and "exists already" in exists.stderr
    db = sqlite3.connect(copy)
    try:
        assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        names = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        assert set(metadata.tables) | {"alembic_version"} <= names
        seq = db.execute("SELECT seq FROM tables WHERE id = ?", (seated.id,)).fetchone()[0]
        logged = db.execute("SELECT count(*), max(seq) FROM events WHERE table_id = ?", (seated.id,)).fetchone()
        assert logged == (seq + 1, seq)  # a consistent copy: the table's row and its log agree
    finally:
        db.close()
    served = warboard("tables", "--database-url", f"sqlite:///{copy}")
    assert seated.id in served.stdout
    postgres = warboard("backup", str(tmp_path / "pg"), "--database-url", "postgresql://nobody@127.0.0.1:1/none")
    assert postgres.returncode == 2 and "pg_dump" in postgres.stderr


def test_a_table_pruned_under_a_running_server_answers_404_not_500(tmp_path: Path) -> None:
    """``warboard prune`` removes a table that a running server has in hand (its facts cached, a
    socket open): what would write a row of it answers ``unknown_table``, never a 500, and the
    socket stays open. Before, the row's foreign key failed: 500 ``internal`` and a traceback.
    What a seat's token asks answers ``unknown_table`` too (404 before 401), and so does a new socket."""
    url = f"sqlite:///{tmp_path / 'warboard.sqlite3'}"
    with Server(url).start() as server, server.client() as client:
        seated = open_table(client, "sandbox")

        async def open_socket() -> WsClient:
            socket = await seated.socket(server.ws_url, "p1")
            await socket.recv_type("welcome")
            return socket

        loop = asyncio.new_event_loop()
        try:
            socket = loop.run_until_complete(open_socket())
            age(url, seated.id, 10)
            pruned = warboard(
                "prune", "--older-than", "5", "--archive", str(tmp_path / "archive"), "--database-url", url
            )
            assert f"pruned {seated.id} (open)" in pruned.stdout, pruned.stdout + pruned.stderr

            watch = client.post(f"/api/tables/{seated.id}/spectate", json={})
            assert watch.status_code == 404 and watch.json()["error"]["code"] == "unknown_table", watch.text
            # 404 before 401, though the server still had the table's facts in memory: the seat's
            # token is gone with the table, and the answer says the table is (it said 401)
            for path in ("view", "legal", "takeback", "settings", "clock"):
                got = client.get(f"/api/tables/{seated.id}/{path}", headers=seated.headers("p1"))
                assert got.status_code == 404 and got.json()["error"]["code"] == "unknown_table", (path, got.text)
            moved = act(client, seated.id, seated.headers("p1"), {"kind": "add_token", "token": "t", "x": 1, "y": 1})
            assert moved.status_code == 404 and moved.json()["error"]["code"] == "unknown_table", moved.text

            async def chat() -> tuple[dict[str, Any], dict[str, Any]]:
                move = {"kind": "add_token", "token": "late", "x": 1, "y": 1}
                await socket.send({"type": "action", "id": "late", "action": move})
                moved = await socket.recv_type("error")
                assert moved["error"]["code"] == "unknown_table", moved
                await socket.send({"type": "chat", "text": "still there?"})
                refused = await socket.recv_type("error")
                await socket.send({"type": "ping"})
                return refused, await socket.recv_type("pong")

            refused, pong = loop.run_until_complete(chat())
            assert refused["error"]["code"] == "unknown_table", refused
            assert pong["type"] == "pong"  # the socket stays open
            loop.run_until_complete(socket.close())

            async def open_again() -> tuple[dict[str, Any], int | None]:
                again = await seated.socket(server.ws_url, "p1")
                refused = await again.recv_type("error")
                await again.conn.wait_closed()
                return refused, again.conn.close_code

            refused, code = loop.run_until_complete(open_again())  # a new socket: the table is gone
            assert refused["error"]["code"] == "unknown_table" and code == 4404, (refused, code)
        finally:
            loop.close()
        assert "Traceback" not in server.log(), server.log()
