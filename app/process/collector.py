"""The cyclic garbage collector's passes, kept short (``warboard serve`` installs this).

Every pass holds the interpreter lock while it walks the objects of its generations, whichever
thread set it off: the event loop waits. Under load what makes a pass long is not garbage but
objects that live a second or two: each websocket's wait for its next message (the coroutines,
the future and the frame parser's generator made anew at every message), each table's last
announcement, view and events. Under 1,000 sandbox tables (6,000 websockets, 1,000 moves a
second) they were ~50,000 objects: a young pass walked 13,000-16,000 (5-10 ms, about every
0.4 s), every tenth pass the middle generation walked ~50,000 (14-54 ms), and a full pass more;
those stalls made the latency's tail (p99 25-69 ms).

So, once start-up's objects are frozen (``app.main``), what survives any pass is frozen too: an
object is walked by one pass at most, and each pass walks only what was made since the last one
and is still alive. Objects freed by their reference count leave the frozen set as usual (the
waits above are); only a cycle among frozen objects that becomes garbage later is not found by
those passes. A complete pass (thaw everything, collect, freeze again) finds those, but it walks
every object, start-up's too: under 1,000 sandbox tables (6,000 websockets) it held the
interpreter lock for 1.2 s. So it runs only when there is garbage to find.

Where such garbage would come from is the things that end: connections, tables. Warboard's own
objects leave no cycle when they do, nor do uvicorn's protocols as the server runs them
(``tests/transport/test_cycles.py``: the websocket protocol's ``send`` is taken out of the scope
it holds once the socket is served, and an upgraded connection's HTTP parser, which holds its
protocol's callbacks, is let go), so a complete pass is a backstop, run only when both say there
may be garbage to find: the heap (``sys.getallocatedblocks``, asked at most every
:data:`GROWTH_CHECK_EVERY` seconds: it visits every memory pool, 0.6 ms for 12 million blocks)
has doubled since the last complete pass (:data:`COMPLETE_GROWTH`), and as many connections have
ended since then as are open now, at least :data:`ENDED_AT_LEAST` (the server's uvicorn protocols
count them: :func:`opened`, :func:`ended`, ``app.transport.deadline``); at most once per
:data:`COMPLETE_AT_MOST_EVERY` seconds, nor sooner after start-up. A server that grows because
its tables and sockets are many, and keeps them (a 1,000-table evening), never pays the pass.

Young passes come sooner too (:data:`YOUNG_THRESHOLD`: 200 more container objects made than
freed, instead of CPython's 700): the count nets out frees of old objects, so a pass came only
every ~0.4 s under the 1,000 tables and found 13,000-16,000 young objects; at 200 it walks a
fraction of that each time (2-3 ms), and the total is the same, each object walked once.
"""

from __future__ import annotations

import gc
import logging
import sys
import threading
import time
from typing import Any

#: a complete pass once the heap is this much larger than after the last one (doubled) ...
COMPLETE_GROWTH = 1.0
#: ... and at least this many connections ended since the last one (and as many as are open)
ENDED_AT_LEAST = 500
#: seconds: never two complete passes closer than this (nor one sooner after start-up)
COMPLETE_AT_MOST_EVERY = 600.0
#: seconds: the heap's size is asked at most this often
GROWTH_CHECK_EVERY = 5.0
#: times a complete pass is tried while another pass is under way (10 ms apart)
COMPLETE_TRIES = 100
#: a young pass once this many more container objects were made than freed (CPython: 700)
YOUNG_THRESHOLD = 200

log = logging.getLogger("warboard.collector")


