"""The state cache's recent events (``app.session.cache``): the last ``RECENT_EVENTS`` of a table,
a contiguous run ending at the cached state's seq, extended in place (a move does not copy the
run, which at 1,000 tables touched 512 cold events a move)."""

from __future__ import annotations

from app.session import cache as cache_module
from app.session.cache import StateCache
from app.session.records import Envelope


def _env(seq: int) -> Envelope:
    return Envelope(seq, seq, 0, "open", {"tokens": {}})


def _event(seq: int) -> dict[str, object]:
    return {"kind": "token_moved", "seq": seq, "seat": "p1"}


def _play(cache: StateCache, table: str, upto: int, start: int = 1) -> None:
    for seq in range(start, upto + 1):
        cache.store(table, _env(seq), [_event(seq)])


def test_the_recent_run_keeps_the_last_events_and_answers_by_seq() -> None:
    cache = StateCache()
    _play(cache, "t", cache_module.RECENT_EVENTS + 100)
    top = cache_module.RECENT_EVENTS + 100
    assert [e["seq"] for e in cache.events("t", top - 3, None, 1000) or []] == [top - 2, top - 1, top]
    assert [e["seq"] for e in cache.events("t", 100, 105, 1000) or []] == [101, 102, 103, 104, 105]
    assert [e["seq"] for e in cache.events("t", 100, None, 2) or []] == [101, 102]
    assert cache.events("t", top, None, 1000) == []
    assert cache.events("t", 98, None, 1000) is None  # seq 99 is no longer kept: read the log
    assert cache.events("t", 0, None, 1000) is None


def test_a_move_extends_the_run_in_place_and_a_gap_starts_it_again() -> None:
    cache = StateCache()
    _play(cache, "t", 600)
    cached = cache.get("t")
    assert cached is not None
    run = cached.recent
    assert len(run) == cache_module.RECENT_EVENTS and run[-1]["seq"] == 600
    cache.store("t", _env(601), [_event(601)])
    again = cache.get("t")
    assert again is not None and again.recent is run  # the same run, one event longer (and one dropped)
    assert [e["seq"] for e in run][-2:] == [600, 601] and len(run) == cache_module.RECENT_EVENTS
    cache.store("t", _env(605), [_event(605)])  # 602-604 were written by another process
    gapped = cache.get("t")
    assert gapped is not None and [e["seq"] for e in gapped.recent] == [605]
    assert cache.events("t", 601, None, 1000) is None
    cache.store("t", _env(607), [])  # a state with no events known: no run at all
    cleared = cache.get("t")
    assert cleared is not None and list(cleared.recent) == []
    assert cache.events("t", 606, None, 1000) is None
