"""The group-commit writer: a failing job rolls back alone; the others commit together."""

from __future__ import annotations

import asyncio

import pytest
from sqlalchemy import Connection, func, insert, select
from sqlalchemy.exc import IntegrityError

from app.storage.db import make_engine
from app.storage.models import tables
from app.storage.repository import insert_token, now
from app.storage.writer import Writer

pytestmark = pytest.mark.anyio


def add_table(table_id: str, fail: bool = False):  # type: ignore[no-untyped-def]
    def job(conn: Connection) -> str:
        conn.execute(
            insert(tables).values(
                id=table_id,
                system="sandbox",
                name="x",
                options={},
                visibility="public",
                status="open",
                seq=0,
                seed="s",
                seeded=False,
                commitment="c",
                created_at=now(),
                updated_at=now(),
            )
        )
        if fail:
            raise ValueError(f"job {table_id} fails after writing")
        return table_id

    return job


async def test_failing_jobs_roll_back_alone(database_url: str) -> None:
    engine = make_engine(database_url)
    writer = Writer(engine)
    try:
        results = await asyncio.gather(
            *(writer.run(add_table(f"t{i}", fail=i % 3 == 0)) for i in range(30)), return_exceptions=True
        )
        failed = [r for r in results if isinstance(r, ValueError)]
        assert len(failed) == 10
        with engine.connect() as conn:
            ids = {r[0] for r in conn.execute(select(tables.c.id))}
        assert ids == {f"t{i}" for i in range(30) if i % 3}
        again = await asyncio.gather(writer.run(add_table("t1")), return_exceptions=True)
        assert isinstance(again[0], Exception)  # duplicate key: this job alone fails
        with engine.connect() as conn:
            assert conn.execute(select(func.count()).select_from(tables)).scalar() == 20
    finally:
        writer.close()
        engine.dispose()


class Gone(Exception):
    """The test's stand-in for what the session raises (``NotFound``, ``unknown_table``)."""


def token(table_id: str):  # type: ignore[no-untyped-def]
    """A job that gives the table ``table_id`` a spectator's token."""
    return lambda conn: insert_token(conn, "h" * 64, table_id, "spectator", None, "x")


async def test_a_row_whose_table_is_gone_raises_what_the_writer_was_given(database_url: str) -> None:
    """Every foreign key of the schema names a table: a write that fails one found its table
    removed (``warboard prune`` in another process). ``run`` and ``run_sync`` raise ``gone()``
    for it, and the database's own error for any other failure (a duplicate key)."""
    engine = make_engine(database_url)
    writer = Writer(engine, gone=Gone)
    plain = Writer(engine)
    try:
        assert await writer.run(add_table("here")) == "here"
        with pytest.raises(Gone) as gone:
            await writer.run(token("removed"))
        assert isinstance(gone.value.__cause__, IntegrityError)
        with pytest.raises(Gone):
            writer.run_sync(token("removed"))
        with pytest.raises(IntegrityError):  # no gone(): the error as it was
            await plain.run(token("removed"))
        with pytest.raises(IntegrityError):  # not a foreign key: the error as it was
            await writer.run(add_table("here"))
        await writer.run(token("here"))  # and the writer goes on
        with engine.connect() as conn:
            assert conn.execute(select(func.count()).select_from(tables)).scalar() == 1
    finally:
        writer.close()
        plain.close()
        engine.dispose()
