"""SQLite's WAL under a steady stream of commits (``Writer.checkpoint``): passive checkpoints
never shrink the file, and while commits keep coming they may never start it again from the
top, so it can grow without end; past ``WAL_RESTART_FRAMES`` a checkpoint starts it again from
the top, and what was committed stays."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from sqlalchemy import func, select

from app.storage import writer as writer_module
from app.storage.db import make_engine
from app.storage.migrate import upgrade
from app.storage.models import tables
from app.storage.writer import Writer
from tests.storage.test_run_here import add_table

pytestmark = pytest.mark.anyio
COMMITS = 3000


async def stream(folder: Path, restart_frames: int) -> tuple[int, int]:
    """Commit ``COMMITS`` tables one after another with checkpoints every 10 ms; the WAL's
    largest size on the way and the checkpoints that emptied it."""
    folder.mkdir()
    url = f"sqlite:///{folder / 'warboard.sqlite3'}"
    upgrade(url)
    engine = make_engine(url, synchronous="NORMAL")  # no sync per commit: a fast stream
    writer = Writer(engine)
    wal = folder / "warboard.sqlite3-wal"
    largest = 0
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(writer_module, "WAL_RESTART_FRAMES", restart_frames)
        patch.setattr(writer_module, "CHECKPOINT_EVERY", 0.01)
        try:
            for i in range(COMMITS):
                job = add_table(f"t{i}")
                try:
                    await writer.run_here(job)
                except writer_module.Elsewhere:
                    await writer.run(job)
                largest = max(largest, os.path.getsize(wal) if wal.exists() else 0)
        finally:
            writer.close()
    with engine.connect() as conn:
        assert conn.execute(select(func.count()).select_from(tables)).scalar() == COMMITS
    engine.dispose()
    return largest, writer.wal_restarts


async def test_a_steady_stream_of_commits_restarts_the_wal_as_it_goes(tmp_path: Path) -> None:
    """The checkpoint thread restarts the WAL while commits keep coming, and nothing committed is
    lost. (How large a passive-only WAL grows depends on the machine's timing: 41 MB over these
    commits on one run, 4 MB on a busier one, so it is printed, not compared.)"""
    grown, none = await stream(tmp_path / "passive", 10**9)  # passive checkpoints only, as before
    assert none == 0
    largest, restarts = await stream(tmp_path / "restarting", 300)
    print(
        f"largest WAL over {COMMITS} commits: {grown // 1024} KiB passive only, {largest // 1024} KiB with {restarts} restarts"
    )
    assert restarts >= 1


@pytest.mark.parametrize(("restart_frames", "restarted"), [(10**9, False), (1, True)])
async def test_past_its_frame_limit_a_checkpoint_restarts_the_wal_in_place_and_keeps_every_commit(
    tmp_path: Path, restart_frames: int, restarted: bool
) -> None:
    """The same commits, then one checkpoint: past ``WAL_RESTART_FRAMES`` it is a RESTART, which
    leaves the file as large as it grew (not TRUNCATE, which empties it: every commit after would
    grow the file again, and a sync of a growing file costs twice as much), and the commits after
    it write over the file from its top instead of growing it. Nothing committed is lost."""
    url = f"sqlite:///{tmp_path / 'warboard.sqlite3'}"
    upgrade(url)
    engine = make_engine(url, synchronous="NORMAL")
    writer = Writer(engine)
    wal = tmp_path / "warboard.sqlite3-wal"

    async def commit(names: range) -> None:
        for i in names:
            job = add_table(f"t{i}")
            try:
                await writer.run_here(job)
            except writer_module.Elsewhere:
                await writer.run(job)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(writer_module, "WAL_RESTART_FRAMES", restart_frames)
        patch.setattr(writer_module, "CHECKPOINT_EVERY", 3600.0)  # no checkpoint but the one below
        try:
            await commit(range(200))
            grown = os.path.getsize(wal)
            assert grown > 100 * 1024
            writer.checkpoint()
            assert os.path.getsize(wal) == grown  # kept, not emptied
            assert writer.wal_restarts == (1 if restarted else 0)
            await commit(range(200, 300))
            assert os.path.getsize(wal) == grown  # written from the top, over the copied frames
        finally:
            writer.close()
    with engine.connect() as conn:
        assert conn.execute(select(func.count()).select_from(tables)).scalar() == 300
    engine.dispose()
