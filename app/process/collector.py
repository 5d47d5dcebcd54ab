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
waits above are); only a cycle among frozen objects that becomes garbage later (a closed
socket's coroutines, a finished table) is not found by those passes. A complete pass (thaw
everything, collect, freeze again; it walks every object, start-up's too) finds those: it runs
once the heap (``sys.getallocatedblocks``, asked at most every :data:`GROWTH_CHECK_EVERY`
seconds: it visits every memory pool, 0.6 ms for 12 million blocks) has doubled since the last
complete pass (:data:`COMPLETE_GROWTH`), at most once per :data:`COMPLETE_AT_MOST_EVERY`
seconds. Garbage that is never found costs memory, so it makes the heap grow, and the growth
calls the complete pass: the frozen garbage is bounded by the heap's own size. Rarely, because a
complete pass costs the whole heap whatever it finds: under 1,000 sandbox tables (6,000
websockets) it held the interpreter lock for 1.2 s and found 120,000 objects of garbage (CPython's
own full passes, at a quarter's growth of the long-lived objects, walk as much).

Young passes come sooner too (:data:`YOUNG_THRESHOLD`: 200 more container objects made than
freed, instead of CPython's 700): the count nets out frees of old objects, so a pass came only
every ~0.4 s under the 1,000 tables and found 13,000-16,000 young objects; at 200 it walks a
fraction of that each time (2-3 ms), and the total is the same, each object walked once.
"""

from __future__ import annotations

import gc
import sys
import threading
import time
from typing import Any

#: a complete pass once the heap is this much larger than after the last one (doubled)
COMPLETE_GROWTH = 1.0
#: seconds: never two complete passes closer than this (nor one sooner after start-up)
COMPLETE_AT_MOST_EVERY = 600.0
#: seconds: the heap's size is asked at most this often
GROWTH_CHECK_EVERY = 5.0
#: times a complete pass is tried while another pass is under way (10 ms apart)
COMPLETE_TRIES = 100
#: a young pass once this many more container objects were made than freed (CPython: 700)
YOUNG_THRESHOLD = 200


class _Policy:
    """Freezes the survivors of every pass once armed, and calls a complete pass when the heap
    has doubled (module docstring)."""

    def __init__(self) -> None:
        self.armed = False
        self.base = 0  # allocated blocks after the last complete pass, or at arm
        self.last = time.monotonic()  # the last complete pass, or arm
        self.checked = self.last  # the last time the heap's size was asked
        self.running = False

    def arm(self) -> None:
        """Start-up's objects are frozen (``app.main``): from now on, freeze each pass's survivors."""
        self.armed = True
        self.base = sys.getallocatedblocks()
        self.last = self.checked = time.monotonic()

    def after_pass(self, phase: str, info: dict[str, Any]) -> None:
        # Only once start-up's objects are frozen (app.main's lifespan); before that, leave it be.
        if phase != "stop" or not self.armed:
            return
        gc.freeze()  # a list splice: what this pass left in the older generations
        now = time.monotonic()
        if self.running or now - self.last < COMPLETE_AT_MOST_EVERY or now - self.checked < GROWTH_CHECK_EVERY:
            return
        self.checked = now
        if sys.getallocatedblocks() > self.base * (1 + COMPLETE_GROWTH):
            # no collection inside a collection's callback: on a thread of its own
            self.running = True
            threading.Thread(target=self.run_complete, name="warboard-gc", daemon=True).start()

    def run_complete(self) -> int:
        """The complete pass, then the heap's size after it as the new base."""
        try:
            found = complete()
            self.base = sys.getallocatedblocks()
            self.last = self.checked = time.monotonic()
        finally:
            self.running = False
        return found


_policy = _Policy()
_after_pass = _policy.after_pass
arm = _policy.arm


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
