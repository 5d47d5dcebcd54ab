"""The garbage collector policy of ``warboard serve`` (app/collector.py)."""

from __future__ import annotations

import gc
import time
import weakref

from app import collector


class Node:
    me: Node


def frozen(obj: object) -> bool:
    """Whether ``obj`` is in the permanent generation (``gc.get_objects`` leaves that out)."""
    return gc.is_tracked(obj) and not any(o is obj for o in gc.get_objects())


def test_survivors_of_a_full_pass_are_frozen_and_a_complete_pass_still_finds_their_cycles() -> None:
    gc.collect()
    gc.freeze()  # as app.main does after start-up
    collector.arm()
    a = Node()
    a.me = a  # a cycle: only the collector frees it
    gone = weakref.ref(a)
    gc.collect()  # a full pass, which ``a`` survives
    collector._after_pass("stop", {"generation": 2})
    count = gc.get_freeze_count()
    assert count > 0
    del a
    gc.collect()
    assert gone() is not None, "a full pass no longer walks what survived the last one"
    assert collector.complete() >= 1
    assert gone() is None, "the complete pass frees cycles among frozen objects"
    assert gc.get_freeze_count() > 0 and gc.isenabled()


def test_young_passes_and_passes_before_start_up_is_frozen_freeze_nothing() -> None:
    gc.collect()
    gc.freeze()
    policy = collector._Policy()
    policy.arm()
    keep = [Node() for _ in range(10)]
    policy.after_pass("stop", {"generation": 1})
    policy.after_pass("start", {"generation": 2})
    # Not a count: another thread of the test run may free frozen objects meanwhile.
    assert not any(frozen(node) for node in keep)
    unarmed = collector._Policy()  # start-up's objects not frozen yet (app.main arms it after)
    unarmed.after_pass("stop", {"generation": 2})
    assert not any(frozen(node) for node in keep)
    del keep


def test_each_full_pass_counts_what_it_freezes_without_walking_the_frozen_set() -> None:
    """``gc.get_freeze_count`` walks every frozen object under the interpreter lock (21 ms for
    200,000 on a busy machine, at every full pass): the policy adds up what it froze instead."""
    gc.collect()
    gc.freeze()
    policy = collector._Policy()
    policy.arm()
    before = policy.frozen
    assert before > 0  # the real count at arm (not compared again: other threads free frozen objects)
    keep = [Node() for _ in range(1000)]
    gc.collect()  # they survive a full pass: in the oldest generation
    policy.after_pass("stop", {"generation": 2})
    assert all(frozen(node) for node in keep[:10])
    assert policy.frozen >= before + 1000
    del keep


def test_a_complete_pass_runs_once_the_frozen_set_has_grown_by_a_quarter() -> None:
    gc.collect()
    gc.freeze()
    policy = collector._Policy()
    policy.arm()
    policy.after_pass("stop", {"generation": 2})
    assert policy.base > 0 and not policy.running  # no growth yet
    a = Node()
    a.me = a
    gone = weakref.ref(a)
    gc.collect()
    gc.freeze()  # ``a`` frozen, as a survivor of a full pass would be
    del a
    policy.frozen = policy.base = gc.get_freeze_count()  # no growth: no complete pass
    policy.last = time.monotonic() - 3600
    policy.after_pass("stop", {"generation": 2})
    assert not policy.running and gone() is not None
    policy.base = policy.frozen // 2  # grown by more than a quarter
    policy.after_pass("stop", {"generation": 2})
    for _ in range(200):
        if not policy.running:
            break
        time.sleep(0.01)
    assert gone() is None, "the complete pass freed the frozen cycle"
    assert not policy.running and policy.base > 0 and gc.isenabled()


def test_a_counted_growth_that_the_real_count_does_not_show_runs_no_complete_pass() -> None:
    """The count after each full pass only adds (objects freed since are not subtracted): before a
    complete pass the policy asks the real count, and without real growth it only takes it."""
    gc.collect()
    gc.freeze()
    policy = collector._Policy()
    policy.arm()
    real = gc.get_freeze_count()
    a = Node()
    a.me = a
    gone = weakref.ref(a)
    gc.collect()
    gc.freeze()  # ``a`` frozen: only a complete pass would free it
    del a
    policy.frozen = real * 2  # counted as grown
    policy.last = time.monotonic() - 3600
    assert policy.check() == 0
    assert gone() is not None, "no complete pass: the frozen set has not really grown"
    assert policy.frozen < real * 2 and not policy.running  # the real count, taken
    gc.unfreeze()
    gc.collect()
    gc.freeze()
