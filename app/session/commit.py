"""The commit path: one change of a table, all or nothing, then announced.

For every change of a table the committer takes the table's lock (an in-process lock, plus
``BEGIN IMMEDIATE`` on SQLite or a row lock on PostgreSQL, so several processes can share a
table), loads the current state (the cache when no other process wrote since, else a replay),
applies the change (a ``Play``: a seat's game action or the host's ruling, which the committer
hands to the rule system itself, ``game.play``; or a ``Change``: a seat or table change, which
uses the connection), writes the action and its events in one transaction with the next
gapless ``seq`` (and a snapshot every ``snapshot_every`` actions), and only then announces the
new seq on the bus, the new state riding along. An action id seen before answers with the
events it made then (``duplicate``). Both paths below write the same rows the same way
(``_rows``, ``_write``).

The fast path. A ``Play`` (it does not use the connection) at a table whose state and seed this
process holds runs against the cached state without reading the table first, then writes with
three statements instead of six:

1. ``UPDATE tables SET seq = new WHERE id = t AND seq = cached [AND the token is live]``: it
   takes the row lock (PostgreSQL), checks that no other process wrote since (a writer that
   waited on the lock sees the new seq under READ COMMITTED and matches no row) and, for a
   seat's action, that its token was not revoked, all in one statement;
2. ``INSERT`` the action ``ON CONFLICT (table_id, action_id) DO NOTHING``: no row inserted means
   the action id was used before;
3. ``INSERT`` the events.

A light play (the rule system's step takes a millisecond or two at most: every system but HGB)
runs its fast path on the event loop itself (``Writer.run_here``), when SQLite's write lock is
free (a lock held for a moment is waited out, ``BUSY_PAUSES``; one held longer sends the play
to the writer thread); then it awaits the WAL's sync, shared with whatever else committed
meanwhile.

Whatever the fast attempt cannot settle falls back to the full path above, which gives today's
answer: the change refused (its error might not be the first one due: a revoked token or a
duplicate id comes before illegality) or no row updated (stale cache, revoked token, unknown
table) fall back inside the same transaction, since nothing was written yet; a used action id
is found after the UPDATE, so that attempt raises ``_Used`` to roll back and the full path runs
as a new job.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from typing import Any, Protocol

from sqlalchemy import Connection
from sqlalchemy.exc import IntegrityError, InterfaceError, OperationalError
from sqlalchemy.exc import TimeoutError as PoolTimeout

from app.core.dice import Dice
from app.core.errors import Conflict, NotFound, Unauthorized, Unavailable, WarboardError
from app.core.events import Event
from app.core.tokens import new_id
from app.session.bus import Bus, Seq
from app.session.cache import StateCache
from app.session.game import Play, play
from app.session.history import History
from app.session.locks import TableLocks
from app.session.projection import heavy
from app.session.records import Committed, Envelope
from app.session.rows import action_row, event_row, read_table
from app.storage import repository as repo
from app.storage.writer import Busy, Elsewhere, Writer

DB_RETRY_AFTER = 1  # seconds a client is asked to wait after a database timeout


class Change(Protocol):
    """A seat or table change (a join, a kick, a rejoin...), inside its transaction: from the
    connection, the table's current state and its dice (at the next roll), the new state and
    the events. ``n``, ``seq`` and the dice position of the new state are set by the committer.
    Raises a WarboardError to change nothing."""

    def __call__(self, conn: Connection, env: Envelope, dice: Dice, /) -> tuple[Envelope, list[Event]]: ...


#: Seconds a light move waits, each time in turn, for SQLite's write lock before it gives the
#: commit to the writer thread: a commit there uses another connection, and SQLite empties a
#: connection's page cache whenever another has written, so one busy moment (a checkpoint that
#: restarts the WAL holds the lock for up to tens of milliseconds) used to send a run of moves
#: to the writer thread and leave the loop's connection reading each move's pages back
#: (about 15 ms in all, then the writer thread, which waits as long as it must)
BUSY_PAUSES = (0.001, 0.002, 0.004, 0.008)


@dataclass(frozen=True)
class Timed:
    """A ``Change`` that needs its commit time: ``run(conn, env, dice, at)``, ``at`` the epoch
    milliseconds the log records as the action's ``created_at`` (the table's clock is charged
    from it, live and in every replay)."""

    run: Callable[[Connection, Envelope, Dice, int], tuple[Envelope, list[Event]]]


def now_ms() -> int:
    """The commit time: now, in epoch milliseconds (what ``created_at`` records)."""
    return int(time.time() * 1000)


def stamp_of(at: int) -> datetime:
    """The ``created_at`` of a commit at ``at`` (epoch ms)."""
    return datetime.fromtimestamp(at / 1000, tz=UTC)


class _Used(Exception):
    """The fast attempt found its action id already in the log: it rolls back, the full path
    answers (``duplicate`` or ``duplicate_action_id``)."""


#: what a commit job hands back: the answer, the new state and its events for the cache (None
#: and [] for a duplicate), and the table's seed when the job read it
_Done = tuple[Committed, Envelope | None, list[Event], str | None]


@dataclass(frozen=True)
class _Rows:
    """One applied change as the log keeps it."""

    env: Envelope  # the new state, its seq, n and dice position set
    action: dict[str, Any]  # the action's row
    events: list[dict[str, Any]]  # its events' rows
    fresh: list[Event]  # its events as clients get them
    status: tuple[str, dict[str, Any] | None] | None  # the table's new (status, outcome), if they changed
    snapshot: bool  # a snapshot of the new state is due


def _step(
    change: Change | Play | Timed, conn: Connection, env: Envelope, dice: Dice, at: int
) -> tuple[Envelope, list[Event]]:
    """Apply ``change`` to ``env`` at commit time ``at``: a play goes to the rule system, a
    change runs in the transaction."""
    if isinstance(change, Play):
        return play(change.system, env, change.seat, change.action, dice, at)
    if isinstance(change, Timed):
        return change.run(conn, env, dice, at)
    return change(conn, env, dice)


class Committer:
    def __init__(self, writer: Writer, bus: Bus, cache: StateCache, history: History, snapshot_every: int) -> None:
        self.writer = writer
        self.bus = bus
        self.cache = cache
        self.history = history
        self.snapshot_every = snapshot_every
        self._locks = TableLocks()
        #: called with (table, new state) after each commit of this process (the clocks' timers)
        self.listeners: list[Callable[[str, Envelope], None]] = []

    async def commit(
        self,
        table_id: str,
        action_id: str | None,
        action_json: dict[str, Any],
        change: Change | Play | Timed,
        *,
        token_hash: str | None = None,
    ) -> Committed:
        """Commit ``change`` as the action ``action_json`` (of the play's seat; of the table itself
        for a ``Change``). ``token_hash``: the acting token, refused (Unauthorized) unless it
        exists and is not revoked when the action commits."""
        async with self._locks(table_id):
            try:
                done = await self._run(table_id, action_id, action_json, change, token_hash)
            except (IntegrityError, _Used):
                raise Conflict("Another change to this table landed first; try again", code="stale_seq") from None
            except (OperationalError, InterfaceError, PoolTimeout) as exc:  # timeouts, a lost connection: rolled back
                raise Unavailable(
                    "The database did not answer in time; nothing was changed, try again", retry_after=DB_RETRY_AFTER
                ) from exc
            except OSError as exc:  # a failed WAL sync: the action may be in the log, never answered
                raise Unavailable(
                    "The database could not confirm that the action was saved; send it again with the same id "
                    "to learn whether it was",
                    retry_after=DB_RETRY_AFTER,
                ) from exc
            result, env, fresh, read_seed = done
            if read_seed is not None:
                self.cache.keep_seed(table_id, read_seed)
            if env is not None:
                self.cache.store(table_id, env, fresh)
                for listener in self.listeners:
                    listener(table_id, env)
        if not result.duplicate:
            # The new state rides along, so other processes need not re-read the database.
            carried = env is not None and bool(fresh)
            message = Seq(result.seq, fresh[0]["seq"] - 1, env, fresh) if carried else Seq(result.seq)
            await self.bus.publish(table_id, message)
        return result

    async def _run(
        self,
        table_id: str,
        action_id: str | None,
        action_json: dict[str, Any],
        change: Change | Play | Timed,
        token: str | None,
    ) -> _Done:
        """The commit job: the fast path when it may (on the event loop for a light play), else
        or when it cannot settle it, the full path."""
        cached, seed = self.cache.get(table_id), self.cache.seed(table_id)
        args = (table_id, action_id, action_json, change, token)
        if isinstance(change, Play) and cached is not None and seed is not None:
            env, known = cached.env, seed
            with contextlib.suppress(_Used):
                if not heavy(change.system):
                    for pause in (*BUSY_PAUSES, None):
                        try:
                            return await self.writer.run_here(
                                lambda conn: self._commit_fast(conn, env, known, *args, here=True)
                            )
                        except Busy:
                            if pause is None:
                                break
                            await asyncio.sleep(pause)  # the table's lock is held: its state stays
                        except Elsewhere:
                            break
                return await self.writer.run(lambda conn: self._commit_fast(conn, env, known, *args))
        return await self.writer.run(lambda conn: self._commit_sync(conn, *args))

    def _rows(
        self,
        env: Envelope,
        applied: tuple[Envelope, list[Event]],
        dice: Dice,
        seat: str | None,
        action_id: str | None,
        action_json: dict[str, Any],
        at: int,
    ) -> _Rows:
        """The rows of the change from ``env`` that gave ``applied`` (the new state and events),
        committed at ``at`` (epoch ms, the action's ``created_at``)."""
        new_env, events = applied
        if not events:  # every applied action is in the log, so every update reaches clients
            events = [{"kind": "acted", "action": action_json.get("kind")}]
        first = env.seq + 1
        new_env = replace(new_env, seq=env.seq + len(events), n=env.n + 1, dice_index=dice.index)
        aid = action_id or f"~{new_id()}"
        changed = new_env.status != env.status or new_env.outcome != env.outcome
        return _Rows(
            new_env,
            {
                **action_row(aid, new_env.n, seat, action_json, first, new_env.seq, env.dice_index, dice),
                "created_at": stamp_of(at),
            },
            [event_row(first + i, aid, seat, e) for i, e in enumerate(events)],
            [{**e, "seq": first + i, "seat": seat} for i, e in enumerate(events)],
            (new_env.status, new_env.outcome) if changed else None,
            new_env.n % self.snapshot_every == 0,
        )

    def _write(
        self, conn: Connection, table_id: str, old_seq: int, rows: _Rows, token_hash: str | None, stamp: bool
    ) -> bool:
        """Write ``rows``: the table's seq moves from ``old_seq`` (False, nothing written: it moved
        on elsewhere, ``token_hash`` was revoked, or there is no table), then the action and its
        events (``_Used`` when the action id is in the log already: roll back), and a snapshot
        when one is due. ``stamp``: write the table's ``updated_at`` (a status change always does)."""
        if not repo.advance(conn, table_id, old_seq, rows.env.seq, token_hash, rows.status, stamp):
            return False
        if not repo.append_new(conn, table_id, rows.action, rows.events):
            raise _Used
        if rows.snapshot:
            repo.save_snapshot(conn, table_id, rows.env.seq, rows.env.n, rows.env.to_dict())
        return True

    def _commit_fast(
        self,
        conn: Connection,
        env: Envelope,
        seed: str,
        table_id: str,
        action_id: str | None,
        action_json: dict[str, Any],
        change: Change | Play | Timed,
        token_hash: str | None,
        here: bool = False,
    ) -> _Done:
        """The fast path (module docstring): three statements when the cached ``env`` is the
        table's current state, else the full path in the same transaction. ``here``: run by
        ``Writer.run_here`` on the event loop, which takes no full path (it reads and may
        replay): ``Elsewhere`` instead, before anything is written, and the writer thread runs
        the fast path again."""
        args = (table_id, action_id, action_json, change, token_hash)
        dice = Dice(seed, env.dice_index)
        seat = change.seat if isinstance(change, Play) else None
        at = now_ms()
        try:
            rows = self._rows(env, _step(change, conn, env, dice, at), dice, seat, action_id, action_json, at)
        except WarboardError:
            if here:
                raise Elsewhere from None
            return self._commit_sync(conn, *args)  # the full path's checks come first
        clock = time.monotonic()
        stamp = self.cache.stamp_due(table_id, clock)  # the lobby's order: at most every STAMP_EVERY s
        if not self._write(conn, table_id, env.seq, rows, token_hash, stamp):
            if here:
                raise Elsewhere  # the transaction is rolled back: nothing was written
            return self._commit_sync(conn, *args)  # moved on elsewhere, token revoked, or no table
        if stamp:
            self.cache.stamped(table_id, clock)
        return Committed(rows.env.seq, rows.fresh), rows.env, rows.fresh, None

    def _commit_sync(
        self,
        conn: Connection,
        table_id: str,
        action_id: str | None,
        action_json: dict[str, Any],
        change: Change | Play | Timed,
        token_hash: str | None,
    ) -> _Done:
        """The full path (module docstring): under the table's lock, from its row."""
        head = repo.lock_table(conn, table_id)
        if head is None:
            raise NotFound(f"There is no table {table_id!r}", code="unknown_table")
        seq, seed = head
        seat = change.seat if isinstance(change, Play) else None
        if action_id is not None:
            done = repo.get_action(conn, table_id, action_id)
            if done is not None:
                if done["actor"] != seat or done["action"] != action_json:
                    raise Conflict(
                        f"Action id {action_id!r} was already used for another action", code="duplicate_action_id"
                    )
                events = repo.events_between(conn, table_id, done["first_seq"] - 1, done["last_seq"])
                return Committed(done["last_seq"], events, duplicate=True), None, [], seed
        # The token is checked inside the transaction: a seat the host removed cannot act
        # through another process's token cache (TOKEN_TTL) for even a moment.
        if token_hash is not None and not repo.token_live(conn, token_hash):
            raise Unauthorized("The token is not valid for this table")
        # The usual case: no other process wrote since, and the cached state is the current one.
        env = self.cache.at(table_id, seq) or self.history.load(conn, table_id, read_table(conn, table_id))
        dice = Dice(seed, env.dice_index)
        at = now_ms()
        rows = self._rows(env, _step(change, conn, env, dice, at), dice, seat, action_id, action_json, at)
        if not self._write(conn, table_id, env.seq, rows, None, True):  # under the table's lock: it moves
            raise Conflict("Another change to this table landed first; try again", code="stale_seq")
        return Committed(rows.env.seq, rows.fresh), rows.env, rows.fresh, seed
