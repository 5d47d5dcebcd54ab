"""The one orchestrator: load, check, apply, persist, publish.

Routes and websocket handlers call only this. For every change of a table it takes the table's
lock (an in-process lock, plus ``BEGIN IMMEDIATE`` on SQLite or a row lock on PostgreSQL so
several processes can share a table), loads the current state (memory cache keyed by seq, else
the latest snapshot plus the actions after it, replayed), applies the rule system, commits the
action and its events in one transaction with the next gapless ``seq``, and only then
announces the new seq on the bus.

State is rebuilt by replaying the logged actions with their recorded dice positions; rule
systems are deterministic, so the replay yields the very events in the log (a test checks it).
"""

from __future__ import annotations

import asyncio
import bisect
import copy
import time
from collections import OrderedDict
from dataclasses import dataclass, field, replace
from typing import Any

import anyio
from sqlalchemy import Connection, Engine
from sqlalchemy.exc import IntegrityError, InterfaceError, OperationalError
from sqlalchemy.exc import TimeoutError as PoolTimeout

from app import systems
from app.core import dice as dice_mod
from app.core.dice import Dice, PreviewDice
from app.core.errors import (
    Conflict,
    Forbidden,
    GameOver,
    IllegalAction,
    MalformedAction,
    NotFound,
    Unauthorized,
    Unavailable,
    WarboardError,
)
from app.core.events import Event
from app.core.tokens import hash_token, matches, new_id, new_token
from app.projection import PreviewOutcome, Projection
from app.storage import repository as repo
from app.storage.writer import Writer
from app.systems.base import HOST_SEAT, RuleSystem
from app.transport.bus import Bus

TABLE_KINDS = ("table.create", "table.join", "table.kick", "table.reopen", "table.close")
RECENT_EVENTS = 512
CACHE_TABLES = 2000
TOKEN_TTL = 2.0
CHECKPOINT_EVERY = 25  # replay checkpoints: one envelope per this many actions
CHECKPOINT_TABLES = 32  # tables whose replay checkpoints are kept
DB_RETRY_AFTER = 1  # seconds a client is asked to wait after a database timeout


@dataclass(frozen=True)
class Actor:
    table_id: str
    role: str  # host | player | spectator
    seat: str | None
    name: str
    token_hash: str


@dataclass
class Envelope:
    """One table's state at ``seq``: the rule system's state plus the table's own."""

    seq: int
    n: int  # actions applied so far (the setup is action 0)
    dice_index: int
    status: str  # open | finished | closed
    state: dict[str, Any]
    outcome: dict[str, Any] | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "seq": self.seq,
            "n": self.n,
            "dice_index": self.dice_index,
            "status": self.status,
            "state": self.state,
            "outcome": self.outcome,
        }


@dataclass
class Cached:
    env: Envelope
    recent: list[Event] = field(default_factory=list)  # the last events, oldest first


@dataclass(frozen=True)
class Preview:
    legal: bool
    events: list[Event]
    outcome: PreviewOutcome
    error: WarboardError | None


@dataclass(frozen=True)
class Committed:
    seq: int
    events: list[Event]
    duplicate: bool = False


