"""The group-commit writer: a failing job rolls back alone; the others commit together."""

from __future__ import annotations

import asyncio

import pytest
from sqlalchemy import Connection, func, insert, select

from app.storage.db import make_engine
from app.storage.models import tables
from app.storage.repository import now
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
