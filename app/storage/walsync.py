"""Making SQLite commits durable off the event loop: one ``fdatasync`` of the WAL for all the
commits written before it began.

In WAL mode, ``synchronous=FULL`` syncs the WAL at every commit, inside ``COMMIT``;
``NORMAL`` writes the commit's frames to the WAL (the page cache: they survive a crash of the
process, not a power cut) and syncs only before a checkpoint. A commit written with ``NORMAL``
and followed by an ``fdatasync`` of the WAL file is as durable as one written with ``FULL``:
``fdatasync`` flushes every written page of the file (the frames and the WAL header), which is
what ``FULL``'s sync does. ``WalSync`` runs those syncs on a thread of its own, which holds the
interpreter lock only to take the waiting requests and to wake the event loop once per sync:
whoever committed awaits ``durable()``, and commits that land while one sync runs share the next
(group commit).

The WAL file stays the same file while the database has an open connection (the writer keeps
its own open); each sync checks that the path still names the file it has open, and reopens it
if not.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import queue
import threading
from typing import Any

_Request = tuple[asyncio.Future[None], asyncio.AbstractEventLoop] | None


class WalSync:
    """``await durable()`` returns once an ``fdatasync`` of ``path`` (the WAL) that began after
    the call has completed; it raises the ``OSError`` if that sync failed."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.syncs = 0  # fdatasync calls made (``/metrics.json``)
        self._fd: int | None = None
        self._ino = 0  # the inode of the open file
        self._queue: queue.SimpleQueue[_Request] = queue.SimpleQueue()
        self._thread: threading.Thread | None = None
        self._lock = threading.Lock()

    def durable(self) -> asyncio.Future[None]:
        loop = asyncio.get_running_loop()
        future: asyncio.Future[None] = loop.create_future()
        if self._thread is None:
            with self._lock:
                if self._thread is None:
                    self._thread = threading.Thread(target=self._serve, name="warboard-walsync", daemon=True)
                    self._thread.start()
        self._queue.put((future, loop))
        return future

    def close(self) -> None:
        if self._thread is not None:
            self._queue.put(None)
            self._thread.join(5)
            self._thread = None
        if self._fd is not None:
            with contextlib.suppress(OSError):
                os.close(self._fd)
            self._fd = None

    def _serve(self) -> None:
        while True:
            first = self._queue.get()
            waiting = [first]
            while True:  # everything committed before this sync begins shares it
                try:
                    waiting.append(self._queue.get_nowait())
                except queue.Empty:
                    break
            stop = None in waiting
            requests = [r for r in waiting if r is not None]
            error: OSError | None = None
            if requests:
                try:
                    os.fdatasync(self._file())
                    self.syncs += 1
                except OSError as exc:
                    error = exc
                answer([(future, loop, None, error) for future, loop in requests])
            if stop:
                return

    def _file(self) -> int:
        """The open WAL file, reopened if the path now names another file (one ``stat`` of the
        path: the open file's own inode was taken when it was opened)."""
        fd = self._fd
        if fd is not None and os.stat(self.path).st_ino != self._ino:
            os.close(fd)
            fd = None
        if fd is None:
            fd = self._fd = os.open(self.path, os.O_RDONLY)
            self._ino = os.fstat(fd).st_ino
        return fd


Answer = tuple[asyncio.Future[Any], asyncio.AbstractEventLoop, Any, BaseException | None]


def answer(answers: list[Answer]) -> None:
    """From a worker thread: each future's result or error, set on its own loop, with one wake
    of each loop for all of its futures (a loop that has closed meanwhile is skipped)."""
    by_loop: dict[asyncio.AbstractEventLoop, list[Answer]] = {}
    for item in answers:
        by_loop.setdefault(item[1], []).append(item)
    for loop, settled in by_loop.items():
        with contextlib.suppress(RuntimeError):
            loop.call_soon_threadsafe(_settle, settled)


def _settle(settled: list[Answer]) -> None:
    for future, _loop, result, error in settled:
        if future.cancelled():
            continue
        if error is not None:
            future.set_exception(error)
        else:
            future.set_result(result)
