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

The strong computer players think in a second worker of the same kind (``run("thinking", ...)``,
at ``nice`` :data:`NICENESS` + 5: a computer's search yields to the legal lists too).

One worker per kind, started on first use (``spawn``: a fresh interpreter, a child of the server, that
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
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from typing import Any, TypeVar

from app.session.projection import Projection, TableState

log = logging.getLogger(__name__)

#: the worker's CPU priority (``nice``): it gets the CPU the server's own threads leave
NICENESS = 10
#: each worker's priority, by kind: the legal lists, and the strong computer players' search
PRIORITY = {"rules": NICENESS, "thinking": NICENESS + 5}
T = TypeVar("T")

_lock = threading.Lock()
_pools: dict[str, ProcessPoolExecutor] = {}


def _start(server: int, niceness: int = NICENESS) -> None:
    """In the worker: lower its priority, load the rule systems once, and leave when the server
    does (killed, it shuts nothing down: the worker sees it gone within a second)."""
    os.nice(niceness)
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


def _executor(kind: str) -> ProcessPoolExecutor:
    with _lock:
        if kind not in _pools:
            _pools[kind] = ProcessPoolExecutor(
                1,
                mp_context=multiprocessing.get_context("spawn"),
                initializer=_start,
                initargs=(os.getpid(), PRIORITY[kind]),
            )
        return _pools[kind]


def _forget(kind: str, pool: ProcessPoolExecutor) -> None:
    with _lock:
        if _pools.get(kind) is pool:
            del _pools[kind]
    pool.shutdown(wait=False, cancel_futures=True)


async def run(kind: str, work: Callable[..., T], *args: Any) -> T:
    """``work(*args)`` in the worker of ``kind`` (a key of :data:`PRIORITY`); ``work`` and its
    arguments travel pickled."""
    for _ in range(2):  # a worker that died is replaced once
        pool = _executor(kind)
        try:
            return await asyncio.get_running_loop().run_in_executor(pool, work, *args)
        except BrokenProcessPool:
            log.warning("the %s process stopped; starting another", kind)
            _forget(kind, pool)
    raise BrokenProcessPool(f"the {kind} process stopped twice in a row")


async def legal(projection: Projection, env: TableState, seat: str) -> list[dict[str, Any]]:
    """``projection.legal(env, seat)``, worked out in the rules process."""
    table = _Table(env.state, env.status, env.outcome)
    return await run("rules", _legal, projection.system.id, projection.seeded, table, seat)


def shutdown() -> None:
    """Stop the workers (tests; the interpreter does it at exit anyway)."""
    with _lock:
        pools = list(_pools.items())
    for kind, pool in pools:
        _forget(kind, pool)
