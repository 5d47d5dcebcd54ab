"""``WARBOARD_STALL_TRACE``: where the event loop is when something holds it
(``app.transport.metrics.StallTrace``)."""

from __future__ import annotations

import asyncio
import logging
import time

import pytest

from app.transport import metrics


def hold_the_loop_for_a_while() -> None:
    time.sleep(0.3)  # what a heavy call on the event loop does to every table


@pytest.mark.anyio
async def test_a_held_loop_is_logged_once_with_the_code_that_holds_it(caplog: pytest.LogCaptureFixture) -> None:
    metrics.lag.beat = time.monotonic() - 200  # an earlier loop's last beat, long ago: not a stall of this one
    metrics.lag.start()
    trace = metrics.StallTrace(100)
    trace.start()
    try:
        await asyncio.sleep(0.2)  # the sampler beats
        with caplog.at_level(logging.WARNING, logger="warboard.stalls"):
            hold_the_loop_for_a_while()
            await asyncio.sleep(0.2)
    finally:
        trace.stop()
        await metrics.lag.stop()
    held = [r.getMessage() for r in caplog.records if "event loop held" in r.getMessage()]
    assert len(held) == 1, held
    assert "hold_the_loop_for_a_while" in held[0] and "test_stall_trace.py" in held[0]
