"""Stopping background tasks without waiting for ever.

``task.cancel()`` then ``await task`` hangs if the task never ends: on Python 3.11 a
cancellation can be lost inside ``asyncio.wait_for`` (the inner call finishing as the cancel
arrives), and a reconnect loop then goes on. ``cancel_all`` waits ``seconds`` at most
(``asyncio.wait``, which never waits for the cancellation itself) and logs how many lived on.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Collection
from typing import Any

log = logging.getLogger("warboard.stop")


async def cancel_all(tasks: Collection[asyncio.Future[Any]], seconds: float, what: str) -> None:
    """Cancel ``tasks`` and wait for them, ``seconds`` at most."""
    live = [t for t in tasks if not t.done()]
    for task in live:
        task.cancel()
    if not live:
        return
    _, pending = await asyncio.wait(live, timeout=seconds)
    if pending:
        log.warning(
            "%d of %d %s still running %.1f s after they were cancelled; left behind",
            len(pending),
            len(live),
            what,
            seconds,
        )


async def bounded(step: Awaitable[Any], seconds: float, what: str) -> None:
    """Run ``step`` for ``seconds`` at most (cancelled after, and not waited for)."""
    task = asyncio.ensure_future(step)
    _, pending = await asyncio.wait({task}, timeout=seconds)
    if pending:
        task.cancel()
        log.warning("%s took over %.1f s; left behind", what, seconds)
    elif not task.cancelled() and task.exception() is not None:
        log.warning("%s failed: %r", what, task.exception())
