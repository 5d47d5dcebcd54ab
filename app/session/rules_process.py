"""Legal lists of heavy systems in a process of their own, at a lower CPU priority.

An HGB legal list works out line of sight and samples moves for every model that may act: a few
milliseconds at the median, up to 50-90 ms. On a worker thread it shares the interpreter lock
with the event loop, the database writer and the views thread: each time one of them gives the
lock up for a system call (a socket write, an fsync, a SQLite call) the list takes it for up to
the switch interval, so an update's few milliseconds of CPU stretched to tens while a list ran.
In a process of its own it holds no lock of theirs, and at ``nice`` :data:`NICENESS` the kernel
runs it only when the server's own threads do not want the CPU: on a busy machine the live
updates go first and the list waits (bots and the rules panel ask for lists; no player waits on
one to see a move).

One worker, started on first use (``spawn``: a fresh interpreter, a child of the server, that
copies none of its threads or sockets and leaves when the server is gone, even killed); a state
goes there pickled and the list comes back the same way. If the worker dies, the next list
starts a new one; if no process can be started at all, the lists run on the server's worker
thread as before.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
import threading
import time
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from typing import Any

from app.session.projection import Projection, TableState

log = logging.getLogger(__name__)

#: the worker's CPU priority (``nice``): it gets the CPU the server's own threads leave
NICENESS = 10

_lock = threading.Lock()
_pool: ProcessPoolExecutor | None = None


def _start(server: int) -> None:
    """In the worker: lower its priority, load the rule systems once, and leave when the server
    does (killed, it shuts nothing down: the worker sees it gone within a second)."""
    os.nice(NICENESS)
    from app.systems import registry

    registry.get("sandbox")
    threading.Thread(target=_watch, args=(server,), name="warboard-rules-watch", daemon=True).start()


def _watch(server: int) -> None:
    while os.getppid() == server:
        time.sleep(1.0)
    os._exit(0)


@dataclass
class _Table:
    """What a legal list reads of a table (``projection.TableState``), as it travels to the worker."""

    state: dict[str, Any]
    status: str
    outcome: dict[str, Any] | None


def _legal(system_id: str, seeded: bool, table: _Table, seat: str) -> list[dict[str, Any]]:
    from app.systems import registry

    system = registry.get(system_id)
    if system is None:
        raise LookupError(f"no rule system {system_id!r}")
    return Projection(system, seeded).legal(table, seat)


def _executor() -> ProcessPoolExecutor:
    global _pool
    with _lock:
        if _pool is None:
            _pool = ProcessPoolExecutor(
                1, mp_context=multiprocessing.get_context("spawn"), initializer=_start, initargs=(os.getpid(),)
            )
        return _pool


def _forget(pool: ProcessPoolExecutor) -> None:
    global _pool
    with _lock:
        if _pool is pool:
            _pool = None
    pool.shutdown(wait=False, cancel_futures=True)


async def legal(projection: Projection, env: TableState, seat: str) -> list[dict[str, Any]]:
    """``projection.legal(env, seat)``, worked out in the rules process."""
    table = _Table(env.state, env.status, env.outcome)
    for _ in range(2):  # a worker that died is replaced once
        pool = _executor()
        try:
            return await asyncio.get_running_loop().run_in_executor(
                pool, _legal, projection.system.id, projection.seeded, table, seat
            )
        except BrokenProcessPool:
            log.warning("the rules process stopped; starting another")
            _forget(pool)
    raise BrokenProcessPool("the rules process stopped twice in a row")


def shutdown() -> None:
    """Stop the worker (tests; the interpreter does it at exit anyway)."""
    with _lock:
        pool = _pool
    if pool is not None:
        _forget(pool)
