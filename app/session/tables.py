"""Tables and seats: creating a table, its fixed facts, spectator tokens, joining a seat, and
the host's close, kick and reopen (each a logged action of the table's own, ``TABLE_KINDS``)."""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import replace
from typing import Any

import anyio
from sqlalchemy import Connection, Engine

from app.core import dice as dice_mod
from app.core.dice import Dice
from app.core.errors import Conflict, Forbidden, NotFound
from app.core.events import Event
from app.core.tokens import hash_token, new_id, new_token
from app.session import clock_log
from app.session.bus import Bus, Kick
from app.session.cache import CACHE_TABLES, StateCache
from app.session.commit import Committer, Timed
from app.session.game import system_of
from app.session.projection import Projection, worker
from app.session.records import Actor, Committed, Envelope
from app.session.rows import action_row, event_row, read_table
from app.session.tokens import Tokens
from app.storage import extras
from app.storage import repository as repo
from app.storage.writer import Writer

#: the table row's fields that never change, kept in memory once read
META_FIELDS = ("id", "system", "name", "options", "visibility", "seeded", "commitment", "created_at")
#: ... for this many tables, the least recently read dropped first (twice the state cache's:
#: every table ever read kept its facts, so a server's memory grew with every table it served)
META_TABLES = 2 * CACHE_TABLES


