"""What one server process measures of itself, as ``GET /metrics.json`` shows it (``report``; the
route is ``app.web.health``).

- ``loop``: a loop-lag sampler. A background task sleeps ``LAG_INTERVAL`` seconds and records
  how late it wakes; while a view, a diff or anything else holds the event loop, every other
  table on the process waits that long. The answer has max and p99 lag over the last 10 s and
  60 s (``windows``), the worst since start (``max_ms``) and the number of samples.
- ``updates``: websocket ``update`` messages handed to connections since start, how many were
  patches or whole views, and their bytes (UTF-8, the message text as sent): ``bytes_per_update``
  is what one client receives per update on average.
- ``commits``: moves committed on the event loop since start (``on_loop``: SQLite's
  ``Writer.run_here``; the others go to the writer thread) and the WAL syncs that made them
  durable (``wal_syncs``: fewer than ``on_loop`` when commits share one), and the checkpoints
  that emptied SQLite's WAL (``wal_restarts``).
- ``computers``: the computer players this process runs (``running``: the count the caps of
  ``app.bots.hosted`` hold).
- ``collector``: the garbage collector's complete passes (``app.process.collector``): how many
  ran, what they freed, how long the last held the interpreter lock, and the connections open
  and ended since the last, which call for the next, and the heap's live memory blocks.
- ``process``: CPU seconds (user + system) and resident memory, so that a load generator can
  take CPU per delivered update as the difference of two readings.

Process-wide counters: one process serves many tables, and a load generator reads them before
and after a run. No table, seat or player is named: nothing here is hidden information.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
import os
import sys
import threading
import time
import traceback
from collections import deque
from dataclasses import dataclass
from typing import Any

import psutil

from app.process import collector, prom
from app.storage.writer import Writer

log = logging.getLogger("warboard.stalls")

LAG_INTERVAL = 0.05  # seconds between two samples
WINDOWS = (10, 60)  # seconds of samples the lag statistics cover
_KEEP = int(max(WINDOWS) / LAG_INTERVAL) + 1


class LoopLag:
    """Samples how late the event loop wakes a task that sleeps ``interval`` seconds."""

    def __init__(self, interval: float = LAG_INTERVAL) -> None:
        self.interval = interval
        self.samples: deque[tuple[float, float]] = deque(maxlen=_KEEP)  # (monotonic time, lag in s)
        self.worst = 0.0
        self.count = 0
        self.beat = 0.0  # time.monotonic() of the last sample
        self._task: asyncio.Task[None] | None = None
        self._users = 0  # apps of this process that started it (one in production)

    def start(self) -> None:
        loop = asyncio.get_running_loop()
        self._users += 1
        if self._task is None or self._task.done() or self._task.get_loop() is not loop:
            self.beat = 0.0  # a beat of an earlier loop is not this one's stall
            self._task = loop.create_task(self._run(), name="loop-lag")

    async def stop(self) -> None:
        self._users = max(0, self._users - 1)
        if self._task is not None and self._users == 0 and self._task.get_loop() is asyncio.get_running_loop():
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None

    async def _run(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            before = loop.time()
            await asyncio.sleep(self.interval)
            now = loop.time()
            self.record(now, max(0.0, now - before - self.interval))

    def record(self, at: float, lag: float) -> None:
        self.beat = time.monotonic()  # StallTrace reads it from its own thread
        self.samples.append((at, lag))
        self.worst = max(self.worst, lag)
        self.count += 1
        prom.loop_lag.observe(lag)

    def report(self, now: float | None = None) -> dict[str, Any]:
        now = asyncio.get_running_loop().time() if now is None else now
        windows = {}
        for seconds in WINDOWS:
            lags = sorted(lag for at, lag in self.samples if at >= now - seconds)
            windows[f"{seconds}s"] = {
                "samples": len(lags),
                "max_ms": _ms(lags[-1]) if lags else 0.0,
                "p99_ms": _ms(lags[max(0, math.ceil(0.99 * len(lags)) - 1)]) if lags else 0.0,
            }
        return {
            "interval_ms": _ms(self.interval),
            "samples": self.count,
            "max_ms": _ms(self.worst),
            "windows": windows,
        }


class StallTrace:
    """Logs where the event loop is whenever it is held ``threshold_ms`` or more
    (``WARBOARD_STALL_TRACE``): a thread of its own looks at the loop-lag sampler's last beat
    and, when it is that late, logs the loop thread's stack once per stall. A diagnosis aid: the
    stack is the loop's own code, never a table's data."""

    def __init__(self, threshold_ms: float) -> None:
        self.threshold = threshold_ms / 1000
        self.loop_thread = threading.get_ident()  # made on the loop's thread (the app's start-up)
        self.reported = 0.0
        self.stopped = threading.Event()
        self.thread = threading.Thread(target=self._watch, name="warboard-stall-trace", daemon=True)

    def start(self) -> None:
        self.thread.start()

    def stop(self) -> None:
        self.stopped.set()

    def _watch(self) -> None:
        while not self.stopped.wait(self.threshold / 4):
            beat = lag.beat
            late = time.monotonic() - beat - lag.interval
            if beat and late >= self.threshold and beat != self.reported:
                self.reported = beat
                frame = sys._current_frames().get(self.loop_thread)
                stack = "".join(traceback.format_stack(frame)) if frame is not None else "(no frame)\n"
                log.warning("event loop held for %.0f ms so far, in:\n%s", late * 1000, stack.rstrip())


_PATCH = (prom.updates.labels("patch"), prom.update_bytes.labels("patch"))
_FULL = (prom.updates.labels("full"), prom.update_bytes.labels("full"))


@dataclass
class UpdateCounts:
    """Websocket updates handed to connections (each connection counts once)."""

    sent: int = 0
    bytes: int = 0
    patches: int = 0
    patch_bytes: int = 0
    full: int = 0
    full_bytes: int = 0
    direct: int = 0  # messages (updates and others) written as ready-made frames (app.transport.frames)

    def count(self, size: int, connections: int, patch: bool) -> None:
        self.sent += connections
        self.bytes += size * connections
        form = _PATCH if patch else _FULL
        form[0].inc(connections)
        form[1].inc(size * connections)
        if patch:
            self.patches += connections
            self.patch_bytes += size * connections
        else:
            self.full += connections
            self.full_bytes += size * connections

    def report(self) -> dict[str, Any]:
        return {
            "sent": self.sent,
            "bytes": self.bytes,
            "bytes_per_update": round(self.bytes / self.sent, 1) if self.sent else 0.0,
            "patches": self.patches,
            "patch_bytes": self.patch_bytes,
            "full": self.full,
            "full_bytes": self.full_bytes,
            "direct_writes": self.direct,
        }


def _ms(seconds: float) -> float:
    return round(seconds * 1000, 3)


lag = LoopLag()
updates = UpdateCounts()
_process = psutil.Process(os.getpid())


def report(writer: Writer, computers: int, strong: int = 0) -> dict[str, Any]:
    """Everything above, with the commits of ``writer`` and the ``computers`` running (``strong``
    of them at the strong level)."""
    cpu = _process.cpu_times()
    return {
        "loop": lag.report(),
        "updates": updates.report(),
        "commits": {
            "on_loop": writer.here_commits,
            "wal_syncs": writer.wal_syncs,
            "wal_restarts": writer.wal_restarts,
        },
        "computers": {"running": computers, "strong": strong},
        "collector": collector.report(),
        "process": {
            "pid": _process.pid,
            "cpu_seconds": round(cpu.user + cpu.system, 3),
            "rss_bytes": _process.memory_info().rss,
            "uptime_seconds": round(time.time() - _process.create_time(), 1),
        },
    }
