"""``app.process.tasks``: a stop never waits for ever on a task that will not end."""

from __future__ import annotations

import asyncio
import logging
import time

import pytest

from app.process.tasks import bounded, cancel_all


async def stubborn(stop: asyncio.Event) -> None:
    """A task that swallows its cancellations (as one that loses a cancel inside wait_for would)
    until ``stop`` is set."""
    while not stop.is_set():
        try:
            await asyncio.sleep(0.05)
        except asyncio.CancelledError:
            continue


def test_cancel_all_leaves_a_task_that_will_not_end_behind(caplog: pytest.LogCaptureFixture) -> None:
    async def scenario() -> tuple[float, bool, bool]:
        stop = asyncio.Event()
        obedient = asyncio.ensure_future(asyncio.sleep(10))
        deaf = asyncio.ensure_future(stubborn(stop))
        await asyncio.sleep(0.01)  # both started
        started = time.monotonic()
        await cancel_all([obedient, deaf], 0.3, "test tasks")
        took = time.monotonic() - started
        done = obedient.cancelled(), deaf.done()
        stop.set()
        await deaf
        return took, *done

    with caplog.at_level(logging.WARNING, "warboard.stop"):
        took, obedient_cancelled, deaf_done = asyncio.run(scenario())
    assert obedient_cancelled and not deaf_done
    assert took < 5
    assert "1 of 2 test tasks still running" in caplog.text


def test_bounded_runs_a_step_to_its_end_or_leaves_it(caplog: pytest.LogCaptureFixture) -> None:
    async def scenario() -> list[str]:
        ran: list[str] = []

        async def quick() -> None:
            ran.append("quick")

        stop = asyncio.Event()
        await bounded(quick(), 1.0, "a quick step")
        await bounded(stubborn(stop), 0.2, "a stuck step")
        stop.set()
        await asyncio.sleep(0.1)
        return ran

    with caplog.at_level(logging.WARNING, "warboard.stop"):
        assert asyncio.run(scenario()) == ["quick"]
    assert "a stuck step took over" in caplog.text
