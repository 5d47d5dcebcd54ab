"""``app.session.upkeep`` and ``app.storage.upkeep`` on SQLite and PostgreSQL: the report's
sizes and seats, the retention query by age and kind, closing as the host, and a pruned table
leaving no row behind, while the other table keeps all of its."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from sqlalchemy import func, select, update

from app.core.errors import Conflict, NotFound
from app.session import Session, upkeep
from app.storage.models import tables
from app.storage.upkeep import OF_A_TABLE
from tests.kit.session import session_fixture
from tests.session.test_transfer import closed_sandbox, seat

pytestmark = pytest.mark.anyio
session = session_fixture()


def rows_of(session: Session, table_id: str) -> int:
    with session.engine.connect() as conn:
        found = sum(
            conn.execute(select(func.count()).select_from(t).where(t.c.table_id == table_id)).scalar_one()
            for t in OF_A_TABLE
        )
        return (
            found + conn.execute(select(func.count()).select_from(tables).where(tables.c.id == table_id)).scalar_one()
        )


async def test_report_prune_and_close(session: Session, tmp_path: Path) -> None:
    ended, _host = await closed_sandbox(session)
    created = await session.create_table("sandbox", "Still going", {}, "public", None)
    going = created["id"]
    ann = await seat(session, going, "p1", "Ann")
    await session.apply(ann, "m1", {"kind": "add_token", "token": "t", "x": 1.0, "y": 1.0})
    with session.engine.begin() as conn:
        conn.execute(
            update(tables).where(tables.c.id == ended).values(updated_at=datetime.now(UTC) - timedelta(days=9))
        )

    report = {r["id"]: r for r in upkeep.report(session.engine)}
    assert (report[ended]["status"], report[ended]["seats"], report[ended]["taken"]) == ("closed", 8, 2)
    assert report[ended]["idle_s"] >= 9 * 86400 > report[going]["idle_s"]
    assert report[ended]["events"] > report[going]["events"] >= 3 and report[going]["bytes"] > 0
    assert upkeep.idle_words(report[ended]["idle_s"]).startswith("9d ")

    assert upkeep.prunable(session.engine, 5, tmp_path) == [upkeep.Pruned(ended, "closed", tmp_path / f"{ended}.json")]
    assert upkeep.prunable(session.engine, 5, tmp_path, ended=False) == []
    assert [p.id for p in upkeep.prunable(session.engine, 0, tmp_path, ended=False)] == [going]

    before = rows_of(session, going)
    upkeep.archive_and_remove(session.engine, upkeep.prunable(session.engine, 5, tmp_path)[0])
    assert rows_of(session, ended) == 0 and rows_of(session, going) == before
    assert (tmp_path / f"{ended}.json").read_text().startswith('{\n "format": "warboard-table/1"')

    closed = await upkeep.close(session, going)
    assert closed.events[-1]["kind"] == "table_closed"
    with pytest.raises(Conflict, match="already closed"):
        await upkeep.close(session, going)
    with pytest.raises(NotFound):
        await upkeep.close(session, ended)
