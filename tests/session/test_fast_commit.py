"""The committer's fast path (app/session/commit.py): a usual move is three statements, and
whatever it cannot settle (another writer moved the table, a revoked token, a used action id)
gets the full path's answer. SQLite always, PostgreSQL when configured."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from sqlalchemy import Engine, event, select, update

from app.core.errors import Conflict, Unauthorized
from app.session import Actor, Session
from app.session import commit as commit_module
from app.session.cache import STAMP_EVERY
from app.storage.db import make_engine
from app.storage.models import events, tables, tokens
from tests.kit.session import session_fixture

pytestmark = pytest.mark.anyio
TRANSACTION_CONTROL = ("BEGIN", "COMMIT", "ROLLBACK", "SAVEPOINT", "RELEASE")


TRACED: list[list[str]] = []  # where SQLite's trace callback writes, while ``statements`` listens


def _traced(url: str) -> Engine:
    """An engine on ``url``; on SQLite, every statement the driver runs is traced (the usual
    move's statements go to the driver's cursor, past SQLAlchemy's events: ``app.storage.direct``)."""
    engine = make_engine(url)
    if engine.dialect.name == "sqlite":

        def trace(dbapi_conn: Any, _record: Any) -> None:
            dbapi_conn.set_trace_callback(lambda sql: [seen.append(sql) for seen in TRACED])

        event.listen(engine, "connect", trace)
    return engine


session = session_fixture(engine_of=_traced, snapshot_every=50)
# A second process on the same database: its own engine, cache and (unconnected) bus.
other = session_fixture("other", engine_of=_traced, snapshot_every=50)


@contextmanager
def statements(engine: Engine) -> Iterator[list[str]]:
    """The statements ``engine`` runs meanwhile, transaction control left out: on SQLite as the
    driver runs them, elsewhere as SQLAlchemy sends them."""
    raw: list[str] = []
    seen: list[str] = []

    def record(_conn: Any, _cursor: Any, statement: str, *_args: Any) -> None:
        raw.append(statement)

    sqlite = engine.dialect.name == "sqlite"
    if sqlite:
        TRACED.append(raw)
    else:
        event.listen(engine, "before_cursor_execute", record)
    try:
        yield seen
    finally:
        if sqlite:
            TRACED.remove(raw)
        else:
            event.remove(engine, "before_cursor_execute", record)
        seen.extend(
            " ".join(s.split()) for s in raw if not s.lstrip().upper().startswith((*TRANSACTION_CONTROL, "PRAGMA"))
        )


async def seated(session: Session) -> tuple[str, Actor, Actor]:
    table_id = (await session.create_table("sandbox", "T", {}, "public", "s"))["id"]
    p1 = await session.authenticate(table_id, (await session.join(table_id, "p1", "Ann"))["token"])
    p2 = await session.authenticate(table_id, (await session.join(table_id, "p2", "Bob"))["token"])
    return table_id, p1, p2


def add(token: str, x: float = 1.0) -> dict[str, Any]:
    return {"kind": "add_token", "token": token, "x": x, "y": 1.0}


def logged_seqs(session: Session, table_id: str) -> list[int]:
    with session.engine.connect() as conn:
        query = select(events.c.seq).where(events.c.table_id == table_id).order_by(events.c.seq)
        return [r[0] for r in conn.execute(query)]


def stored_seq(session: Session, table_id: str) -> int:
    with session.engine.connect() as conn:
        return int(conn.execute(select(tables.c.seq).where(tables.c.id == table_id)).scalar_one())


async def test_a_usual_move_is_three_statements(session: Session) -> None:
    table_id, p1, p2 = await seated(session)
    for i in range(5):
        with statements(session.engine) as seen:
            result = await session.apply(p1 if i % 2 else p2, f"m{i}", add(f"t{i}"))
        assert len(seen) <= 3, seen
        assert [s.split()[0] for s in seen] == ["UPDATE", "INSERT", "INSERT"], seen
        assert result.seq == 3 + i and stored_seq(session, table_id) == result.seq
    assert logged_seqs(session, table_id) == list(range(8))


def stored_stamp(session: Session, table_id: str) -> Any:
    with session.engine.connect() as conn:
        return conn.execute(select(tables.c.updated_at).where(tables.c.id == table_id)).scalar_one()


async def test_moves_stamp_the_lobby_order_at_most_every_few_seconds(
    session: Session, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A table's first move writes ``updated_at`` (the lobby lists the most recently active
    first); the moves within ``STAMP_EVERY`` seconds after it leave it, the one after writes it."""
    table_id, p1, p2 = await seated(session)
    created = stored_stamp(session, table_id)
    clock = [1000.0]
    monkeypatch.setattr(commit_module.time, "monotonic", lambda: clock[0])
    await session.apply(p1, "a", add("t1"))
    first = stored_stamp(session, table_id)
    assert first > created
    for i in range(3):
        clock[0] += STAMP_EVERY / 4
        with statements(session.engine) as seen:
            await session.apply(p2 if i % 2 == 0 else p1, f"b{i}", add(f"u{i}"))
        assert "updated_at" not in seen[0], seen
        assert stored_stamp(session, table_id) == first
    clock[0] += STAMP_EVERY
    await session.apply(p2, "c", add("t2"))
    assert stored_stamp(session, table_id) > first
    assert stored_seq(session, table_id) == 7


async def test_a_move_after_another_process_wrote_commits_at_the_next_seq(session: Session, other: Session) -> None:
    table_id, p1, p2 = await seated(session)
    await session.apply(p1, "a", add("t1"))  # the cache now holds seq 3
    elsewhere = await other.apply(p2, "b", add("t2"))  # another process: seq 4, unheard here
    with statements(session.engine) as seen:
        result = await session.apply(p1, "c", add("t3", 2.0))
    assert result.seq == elsewhere.seq + 1 == 5
    assert any(s.startswith("SELECT tables.seq, tables.seed") for s in seen), seen  # the full path ran
    assert logged_seqs(session, table_id) == list(range(6))
    assert stored_seq(session, table_id) == 5
    state = (await session.current(table_id)).state
    assert {"t1", "t2", "t3"} <= set(state["tokens"])
    # and the state it caches is the current one: the next move takes the fast path again
    with statements(session.engine) as seen:
        assert (await session.apply(p2, "d", add("t4"))).seq == 6
    assert len(seen) == 3, seen


async def test_two_processes_moving_one_table_keep_the_seq_gapless(session: Session, other: Session) -> None:
    table_id, p1, p2 = await seated(session)
    await other.current(table_id)

    async def moves(s: Session, actor: Actor, tag: str) -> list[int]:
        return [(await s.apply(actor, f"{tag}{i}", add(f"{tag}{i}"))).seq for i in range(15)]

    mine, theirs = await asyncio.gather(moves(session, p1, "a"), moves(other, p2, "b"))
    assert sorted(mine + theirs) == list(range(3, 33))
    assert logged_seqs(session, table_id) == list(range(33))
    assert stored_seq(session, table_id) == 32


async def test_a_token_revoked_by_another_process_is_refused(session: Session, other: Session) -> None:
    table_id, p1, _ = await seated(session)
    await session.apply(p1, "a", add("t1"))
    with other.engine.begin() as conn:  # revoked without the table moving (as a seat link does)
        conn.execute(update(tokens).where(tokens.c.token_hash == p1.token_hash).values(revoked=True))
    with pytest.raises(Unauthorized) as err:
        await session.apply(p1, "b", add("t2"))
    assert str(err.value) == "The token is not valid for this table"
    # an illegal action too: the token is checked first, as it was inside the change
    with pytest.raises(Unauthorized):
        await session.apply(p1, "c", {"kind": "move_token", "token": "ghost", "x": 1, "y": 1})
    assert stored_seq(session, table_id) == 3 and logged_seqs(session, table_id) == list(range(4))
    # a retry of the action it made before it was revoked still answers as a duplicate
    assert (await session.apply(p1, "a", add("t1"))).duplicate


async def test_a_used_action_id_answers_duplicate_with_its_events(session: Session) -> None:
    table_id, p1, _ = await seated(session)
    first = await session.apply(p1, "same", {"kind": "roll", "dice": "3d6"})
    again = await session.apply(p1, "same", {"kind": "roll", "dice": "3d6"})
    assert again.duplicate and again.seq == first.seq
    assert [e["faces"] for e in again.events if e["kind"] == "rolled"] == [
        e["faces"] for e in first.events if e["kind"] == "rolled"
    ]
    assert stored_seq(session, table_id) == first.seq  # the fast attempt's UPDATE rolled back
    nxt = await session.apply(p1, "next", add("t1"))
    assert nxt.seq == first.seq + 1 and logged_seqs(session, table_id) == list(range(nxt.seq + 1))


async def test_a_used_action_id_for_another_action_is_refused(session: Session) -> None:
    table_id, p1, p2 = await seated(session)
    first = await session.apply(p1, "same", add("t1"))
    with pytest.raises(Conflict) as err:
        await session.apply(p1, "same", add("t1", 5.0))
    assert err.value.code == "duplicate_action_id"
    with pytest.raises(Conflict) as err:
        await session.apply(p2, "same", add("t1"))  # the same action by another seat
    assert err.value.code == "duplicate_action_id"
    assert stored_seq(session, table_id) == first.seq and logged_seqs(session, table_id) == list(range(4))