class Session:
    def __init__(self, engine: Engine, bus: Bus, snapshot_every: int = 100) -> None:
        self.engine = engine
        self.writer = Writer(engine)
        self.bus = bus
        self.snapshot_every = snapshot_every
        self._cache: OrderedDict[str, Cached] = OrderedDict()
        self._locks: dict[str, asyncio.Lock] = {}
        self._meta: dict[str, dict[str, Any]] = {}  # table_id -> immutable table row fields
        self._tokens: dict[str, tuple[float, Actor | None]] = {}
        self._checkpoints: dict[str, list[Envelope]] = {}  # table_id -> replay checkpoints, by n

    # --- tables ----------------------------------------------------------------------
    async def create_table(
        self, system_id: str, name: str, options: dict[str, Any] | None, visibility: str, seed: str | None
    ) -> dict[str, Any]:
        system = self._system_by_id(system_id)
        opts = system.validate_options(options)
        table_id, host = new_id(), new_token()
        secret = seed if seed is not None else dice_mod.new_seed()
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
        dice = Dice(secret, 0)
        state = system.setup(opts, dice)  # may raise BadOptions
        event = {"kind": "table_created", "system": system.id, "name": name, "options": opts}
        env = Envelope(seq=0, n=0, dice_index=dice.index, status="open", state=state)

        def write(conn: Connection) -> None:
            repo.insert_table(conn, row)
            repo.insert_token(conn, hash_token(host), table_id, "host", None, "host")
            repo.append(
                conn,
                table_id,
                _action_row("create", 0, None, {"kind": "table.create"}, 0, 0, 0, dice),
                [_event_row(0, "create", None, event)],
            )

        await self.writer.run(write)
        self._store(table_id, env, [{**event, "seq": 0, "seat": None}])
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

    async def table_meta(self, table_id: str) -> dict[str, Any]:
        meta = self._meta.get(table_id)
        if meta is None:
            row = await anyio.to_thread.run_sync(self._read_table, table_id)
            meta = {
                k: row[k]
                for k in ("id", "system", "name", "options", "visibility", "seeded", "commitment", "created_at")
            }
            self._meta[table_id] = meta
        return meta

    async def summary(self, table_id: str) -> dict[str, Any]:
        meta = await self.table_meta(table_id)
        system = self._system_by_id(meta["system"])

        def read() -> tuple[dict[str, Any], dict[str, dict[str, Any]]]:
            with self.engine.connect() as conn:
                return self._read_table(table_id, conn), repo.get_seats(conn, table_id)

        row, seat_rows = await anyio.to_thread.run_sync(read)
        presence = await self.bus.presence(table_id)
        seats = [
            {
                "seat": s,
                "state": seat_rows.get(s, {}).get("state", "open"),
                "name": seat_rows.get(s, {}).get("name"),
                "connected": presence["seats"].get(s, 0) > 0,
            }
            for s in system.seats(meta["options"])
        ]
        return {
            "id": table_id,
            "name": meta["name"],
            "system": meta["system"],
            "board": system.board_for(meta["options"]),
            "visibility": meta["visibility"],
            "status": row["status"],
            "seq": row["seq"],
            "options": meta["options"],
            "dice_commitment": meta["commitment"],
            "seeded": meta["seeded"],
            "outcome": row["outcome"],
            "seats": seats,
            "spectators": presence["spectators"],
            "created_at": meta["created_at"].isoformat(),
        }

    async def lobby(self) -> list[dict[str, Any]]:
        def read() -> list[dict[str, Any]]:
            with self.engine.connect() as conn:
                return repo.list_public_tables(conn)

        rows = await anyio.to_thread.run_sync(read)
        out = []
        for r in rows:
            system = systems.get(r["system"])
            if system is None:
                continue
            presence = await self.bus.presence(r["id"])
            out.append(
                {
                    "id": r["id"],
                    "name": r["name"],
                    "system": r["system"],
                    "system_name": system.name,
                    "status": r["status"],
                    "seats_taken": r["taken"],
                    "seats_total": len(system.seats(r["options"])),
                    "spectators": presence["spectators"],
                    "seeded": bool(r["seeded"]),
                    "created_at": r["created_at"].isoformat(),
                }
            )
        return out

    # --- tokens ----------------------------------------------------------------------
    async def authenticate(self, table_id: str, token: str | None) -> Actor:
        """The actor behind a bearer token at this table. Raises Unauthorized."""
        if not token:
            raise Unauthorized("This needs a token: 'Authorization: Bearer <token>' or ?token=")
        token_hash = hash_token(token)
        hit = self._tokens.get(token_hash)
        if hit is not None and hit[0] > time.monotonic():
            actor = hit[1]
        else:

            def read() -> dict[str, Any] | None:
                with self.engine.connect() as conn:
                    return repo.get_token(conn, token_hash)

            row = await anyio.to_thread.run_sync(read)
            actor = None
            if row is not None and not row["revoked"] and matches(token, row["token_hash"]):
                actor = Actor(row["table_id"], row["role"], row["seat"], row["name"], row["token_hash"])
            if len(self._tokens) > 50_000:
                self._tokens.clear()
            self._tokens[token_hash] = (time.monotonic() + TOKEN_TTL, actor)
        if actor is None or actor.table_id != table_id:
            raise Unauthorized("The token is not valid for this table")
        return actor

    async def spectate(self, table_id: str, name: str) -> dict[str, Any]:
        await self.table_meta(table_id)
        token = new_token()

        await self.writer.run(
            lambda conn: repo.insert_token(conn, hash_token(token), table_id, "spectator", None, name)
        )
        return {"token": token, "role": "spectator"}

    async def join(self, table_id: str, seat: str, name: str) -> dict[str, Any]:
        meta = await self.table_meta(table_id)
        system = self._system_by_id(meta["system"])
        if seat not in system.seats(meta["options"]):
            raise NotFound(
                f"Seat {seat!r} does not exist at this table; seats: {', '.join(system.seats(meta['options']))}",
                code="unknown_seat",
            )
        token = new_token()
        token_hash = hash_token(token)

        def run(conn: Any, env: Envelope, _dice: Dice) -> tuple[Envelope, list[Event]]:
            current = repo.get_seats(conn, table_id).get(seat)
            if current is not None:
                if current["state"] == "closed":
                    raise Conflict(f"Seat {seat!r} was closed by the host", code="seat_closed")
                raise Conflict(f"Seat {seat!r} is taken by {current['name']}", code="seat_taken")
            repo.insert_token(conn, token_hash, table_id, "player", seat, name)
            repo.put_seat(conn, table_id, seat, "taken", name, token_hash)
            return env, [{"kind": "seat_joined", "seat_id": seat, "name": name}]

        await self._commit(table_id, None, None, {"kind": "table.join", "seat": seat}, run)
        return {"token": token, "seat": seat, "role": "player"}

    async def host_action(self, actor: Actor, kind: str, seat: str | None = None) -> Committed:
        """``close``, ``kick`` (revoke the seat's token and close the seat) or ``reopen``."""
        if actor.role != "host":
            raise Forbidden("Only the table's host may do this")
        table_id = actor.table_id
        meta = await self.table_meta(table_id)
        if kind != "close" and seat not in self._system_by_id(meta["system"]).seats(meta["options"]):
            raise NotFound(f"Seat {seat!r} does not exist at this table", code="unknown_seat")
        revoked: list[str] = []

        def run(conn: Any, env: Envelope, _dice: Dice) -> tuple[Envelope, list[Event]]:
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
                repo.put_seat(conn, table_id, seat, "closed", "", None)
                return env, [{"kind": "seat_kicked", "seat_id": seat}]
            if current is None or current["state"] != "closed":
                raise Conflict(f"Seat {seat!r} is not closed", code="seat_not_closed")
            repo.delete_seat(conn, table_id, seat)
            return env, [{"kind": "seat_reopened", "seat_id": seat}]

        result = await self._commit(table_id, None, None, {"kind": f"table.{kind}", "seat": seat}, run)
        for token_hash in revoked:
            self._tokens.pop(token_hash, None)
            await self.bus.publish(table_id, {"t": "kick", "token_hash": token_hash})
        return result

    # --- actions ---------------------------------------------------------------------
    async def apply(self, actor: Actor, action_id: str, raw_action: Any) -> Committed:
        """Apply one action of a seat. Raises a WarboardError (and changes nothing) if not legal."""
        system, action = await self._check(actor, raw_action)

        def run(conn: Connection, env: Envelope, dice: Dice) -> tuple[Envelope, list[Event]]:
            # The token is checked again inside the transaction: a seat the host removed cannot
            # act through another process's token cache (TOKEN_TTL) for even a moment.
            row = repo.get_token(conn, actor.token_hash)
            if row is None or row["revoked"]:
                raise Unauthorized("The token is not valid for this table")
            return self._run(system, env, actor.seat, action, dice)

        return await self._commit(actor.table_id, actor.seat, action_id, _dump(action), run)

    async def preview(self, actor: Actor, raw_action: Any) -> Preview:
        """What the action would do, without doing it; sealed by ``Projection.preview``.

        The action runs twice, each time on a fresh throwaway dice stream: legality and the
        reason come from the first run; events come back only where both runs agree and the
        rule system calls their kind previewable."""
        system, action = await self._check(actor, raw_action)
        env = await self.current(actor.table_id)
        seat = actor.seat or ""
        first, second = PreviewDice(), PreviewDice()
        try:
            _, events = self._run(system, env, seat, action, first)
        except WarboardError as exc:
            return Preview(False, [], "known", exc)
        try:
            _, again = self._run(system, env, seat, action, second)
        except WarboardError:
            again = []
        projection = await self.projection(actor.table_id)
        shown, outcome = projection.preview(events, again, seat, bool(first.rolls or second.rolls))
        return Preview(True, shown, outcome, None)

    async def ruling(self, actor: Actor, action_id: str, raw_action: Any) -> Committed:
        """A host ruling (e.g. settling a disputed record), applied as the seat ``HOST_SEAT``."""
        if actor.role != "host":
            raise Forbidden("Only the table's host may make a ruling", code="not_host")
        meta = await self.table_meta(actor.table_id)
        system = self._system_by_id(meta["system"])
        action = system.parse_action(raw_action)
        kind = getattr(action, "kind", None)
        if kind not in system.rulings:
            raise IllegalAction(
                f"{kind!r} is not a host ruling at this table"
                + (f"; rulings: {', '.join(sorted(system.rulings))}" if system.rulings else ""),
                code="not_a_ruling",
            )
        return await self._commit(
            actor.table_id,
            HOST_SEAT,
            action_id,
            _dump(action),
            lambda _c, env, dice: self._run(system, env, HOST_SEAT, action, dice),
        )

    async def _check(self, actor: Actor, raw_action: Any) -> tuple[RuleSystem, Any]:
        if actor.role != "player" or actor.seat is None:
            raise Forbidden("Spectators and hosts cannot act; join a seat to play", code="not_a_player")
        meta = await self.table_meta(actor.table_id)
        system = self._system_by_id(meta["system"])
        return system, system.parse_action(raw_action)

    def _run(
        self, system: RuleSystem, env: Envelope, seat: str | None, action: Any, dice: Dice
    ) -> tuple[Envelope, list[Event]]:
        if env.status == "closed":
            raise IllegalAction("The table is closed", code="table_closed")
        if env.status == "finished":
            raise GameOver("The game is over")
        state, events = system.apply(env.state, seat or "", action, dice)
        outcome = system.outcome(state)
        new = replace(env, state=state)
        if outcome is not None:
            new = replace(new, status="finished", outcome=outcome.to_dict())
            events = [*events, {"kind": "game_over", **outcome.to_dict()}]
        return new, events

    async def _commit(
        self, table_id: str, seat: str | None, action_id: str | None, action_json: dict[str, Any], run: Any
    ) -> Committed:
        lock = self._locks.setdefault(table_id, asyncio.Lock())
        async with lock:
            try:
                result, env, fresh = await self.writer.run(
                    lambda conn: self._commit_sync(conn, table_id, seat, action_id, action_json, run)
                )
            except IntegrityError:
                raise Conflict("Another change to this table landed first; try again", code="stale_seq") from None
            except (OperationalError, InterfaceError, PoolTimeout) as exc:  # timeouts, lost connection: rolled back
                raise Unavailable(
                    "The database did not answer in time; nothing was changed, try again", retry_after=DB_RETRY_AFTER
                ) from exc
            if env is not None:
                self._store(table_id, env, fresh)
        if not result.duplicate:
            # The new state rides along, so other processes need not re-read the database.
            message: dict[str, Any] = {"t": "seq", "seq": result.seq}
            if env is not None and fresh:
                message.update(prev=fresh[0]["seq"] - 1, env=env, events=fresh)
            await self.bus.publish(table_id, message)
        return result

    def absorb(self, table_id: str, message: dict[str, Any]) -> None:
        """Take the state another process announced, if it follows on from the cached one."""
        env, prev = message.get("env"), message.get("prev")
        cached = self._cache.get(table_id)
        if env is None or prev is None or cached is None or cached.env.seq != prev:
            return
        if isinstance(env, dict):
            env = Envelope(**env)
        self._store(table_id, env, list(message.get("events") or []))

    def _commit_sync(
        self,
        conn: Connection,
        table_id: str,
        seat: str | None,
        action_id: str | None,
        action_json: dict[str, Any],
        run: Any,
    ) -> tuple[Committed, Envelope | None, list[Event]]:
        head = repo.lock_table(conn, table_id)
        if head is None:
            raise NotFound(f"There is no table {table_id!r}", code="unknown_table")
        seq, seed = head
        if action_id is not None:
            done = repo.get_action(conn, table_id, action_id)
            if done is not None:
                if done["actor"] != seat or done["action"] != action_json:
                    raise Conflict(
                        f"Action id {action_id!r} was already used for another action", code="duplicate_action_id"
                    )
                events = repo.events_between(conn, table_id, done["first_seq"] - 1, done["last_seq"])
                return Committed(done["last_seq"], events, duplicate=True), None, []
        cached = self._cache.get(table_id)
        if cached is not None and cached.env.seq == seq:
            env = cached.env  # the usual case: no other process wrote since
        else:
            env = self._load(conn, table_id, self._read_table(table_id, conn))
        dice = Dice(seed, env.dice_index)
        new_env, events = run(conn, env, dice)
        if not events:  # every applied action is in the log, so every update reaches clients
            events = [{"kind": "acted", "action": action_json.get("kind")}]
        first = env.seq + 1
        new_env = replace(new_env, seq=env.seq + len(events), n=env.n + 1, dice_index=dice.index)
        aid = action_id or f"~{new_id()}"
        repo.append(
            conn,
            table_id,
            _action_row(aid, new_env.n, seat, action_json, first, new_env.seq, env.dice_index, dice),
            [_event_row(first + i, aid, seat, e) for i, e in enumerate(events)],
        )
        if new_env.status != env.status or new_env.outcome != env.outcome:
            repo.set_table(conn, table_id, seq=new_env.seq, status=new_env.status, outcome=new_env.outcome)
        else:
            repo.set_seq(conn, table_id, new_env.seq)
        if new_env.n % self.snapshot_every == 0:
            repo.save_snapshot(conn, table_id, new_env.seq, new_env.n, new_env.to_dict())
        fresh = [{**e, "seq": first + i, "seat": seat} for i, e in enumerate(events)]
        return Committed(new_env.seq, fresh), new_env, fresh

    # --- reading state ---------------------------------------------------------------
    async def current(self, table_id: str) -> Envelope:
        """The latest committed state (from the cache when it is up to date)."""

        def read() -> Envelope:
            with self.engine.connect() as conn:
                row = self._read_table(table_id, conn)
                return self._load(conn, table_id, row)

        env = await anyio.to_thread.run_sync(read)
        cached = self._cache.get(table_id)
        if cached is None or cached.env.seq < env.seq:
            self._store(table_id, env, [])
        return env

    def cached(self, table_id: str) -> Cached | None:
        return self._cache.get(table_id)

    async def events_after(self, table_id: str, after: int, upto: int | None = None, limit: int = 1000) -> list[Event]:
        """Committed events with after < seq <= upto, unredacted (redact before sending)."""
        cached = self._cache.get(table_id)
        top = upto if upto is not None else (cached.env.seq if cached is not None else None)
        if (
            cached is not None
            and cached.recent
            and top is not None
            and cached.recent[0]["seq"] <= after + 1
            and cached.recent[-1]["seq"] >= top
        ):
            base = cached.recent[0]["seq"]  # the recent list is contiguous: slice it by seq
            return cached.recent[max(0, after + 1 - base) : top + 1 - base][:limit]

        def read() -> list[Event]:
            with self.engine.connect() as conn:
                return repo.events_between(conn, table_id, after, upto, limit)

        return await anyio.to_thread.run_sync(read)

    async def view(self, actor: Actor) -> tuple[int, dict[str, Any]]:
        env = await self.current(actor.table_id)
        return env.seq, (await self.projection(actor.table_id)).view(env, actor.seat)

    async def projection(self, table_id: str) -> Projection:
        """The table's one redaction point (``app.projection``)."""
        meta = await self.table_meta(table_id)
        return Projection(self._system_by_id(meta["system"]), bool(meta["seeded"]))

    async def proof(self, table_id: str) -> dict[str, Any]:
        def read() -> tuple[dict[str, Any], list[dict[str, Any]]]:
            with self.engine.connect() as conn:
                return self._read_table(table_id, conn), repo.all_rolls(conn, table_id)

        row, rolls = await anyio.to_thread.run_sync(read)
        if row["status"] == "open":  # seeded or not: whoever knows the seed knows every future roll
            raise Conflict("The dice seed is published when the game ends", code="game_in_progress")
        return {
            "table": table_id,
            "seed": row["seed"],
            "commitment": row["commitment"],
            "algorithm": "die(i, sides): x = first 8 bytes (big-endian) of SHA-256(f'{seed}:{i}:{attempt}'), "
            "attempt = 0, 1, ... until x < 2**64 - 2**64 % sides; face = 1 + x % sides",
            "status": row["status"],
            "rolls": rolls,
        }

    def rebuild(self, table_id: str) -> tuple[Envelope, list[Event]]:
        """Replay the whole log from the start, ignoring snapshots and the cache (for checks)."""
        with self.engine.connect() as conn:
            row = self._read_table(table_id, conn)
            events: list[Event] = []
            env = self._replay(conn, table_id, row, None, events)
            return env, events

    async def envelope_at(self, table_id: str, seq: int) -> Envelope:
        """The state after the last action whose events end at or before ``seq`` (for replays).

        Replays the log from the nearest checkpoint or stored snapshot at or before ``seq`` (checkpoints are kept
        every ``CHECKPOINT_EVERY`` actions of the tables replayed lately: the log never changes
        behind them); raises NotFound for an unknown table."""

        def read() -> Envelope:
            with self.engine.connect() as conn:
                row = self._read_table(table_id, conn)
                marks = self._checkpoints.pop(table_id, [])
                self._checkpoints[table_id] = marks
                while len(self._checkpoints) > CHECKPOINT_TABLES:
                    self._checkpoints.pop(next(iter(self._checkpoints)))
                base = next((e for e in reversed(marks) if e.seq <= seq), None)
                snap = repo.latest_snapshot(conn, table_id, seq)  # the nearest stored one, when nearer
                if snap is not None and (base is None or snap["n"] > base.n):
                    base = Envelope(**snap["envelope"])
                return self._replay(conn, table_id, row, base, None, upto=seq, checkpoints=marks)

        return await anyio.to_thread.run_sync(read)

    # --- internals -------------------------------------------------------------------
    def _read_table(self, table_id: str, conn: Any = None) -> dict[str, Any]:
        if conn is None:
            with self.engine.connect() as c:
                return self._read_table(table_id, c)
        row = repo.get_table(conn, table_id)
        if row is None:
            raise NotFound(f"There is no table {table_id!r}", code="unknown_table")
        return row

    def _load(self, conn: Any, table_id: str, row: dict[str, Any]) -> Envelope:
        cached = self._cache.get(table_id)
        if cached is not None and cached.env.seq == row["seq"]:
            return cached.env
        base = cached.env if cached is not None and cached.env.seq < row["seq"] else None
        if base is None:
            snap = repo.latest_snapshot(conn, table_id)
            if snap is not None and snap["seq"] <= row["seq"]:
                base = Envelope(**snap["envelope"])
        return self._replay(conn, table_id, row, base, None)

    def _replay(
        self,
        conn: Any,
        table_id: str,
        row: dict[str, Any],
        base: Envelope | None,
        collect: list[Event] | None,
        upto: int | None = None,
        checkpoints: list[Envelope] | None = None,
    ) -> Envelope:
        system = self._system_by_id(row["system"])
        env = base
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
                elif kind.startswith("table."):
                    events = [{"kind": kind}]
                else:
                    action = system.parse_action(act["action"])
                    env, events = self._run(system, env, act["actor"], action, dice)
                env = replace(env, seq=act["last_seq"], n=act["n"], dice_index=dice.index)
            if checkpoints is not None and env.n % CHECKPOINT_EVERY == 0 and all(c.n != env.n for c in checkpoints):
                bisect.insort(checkpoints, env, key=lambda e: e.n)  # kept in order of n
            if collect is not None:
                collect.extend({**e, "seq": act["first_seq"] + i} for i, e in enumerate(events))
        if env is None:
            raise NotFound(f"Table {table_id!r} has no log", code="unknown_table")
        return env

    def _store(self, table_id: str, env: Envelope, fresh: list[Event]) -> None:
        cached = self._cache.get(table_id)
        if cached is not None and cached.env.n >= env.n:
            return
        recent = cached.recent if cached is not None else []
        if fresh:
            if recent and recent[-1]["seq"] + 1 != fresh[0]["seq"]:
                recent = []
            recent = (recent + fresh)[-RECENT_EVENTS:]
        if recent and recent[-1]["seq"] != env.seq:
            recent = []  # another process wrote in between: the recent list would have a gap
        self._cache[table_id] = Cached(env, recent)
        self._cache.move_to_end(table_id)
        while len(self._cache) > CACHE_TABLES:
            self._cache.popitem(last=False)

    def _system_by_id(self, system_id: str) -> RuleSystem:
        system = systems.get(system_id)
        if system is None:
            raise NotFound(f"There is no game system {system_id!r}", code="unknown_system")
        return system


def _dump(action: Any) -> dict[str, Any]:
    if hasattr(action, "model_dump"):
        return action.model_dump(mode="json", exclude_none=True)
    if isinstance(action, dict):
        return copy.deepcopy(action)
    raise MalformedAction("An action must be an object")


def _action_row(
    action_id: str, n: int, seat: str | None, action: dict[str, Any], first: int, last: int, dice_from: int, dice: Dice
) -> dict[str, Any]:
    return {
        "action_id": action_id,
        "n": n,
        "actor": seat,
        "action": action,
        "first_seq": first,
        "last_seq": last,
        "dice_from": dice_from,
        "rolls": dice.rolls,
    }


def _event_row(seq: int, action_id: str, seat: str | None, event: Event) -> dict[str, Any]:
    return {"seq": seq, "action_id": action_id, "seat": seat, "kind": str(event["kind"])[:60], "data": event}
