"""``/readyz`` reports a database that cannot write (issue 23): a real server whose SQLite file
lies on a small tmpfs of its own, which the test fills up and then remounts read-only. It was 200
on a full disk (a query still answers; SQLite even commits into a WAL file it already has, until
a checkpoint needs the disk). Mounting needs root: the test is skipped without it."""

from __future__ import annotations

import contextlib
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from app.storage.db import make_engine
from app.web import health
from app.web.health import writable
from tests.conftest import POSTGRES_URL, ROOT, UNPACED, Server


@pytest.fixture
def small_disk(tmp_path: Path) -> Iterator[Path]:
    where = tmp_path / "disk"
    where.mkdir()
    if os.geteuid() != 0:
        pytest.skip("mounting a tmpfs of its own needs root")
    mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=16m", "tmpfs", str(where)], capture_output=True)
    if mounted.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {mounted.stderr.decode().strip()}")
    try:
        yield where
    finally:
        subprocess.run(["umount", "-l", str(where)], check=False)


def _fill(folder: Path) -> Path:
    """A file that takes every byte left on ``folder``'s filesystem."""
    filler = folder / "filler"
    fd = os.open(filler, os.O_WRONLY | os.O_CREAT)
    try:
        for size in (65536, 1):
            with contextlib.suppress(OSError):
                while True:
                    os.write(fd, b"\0" * size)
    finally:
        os.close(fd)
    return filler


def _ready(client: httpx.Client) -> tuple[int, dict]:  # type: ignore[type-arg]
    answer = client.get("/readyz")
    return answer.status_code, answer.json()["database"]


def test_readyz_reports_a_full_disk(small_disk: Path) -> None:
    srv = Server(f"sqlite:///{small_disk / 'warboard.sqlite3'}", env={**UNPACED, "WARBOARD_MIN_FREE_MB": "4"})
    srv.start()
    try:
        client = srv.client()
        status, database = _ready(client)
        assert status == 200 and database["ok"] and database["writable"], database
        assert database["free_bytes"] > 4 * 1024 * 1024
        filler = _fill(small_disk)
        status, database = _ready(client)
        assert status == 503, database
        assert database == {"ok": False, "writable": False, "error": "disk_full", "free_bytes": 0}
        refused = client.post("/api/tables", json={"system": "sandbox", "name": "Full"})
        assert refused.status_code == 503  # what readyz now says before a client finds out
        filler.unlink()
        assert _ready(client)[0] == 200
        assert client.post("/api/tables", json={"system": "sandbox", "name": "Room again"}).status_code == 201
    finally:
        srv.stop()


def test_a_database_on_a_read_only_filesystem_cannot_write(small_disk: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A filesystem cannot turn read-only under a server that holds its database open for writing
    (the remount is refused as busy), so this one is checked in process: the database is made,
    closed, and its filesystem remounted read-only."""
    monkeypatch.setattr(health, "MIN_FREE", 1024 * 1024)  # the disk is 16 MB
    url = f"sqlite:///{small_disk / 'warboard.sqlite3'}"
    made = subprocess.run([sys.executable, "-m", "app.server.cli", "migrate", "--database-url", url], cwd=ROOT)
    assert made.returncode == 0
    engine = make_engine(url)
    assert writable(engine)["writable"]
    engine.dispose()
    subprocess.run(["mount", "-o", "remount,ro", str(small_disk)], check=True)
    engine = make_engine(url)
    try:
        assert writable(engine) == {"writable": False, "error": "read_only"}
    finally:
        engine.dispose()
        subprocess.run(["mount", "-o", "remount,rw", str(small_disk)], check=True)


@pytest.mark.skipif(not POSTGRES_URL, reason="no PostgreSQL configured (WARBOARD_TEST_POSTGRES_URL)")
def test_a_read_only_postgresql_session_cannot_write() -> None:
    """A standby, or a database set read-only: its sessions' ``transaction_read_only`` is on (here
    set for this engine's sessions only, nothing changed in the database)."""
    from sqlalchemy import create_engine

    from app.storage.db import normalize_url

    assert POSTGRES_URL
    engine = make_engine(POSTGRES_URL)
    read_only = create_engine(
        normalize_url(POSTGRES_URL), connect_args={"options": "-c default_transaction_read_only=on"}
    )
    try:
        assert writable(engine) == {"writable": True}
        assert writable(read_only) == {"writable": False, "error": "read_only"}
    finally:
        engine.dispose()
        read_only.dispose()