class _Policy:
    """Freezes the survivors of every pass once armed, and calls a complete pass once the heap
    has doubled and as many connections have ended as are open (module docstring)."""

    def __init__(self) -> None:
        self.armed = False
        self.base = 0  # allocated blocks after the last complete pass, or at arm
        self.last = time.monotonic()  # the last complete pass, or arm
        self.checked = self.last  # the last time the heap's size was asked
        self.running = False
        self.open = 0  # connections open now
        self.ended = 0  # connections ended since the last complete pass began
        self.passes = 0  # complete passes run
        self.freed = 0  # objects they freed, all told
        self.last_ms = 0.0  # how long the last one held the interpreter lock

    def arm(self) -> None:
        """Start-up's objects are frozen (``app.main``): from now on, freeze each pass's survivors."""
        self.armed = True
        self.base = sys.getallocatedblocks()
        self.last = self.checked = time.monotonic()

    def opened(self) -> None:
        """A connection opened (its HTTP protocol's ``connection_made``)."""
        self.open += 1

    def closed(self) -> None:
        """A connection ended (its HTTP or websocket protocol's ``connection_lost``)."""
        self.open -= 1
        self.ended += 1

    def turned_over(self) -> bool:
        """Whether as many connections have ended since the last complete pass as are open."""
        return self.ended >= max(self.open, ENDED_AT_LEAST)

    def after_pass(self, phase: str, info: dict[str, Any]) -> None:
        # Only once start-up's objects are frozen (app.main's lifespan); before that, leave it be.
        if phase != "stop" or not self.armed:
            return
        gc.freeze()  # a list splice: what this pass left in the older generations
        now = time.monotonic()
        if (
            self.running
            or not self.turned_over()
            or now - self.last < COMPLETE_AT_MOST_EVERY
            or now - self.checked < GROWTH_CHECK_EVERY
        ):
            return
        self.checked = now
        if sys.getallocatedblocks() > self.base * (1 + COMPLETE_GROWTH):
            # no collection inside a collection's callback: on a thread of its own
            self.running = True
            threading.Thread(target=self.run_complete, name="warboard-gc", daemon=True).start()

    def run_complete(self) -> int:
        """The complete pass; what it freed is counted and logged."""
        ended, self.ended = self.ended, 0
        try:
            started = time.perf_counter()
            found = complete()
            self.last_ms = (time.perf_counter() - started) * 1000
            self.passes += 1
            self.freed += found
            self.base = sys.getallocatedblocks()
            self.last = self.checked = time.monotonic()
        finally:
            self.running = False
        log.info(
            "complete collection: %d objects freed in %.0f ms (%d connections ended since the last, %d open)",
            found,
            self.last_ms,
            ended,
            self.open,
        )
        return found

    def report(self) -> dict[str, Any]:
        """For ``GET /metrics.json``."""
        return {
            "connections_open": self.open,
            "connections_ended_since_complete": self.ended,
            "complete_passes": self.passes,
            "complete_freed": self.freed,
            "last_complete_ms": round(self.last_ms, 1),
            "armed": self.armed,
            # live objects' memory blocks (pymalloc's), which RSS shows only with fragmentation's noise
            "heap_blocks": sys.getallocatedblocks(),
        }


_policy = _Policy()
_after_pass = _policy.after_pass
arm = _policy.arm
opened = _policy.opened
ended = _policy.closed
report = _policy.report


def complete() -> int:
    """Thaw everything, collect it all, freeze the survivors again; how many were collected.

    ``gc.collect`` does nothing while another pass is under way, and a pass runs Python (its
    callbacks, finalizers), during which this thread may take the interpreter lock: the pass
    that called for this one, as a rule. So the full pass is counted (``gc.get_stats``), and
    tried again a moment later if it did not run."""
    gc.disable()  # no automatic pass between the thaw and the collection
    try:
        for _ in range(COMPLETE_TRIES):
            passes = gc.get_stats()[2]["collections"]
            gc.unfreeze()
            found = gc.collect()
            gc.freeze()
            if gc.get_stats()[2]["collections"] > passes:
                return found
            time.sleep(0.01)
        return 0
    finally:
        gc.enable()


def install() -> None:
    """Young passes sooner, and the survivors of every pass frozen once armed (once per process)."""
    if _after_pass not in gc.callbacks:
        gc.set_threshold(YOUNG_THRESHOLD, *gc.get_threshold()[1:])
        gc.callbacks.append(_after_pass)
