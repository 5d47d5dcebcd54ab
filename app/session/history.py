"""A table's history: its current state, its events, and any past state, from its log.

State is rebuilt by replaying the logged actions with their recorded dice positions; rule
systems are deterministic, so the replay yields the very events in the log (a test checks it).
A replay starts from the nearest known state: the cached one, a stored snapshot (one every
``snapshot_every`` actions, written by the commit path) or, for replays of the past, one of the
checkpoints kept every ``CHECKPOINT_EVERY`` actions of the ``CHECKPOINT_TABLES`` tables replayed
lately (the log never changes behind them).
"""

from __future__ import annotations

import bisect
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import anyio
from sqlalchemy import Connection, Engine

from app.core.dice import Dice
from app.core.errors import NotFound
from app.core.events import Event
from app.session import clock_log, takeback_log
from app.session.bus import Seq
from app.session.cache import StateCache
from app.session.game import play, system_of
from app.session.records import Envelope
from app.session.rows import read_table
from app.storage import repository as repo

CHECKPOINT_EVERY = 25  # replay checkpoints: one envelope per this many actions
CHECKPOINT_TABLES = 32  # tables whose replay checkpoints are kept


class History:
    def __init__(self, engine: Engine, cache: StateCache) -> None:
        self.engine = engine
        self.cache = cache
        self.checkpoints: dict[str, list[Envelope]] = {}  # table_id -> replay checkpoints, by n

    async def current(self, table_id: str) -> Envelope:
        """The latest committed state (from the cache when it is up to date)."""

        def read() -> Envelope:
            with self.engine.connect() as conn:
                return self.load(conn, table_id, read_table(conn, table_id))

        env = await anyio.to_thread.run_sync(read)
        cached = self.cache.get(table_id)
        if cached is None or cached.env.seq < env.seq:
            self.cache.store(table_id, env, [])
        return env

    async def follow(self, table_id: str, after: int, news: Seq | None = None) -> tuple[Envelope, list[Event]]:
        """What the table did after seq ``after``, for whoever follows it (a table's hub): its
        state now and the events since. ``news`` announced it: the state that rides along
        (another process committed it) is taken when it follows on from the cached one, and the
        cache answers when it holds ``news.seq``. Without news (the bus could not hear), or when
        the cache is behind, the state is read from the database."""
        cached = self.cache.get(table_id)
        if news is not None and news.env is not None and cached is not None and cached.env.seq == news.prev:
            self.cache.store(table_id, news.env, list(news.events or []))
            cached = self.cache.get(table_id)
        if news is not None and cached is not None and cached.env.seq >= news.seq:
            env = cached.env
        else:
            env = await self.current(table_id)
        if env.seq <= after:
            return env, []
        return env, await self.events_after(table_id, after, env.seq)

    async def events_after(self, table_id: str, after: int, upto: int | None = None, limit: int = 1000) -> list[Event]:
        """Committed events with after < seq <= upto, unredacted (redact before sending)."""
        recent = self.cache.events(table_id, after, upto, limit)
        if recent is not None:
            return recent

        def read() -> list[Event]:
            with self.engine.connect() as conn:
                return repo.events_between(conn, table_id, after, upto, limit)

        return await anyio.to_thread.run_sync(read)

    async def envelope_at(self, table_id: str, seq: int) -> Envelope:
        """The state after the last action whose events end at or before ``seq`` (for replays);
        raises NotFound for an unknown table."""
        return await anyio.to_thread.run_sync(self.at, table_id, seq)

    def load(self, conn: Connection, table_id: str, row: dict[str, Any]) -> Envelope:
        """The latest state of the table whose row is ``row``: the cached one when it is
        current, else replayed from the cached one or the latest snapshot."""
        cached = self.cache.get(table_id)
        if cached is not None and cached.env.seq == row["seq"]:
            return cached.env
        base = cached.env if cached is not None and cached.env.seq < row["seq"] else None
        if base is None:
            snap = repo.latest_snapshot(conn, table_id)
            if snap is not None and snap["seq"] <= row["seq"]:
                base = snapped(snap)
        return self.replay(conn, table_id, row, base, None)

    def rebuild(self, table_id: str) -> tuple[Envelope, list[Event]]:
        """Replay the whole log from the start, ignoring snapshots and the cache (for checks)."""
        with self.engine.connect() as conn:
            row = read_table(conn, table_id)
            events: list[Event] = []
            env = self.replay(conn, table_id, row, None, events)
            return env, events

    def walk(self, table_id: str, each: Callable[[Envelope], None]) -> Envelope:
        """Replay the whole log from the start (blocking), calling ``each`` with the state after
        every action, the actions taken back left out (a shared game's steps); the last state."""
        with self.engine.connect() as conn:
            return self.replay(conn, table_id, read_table(conn, table_id), None, None, each=each)

    def at(self, table_id: str, seq: int) -> Envelope:
        """``envelope_at``, blocking: replayed from the nearest checkpoint or stored snapshot."""
        with self.engine.connect() as conn:
            row = read_table(conn, table_id)
            marks = self.checkpoints.pop(table_id, [])
            self.checkpoints[table_id] = marks
            while len(self.checkpoints) > CHECKPOINT_TABLES:
                self.checkpoints.pop(next(iter(self.checkpoints)))
            first = min((n for _, ns in repo.taken_back(conn, table_id) for n in ns), default=None)
            if first is not None:  # a checkpoint after a taken-back action may hold it or not
                marks[:] = [e for e in marks if e.n < first]
            base = next((e for e in reversed(marks) if e.seq <= seq), None)
            snap = repo.latest_snapshot(conn, table_id, seq)  # the nearest stored one, when nearer
            if snap is not None and (base is None or snap["n"] > base.n) and snapped(snap) is not None:
                base = snapped(snap)
            return self.replay(conn, table_id, row, base, None, upto=seq, checkpoints=marks)

    def replay(
        self,
        conn: Connection,
        table_id: str,
        row: dict[str, Any],
        base: Envelope | None,
        collect: list[Event] | None,
        upto: int | None = None,
        checkpoints: list[Envelope] | None = None,
        also: frozenset[int] = frozenset(),
        each: Callable[[Envelope], None] | None = None,
    ) -> Envelope:
        """Apply the logged actions after ``base`` (from the start when None), up to the last
        one whose events end at or before ``upto``; the events go to ``collect`` and every
        ``CHECKPOINT_EVERY``-th state to ``checkpoints``, when given.

        The actions taken back (``taken_back`` events up to ``upto``, and ``also``) are skipped:
        the state is that of the game without them (their events are still collected, made on
        a shadow of the state). A ``base`` that holds one of them (a state cached before the
        takeback) gives way to the latest snapshot (those that held one were dropped). ``each``,
        when given, is called with the state after every action replayed."""
        system = system_of(row["system"])
        takebacks = repo.taken_back(conn, table_id, upto)
        skip = {n for _, ns in takebacks for n in ns} | also
        if base is not None and _holds_taken(base, takebacks, also):
            snap = repo.latest_snapshot(conn, table_id, upto)
            kept = snapped(snap) if snap is not None else None
            base = kept if kept is not None and not _holds_taken(kept, takebacks, also) else None
        env = base
        shadow: Envelope | None = None  # the game with the taken-back actions, for their events
        for act in repo.actions_after(conn, table_id, -1 if base is None else base.n, upto):
            if upto is not None and env is not None and act["last_seq"] > upto:
                break
            kind = act["action"]["kind"]
            dice = Dice(row["seed"], act["dice_from"])
            events: list[Event]
            if kind == "table.create":
                state = system.setup(row["options"], dice)
                env = Envelope(seq=0, n=0, dice_index=dice.index, status="open", state=state)
                events = [{"kind": "table_created"}]
            else:
                assert env is not None, "the log does not start with table.create"
                if kind == "table.close":
                    env, events = replace(env, status="closed"), [{"kind": "table_closed"}]
                elif kind in clock_log.KINDS:
                    env, events = clock_log.table_step(
                        system, env, act["action"], dice, clock_log.at_ms(act["created_at"])
                    )
                elif kind in takeback_log.KINDS:
                    env, events = takeback_log.table_step(env, act["action"])
                    if kind == "table.takeback":
                        shadow = None  # the game went on from the state without the action
                        env = clock_log.after_takeback(system, env, clock_log.at_ms(act["created_at"]))
                elif kind.startswith("table."):
                    events = [{"kind": kind}]
                elif act["n"] in skip:
                    events = []
                    env = replace(env, started=True)  # taken back, but made: the game is on
                    if collect is not None:
                        was = replace(shadow or env, takeback=env.takeback)
                        shadow, events = play(system, was, act["actor"], system.parse_action(act["action"]), dice)
                else:
                    action = system.parse_action(act["action"])
                    at = clock_log.at_ms(act["created_at"])  # the log is the truth: never refused for the time
                    env, events = play(system, env, act["actor"], action, dice, at, timed_out=True)
                    shadow = None
                env = replace(env, seq=act["last_seq"], n=act["n"], dice_index=dice.index)
            if each is not None:
                each(env)
            settled = not skip or env.n < min(skip)
            if (
                checkpoints is not None
                and settled
                and env.n % CHECKPOINT_EVERY == 0
                and all(c.n != env.n for c in checkpoints)
            ):
                bisect.insort(checkpoints, env, key=lambda e: e.n)  # kept in order of n
            if collect is not None:
                collect.extend({**e, "seq": act["first_seq"] + i} for i, e in enumerate(events))
        if env is None:
            raise NotFound(f"Table {table_id!r} has no log", code="unknown_table")
        return env


def _holds_taken(env: Envelope, takebacks: list[tuple[int, list[int]]], also: frozenset[int]) -> bool:
    """Was ``env`` made before a takeback of one of the actions it holds?"""
    return any(seq > env.seq and min(ns) <= env.n for seq, ns in takebacks) or any(n <= env.n for n in also)


def snapped(snap: dict[str, Any]) -> Envelope | None:
    """The state a stored snapshot holds, or None for one written before the envelope said
    whether the game had started (``started``): that table is replayed from its log instead."""
    if "started" not in snap["envelope"]:
        return None
    return Envelope(**snap["envelope"])
