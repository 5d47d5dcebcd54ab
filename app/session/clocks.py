"""Clocks: the host's clock settings, pauses, and the time-outs that act with nobody connected.

The host sets a table's clock before its game starts (``set``: refused once a seat made a game
action, ``clock_locked``). Pauses reuse the takeback's shape: the host pauses and resumes at once;
a seat sends ``{"kind": "clock.pause"}`` and every other seated player answers
``{"kind": "clock.allow"}`` or ``{"kind": "clock.refuse"}``; any seated player (or the host) sends
``{"kind": "clock.resume"}`` to end a pause made by agreement, and only the host ends the host's.
Each is a logged table action (``app.session.clock_log``), so a restart, a replay and an import
rebuild the same clock.

A timer per running clock sleeps until the clock's deadline and commits ``table.clock_timeout``
through the commit path: under the table's lock the clock must still be due at the commit time,
so a second process's timer (or one that lost a race with the seat's own move) is refused and
changes nothing. The timed-out seat's turn is then played by the computer (``chooser``, the same
policy computer players use, fed only that seat's view and legal list) or ended by the game's
turn end (``RuleSystem.skip_action``), or the seat loses (two seats).

Every process keeps a timer for every running clock: it arms one on its own commits, on the
commits it hears of through the bus (``Session.follow``), and, every ``SCAN_EVERY`` seconds, for
each open clocked table whose seq in the database moved past the one it armed from (``scan``,
which ``restore`` runs first at start). So a table's time-out comes within about ``SCAN_EVERY``
seconds of its deadline while any process lives, even one that follows nothing at that table.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from typing import Any

import anyio
from sqlalchemy import Connection, Engine

from app.core import clock
from app.core.dice import Dice
from app.core.errors import Conflict, Forbidden, GameOver, IllegalAction, MalformedAction, WarboardError
from app.core.events import Event
from app.session.clock_log import check_settings, table_step
from app.session.commit import Committer, Timed, now_ms
from app.session.game import system_of
from app.session.history import History
from app.session.projection import Projection, worker
from app.session.records import Actor, Committed, Envelope
from app.session.tables import Tables
from app.storage import repository as repo
from app.systems.base import RuleSystem

log = logging.getLogger("warboard.clock")
SCAN_EVERY = 2.0  # seconds between a process's reads of the running clocks' seqs (one small query)

#: the kinds a seat (or the host) sends as actions
REQUESTS = ("clock.pause", "clock.resume", "clock.allow", "clock.refuse")
#: what a computer player decides from: (view, legal actions, seed, seq) -> action or None
Chooser = Callable[[dict[str, Any], list[dict[str, Any]], str, int], dict[str, Any] | None]


def is_request(raw: Any) -> bool:
    """Is ``raw`` (an action as sent) a clock request?"""
    return isinstance(raw, dict) and raw.get("kind") in REQUESTS


class Clocks:
    def __init__(self, engine: Engine, tables: Tables, history: History, committer: Committer) -> None:
        self.engine = engine
        self.tables = tables
        self.history = history
        self.committer = committer
        #: the computer's choice for a seat out of time (set by the app: ``app.bots.policy.choose``)
        self.chooser: Chooser | None = None
        self._timers: dict[str, tuple[int, asyncio.Task[None]]] = {}  # table -> (deadline, timer)
        self._armed: dict[str, int] = {}  # table -> the seq its timer was armed from
        self._scanner: asyncio.Task[None] | None = None
        committer.listeners.append(self.arm)

    # --- the host's settings -------------------------------------------------------------
    async def set(self, actor: Actor, settings: dict[str, Any]) -> Committed:
        """The host sets the table's clock (``settings``: mode, initial, increment, days, timeout).
        Raises Forbidden (not the host), Conflict ``clock_locked`` (the game is on), IllegalAction."""
        if actor.role != "host":
            raise Forbidden("Only the table's host may set its clock")
        meta = await self.tables.meta(actor.table_id)
        system = system_of(meta["system"])
        seats = system.seats(meta["options"])
        logged = {"kind": "table.clock_set", "settings": settings, "seats": seats}

        def change(conn: Connection, env: Envelope, dice: Dice, at: int) -> tuple[Envelope, list[Event]]:
            if env.status != "open" or repo.has_game_action(conn, actor.table_id):
                raise Conflict("The clock is set before the game starts", code="clock_locked")
            check_settings(system, meta["options"], env.state, settings)
            return table_step(system, env, logged, dice, at)

        return await self.committer.commit(actor.table_id, None, logged, Timed(change), token_hash=actor.token_hash)

    # --- pauses --------------------------------------------------------------------------
    async def act(self, actor: Actor, raw: dict[str, Any]) -> Committed:
        """A pause, its answer or a resume, from a seat or the host. Raises a WarboardError, and
        changes nothing, when refused."""
        if actor.role == "spectator" or (actor.role == "player" and actor.seat is None):
            raise Forbidden("Only the host or a seated player may pause the clock", code="not_a_player")
        if set(raw) != {"kind"}:
            raise MalformedAction(f"{raw['kind']!r} takes no other field")
        meta = await self.tables.meta(actor.table_id)
        system = system_of(meta["system"])
        kind = raw["kind"]
        logged: dict[str, Any] = {"kind": "table.clock_" + kind.split(".")[1]}

        def change(conn: Connection, env: Envelope, dice: Dice, at: int) -> tuple[Envelope, list[Event]]:
            made = self._decide(conn, env, actor, kind)
            logged.clear()
            logged.update(made)
            return table_step(system, env, made, dice, at)

        return await self.committer.commit(actor.table_id, None, logged, Timed(change), token_hash=actor.token_hash)

    def _decide(self, conn: Connection, env: Envelope, actor: Actor, kind: str) -> dict[str, Any]:
        """The action as logged, for ``kind`` asked by ``actor`` at ``env`` (or a refusal)."""
        ticking = env.clock
        if ticking is None:
            raise IllegalAction("This table has no clock", code="no_clock")
        if env.status != "open":
            raise GameOver("The game is over")
        seat, host = actor.seat, actor.role == "host"
        if kind == "clock.resume":
            paused = ticking["paused"]
            if paused is None:
                raise IllegalAction("The clock is not paused", code="clock_not_paused")
            if paused["by"] == "host" and not host:
                raise Forbidden("The host paused the clock; only the host resumes it", code="host_paused")
            return {"kind": "table.clock_resume", "by": "host" if host else seat}
        if kind == "clock.pause":
            if ticking["paused"] is not None:
                raise IllegalAction("The clock is paused already", code="clock_paused")
            if ticking["ask"] is not None:
                raise Conflict("A pause is asked already; wait for the answer", code="pause_pending")
            others = self._others(conn, actor)
            if host or not others:
                return {"kind": "table.clock_pause", "by": "host" if host else "agreement", "seat": seat}
            return {"kind": "table.clock_ask", "seat": seat, "name": actor.name, "waiting": others}
        ask = ticking["ask"]
        if ask is None or seat is None or seat not in ask["waiting"]:
            raise IllegalAction("No pause waits for your answer", code="no_pause_pending")
        if kind == "clock.refuse":
            return {"kind": "table.clock_refuse", "seat": seat}
        if [s for s in ask["waiting"] if s != seat]:
            return {"kind": "table.clock_allow", "seat": seat}
        return {"kind": "table.clock_pause", "by": "agreement", "seat": seat}

    def _others(self, conn: Connection, actor: Actor) -> list[str]:
        seats = repo.get_seats(conn, actor.table_id)
        return sorted(s for s, row in seats.items() if row["state"] == "taken" and s != actor.seat)

    # --- time-outs ---------------------------------------------------------------------
    def arm(self, table_id: str, env: Envelope) -> None:
        """(Re)arm the table's timer for the deadline of ``env``'s clock (none: disarmed). An
        ``env`` older than the one the timer was armed from (a slow read) changes nothing."""
        if env.seq < self._armed.get(table_id, -1):
            return
        self._armed[table_id] = env.seq
        at = clock.deadline(env.clock) if env.status == "open" else None
        held = self._timers.get(table_id)
        if held is not None:
            if held[0] == at and not held[1].done():
                return
            held[1].cancel()
            self._timers.pop(table_id, None)
        if at is None:
            return
        task = asyncio.ensure_future(self._wait(table_id, at))
        self._timers[table_id] = (at, task)

    async def _wait(self, table_id: str, at: int) -> None:
        await asyncio.sleep(max(0.0, (at - now_ms()) / 1000))
        held = self._timers.get(table_id)
        if held is not None and held[0] == at:
            self._timers.pop(table_id, None)
        try:
            await self.fire(table_id)
        except WarboardError as exc:  # the clock moved on meanwhile, or a seat's move landed first
            log.info("clock of table %s: no time-out (%s)", table_id, exc.code)
        except Exception:  # a timer must never die silently
            log.exception("clock of table %s: the time-out failed", table_id)

    async def fire(self, table_id: str) -> Committed | None:
        """Time out the seats whose time is out now, by the table's rule (None: nobody is out)."""
        env = await self.history.current(table_id)
        due = clock.due(env.clock, now_ms())
        if env.status != "open" or env.clock is None or not due:
            return None
        meta = await self.tables.meta(table_id)
        system = system_of(meta["system"])
        rule, seat = env.clock["timeout"], due[0]
        logged: dict[str, Any] = {"kind": "table.clock_timeout", "seats": due, "rule": rule}
        if rule != "lose":
            chosen = await anyio.to_thread.run_sync(
                self._choose, table_id, system, env, seat, rule, limiter=worker("legal")
            )
            if chosen is not None:
                logged.update(seat=seat, action=chosen)
            elif set(due) <= set(env.clock["out"]):
                return None  # out already, and nothing to play for it: nothing changes
        seq = env.seq

        def change(_conn: Connection, now: Envelope, dice: Dice, at: int) -> tuple[Envelope, list[Event]]:
            if now.seq != seq or clock.due(now.clock, at) != due:
                raise Conflict("The clock moved on", code="stale_seq")
            return table_step(system, now, logged, dice, at)

        return await self.committer.commit(table_id, None, logged, Timed(change))

    def _choose(self, table_id: str, system: RuleSystem, env: Envelope, seat: str, rule: str) -> dict[str, Any] | None:
        """The action played for ``seat`` out of time: the game's turn end (``skip``, when it
        lists one now), else the computer's choice from the seat's own view and legal list."""
        if rule == "skip":
            skipped = system.skip_action(env.state, seat)
            if skipped is not None:
                return skipped
        if self.chooser is None:
            return None
        projection = Projection(system, False)
        view = projection.view(env, seat)
        return self.chooser(view, projection.legal(env, seat), f"clock:{table_id}", env.seq)

    async def restore(self) -> int:
        """At start: arm the timer of every open table with a clock, from its log, then scan
        every ``SCAN_EVERY`` seconds. The count of those tables."""
        count = await self.scan()
        if self._scanner is None:
            self._scanner = asyncio.ensure_future(self._scan_on())
        return count

    async def scan(self) -> int:
        """Arm the timer of each open clocked table whose seq moved past the one its timer was
        armed from (another process committed there, and no bus news of it reached this one).
        The count of open clocked tables."""

        def read() -> dict[str, int]:
            with self.engine.connect() as conn:
                return repo.clocked_seqs(conn)

        seqs = await anyio.to_thread.run_sync(read)
        for table_id in [t for t in self._armed if t not in seqs and t not in self._timers]:  # over, or gone
            self._armed.pop(table_id, None)
        for table_id, seq in seqs.items():
            if seq > self._armed.get(table_id, -1):
                with contextlib.suppress(WarboardError):
                    self.arm(table_id, await self.history.current(table_id))
        return len(seqs)

    async def _scan_on(self) -> None:
        while True:
            await asyncio.sleep(SCAN_EVERY)
            try:
                await self.scan()
            except Exception:  # the database away for a moment: the next scan tries again
                log.warning("clock scan failed", exc_info=True)

    async def stop(self) -> None:
        if self._scanner is not None:
            self._scanner.cancel()
            self._scanner = None
        for _, task in list(self._timers.values()):
            task.cancel()
        self._timers.clear()
