"""Replays that cost little (issue 17): the state at a seq starts from the nearest stored
snapshot at or before that seq (every snapshot is kept), and equals a replay of the whole log; the replay
endpoint answers a (table, seq) from its cache without replaying again."""

from __future__ import annotations

from typing import Any

import orjson
import pytest
from sqlalchemy import select

from app.session import Session
from app.session.history import History
from app.session.rows import read_table
from app.storage.models import snapshots
from app.transport.bus import MemoryBus
from tests.kit.session import session_fixture
from tests.session.test_session import add, seated

pytestmark = pytest.mark.anyio


session = session_fixture(snapshot_every=4)


async def test_replay_starts_from_the_stored_snapshot_and_matches_the_whole_log(
    session: Session, monkeypatch: pytest.MonkeyPatch
) -> None:
    table_id, p1, p2, _ = await seated(session)
    for i in range(10):
        await session.apply(p1 if i % 2 else p2, f"a{i}", add(f"t{i}", float(i)))
    last = (await session.current(table_id)).seq
    bases: list[Any] = []
    original = History.replay

    def spy(self: History, conn: Any, table_id: str, row: Any, base: Any, *args: Any, **kw: Any) -> Any:
        bases.append(base)
        return original(self, conn, table_id, row, base, *args, **kw)

    fresh = Session(session.engine, MemoryBus(), snapshot_every=4)
    with session.engine.connect() as conn:
        row = read_table(conn, table_id)
        whole = {
            seq: session.history.replay(conn, table_id, row, None, None, upto=seq).to_dict() for seq in range(last + 1)
        }
    monkeypatch.setattr(History, "replay", spy)
    for seq in reversed(range(last + 1)):
        fresh.history.checkpoints.clear()
        assert (await fresh.envelope_at(table_id, seq)).to_dict() == whole[seq], seq
    with session.engine.connect() as conn:
        stored = sorted(r.seq for r in conn.execute(select(snapshots.c.seq).where(snapshots.c.table_id == table_id)))
    assert len(stored) >= 2, stored  # every snapshot is kept
    for base, seq in zip(bases, reversed(range(last + 1)), strict=True):
        nearest = max((s for s in stored if s <= seq), default=None)
        assert (base.seq if base is not None else None) == nearest, (seq, nearest)


async def test_the_replay_endpoint_caches_each_seq(session: Session, monkeypatch: pytest.MonkeyPatch) -> None:
    from app.web import replay

    table_id, p1, _, _ = await seated(session)
    for i in range(6):
        await session.apply(p1, f"a{i}", add(f"t{i}", float(i)))
    calls: list[int] = []
    original = session.envelope_at

    async def counted(table: str, seq: int) -> Any:
        calls.append(seq)
        return await original(table, seq)

    monkeypatch.setattr(session, "envelope_at", counted)
    replay._cache.clear()

    async def ask(seq: int) -> dict[str, Any]:
        return orjson.loads((await replay.read_replay(table_id, session, seq=seq)).body)  # type: ignore[no-any-return]

    first = await ask(3)
    again = await ask(3)
    assert first == again and calls == [3] and first["seq"] == 3
    await session.apply(p1, "later", add("later"))  # the table goes on: the past stays cached
    later = await ask(3)
    assert later["view"] == first["view"] and calls == [3] and later["last"] > first["last"]


async def test_a_snapshot_from_before_started_is_passed_over(session: Session) -> None:
    """Snapshots written before the envelope said ``started`` are not read as "not started": the
    table is replayed from its log, and says the game is on."""
    table_id, p1, p2, _ = await seated(session)
    for i in range(6):
        await session.apply(p1 if i % 2 else p2, f"a{i}", add(f"t{i}", float(i)))
    with session.engine.begin() as conn:
        rows = conn.execute(select(snapshots.c.seq, snapshots.c.envelope).where(snapshots.c.table_id == table_id))
        for seq, envelope in list(rows):
            old = {k: v for k, v in envelope.items() if k != "started"}
            where = (snapshots.c.table_id == table_id) & (snapshots.c.seq == seq)
            conn.execute(snapshots.update().where(where).values(envelope=old))
    fresh = Session(session.engine, MemoryBus(), snapshot_every=4)
    env = await fresh.current(table_id)
    assert env.started and env.to_dict() == (await session.current(table_id)).to_dict()
    assert (await fresh.envelope_at(table_id, env.seq)).started
