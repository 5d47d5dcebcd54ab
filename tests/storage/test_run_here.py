"""Commits on the caller's thread (``Writer.run_here``) and the WAL sync that makes them durable
(``app.storage.walsync``): SQLite in a file only, never waiting for SQLite's lock, all or nothing."""

from __future__ import annotations

import asyncio
import os
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import Connection, event, func, insert, select

from app.core.errors import Unavailable
from app.session import Session
from app.storage.db import make_engine
from app.storage.direct import Direct
from app.storage.migrate import upgrade
from app.storage.models import snapshots, tables
from app.storage.repository import now
from app.storage.walsync import WalSync
from app.storage.writer import Busy, Elsewhere, Writer
from app.systems import registry
from app.transport.bus import MemoryBus

pytestmark = pytest.mark.anyio
COLUMNS = ["id", "system", "name", "options", "visibility", "status", "seq", "seed", "seeded", "commitment"]
_INSERT = Direct(insert(tables), [*COLUMNS, "created_at", "updated_at"])


def add_table(table_id: str, fail: bool = False):  # type: ignore[no-untyped-def]
    def job(conn: Connection) -> str:
        stamp = now()
        row: dict[str, Any] = {
            "id": table_id,
            "system": "sandbox",
            "name": "x",
            "options": {},
            "visibility": "public",
            "status": "open",
            "seq": 0,
            "seed": "s",
            "seeded": False,
            "commitment": "c",
            "created_at": stamp,
            "updated_at": stamp,
        }
        _INSERT.run(conn, row)
        if fail:
            raise ValueError(f"job {table_id} fails after writing")
        return table_id

    return job


@pytest.fixture
def sqlite_url(tmp_path: Path) -> str:
    url = f"sqlite:///{tmp_path / 'warboard.sqlite3'}"
    upgrade(url)
    return url


def ids(writer: Writer) -> set[str]:
    with writer.engine.connect() as conn:
        return {r[0] for r in conn.execute(select(tables.c.id))}


async def test_a_job_run_here_is_committed_then_synced(sqlite_url: str) -> None:
    writer = Writer(make_engine(sqlite_url))  # FULL, the default
    try:
        assert await writer.run_here(add_table("a")) == "a"
        assert ids(writer) == {"a"}
        assert writer.here_commits == 1 and writer.wal_syncs == 1
        # Several commits that land while a sync runs share the next one.
        await asyncio.gather(*(writer.run_here(add_table(f"b{i}")) for i in range(20)))
        assert writer.here_commits == 21 and 2 <= writer.wal_syncs <= 21
        with writer.engine.connect() as conn:  # the other connections keep the configured level
            assert conn.exec_driver_sql("PRAGMA synchronous").scalar() == 2
    finally:
        writer.close()


async def test_normal_durability_needs_no_sync(sqlite_url: str) -> None:
    writer = Writer(make_engine(sqlite_url, synchronous="NORMAL"))
    try:
        await writer.run_here(add_table("a"))
        assert writer.here_commits == 1 and writer.wal_syncs == 0
    finally:
        writer.close()


async def test_a_failing_job_rolls_back_and_the_connection_goes_on(sqlite_url: str) -> None:
    writer = Writer(make_engine(sqlite_url))
    try:
        with pytest.raises(ValueError):
            await writer.run_here(add_table("a", fail=True))
        with pytest.raises(Elsewhere):
            await writer.run_here(gives_up_after_writing)
        with pytest.raises(Elsewhere):  # SQLite failing under the job: the writer thread's turn
            await writer.run_here(fails_in_sqlite)
        assert ids(writer) == set() and writer.here_commits == 0
        await writer.run_here(add_table("c"))
        assert ids(writer) == {"c"}
    finally:
        writer.close()


def fails_in_sqlite(conn: Connection) -> str:
    add_table("d")(conn)
    driver = conn.connection.driver_connection
    assert driver is not None
    driver.execute("INSERT INTO no_such_table VALUES (1)")
    return "d"


def gives_up_after_writing(conn: Connection) -> str:
    add_table("b")(conn)
    raise Elsewhere


