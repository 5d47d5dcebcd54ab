"""``Session``: the one orchestrator that routes and websocket handlers call.

It wires the session's parts together and is their single entry point; each part is a module
of its own (see ``app/session/__init__.py`` for the map). Nothing here holds game logic: a change
of a table goes through the commit path (``commit.Committer``), state is read through the
history (``history.History``) and the state cache (``cache.StateCache``), and everything sent to
a viewer goes through the table's projection (``app.session.projection``), the one redaction point.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import Engine

from app.core.errors import NotFound, Unauthorized
from app.core.events import Event
from app.session import clocks
from app.session.actions import Actions
from app.session.bus import Bus, Seq
from app.session.cache import StateCache
from app.session.clocks import Clocks
from app.session.commit import Committer
from app.session.history import History
from app.session.lobby import Lobby
from app.session.projection import Projection
from app.session.proof import dice_proof
from app.session.records import Actor, Committed, Envelope, Preview, check_held
from app.session.report import game_report
from app.session.seats import Seats
from app.session.tables import Tables
from app.session.takeback import REQUESTS as TAKEBACK_REQUESTS
from app.session.takeback import Takebacks, is_request
from app.session.tokens import Tokens
from app.storage.writer import Writer


def table_gone() -> NotFound:
    """What a write to a table that was removed meanwhile raises (``Writer.run``)."""
    return NotFound("This table no longer exists", code="unknown_table")


#: the kinds of the actions every table takes whatever its game (a takeback, the clock's pauses)
TABLE_ACTION_KINDS = (*TAKEBACK_REQUESTS, *clocks.REQUESTS)


class Session:
    def __init__(self, engine: Engine, bus: Bus, snapshot_every: int = 100) -> None:
        self.engine = engine
        self.writer = Writer(engine, gone=table_gone)
        self.bus = bus
        self.cache = StateCache()
        self.tokens = Tokens(engine)
        self.history = History(engine, self.cache)
        self.committer = Committer(self.writer, bus, self.cache, self.history, snapshot_every)
        self.tables = Tables(engine, self.writer, bus, self.cache, self.committer, self.tokens)
        self.seats = Seats(engine, self.writer, bus, self.committer, self.tokens, self.tables)
        self.listing = Lobby(engine, bus, self.tables)
        self.actions = Actions(self.tables, self.history, self.committer)
        self.takebacks = Takebacks(engine, self.tables, self.history, self.committer)
        self.clocks = Clocks(engine, self.tables, self.history, self.committer)

    @property
    def snapshot_every(self) -> int:
        return self.committer.snapshot_every

    # --- tables and seats (tables.Tables, lobby.Lobby) ---------------------------------------
    async def create_table(
        self,
        system_id: str,
        name: str,
        options: dict[str, Any] | None,
        visibility: str,
        seed: str | None,
        clock: dict[str, Any] | None = None,
    ) -> dict[str, Any]:
        return await self.tables.create(system_id, name, options, visibility, seed, clock)

    async def table_meta(self, table_id: str) -> dict[str, Any]:
        return await self.tables.meta(table_id)

    async def confirm_table(self, table_id: str) -> None:
        """Raises NotFound unless the table is in the database now (``Tables.confirm``)."""
        await self.tables.confirm(table_id)

    async def summary(self, table_id: str) -> dict[str, Any]:
        return await self.listing.summary(table_id)

    async def lobby(self) -> list[dict[str, Any]]:
        return await self.listing.entries()

    async def spectate(self, table_id: str, name: str) -> dict[str, Any]:
        return await self.tables.spectate(table_id, name)

    async def join(self, table_id: str, seat: str, name: str) -> dict[str, Any]:
        return await self.tables.join(table_id, seat, name)

    async def host_action(self, actor: Actor, kind: str, seat: str | None = None) -> Committed:
        """``close``, ``kick`` (revoke the seat's token and close the seat) or ``reopen``."""
        return await self.tables.host_action(actor, kind, seat)

    # --- who holds a seat (seats.Seats) ------------------------------------------------------
    async def issue_link(self, actor: Actor, seat: str | None) -> dict[str, Any]:
        """A rejoin link for a seat: the host for any taken seat (announced), a player for theirs."""
        return await self.seats.issue_link(actor, seat)

    async def redeem_link(self, table_id: str, key: str) -> dict[str, Any]:
        """A rejoin link's fresh seat token, once; the seat's older token stops working."""
        return await self.seats.redeem(table_id, key)

    async def seat_holders(self, table_id: str) -> dict[str, str | None]:
        """Each taken seat's token hash, read from the database now."""
        return await self.seats.holders(table_id)

    # --- tokens (tokens.Tokens) --------------------------------------------------------------
    async def authenticate(self, table_id: str, token: str | None) -> Actor:
        """The actor behind a bearer token at this table. Raises Unauthorized, or NotFound
        when the table was removed meanwhile (404 before 401, also for a table this process
        still had in memory)."""
        try:
            return await self.tokens.authenticate(table_id, token)
        except Unauthorized:
            await self.tables.confirm(table_id)
            raise

    # --- actions (actions.Actions, commit.Committer) -----------------------------------------
    async def apply(self, actor: Actor, action_id: str, raw_action: Any, seat: str | None = None) -> Committed:
        """Apply one action of a seat (or its takeback request or answer, ``takeback.Takebacks``).
        ``seat``: the seat the sender means to act for, when it names one (a device holding
        several seats does): refused (``seat_not_held``) unless the token holds that seat.
        Raises a WarboardError (and changes nothing) if not legal."""
        check_held(actor, seat)
        if is_request(raw_action):
            return await self.takebacks.act(actor, raw_action)
        if clocks.is_request(raw_action):
            return await self.clocks.act(actor, raw_action)
        return await self.actions.apply(actor, action_id, raw_action)

    async def set_clock(self, actor: Actor, settings: dict[str, Any]) -> Committed:
        """The host sets the table's clock before the game (``clocks.Clocks.set``)."""
        return await self.clocks.set(actor, settings)

    async def takeback_window(self, actor: Actor) -> dict[str, Any]:
        """What ``actor``'s seat may take back now (``takeback.Takebacks.window``)."""
        return await self.takebacks.window(actor)

    async def preview(self, actor: Actor, raw_action: Any) -> Preview:
        """What the action would do, without doing it (``Actions.preview``)."""
        return await self.actions.preview(actor, raw_action)

    async def ruling(self, actor: Actor, action_id: str, raw_action: Any) -> Committed:
        """A host ruling (e.g. settling a disputed record), applied as the seat ``HOST_SEAT``."""
        return await self.actions.ruling(actor, action_id, raw_action)

    # --- reading state (history.History, cache.StateCache) -----------------------------------
    async def current(self, table_id: str) -> Envelope:
        """The latest committed state (from the cache when it is up to date)."""
        return await self.history.current(table_id)

    async def follow(self, table_id: str, after: int, news: Seq | None = None) -> tuple[Envelope, list[Event]]:
        """What the table did after seq ``after``: its state now and the events since, from what
        ``news`` announced when it can (``History.follow``). A table's hub calls it on each
        announcement, whichever process committed it. The table's clock timer is armed (or
        re-armed) here too, so a commit of another process is enforced by this one as well:
        should that process die, its time-out still comes (the commit path acts once)."""
        env, events = await self.history.follow(table_id, after, news)
        self.clocks.arm(table_id, env)
        return env, events

    async def events_after(self, table_id: str, after: int, upto: int | None = None, limit: int = 1000) -> list[Event]:
        """Committed events with after < seq <= upto, unredacted (redact before sending)."""
        return await self.history.events_after(table_id, after, upto, limit)

    async def envelope_at(self, table_id: str, seq: int) -> Envelope:
        """The state after the last action whose events end at or before ``seq`` (for replays)."""
        return await self.history.envelope_at(table_id, seq)

    def rebuild(self, table_id: str) -> tuple[Envelope, list[Event]]:
        """Replay the whole log from the start, ignoring snapshots and the cache (for checks)."""
        return self.history.rebuild(table_id)

    # --- what leaves the server (app.session.projection) ---------------------------------------------
    async def projection(self, table_id: str) -> Projection:
        """The table's one redaction point (``app.session.projection``)."""
        return await self.tables.projection(table_id)

    async def view(self, actor: Actor) -> tuple[int, dict[str, Any]]:
        env = await self.current(actor.table_id)
        projection = await self.projection(actor.table_id)
        return env.seq, await projection.run(projection.view, env, actor.seat)

    async def report(self, table_id: str) -> dict[str, Any]:
        """The after-game report (``report.game_report``): NotFound, Conflict while open."""
        return await game_report(self, table_id)

    async def proof(self, table_id: str) -> dict[str, Any]:
        """The dice proof of a finished or closed table (``proof.dice_proof``)."""
        return await dice_proof(self.engine, table_id)
