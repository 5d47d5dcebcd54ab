"""A table's commit lock lives only while it is in use (``app.session.locks``)."""

from __future__ import annotations

import asyncio
import gc

import pytest

from app.session.locks import TableLocks


@pytest.mark.anyio
async def test_one_lock_per_table_while_in_use_and_none_kept_after() -> None:
    locks = TableLocks()
    order: list[str] = []

    async def commit(name: str) -> None:
        async with locks("t1"):
            order.append(f"{name} in")
            await asyncio.sleep(0.01)
            order.append(f"{name} out")

    await asyncio.gather(commit("a"), commit("b"), commit("c"))
    assert order == ["a in", "a out", "b in", "b out", "c in", "c out"], "one table's commits one at a time"
    for i in range(1000):  # a thousand tables, each committed to once
        async with locks(f"table{i}"):
            pass
    gc.collect()
    assert len(locks) == 0, "no lock kept for tables nobody is committing to"