async def test_a_held_write_lock_sends_the_job_elsewhere_at_once(sqlite_url: str) -> None:
    writer = Writer(make_engine(sqlite_url))
    other = make_engine(sqlite_url).raw_connection()
    driver = other.driver_connection
    assert driver is not None
    try:
        await writer.run_here(add_table("first"))  # the connection exists: now only the lock is in the way
        driver.execute("BEGIN IMMEDIATE")  # another writer (a thread, a process)
        loop = asyncio.get_running_loop()
        began = loop.time()
        with pytest.raises(Busy):  # an Elsewhere that says the lock was in the way
            await writer.run_here(add_table("a"))
        assert loop.time() - began < 1.0, "it did not wait for SQLite's busy timeout"
        driver.execute("ROLLBACK")
        assert await writer.run(add_table("a")) == "a"  # where the caller sends it
        assert ids(writer) == {"first", "a"}
    finally:
        other.close()
        writer.close()


async def test_only_sqlite_in_a_file_runs_here() -> None:
    writer = Writer(make_engine("sqlite:///:memory:"))
    try:
        with pytest.raises(Elsewhere):
            await writer.run_here(add_table("a"))
    finally:
        writer.close()


async def test_the_wal_sync_follows_the_file_at_its_path(tmp_path: Path) -> None:
    path = tmp_path / "x-wal"
    path.write_bytes(b"one")
    sync = WalSync(str(path))
    try:
        await sync.durable()
        first = os.fstat(sync._file()).st_ino
        replacement = tmp_path / "new"
        replacement.write_bytes(b"two")
        os.replace(replacement, path)
        await asyncio.gather(sync.durable(), sync.durable())
        assert os.fstat(sync._file()).st_ino == path.stat().st_ino != first
        assert 2 <= sync.syncs <= 3
    finally:
        sync.close()
    missing = WalSync(str(tmp_path / "gone-wal"))
    try:
        with pytest.raises(OSError):
            await missing.durable()  # a failed sync is the committer's error, never a silent ack
    finally:
        missing.close()


async def _sandbox_with_a_token(session: Session) -> Any:
    """A sandbox table with a seated player, who has added token ``t0``: the seat's actor."""
    t = await session.create_table("sandbox", "x", None, "private", None)
    joined = await session.join(t["id"], "p1", "a")
    actor = await session.authenticate(t["id"], joined["token"])
    add = {"kind": "add_token", "token": "t0", "x": 0, "y": 0, "label": "p", "facing": 0}
    await session.apply(actor, "a0", add)
    return actor


async def test_light_moves_commit_on_the_loop_and_hgb_moves_on_the_writer_thread(sqlite_url: str) -> None:
    session = Session(make_engine(sqlite_url), MemoryBus())
    try:
        actor = await _sandbox_with_a_token(session)  # the first action reads the table: the writer thread
        before = session.writer.here_commits
        for i in range(5):
            await session.apply(
                actor, f"m{i}", {"kind": "move_token", "token": "t0", "x": i + 0.5, "y": 1, "facing": 0}
            )
        assert session.writer.here_commits == before + 5
        again = await session.apply(actor, "m4", {"kind": "move_token", "token": "t0", "x": 4.5, "y": 1, "facing": 0})
        assert again.duplicate and session.writer.here_commits == before + 5  # the full path answers
        env, _ = session.rebuild(actor.table_id)
        assert env.seq == (await session.current(actor.table_id)).seq
        with session.engine.connect() as conn:
            assert conn.execute(select(func.count()).select_from(tables)).scalar() == 1

        hgb = await session.create_table("hgb", "y", None, "private", None)
        system = registry.get("hgb")
        assert system is not None
        seat = system.seats(system.validate_options({}))[0]
        joined = await session.join(hgb["id"], seat, "b")
        player = await session.authenticate(hgb["id"], joined["token"])
        before = session.writer.here_commits
        acted = 0
        for i in range(3):
            env = await session.current(hgb["id"])
            legal = (await session.projection(hgb["id"])).legal(env, seat)
            if not legal:
                break
            await session.apply(player, f"h{i}", legal[0])
            acted = i + 1
        assert acted >= 1 and session.writer.here_commits == before
    finally:
        session.writer.close()
        session.engine.dispose()


