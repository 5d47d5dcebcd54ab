"""The state cache: each recently used table's latest state and its last events.

A process keeps up to ``CACHE_TABLES`` tables (least recently stored dropped first). Each
entry is the table's latest known ``Envelope`` plus its last ``RECENT_EVENTS`` events, a
contiguous run ending at the envelope's seq, so a client catching up by a few events is
answered from memory. Entries only move forward (a lower ``n`` than the cached one is
ignored), and a run with a gap (another process wrote in between) is dropped, never patched.
It also keeps each cached table's dice seed (which never changes), so the committer's fast
path need not read the table's row, and when its moves last wrote the table's ``updated_at``.
"""

from __future__ import annotations

from collections import OrderedDict, deque

from app.core.events import Event
from app.session.records import Cached, Envelope

RECENT_EVENTS = 512
CACHE_TABLES = 2000
#: seconds: a table's moves write its ``updated_at`` (the lobby lists the most recently active
#: tables first) at most this often from one process; a status change always writes it
STAMP_EVERY = 10.0


def _run() -> deque[Event]:
    """An empty run of recent events (the last ``RECENT_EVENTS`` kept)."""
    return deque(maxlen=RECENT_EVENTS)


class StateCache:
    def __init__(self) -> None:
        self._tables: OrderedDict[str, Cached] = OrderedDict()
        self._seeds: dict[str, str] = {}
        self._stamped: dict[str, float] = {}  # table -> time.monotonic() of its last stamp

    def seed(self, table_id: str) -> str | None:
        """The table's dice seed, if known."""
        return self._seeds.get(table_id)

    def keep_seed(self, table_id: str, seed: str) -> None:
        if len(self._seeds) >= 2 * CACHE_TABLES:  # seeds of tables no longer cached go first
            self._seeds = {t: s for t, s in self._seeds.items() if t in self._tables}
        self._seeds[table_id] = seed

    def stamp_due(self, table_id: str, clock: float) -> bool:
        """Should a move at ``clock`` (``time.monotonic()``) write the table's ``updated_at``?"""
        last = self._stamped.get(table_id)
        return last is None or clock - last >= STAMP_EVERY

    def stamped(self, table_id: str, clock: float) -> None:
        if len(self._stamped) >= 2 * CACHE_TABLES:  # as the seeds: tables no longer cached go first
            self._stamped = {t: c for t, c in self._stamped.items() if t in self._tables}
        self._stamped[table_id] = clock

    def get(self, table_id: str) -> Cached | None:
        return self._tables.get(table_id)

    def forget(self, table_id: str) -> None:
        """Drop all that is kept of a table (removed by another process)."""
        self._tables.pop(table_id, None)
        self._seeds.pop(table_id, None)
        self._stamped.pop(table_id, None)

    def at(self, table_id: str, seq: int) -> Envelope | None:
        """The cached state when it is the one at ``seq``."""
        cached = self._tables.get(table_id)
        return cached.env if cached is not None and cached.env.seq == seq else None

    def store(self, table_id: str, env: Envelope, fresh: list[Event]) -> None:
        """Keep ``env`` and the events ``fresh`` that led to it (empty when unknown).

        The recent run is a bounded deque extended in place: a new list of the run and the new
        events each time touched every one of the 512 events kept (a new reference to each),
        which at 1,000 tables were cold in memory: that copy's share of the event loop's time
        grew from 1% to over 3% as the runs filled (``docs/performance/memory.md``)."""
        cached = self._tables.get(table_id)
        if cached is not None and cached.env.n >= env.n:
            return
        recent = cached.recent if cached is not None else _run()
        if fresh:
            if recent and recent[-1]["seq"] + 1 != fresh[0]["seq"]:
                recent = _run()
            recent.extend(fresh)
        if recent and recent[-1]["seq"] != env.seq:
            recent = _run()  # another process wrote in between: the recent run would have a gap
        self._tables[table_id] = Cached(env, recent)
        self._tables.move_to_end(table_id)
        while len(self._tables) > CACHE_TABLES:
            dropped, _ = self._tables.popitem(last=False)
            self._seeds.pop(dropped, None)
            self._stamped.pop(dropped, None)

    def events(self, table_id: str, after: int, upto: int | None, limit: int) -> list[Event] | None:
        """The events with after < seq <= upto (default: the cached state's seq) when the recent
        run holds them all, else None (read them from the log)."""
        cached = self._tables.get(table_id)
        if cached is None or not cached.recent:
            return None
        top = upto if upto is not None else cached.env.seq
        recent = cached.recent
        if recent[0]["seq"] > after + 1 or recent[-1]["seq"] < top:
            return None
        base = recent[0]["seq"]  # the recent run is contiguous: index it by seq
        start = max(0, after + 1 - base)
        # a deque's index walks blocks of 64 from its nearer end: the last few are at hand
        return [recent[i] for i in range(start, min(top + 1 - base, start + limit))]
