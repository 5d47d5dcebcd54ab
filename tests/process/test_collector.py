"""The garbage collector policy of ``warboard serve`` (app/process/collector.py)."""

from __future__ import annotations

import gc
import subprocess
import sys
import time
import weakref
from collections.abc import Iterator

import pytest

from app.process import collector


class Node:
    me: Node


def frozen(obj: object) -> bool:
    """Whether ``obj`` is in the permanent generation (``gc.get_objects`` leaves that out)."""
    return gc.is_tracked(obj) and not any(o is obj for o in gc.get_objects())


@pytest.fixture
def policy() -> Iterator[collector._Policy]:
    """A policy armed as app.main arms it (start-up's objects frozen first), and afterwards
    nothing left frozen for the rest of the run."""
    gc.collect()
    gc.freeze()
    armed = collector._Policy()
    armed.arm()
    yield armed
    for _ in range(200):  # a complete pass on its thread finishes first
        if not armed.running:
            break
        time.sleep(0.01)
    gc.unfreeze()
    gc.collect()


def cycle() -> tuple[Node, weakref.ref[Node]]:
    a = Node()
    a.me = a  # a cycle: only the collector frees it
    return a, weakref.ref(a)


def wait_done(policy: collector._Policy) -> None:
    for _ in range(500):
        if not policy.running:
            return
        time.sleep(0.01)
    raise AssertionError("the complete pass did not finish")


def test_survivors_of_a_young_pass_are_frozen_and_a_complete_pass_still_finds_their_cycles(
    policy: collector._Policy,
) -> None:
    a, gone = cycle()
    gc.collect(0)  # a young pass, which ``a`` survives
    policy.after_pass("stop", {"generation": 0})
    assert frozen(a), "what survived a young pass is out of the next passes' sight"
    del a
    gc.collect()
    assert gone() is not None, "a full pass no longer walks what survived an earlier one"
    assert collector.complete() >= 1
    assert gone() is None, "the complete pass frees cycles among frozen objects"
    assert gc.get_freeze_count() > 0 and gc.isenabled()


@pytest.mark.parametrize("generation", [0, 1, 2])
def test_every_generation_s_survivors_are_frozen(policy: collector._Policy, generation: int) -> None:
    keep = [Node() for _ in range(100)]
    gc.collect(generation)
    policy.after_pass("stop", {"generation": generation})
    assert all(frozen(node) for node in keep)


def test_nothing_is_frozen_at_a_pass_s_start_or_before_start_up_is_frozen(policy: collector._Policy) -> None:
    keep = [Node() for _ in range(10)]
    policy.after_pass("start", {"generation": 0})
    unarmed = collector._Policy()  # start-up's objects not frozen yet (app.main arms it after)
    unarmed.after_pass("stop", {"generation": 2})
    # Not a count: another thread of the test run may free frozen objects meanwhile.
    assert not any(frozen(node) for node in keep)


