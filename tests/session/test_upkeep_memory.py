"""What a server keeps of every table and token it has served is bounded: the tables' fixed facts
(``Tables.meta``) and the token cache (``Tokens``), which used to keep one entry for every table
and every spectator's or host's token ever seen (``docs/performance/memory.md``, 40 rounds)."""

from __future__ import annotations

import time

import pytest

from app.core.errors import NotFound
from app.session import Session, tables, tokens
from tests.kit.session import session_fixture

pytestmark = pytest.mark.anyio

session = session_fixture()


async def test_the_tables_facts_are_kept_for_the_tables_read_last_only(
    session: Session, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(tables, "META_TABLES", 2)
    ids = [(await session.create_table("sandbox", f"T{i}", {}, "public", None))["id"] for i in range(3)]
    for table_id in ids:
        assert (await session.table_meta(table_id))["id"] == table_id
    assert list(session.tables._meta) == ids[1:]  # the first read went first
    await session.table_meta(ids[1])  # read again: the last to go now
    assert list(session.tables._meta) == [ids[2], ids[1]]
    assert (await session.table_meta(ids[0]))["name"] == "T0"  # read from the database again
    with pytest.raises(NotFound):
        await session.table_meta("no-such-table")


def test_a_full_token_cache_drops_the_entries_past_their_time_first(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(tokens, "MAX_CACHED", 4)
    cache = tokens.Tokens(engine=None)  # type: ignore[arg-type]  # the cache alone: no database read
    now = time.monotonic()
    cache._cache = {"old-1": (now - 1, None), "old-2": (now - 1, None), "new-1": (now + 5, None)}
    cache._prune()
    assert list(cache._cache) == ["new-1"]
    cache._cache = {f"new-{i}": (now + 5, None) for i in range(4)}  # all live and full: all go
    cache._prune()
    assert cache._cache == {}


async def test_authenticating_keeps_the_token_cache_within_its_bound(
    session: Session, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(tokens, "MAX_CACHED", 2)
    hosts = [await session.create_table("sandbox", f"T{i}", {}, "public", None) for i in range(4)]
    for created in hosts:
        actor = await session.authenticate(created["id"], created["host_token"])
        assert actor.role == "host" and len(session.tokens._cache) <= 2
