"""Write transactions, run so that a durable commit costs little.

On SQLite one writer thread runs every write: it takes all the jobs waiting, runs each in its
own SAVEPOINT (a job that raises rolls back alone and gets its exception), then commits them
together, so one fsync makes a whole batch durable (group commit) and writers never wait on
SQLite's busy handler. A job's caller is answered only after that commit (one wake-up of each
caller's event loop per batch). The savepoints are sent to the driver directly: SQLAlchemy's
``begin_nested`` compiles a new SAVEPOINT clause for every job, as costly as the job's own
statements, and a job never nests its own. On PostgreSQL each
job is its own transaction on a worker thread; row locks order the writers.

A short job may instead run at once on the caller's thread (``run_here``: the usual move, a few
inserts), on a second connection of the writer's that never waits for SQLite's lock: if the
lock is held, ``run_here`` says so (``Busy``), and the caller tries again a moment later or
hands the job to the writer thread. The commit itself writes the
WAL without syncing it, and the caller awaits one ``fdatasync`` of the WAL that began after it
(``app.storage.walsync``, with ``synchronous`` FULL or EXTRA): as durable as ``FULL``, without
handing the interpreter lock back and forth between the event loop and the writer thread for
every statement of every move, which cost the writer thread twice the job's own CPU under load.
The sync's thread holds the lock only to take the waiting commits and wake their loop.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import queue
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any, TypeVar

import anyio
from sqlalchemy import Connection, Engine
from sqlalchemy.exc import IntegrityError

from app.process import prom
from app.storage.db import is_sqlite
from app.storage.walsync import WalSync, answer

T = TypeVar("T")
log = logging.getLogger(__name__)
Job = tuple[Callable[[Connection], Any], asyncio.Future[Any], asyncio.AbstractEventLoop]
MAX_BATCH = 256
CHECKPOINT_EVERY = 1.0  # seconds between WAL checkpoints on SQLite
#: WAL frames (pages) past which a checkpoint also restarts the WAL (64 MiB at 4 KiB pages)
WAL_RESTART_FRAMES = 16384
RESTART_WAIT_MS = 250  # how long a restarting checkpoint waits for writers and readers before trying again later
#: KiB of page cache for the connection that commits on the event loop (SQLite's default is 2 MiB):
#: every table's move touches its own leaves of five b-trees, and at a thousand tables those no
#: longer fit: the commits read their pages back from the WAL and the file
HERE_CACHE_KIB = 64 * 1024
SAVEPOINT, RELEASE, ROLLBACK_TO = "SAVEPOINT job", "RELEASE job", "ROLLBACK TO job"


class Elsewhere(Exception):
    """``run_here`` did not run the job, or the job gave up before writing: nothing was
    written; run it (or what the caller does instead) through ``run``."""


class Busy(Elsewhere):
    """``run_here`` found SQLite's write lock held (by the writer thread, a checkpoint that
    restarts the WAL, another process): nothing was written, and it may well run here a moment
    later (``Committer`` tries again before it hands the job to the writer thread)."""


#: ``warboard_commit_seconds`` by path: ``run_here``, the writer thread, a thread per commit (PostgreSQL)
_ON_LOOP, _WRITER, _THREAD = (prom.commit_seconds.labels(path) for path in ("on_loop", "writer", "thread"))


class Writer:
    def __init__(self, engine: Engine, gone: Callable[[], Exception] | None = None) -> None:
        self.engine = engine
        self._gone = gone  # what a write raises whose table is gone (``run``)
        self._grouped = is_sqlite(engine.url.drivername)
        self._queue: queue.SimpleQueue[Job | None] = queue.SimpleQueue()
        self._thread: threading.Thread | None = None
        self._lock = threading.Lock()
        self._stopped = threading.Event()
        path = engine.url.database if self._grouped else None
        self._here_path = os.path.abspath(path) if path and path != ":memory:" and "mode=memory" not in path else None
        self._here: Connection | None = None
        self._here_lock = threading.Lock()  # one caller at a time (a second event loop goes to run)
        self._batch_gate = threading.Lock()  # held by the writer thread over each batch
        self._sync: WalSync | None = None
        self.here_commits = 0  # jobs committed by run_here (``/metrics.json``)
        self.wal_restarts = 0  # checkpoints that started the WAL again from the top (``/metrics.json``)

    async def run(self, job: Callable[[Connection], T]) -> T:
        """Run ``job(conn)`` inside a write transaction; returns once it is committed. A row
        whose table is gone (a foreign key failed) raises what ``gone`` makes, if given."""
        began = time.perf_counter()
        with self._table_gone():
            if not self._grouped:
                result = await anyio.to_thread.run_sync(self._alone, job)
                _THREAD.observe(time.perf_counter() - began)
                return result
            self._start()
            loop = asyncio.get_running_loop()
            future: asyncio.Future[T] = loop.create_future()
            self._queue.put((job, future, loop))
            result = await future
        _WRITER.observe(time.perf_counter() - began)
        return result

    @contextlib.contextmanager
    def _table_gone(self) -> Iterator[None]:
        """A failed foreign key raises ``gone()`` instead: every foreign key of the schema names
        a table, so the table was removed meanwhile (say by ``warboard prune`` in another
        process). Any other error is raised as it was."""
        try:
            yield
        except IntegrityError as exc:
            orig = exc.orig
            foreign_key = (
                getattr(orig, "sqlite_errorcode", None) == sqlite3.SQLITE_CONSTRAINT_FOREIGNKEY
                or getattr(orig, "sqlstate", None) == "23503"  # PostgreSQL's foreign_key_violation
            )
            if not foreign_key or self._gone is None:
                raise
            raise self._gone() from exc

    async def run_here(self, job: Callable[[Connection], T]) -> T:
        """Run ``job(conn)`` now, on this thread, in a transaction of its own (module docstring),
        and return once it is durable. Raises ``Elsewhere`` (nothing written) when it cannot
        run without waiting (not SQLite in a file, another caller at it; ``Busy`` when SQLite's
        write lock is held by the writer thread, a checkpoint or another process) or SQLite
        failed under it; ``job`` may raise ``Elsewhere`` as well. While anything listens to the
        engine's statements (``before_cursor_execute``: tracing, fault injection), every job
        goes to the writer thread, whose transactions begin through SQLAlchemy where the
        listeners see them.
        ``job`` must be short and must not use ``conn.execute`` (only ``app.storage.direct``
        statements, which go to the driver): the transaction is the driver's own."""
        if (
            self._here_path is None
            or self._stopped.is_set()
            or self.engine.dispatch.before_cursor_execute  # statements watched: SQLAlchemy's path
            or not self._here_lock.acquire(blocking=False)
        ):
            raise Elsewhere
        self._start()  # the checkpoints, which a server whose every commit ran here needs as well
        began = time.perf_counter()
        try:
            conn = self._here_connection()
            driver = conn.connection.driver_connection
            assert driver is not None
            try:
                driver.execute("BEGIN IMMEDIATE")  # busy_timeout 0: answers at once
            except sqlite3.OperationalError as exc:
                raise Busy from exc
            try:
                result = job(conn)
                driver.execute("COMMIT")
            except BaseException:
                if driver.in_transaction:
                    driver.execute("ROLLBACK")
                raise
            self.here_commits += 1
        except Elsewhere:
            raise
        except sqlite3.Error as exc:
            # The database failed under the job (a full disk, an I/O error): rolled back, and a
            # new connection next time. The writer thread runs it again and its error, wrapped
            # as the rest of the server expects, is the caller's answer.
            self._drop_here()
            raise Elsewhere from exc
        finally:
            self._here_lock.release()
        if self._sync is not None:
            await self._sync.durable()
        _ON_LOOP.observe(time.perf_counter() - began)
        return result

    def _here_connection(self) -> Connection:
        conn = self._here
        if conn is None or conn.invalidated or conn.closed:
            conn = self._here = self.engine.connect()
            driver = conn.connection.driver_connection
            assert driver is not None and self._here_path is not None
            if str(driver.execute("PRAGMA journal_mode").fetchone()[0]).lower() != "wal":
                self._here_path = None  # no WAL to sync: every job goes to the writer thread
                self._drop_here()
                raise Elsewhere
            level = int(driver.execute("PRAGMA synchronous").fetchone()[0])
            driver.execute("PRAGMA busy_timeout=0")
            driver.execute(f"PRAGMA cache_size=-{HERE_CACHE_KIB}")
            if level >= 2:  # FULL or EXTRA: this connection writes with NORMAL, WalSync syncs
                driver.execute("PRAGMA synchronous=NORMAL")
                if self._sync is None:
                    self._sync = WalSync(self._here_path + "-wal")
        return conn

    def _drop_here(self) -> None:
        conn, self._here = self._here, None
        if conn is not None:
            try:
                conn.invalidate()  # never back to the pool with this connection's pragmas
            except Exception:
                log.warning("closing the writer's second connection failed", exc_info=True)

    @property
    def wal_syncs(self) -> int:
        return self._sync.syncs if self._sync is not None else 0

    def run_sync(self, job: Callable[[Connection], T]) -> T:
        """The same from a thread that is not the event loop (CLI, tests)."""
        with self._table_gone():
            return self._alone(job)

    def close(self) -> None:
        self._stopped.set()
        with self._here_lock:
            self._drop_here()
        if self._sync is not None:
            self._sync.close()
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
            with self._batch_gate:
                self._batch(conn, jobs)

    def _checkpoints(self) -> None:
        while not self._stopped.wait(CHECKPOINT_EVERY):
            try:
                self.checkpoint()
            except Exception:
                log.warning("WAL checkpoint failed", exc_info=True)

    def checkpoint(self) -> None:
        """Copy the WAL into the database file beside the writer (PASSIVE never blocks it). A
        passive checkpoint never starts the WAL again from the top while commits keep coming:
        SQLite does so only when a commit finds every frame copied, which a steady stream of
        moves never lets happen, so the file grew without end (5.5 GB in ten minutes at 1,000
        tables) and every read searched it. Past ``WAL_RESTART_FRAMES`` a RESTART checkpoint
        copies the last frames and waits until the next commit writes its frames from the top
        of the file again. The file keeps its size (RESTART, not TRUNCATE): commits then write
        over blocks the file already has, and a sync of the WAL writes no new size, which
        halves its cost (``docs/performance/memory.md``). This process's writers stand aside
        meanwhile rather than race it for SQLite's lock (which they would win, a commit after
        another): the writer thread waits between two batches, and ``run_here`` sends its job
        to the writer thread at once. It waits at most ``RESTART_WAIT_MS`` for readers and
        other processes, and tries again a second later."""
        raw = self.engine.raw_connection()  # outside any transaction
        try:
            driver = raw.driver_connection
            assert driver is not None
            _busy, frames, _copied = driver.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
            if frames > WAL_RESTART_FRAMES:
                waited = driver.execute("PRAGMA busy_timeout").fetchone()[0]
                driver.execute(f"PRAGMA busy_timeout={RESTART_WAIT_MS}")
                try:
                    with self._here_lock, self._batch_gate:
                        busy = driver.execute("PRAGMA wal_checkpoint(RESTART)").fetchone()[0]
                finally:
                    driver.execute(f"PRAGMA busy_timeout={int(waited)}")
                if not busy:
                    self.wal_restarts += 1
        finally:
            raw.close()

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
        answer(
            [
                (future, loop, result, error)
                for (_job, future, loop), (result, error) in zip(jobs, outcomes, strict=True)
            ]
        )
