"""The cyclic garbage collector's full passes, kept short (``warboard serve`` installs this).

A full collection walks every object the collector tracks and holds the interpreter lock all the
while, whichever thread set it off: every other thread waits, the event loop too. Start-up's
objects are frozen out of its sight (``app.main``), but what a running server holds (120
websockets and their coroutines, 20 HGB tables' states) is another ~60,000 objects: one full pass
took 20-70 ms on a busy 2-core machine, about every 13 s under 20 HGB tables, and it was the
largest stall of the event loop.

So after each full pass, what survived it is frozen too: it has lived through two young passes and
a full one, and the next full pass walks only what was made since (8-14 ms there). Objects freed
by their reference count leave the frozen set as usual; only a cycle among frozen objects that
becomes garbage later (a closed socket's coroutines, a finished table) is not found by those
passes. A complete pass (thaw everything, collect, freeze again: 160-170 ms there, since it walks
start-up's objects too) finds those: it runs when the frozen set has grown by
:data:`COMPLETE_GROWTH` since the last complete pass (the rule CPython itself uses for full
passes), at most once per :data:`COMPLETE_AT_MOST_EVERY` seconds. Under 20 HGB tables the frozen
set held steady near 210,000 objects and a complete pass found 0-40 objects of garbage.
"""

from __future__ import annotations

import gc
import threading
import time
from typing import Any

#: a complete pass once the frozen set is this much larger than after the last one
COMPLETE_GROWTH = 0.25
#: seconds: never two complete passes closer than this
COMPLETE_AT_MOST_EVERY = 60.0


class _Policy:
    """``gc.get_freeze_count()`` walks the whole frozen set (21 ms for 200,000 objects on a busy
    machine, held under the interpreter lock): so it is asked only by :meth:`arm` and by
    :meth:`check`. After each full pass the policy counts what it freezes instead (what is in the
    oldest generation then: what that pass just walked) and keeps the sum, an upper bound of the
    frozen set (objects freed since are not subtracted). When that bound has grown by a quarter,
    :meth:`check` asks the real count, on a thread of its own, before any complete pass."""

    def __init__(self) -> None:
        self.frozen = 0  # objects frozen so far, as counted (0: start-up's are not frozen yet)
        self.base = 0  # frozen objects after the last complete pass, or at arm
        self.last = time.monotonic()
        self.running = False

    def arm(self) -> None:
        """Start-up's objects are frozen (``app.main``): from now on, freeze each full pass's survivors."""
        self.frozen = self.base = gc.get_freeze_count()
        self.last = time.monotonic()

    def after_pass(self, phase: str, info: dict[str, Any]) -> None:
        # Only once start-up's objects are frozen (app.main's lifespan); before that, leave it be.
        if phase != "stop" or info["generation"] != 2 or not self.frozen:
            return
        survivors = len(gc.get_objects(generation=2))
        gc.freeze()
        self.frozen += survivors
        if (
            self.frozen > self.base * (1 + COMPLETE_GROWTH)
            and time.monotonic() - self.last >= COMPLETE_AT_MOST_EVERY
            and not self.running
        ):  # no collection inside a collection's callback: on a thread of its own
            self.running = True
            threading.Thread(target=self.check, name="warboard-gc", daemon=True).start()

    def check(self) -> int:
        """The counted growth is an upper bound: ask the real count (once, here, at most once per
        :data:`COMPLETE_AT_MOST_EVERY`), and run the complete pass only if it has grown too."""
        try:
            frozen = gc.get_freeze_count()
            found = 0
            if frozen > self.base * (1 + COMPLETE_GROWTH):
                found = complete()
                frozen = self.base = gc.get_freeze_count()
            self.frozen, self.last = frozen, time.monotonic()
        finally:
            self.running = False
        return found


_policy = _Policy()
_after_pass = _policy.after_pass
arm = _policy.arm


def complete() -> int:
    """Thaw everything, collect it all, freeze the survivors again; how many were collected."""
    gc.disable()  # no automatic pass between the thaw and the collection
    try:
        gc.unfreeze()
        found = gc.collect()
        gc.freeze()
    finally:
        gc.enable()
    return found


def install() -> None:
    """Freeze the survivors of every full pass from now on (once per process)."""
    if _after_pass not in gc.callbacks:
        gc.callbacks.append(_after_pass)