async def test_a_move_due_a_snapshot_commits_on_the_loop_with_its_snapshot(sqlite_url: str) -> None:
    """The snapshot every ``snapshot_every`` actions is a direct statement as well: the move that
    is due one commits on the loop like any other, and a replay can start from it. (On the writer
    thread, every such commit also emptied the loop's connection's page cache: SQLite empties a
    connection's cache when another connection has written.)"""
    session = Session(make_engine(sqlite_url), MemoryBus(), snapshot_every=4)
    try:
        actor = await _sandbox_with_a_token(session)
        before = session.writer.here_commits
        for i in range(6):  # actions 3-8 (the seat's join was 1, the token 2): 4 and 8 are due snapshots
            await session.apply(
                actor, f"m{i}", {"kind": "move_token", "token": "t0", "x": i + 0.5, "y": 1, "facing": 0}
            )
        assert session.writer.here_commits == before + 6
        current = await session.current(actor.table_id)
        with session.engine.connect() as conn:
            saved = conn.execute(select(snapshots.c.n, snapshots.c.seq, snapshots.c.envelope)).all()
        assert [(n, seq) for n, seq, _ in saved] == [(4, 4), (8, 8)]
        assert saved[-1][2] == current.to_dict()
        env, _ = session.rebuild(actor.table_id)
        assert env.seq == current.seq and env.state == current.state
    finally:
        session.writer.close()
        session.engine.dispose()


@pytest.mark.parametrize(("held", "on_loop"), [(0.003, True), (0.2, False)])
async def test_a_move_waits_a_moment_for_a_held_write_lock_then_goes_to_the_writer_thread(
    sqlite_url: str, held: float, on_loop: bool
) -> None:
    """A write lock held a few milliseconds (a checkpoint restarting the WAL) is waited out on the
    loop (``BUSY_PAUSES``, about 15 ms in all); one held longer sends the move to the writer
    thread, which waits for it. Either way the move commits once."""
    session = Session(make_engine(sqlite_url), MemoryBus())
    other = session.engine.raw_connection()
    driver = other.driver_connection
    assert driver is not None
    try:
        actor = await _sandbox_with_a_token(session)
        await session.apply(actor, "m0", {"kind": "move_token", "token": "t0", "x": 0.5, "y": 1, "facing": 0})
        before = session.writer.here_commits
        driver.execute("BEGIN IMMEDIATE")  # another writer (a thread, a process)
        asyncio.get_running_loop().call_later(held, driver.execute, "COMMIT")
        done = await session.apply(actor, "m1", {"kind": "move_token", "token": "t0", "x": 1.5, "y": 1, "facing": 0})
        assert session.writer.here_commits == before + (1 if on_loop else 0)
        env, _ = session.rebuild(actor.table_id)
        assert env.seq == done.seq and env.state["tokens"]["t0"]["x"] == 1.5
    finally:
        other.close()
        session.writer.close()
        session.engine.dispose()


async def test_while_statements_are_watched_jobs_go_to_the_writer_thread(sqlite_url: str) -> None:
    writer = Writer(make_engine(sqlite_url))
    seen: list[str] = []

    def watch(_conn: Any, _cursor: Any, statement: str, *_args: Any) -> None:
        seen.append(statement)

    try:
        event.listen(writer.engine, "before_cursor_execute", watch)
        with pytest.raises(Elsewhere):
            await writer.run_here(add_table("a"))
        assert await writer.run(add_table("a")) == "a" and "BEGIN IMMEDIATE" in seen
        event.remove(writer.engine, "before_cursor_execute", watch)
        assert await writer.run_here(add_table("b")) == "b"
    finally:
        writer.close()


async def test_a_failed_wal_sync_says_the_action_may_be_saved_and_its_id_tells(
    sqlite_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The commit is in the log but not known durable: the answer is ``unavailable`` and says to
    send the action again with its id (never "nothing was changed"); sent again, it answers."""
    session = Session(make_engine(sqlite_url), MemoryBus())
    try:
        actor = await _sandbox_with_a_token(session)
        move = {"kind": "move_token", "token": "t0", "x": 1, "y": 1, "facing": 0}
        await session.apply(actor, "m0", move)  # the WAL sync is set up by now
        sync = session.writer._sync
        assert sync is not None

        async def failing() -> None:
            raise OSError(5, "Input/output error")

        monkeypatch.setattr(sync, "durable", failing)
        with pytest.raises(Unavailable) as refused:
            await session.apply(actor, "m1", {**move, "x": 2})
        assert "nothing was changed" not in refused.value.message
        assert "same id" in refused.value.message
        monkeypatch.undo()
        again = await session.apply(actor, "m1", {**move, "x": 2})
        assert again.duplicate, "the first try was in the log: the same id answers it, not a second move"
    finally:
        session.writer.close()
        session.engine.dispose()
