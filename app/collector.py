"""The cyclic garbage collector's full passes, kept short (``warboard serve`` installs this).

A full collection walks every object the collector tracks and holds the interpreter lock all the
while, whichever thread set it off: every other thread waits, the event loop too. Start-up's
objects are frozen out of its sight (``app.main``), but what a running server holds (120
websockets and their coroutines, 20 HGB tables' states) is another ~60,000 objects: one full pass
took 20-70 ms on a busy 2-core machine, about every 13 s under 20 HGB tables, and it was the
largest stall of the event loop.

So after each full pass, what survived it is frozen too: it has lived through two young passes and
a full one, and the next full pass walks only what was made since (a few thousand objects, about
as many as a young pass). A cycle among frozen objects that becomes garbage later (a closed
socket's coroutines, a finished table) is not found by those passes, so a complete pass (thaw
everything, collect, freeze again) runs every :data:`COMPLETE_EVERY` seconds: one longer pause
every ten minutes instead of one every few seconds, and memory stays bounded.
"""

from __future__ import annotations

import gc
import threading
import time
from typing import Any

#: seconds between complete passes (which walk every object, frozen or not)
COMPLETE_EVERY = 600.0

_installed = False


def _after_pass(phase: str, info: dict[str, Any]) -> None:
    # Only once start-up's objects are frozen (app.main's lifespan); before that, leave it be.
    if phase == "stop" and info["generation"] == 2 and gc.get_freeze_count():
        gc.freeze()


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


def _complete_now_and_then(every: float) -> None:
    while True:
        time.sleep(every)
        if gc.get_freeze_count():
            complete()


def install(every: float = COMPLETE_EVERY) -> None:
    """Freeze the survivors of every full pass from now on, with a complete pass every ``every``
    seconds (once per process)."""
    global _installed
    if _installed:
        return
    _installed = True
    gc.callbacks.append(_after_pass)
    threading.Thread(target=_complete_now_and_then, args=(every,), name="warboard-gc", daemon=True).start()