def test_a_complete_pass_runs_once_the_heap_has_doubled_and_as_many_connections_ended_as_are_open(
    policy: collector._Policy,
) -> None:
    """Garbage shows as growth; growth alone may be live tables and sockets, so the pass also
    waits until as many connections have ended since the last one as are open."""
    a, gone = cycle()
    gc.collect(0)
    policy.after_pass("stop", {"generation": 0})  # ``a`` frozen, then garbage
    del a
    policy.last = policy.checked = time.monotonic() - 3600
    policy.base = sys.getallocatedblocks() // 3  # more than doubled
    for _ in range(3 * collector.ENDED_AT_LEAST):
        policy.opened()
    for _ in range(collector.ENDED_AT_LEAST):  # a third of them ended: the rest still open
        policy.closed()
    policy.after_pass("stop", {"generation": 0})
    assert not policy.running and gone() is not None, "fewer ended than open: no complete pass"
    for _ in range(collector.ENDED_AT_LEAST // 2):  # now as many ended as are open
        policy.closed()
    assert policy.turned_over()
    policy.base = sys.getallocatedblocks() * 2  # no growth: no complete pass
    policy.after_pass("stop", {"generation": 0})
    assert not policy.running and gone() is not None, "no growth: no complete pass"
    policy.checked = time.monotonic() - 3600
    policy.base = sys.getallocatedblocks() // 3
    policy.after_pass("stop", {"generation": 0})
    wait_done(policy)
    assert gone() is None, "the complete pass freed the frozen cycle"
    assert gc.isenabled() and policy.passes == 1 and policy.freed >= 1 and policy.base > 0
    still_open = 3 * collector.ENDED_AT_LEAST - collector.ENDED_AT_LEAST - collector.ENDED_AT_LEAST // 2
    assert policy.ended == 0 and policy.open == still_open
    assert time.monotonic() - policy.last < collector.COMPLETE_AT_MOST_EVERY
    report = policy.report()
    assert report["complete_passes"] == 1 and report["connections_open"] == still_open


def test_a_few_ended_connections_call_for_no_complete_pass(policy: collector._Policy) -> None:
    """A pass walks start-up's objects whatever it finds: not for a handful of connections."""
    policy.last = policy.checked = time.monotonic() - 3600
    policy.base = 1  # grown, by any measure
    for _ in range(collector.ENDED_AT_LEAST - 1):
        policy.opened()
        policy.closed()
    assert policy.open == 0 and not policy.turned_over()
    policy.after_pass("stop", {"generation": 0})
    assert not policy.running


def test_a_complete_pass_called_from_inside_a_pass_waits_for_that_pass_and_collects(
    policy: collector._Policy,
) -> None:
    """The policy starts the complete pass from a pass's callback; ``gc.collect`` on its thread
    is a no-op while that pass is under way (here held open by a later callback that sleeps,
    as any Python a pass runs may let another thread in), so it must try again after."""
    a, gone = cycle()
    gc.collect(0)
    policy.after_pass("stop", {"generation": 0})  # ``a`` frozen, then garbage
    del a
    policy.ended = collector.ENDED_AT_LEAST  # turned over
    policy.base = 1  # grown, by any measure
    policy.last = policy.checked = time.monotonic() - 3600

    def linger(phase: str, info: dict[str, object]) -> None:
        if phase == "stop":
            time.sleep(0.05)  # the pass is still under way; the policy's thread runs meanwhile

    gc.callbacks.extend([policy.after_pass, linger])
    try:
        gc.collect(0)  # a real pass, whose callback calls for the complete pass
    finally:
        gc.callbacks.remove(policy.after_pass)
        gc.callbacks.remove(linger)
    wait_done(policy)
    assert gone() is None, "the complete pass ran once the pass that called it was over"


def test_the_heap_is_measured_at_most_every_few_seconds_and_complete_passes_minutes_apart(
    policy: collector._Policy,
) -> None:
    """``sys.getallocatedblocks`` visits every memory pool (0.6 ms for 12 million blocks): not at
    each of the young passes, which come many times a second under load."""
    a, gone = cycle()
    gc.collect(0)
    policy.after_pass("stop", {"generation": 0})
    del a
    policy.base = 1  # grown, by any measure
    policy.ended = collector.ENDED_AT_LEAST  # turned over
    policy.last = time.monotonic() - 3600
    policy.checked = time.monotonic()  # measured just now
    policy.after_pass("stop", {"generation": 0})
    assert not policy.running and gone() is not None
    policy.checked = time.monotonic() - 3600
    policy.last = time.monotonic() - collector.COMPLETE_AT_MOST_EVERY / 2  # a complete pass not long ago
    policy.after_pass("stop", {"generation": 0})
    assert not policy.running and gone() is not None


def test_install_makes_young_passes_come_sooner() -> None:
    """In a process of its own: the test run keeps CPython's thresholds and no callback."""
    out = subprocess.run(
        [
            sys.executable,
            "-c",
            "import gc; from app.process import collector; collector.install(); collector.install(); "
            "print(gc.get_threshold()[0], gc.callbacks.count(collector._after_pass))",
        ],
        capture_output=True,
        text=True,
        check=True,
    )
    assert out.stdout.split() == [str(collector.YOUNG_THRESHOLD), "1"]