class Tables:
    def __init__(
        self, engine: Engine, writer: Writer, bus: Bus, cache: StateCache, committer: Committer, tokens: Tokens
    ) -> None:
        self.engine = engine
        self.writer = writer
        self.bus = bus
        self.cache = cache
        self.committer = committer
        self.tokens = tokens
        self._meta: OrderedDict[str, dict[str, Any]] = OrderedDict()  # table_id -> META_FIELDS, last read last

    async def create(
        self,
        system_id: str,
        name: str,
        options: dict[str, Any] | None,
        visibility: str,
        seed: str | None,
        clock: dict[str, Any] | None = None,
    ) -> dict[str, Any]:
        """A new table. Its options are checked and its game set up on a worker thread, never on
        the event loop (custom terrain can take tens of ms); raises BadOptions, or IllegalAction
        for a ``clock`` the game cannot have (checked before anything is written)."""
        system = system_of(system_id)
        secret = seed if seed is not None else dice_mod.new_seed()

        def prepare() -> tuple[dict[str, Any], dict[str, Any], Dice]:
            opts = system.validate_options(options)
            dice = Dice(secret, 0)
            state = system.setup(opts, dice)  # may raise BadOptions
            if clock is not None:
                clock_log.check_settings(system, opts, state, clock)
            return opts, state, dice

        opts, state, dice = await anyio.to_thread.run_sync(prepare, limiter=worker("legal"))
        table_id, host = new_id(), new_token()
        row = {
            "id": table_id,
            "system": system.id,
            "name": name,
            "options": opts,
            "visibility": visibility,
            "status": "open",
            "seq": 0,
            "seed": secret,
            "seeded": seed is not None,
            "commitment": dice_mod.commitment(secret),
            "outcome": None,
        }
        event = {"kind": "table_created", "system": system.id, "name": name, "options": opts}
        env = Envelope(seq=0, n=0, dice_index=dice.index, status="open", state=state)

        def write(conn: Connection) -> None:
            repo.insert_table(conn, row)
            repo.insert_token(conn, hash_token(host), table_id, "host", None, "host")
            repo.append(
                conn,
                table_id,
                action_row("create", 0, None, {"kind": "table.create"}, 0, 0, 0, dice),
                [event_row(0, "create", None, event)],
            )

        await self.writer.run(write)
        self.cache.store(table_id, env, [{**event, "seq": 0, "seat": None}])
        if clock is not None and clock["mode"] != "none":
            logged = {"kind": "table.clock_set", "settings": clock, "seats": system.seats(opts)}

            def set_clock(_conn: Connection, now: Envelope, dice: Dice, at: int) -> tuple[Envelope, list[Event]]:
                return clock_log.table_step(system, now, logged, dice, at)

            await self.committer.commit(table_id, None, logged, Timed(set_clock))
        return {
            "id": table_id,
            "host_token": host,
            "dice_commitment": row["commitment"],
            "system": system.id,
            "name": name,
            "visibility": visibility,
            "seeded": seed is not None,
            "options": opts,
            "seats": system.seats(opts),
        }

    async def meta(self, table_id: str) -> dict[str, Any]:
        """The table's fixed facts (``META_FIELDS``). Raises NotFound."""
        meta = self._meta.get(table_id)
        if meta is not None:
            self._meta.move_to_end(table_id)
            return meta

        def read() -> dict[str, Any]:
            with self.engine.connect() as conn:
                return read_table(conn, table_id)

        row = await anyio.to_thread.run_sync(read)
        meta = {k: row[k] for k in META_FIELDS}
        self._meta[table_id] = meta
        while len(self._meta) > META_TABLES:
            self._meta.popitem(last=False)
        return meta

    async def confirm(self, table_id: str) -> None:
        """The table is still in the database, read now, not from memory. A table another
        process removed meanwhile (``warboard prune``) is forgotten here, and raises NotFound
        (``unknown_table``): what a failed check answers for it (a token no longer valid, say)
        must be that it is gone."""
        self._meta.pop(table_id, None)
        try:
            await self.meta(table_id)
        except NotFound:
            self.cache.forget(table_id)
            raise

    async def projection(self, table_id: str) -> Projection:
        """The table's one redaction point (``app.session.projection``)."""
        meta = await self.meta(table_id)
        return Projection(system_of(meta["system"]), bool(meta["seeded"]))

    async def spectate(self, table_id: str, name: str) -> dict[str, Any]:
        await self.meta(table_id)
        token = new_token()
        await self.writer.run(
            lambda conn: repo.insert_token(conn, hash_token(token), table_id, "spectator", None, name)
        )
        return {"token": token, "role": "spectator"}

    async def join(self, table_id: str, seat: str, name: str) -> dict[str, Any]:
        meta = await self.meta(table_id)
        system = system_of(meta["system"])
        labels = system.seat_labels(meta["options"])
        if seat not in labels:
            raise NotFound(
                f"There is no such seat at this table; its seats are {', '.join(labels.values())}", code="unknown_seat"
            )
        label = labels[seat]
        token = new_token()
        token_hash = hash_token(token)

        def take(conn: Connection, env: Envelope, _dice: Dice) -> tuple[Envelope, list[Event]]:
            current = repo.get_seats(conn, table_id).get(seat)
            if current is not None:
                if current["state"] == "closed":
                    raise Conflict(f"The seat of {label} was closed by the host", code="seat_closed")
                raise Conflict(f"{label} is taken by {current['name']}", code="seat_taken")
            repo.insert_token(conn, token_hash, table_id, "player", seat, name)
            repo.put_seat(conn, table_id, seat, "taken", name, token_hash)
            return env, [{"kind": "seat_joined", "seat_id": seat, "name": name}]

        await self.committer.commit(table_id, None, {"kind": "table.join", "seat": seat}, take)
        return {"token": token, "seat": seat, "role": "player"}

    async def host_action(self, actor: Actor, kind: str, seat: str | None = None) -> Committed:
        """``close``, ``kick`` (revoke the seat's token and close the seat) or ``reopen``."""
        if actor.role != "host":
            raise Forbidden("Only the table's host may do this", code="not_host")
        table_id = actor.table_id
        meta = await self.meta(table_id)
        if kind != "close" and seat not in system_of(meta["system"]).seats(meta["options"]):
            raise NotFound("There is no such seat at this table", code="unknown_seat")
        revoked: list[str] = []

        def change(conn: Connection, env: Envelope, _dice: Dice) -> tuple[Envelope, list[Event]]:
            if kind == "close":
                if env.status == "closed":
                    raise Conflict("The table is already closed", code="table_closed")
                return replace(env, status="closed"), [{"kind": "table_closed"}]
            assert seat is not None
            current = repo.get_seats(conn, table_id).get(seat)
            if kind == "kick":
                if current is not None and current["token_hash"]:
                    repo.revoke_token(conn, current["token_hash"])
                    revoked.append(current["token_hash"])
                extras.revoke_seat_links(conn, table_id, seat)  # a removed player's links go with the seat
                repo.put_seat(conn, table_id, seat, "closed", "", None)
                return env, [{"kind": "seat_kicked", "seat_id": seat}]
            if current is None or current["state"] != "closed":
                raise Conflict(
                    f"The seat of {system_of(meta['system']).seat_label(seat, meta['options'])} is not closed",
                    code="seat_not_closed",
                )
            repo.delete_seat(conn, table_id, seat)
            return env, [{"kind": "seat_reopened", "seat_id": seat}]

        result = await self.committer.commit(table_id, None, {"kind": f"table.{kind}", "seat": seat}, change)
        for token_hash in revoked:
            self.tokens.forget(token_hash)
            await self.bus.publish(table_id, Kick(token_hash))
        return result
