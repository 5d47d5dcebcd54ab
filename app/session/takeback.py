"""Takebacks: a seat asks to take back its latest action; the other players allow or refuse.

The table's host sets takebacks per table (``takeback`` setting): ``off`` refuses every request
(``takeback_off``); ``free`` takes back at once; ``ask`` (the default) asks every other seated
player, and the action is taken back once they all allow it. A request lapses when anyone acts
(``app.session.game.play``), after ``LAPSE_SECONDS``, or when a player refuses it.

A request takes back one action, the latest of the seat's window (``RuleSystem.takeback_window``:
no die rolled, nothing revealed and no other seat acted since); asking again walks further back.
Requests, answers and takebacks are logged as the table's own actions (``app.session.takeback_log``),
so a restart, a replay and an import rebuild them. Seats send them as actions, by websocket or
``POST .../actions``: ``{"kind": "takeback"}``, ``{"kind": "takeback.allow"}``,
``{"kind": "takeback.refuse"}``. Computer players allow every request (``app.bots.client``).
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import time
from dataclasses import replace
from typing import Any

import anyio
from sqlalchemy import Connection, Engine

from app.core.dice import Dice
from app.core.errors import Conflict, Forbidden, GameOver, IllegalAction, MalformedAction, WarboardError
from app.core.events import Event
from app.session.clock_log import after_takeback
from app.session.commit import Committer, Timed
from app.session.game import system_of
from app.session.history import History
from app.session.records import Actor, Committed, Envelope
from app.session.rows import read_table
from app.session.tables import Tables
from app.session.takeback_log import logged, table_step
from app.storage import extras
from app.storage import repository as repo
from app.systems.takeback import MESSAGES, Logged, Window, refusal

#: the kinds a seat sends (as actions) to ask and answer
REQUESTS = ("takeback", "takeback.allow", "takeback.refuse")
#: an unanswered request lapses after this long (seconds; ``WARBOARD_TAKEBACK_LAPSE``)
LAPSE_SECONDS = float(os.environ.get("WARBOARD_TAKEBACK_LAPSE", "60"))
LOOK_BACK = 64  # the actions read back from the log's end to find a seat's window


def is_request(raw: Any) -> bool:
    """Is ``raw`` (an action as sent) a takeback request or answer?"""
    return isinstance(raw, dict) and raw.get("kind") in REQUESTS


def seat_window(conn: Connection, table_id: str, system_id: str, seat: str) -> Window:
    """``seat``'s takeback window now, read from the log's end."""
    skip = {n for _, ns in repo.taken_back(conn, table_id) for n in ns}
    log: list[Logged] = logged(repo.last_actions(conn, table_id, LOOK_BACK), skip)
    return system_of(system_id).takeback_window(log, seat)


def _mode(conn: Connection, table_id: str) -> str:
    return str(extras.get_settings(conn, table_id)["takeback"])


class Takebacks:
    def __init__(self, engine: Engine, tables: Tables, history: History, committer: Committer) -> None:
        self.engine = engine
        self.tables = tables
        self.history = history
        self.committer = committer
        self._timers: set[asyncio.Task[None]] = set()

    async def window(self, actor: Actor) -> dict[str, Any]:
        """What ``actor`` may take back now (``GET .../takeback``): the seqs of the action a
        request would take back, or the code of why none."""
        meta = await self.tables.meta(actor.table_id)

        def read() -> dict[str, Any]:
            with self.engine.connect() as conn:
                mode = _mode(conn, actor.table_id)
                if actor.seat is None:
                    return {"mode": mode, "seqs": [], "code": "not_a_player"}
                win = seat_window(conn, actor.table_id, meta["system"], actor.seat)
            if mode == "off":
                return {"mode": mode, "seqs": [], "code": "takeback_off"}
            if win.empty:
                return {"mode": mode, "seqs": [], "code": refusal(win)}
            return {"mode": mode, "seqs": list(win.actions[0].seqs), "code": None}

        return await anyio.to_thread.run_sync(read)

    async def act(self, actor: Actor, raw: dict[str, Any]) -> Committed:
        """A seat's request (``takeback``) or answer (``takeback.allow``, ``takeback.refuse``).
        Raises a WarboardError, and changes nothing, when refused."""
        if actor.role != "player" or actor.seat is None:
            raise Forbidden("Only a seated player may ask for or answer a takeback", code="not_a_player")
        if set(raw) != {"kind"}:
            raise MalformedAction(f"{raw['kind']!r} takes no other field")
        meta = await self.tables.meta(actor.table_id)
        table_id, seat, kind = actor.table_id, actor.seat, raw["kind"]
        logged_as: dict[str, Any] = {"kind": "table." + kind.replace(".", "_"), "seat": seat}
        asked_at = time.time()

        def change(conn: Connection, env: Envelope, _dice: Dice, at: int) -> tuple[Envelope, list[Event]]:
            # the action as logged is settled here, under the table's lock: ``logged_as`` is
            # the very dict the committer writes
            if kind == "takeback":
                made = self._ask(conn, env, meta["system"], actor, asked_at)
            else:
                made = self._answer(conn, env, seat, kind == "takeback.allow")
            logged_as.clear()
            logged_as.update(made)
            if made["kind"] == "table.takeback":
                taken, events = self._take_back(conn, table_id, env, made)
                return after_takeback(system_of(meta["system"]), taken, at), events
            return table_step(env, made)

        result = await self.committer.commit(table_id, None, logged_as, Timed(change), token_hash=actor.token_hash)
        if logged_as["kind"] == "table.takeback_ask":
            self._lapse_later(table_id, asked_at)
        return result

    def _ask(self, conn: Connection, env: Envelope, system_id: str, actor: Actor, at: float) -> dict[str, Any]:
        table_id, seat = actor.table_id, actor.seat
        assert seat is not None
        mode = _mode(conn, table_id)
        if mode == "off":
            raise IllegalAction("The host turned takebacks off at this table", code="takeback_off")
        _check_open(env)
        if env.takeback is not None:
            raise Conflict("A takeback is already asked; wait for the answer", code="takeback_pending")
        win = seat_window(conn, table_id, system_id, seat)
        if win.empty:
            code = refusal(win)
            raise IllegalAction(MESSAGES[code], code=code)
        latest = win.actions[0]
        seats = repo.get_seats(conn, table_id)
        others = sorted(s for s, row in seats.items() if row["state"] == "taken" and s != seat)
        request = {"seat": seat, "name": actor.name, "n": latest.n, "seqs": list(latest.seqs)}
        if mode == "free" or not others:
            return {"kind": "table.takeback", **request}
        return {"kind": "table.takeback_ask", **request, "at": at, "waiting": others}

    def _answer(self, conn: Connection, env: Envelope, seat: str, allow: bool) -> dict[str, Any]:
        pending = env.takeback
        if pending is None or seat not in pending["waiting"] or time.time() - pending["asked_at"] > LAPSE_SECONDS:
            raise IllegalAction("No takeback waits for your answer", code="no_takeback_pending")
        if not allow:
            return {"kind": "table.takeback_refuse", "seat": seat}
        if [s for s in pending["waiting"] if s != seat]:
            return {"kind": "table.takeback_allow", "seat": seat}
        asked = {k: pending[k] for k in ("seat", "name", "n", "seqs")}
        return {"kind": "table.takeback", **asked, "allowed_by": seat}

    def _take_back(
        self, conn: Connection, table_id: str, env: Envelope, made: dict[str, Any]
    ) -> tuple[Envelope, list[Event]]:
        """The table without action ``made["n"]``: replayed from before it, skipping it (and
        every action taken back before); the snapshots that hold it are dropped."""
        repo.drop_snapshots_from(conn, table_id, made["n"])
        self.history.checkpoints.pop(table_id, None)
        row = read_table(conn, table_id)
        without = self.history.replay(conn, table_id, row, env, None, also=frozenset({made["n"]}))
        return table_step(replace(without, takeback=env.takeback), made)

    def _lapse_later(self, table_id: str, asked_at: float) -> None:
        async def lapse() -> None:
            await asyncio.sleep(LAPSE_SECONDS)

            def change(_conn: Connection, env: Envelope, _dice: Dice) -> tuple[Envelope, list[Event]]:
                if env.takeback is None or env.takeback["asked_at"] != asked_at:
                    raise IllegalAction("No takeback waits", code="no_takeback_pending")
                return table_step(env, {"kind": "table.takeback_lapse"})

            with contextlib.suppress(WarboardError):  # answered, lapsed or acted on meanwhile
                await self.committer.commit(table_id, None, {"kind": "table.takeback_lapse"}, change)

        task = asyncio.ensure_future(lapse())
        self._timers.add(task)
        task.add_done_callback(self._timers.discard)

    async def stop(self) -> None:
        for task in list(self._timers):
            task.cancel()


def _check_open(env: Envelope) -> None:
    if env.status == "finished":
        raise GameOver("The game is over")
    if env.status == "closed":
        raise IllegalAction("The table is closed", code="table_closed")
