"""One ``asyncio.Lock`` per table, kept only while someone holds it or waits for it.

A dict of locks keyed by table grows by one lock for every table a process ever commits to
(thousands over a server's life, none ever let go). Here the locks are held weakly: the
``async with`` that holds or waits for one keeps it alive, and a table nobody is committing to
costs nothing."""

from __future__ import annotations

import asyncio
import weakref


class TableLocks:
    """``locks(table_id)``: that table's lock, the same one for everyone while it is in use."""

    def __init__(self) -> None:
        self._locks: weakref.WeakValueDictionary[str, asyncio.Lock] = weakref.WeakValueDictionary()

    def __call__(self, table_id: str) -> asyncio.Lock:
        lock = self._locks.get(table_id)
        if lock is None:
            lock = self._locks[table_id] = asyncio.Lock()
        return lock

    def __len__(self) -> int:
        return len(self._locks)
