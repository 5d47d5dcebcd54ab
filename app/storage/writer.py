"""Write transactions, run so that a durable commit costs little.

On SQLite one writer thread runs every write: it takes all the jobs waiting, runs each in its
own SAVEPOINT (a job that raises rolls back alone and gets its exception), then commits them
together, so one fsync makes a whole batch durable (group commit) and writers never wait on
SQLite's busy handler. A job's caller is answered only after that commit (one wake-up of each
caller's event loop per batch). The savepoints are sent to the driver directly: SQLAlchemy's
``begin_nested`` compiles a new SAVEPOINT clause for every job, as costly as the job's own
statements, and a job never nests its own. On PostgreSQL each
job is its own transaction on a worker thread; row locks order the writers.
"""

from __future__ import annotations

import asyncio
import logging
import queue
import threading
from collections.abc import Callable
from typing import Any, TypeVar

import anyio
from sqlalchemy import Connection, Engine

from app.storage.db import is_sqlite

T = TypeVar("T")
log = logging.getLogger(__name__)
Job = tuple[Callable[[Connection], Any], asyncio.Future[Any], asyncio.AbstractEventLoop]
MAX_BATCH = 256
CHECKPOINT_EVERY = 1.0  # seconds between WAL checkpoints on SQLite
SAVEPOINT, RELEASE, ROLLBACK_TO = "SAVEPOINT job", "RELEASE job", "ROLLBACK TO job"


class Writer:
    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self._grouped = is_sqlite(engine.url.drivername)
        self._queue: queue.SimpleQueue[Job | None] = queue.SimpleQueue()
        self._thread: threading.Thread | None = None
        self._lock = threading.Lock()
        self._stopped = threading.Event()

    async def run(self, job: Callable[[Connection], T]) -> T:
        """Run ``job(conn)`` inside a write transaction; returns once it is committed."""
        if not self._grouped:
            return await anyio.to_thread.run_sync(self._alone, job)
        self._start()
        loop = asyncio.get_running_loop()
        future: asyncio.Future[T] = loop.create_future()
        self._queue.put((job, future, loop))
        return await future

    def run_sync(self, job: Callable[[Connection], T]) -> T:
        """The same from a thread that is not the event loop (CLI, tests)."""
        return self._alone(job)

    def close(self) -> None:
        self._stopped.set()
        if self._thread is not None:
            self._queue.put(None)
            self._thread.join(5)
            self._thread = None

    def _alone(self, job: Callable[[Connection], T]) -> T:
        with self.engine.begin() as conn:
            return job(conn)

    def _start(self) -> None:
        if self._thread is None:
            with self._lock:
                if self._thread is None:
                    self._thread = threading.Thread(target=self._serve, name="warboard-writer", daemon=True)
                    self._thread.start()
                    threading.Thread(target=self._checkpoints, name="warboard-checkpoint", daemon=True).start()

    def _serve(self) -> None:
        conn: Connection | None = None
        while True:
            first = self._queue.get()
            if first is None:
                if conn is not None:
                    conn.close()
                return
            jobs = [first]
            while len(jobs) < MAX_BATCH:
                try:
                    nxt = self._queue.get_nowait()
                except queue.Empty:
                    break
                if nxt is None:
                    self._queue.put(None)
                    break
                jobs.append(nxt)
            if conn is None or conn.invalidated:
                conn = self.engine.connect()  # kept open: no pool checkout per commit
            self._batch(conn, jobs)

    def _checkpoints(self) -> None:
        """Copy the WAL into the database file beside the writer (PASSIVE never blocks it)."""
        while not self._stopped.wait(CHECKPOINT_EVERY):
            try:
                raw = self.engine.raw_connection()  # outside any transaction
                try:
                    raw.driver_connection.execute("PRAGMA wal_checkpoint(PASSIVE)")  # type: ignore[union-attr]
                finally:
                    raw.close()
            except Exception:
                log.warning("WAL checkpoint failed", exc_info=True)

    def _batch(self, conn: Connection, jobs: list[Job]) -> None:
        outcomes: list[tuple[Any, BaseException | None]] = []
        grouped = len(jobs) > 1  # a lone job needs no savepoint: the transaction is its own
        try:
            with conn.begin():
                driver = conn.connection.driver_connection if grouped else None
                for job, _future, _loop in jobs:
                    if driver is not None:
                        driver.execute(SAVEPOINT)
                    try:
                        result = job(conn)
                    except BaseException as exc:
                        if driver is None:
                            raise
                        driver.execute(ROLLBACK_TO)
                        driver.execute(RELEASE)
                        outcomes.append((None, exc))
                    else:
                        if driver is not None:
                            driver.execute(RELEASE)
                        outcomes.append((result, None))
        except BaseException as exc:
            outcomes = [(None, exc)] * len(jobs)
        answers: dict[asyncio.AbstractEventLoop, list[tuple[asyncio.Future[Any], Any, BaseException | None]]] = {}
        for (_job, future, loop), (result, error) in zip(jobs, outcomes, strict=True):
            answers.setdefault(loop, []).append((future, result, error))
        for loop, settled in answers.items():
            loop.call_soon_threadsafe(_settle, settled)


def _settle(settled: list[tuple[asyncio.Future[Any], Any, BaseException | None]]) -> None:
    for future, result, error in settled:
        if future.cancelled():
            continue
        if error is not None:
            future.set_exception(error)
        else:
            future.set_result(result)
