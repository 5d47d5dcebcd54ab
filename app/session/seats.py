"""Who holds a seat: rejoin links, moving a seat to a new device, a rematch's reserved seats,
and which token holds each seat now.

A seat is held by one token at a time. Every change of holder (the host's kick, a rejoin, a
rematch claim, a computer player's restart) revokes the seat's earlier token and every link
of the seat. A rejoin link names the holder it was issued to (the seat's token then) and works
once, and only while that token still holds the seat: a removed player's old link is refused
once the seat was closed, reopened or taken by someone else. A rematch keeps each seat for its
player with no token at all (``reserve``); the player's first claim gives the seat its token,
and a second claim is refused.

Rejoins and claims are logged table actions (``table.rejoin``, ``table.claim``) like joins and
kicks, so their events (``seat_moved``, ``seat_claimed``) reach every process from the database
as well as over the bus: each process checks, on every seat event, that its sockets' tokens
still hold their seats (``holders``; ``app.transport.hub``). A link the host issues for a seat
is announced in the public log (``seat_link_issued``), so a seat never moves silently.
"""

from __future__ import annotations

from typing import Any

import anyio
from sqlalchemy import Connection, Engine

from app.core.dice import Dice
from app.core.errors import Conflict, Forbidden, NotFound, Unauthorized
from app.core.events import Event
from app.core.tokens import hash_token, new_token
from app.session.bus import Bus, Kick
from app.session.commit import Committer
from app.session.records import Actor, Envelope
from app.session.tables import Tables
from app.session.tokens import Tokens
from app.storage import extras
from app.storage import repository as repo
from app.storage.writer import Writer

BAD_LINK = "This rejoin link no longer works: it was used, the seat changed hands, or a newer link replaced it"


def link_path(table_id: str, key: str) -> str:
    """The rejoin link's path: the key rides in the fragment, so it never reaches a server log."""
    return f"/tables/{table_id}#seat={key}"


def move_seat(conn: Connection, table_id: str, seat: str) -> tuple[dict[str, Any], str | None]:
    """Give a taken seat a fresh token, revoking the one it had and every link of the seat.
    Returns (issued, the old token's hash)."""
    current = repo.get_seats(conn, table_id).get(seat)
    if current is None or current["state"] != "taken":
        raise Conflict("This seat is no longer yours: the host removed or reopened it", code="seat_not_taken")
    token = new_token()
    repo.insert_token(conn, hash_token(token), table_id, "player", seat, current["name"])
    repo.put_seat(conn, table_id, seat, "taken", current["name"], hash_token(token))
    if current["token_hash"]:
        repo.revoke_token(conn, current["token_hash"])
    extras.revoke_seat_links(conn, table_id, seat)
    return {"token": token, "seat": seat, "role": "player", "name": current["name"]}, current["token_hash"]


class Seats:
    def __init__(
        self, engine: Engine, writer: Writer, bus: Bus, committer: Committer, tokens: Tokens, tables: Tables
    ) -> None:
        self.engine = engine
        self.writer = writer
        self.bus = bus
        self.committer = committer
        self.tokens = tokens
        self.tables = tables

    async def holders(self, table_id: str) -> dict[str, str | None]:
        """Each taken seat's token hash now, read from the database (None: kept for a rematch's
        player who has not claimed it yet)."""

        def read() -> dict[str, str | None]:
            with self.engine.connect() as conn:
                rows = repo.get_seats(conn, table_id)
            return {seat: row["token_hash"] for seat, row in rows.items() if row["state"] == "taken"}

        return await anyio.to_thread.run_sync(read)

    async def issue_link(self, actor: Actor, seat: str | None) -> dict[str, Any]:
        """A new rejoin link for ``seat`` (the host: any taken seat, announced in the log; a
        player: their own), issued to the seat's holder now."""
        table_id = actor.table_id
        if actor.role == "player":
            if seat not in (None, actor.seat):
                raise Forbidden("A player may ask only for their own seat's link", code="not_your_seat")
            seat = actor.seat
        elif actor.role != "host":
            raise Forbidden("Only a seated player or the host may issue a rejoin link", code="not_a_player")
        if not seat:
            raise NotFound('Say which seat: {"seat": ...}', code="unknown_seat")
        key = new_token()
        by_host = actor.role == "host"

        def write(conn: Connection) -> str:
            current = repo.get_seats(conn, table_id).get(seat)
            if current is None or current["state"] != "taken":
                raise Conflict("Nobody sits in that seat", code="seat_not_taken")
            if not by_host and current["token_hash"] != actor.token_hash:
                raise Forbidden("This token no longer holds the seat", code="not_your_seat")
            extras.add_seat_link(conn, hash_token(key), table_id, seat, current["token_hash"], by_host)
            return str(current["name"])

        if by_host:

            def announce(conn: Connection, env: Envelope, _dice: Dice) -> tuple[Envelope, list[Event]]:
                return env, [{"kind": "seat_link_issued", "seat_id": seat, "name": write(conn), "by": "host"}]

            await self.committer.commit(table_id, None, {"kind": "table.link", "seat": seat}, announce)
        else:
            await self.writer.run(write)
        return {"seat": seat, "key": key, "path": link_path(table_id, key)}

    async def redeem(self, table_id: str, key: str) -> dict[str, Any]:
        """Exchange a rejoin key for a fresh seat token, once; the seat's older token and links
        stop working."""
        await self.tables.meta(table_id)  # 404 for an unknown table
        key_hash = hash_token(key)

        def read() -> dict[str, Any] | None:
            with self.engine.connect() as conn:
                return extras.get_seat_link(conn, key_hash)

        found = await anyio.to_thread.run_sync(read)
        if found is None or found["table_id"] != table_id:
            raise Unauthorized(BAD_LINK, code="bad_rejoin_link")
        seat = str(found["seat"])
        moved: list[tuple[dict[str, Any], str | None]] = []

        def change(conn: Connection, env: Envelope, _dice: Dice) -> tuple[Envelope, list[Event]]:
            link = extras.get_seat_link(conn, key_hash)  # again, inside the table's lock
            current = repo.get_seats(conn, table_id).get(seat)
            if (
                link is None
                or link["revoked"]
                or current is None
                or current["state"] != "taken"
                or current["token_hash"] != link["holder"]
            ):
                raise Unauthorized(BAD_LINK, code="bad_rejoin_link")
            moved.append(move_seat(conn, table_id, seat))
            by = "host" if link["by_host"] else "player"
            return env, [{"kind": "seat_moved", "seat_id": seat, "name": current["name"], "by": by}]

        await self.committer.commit(table_id, None, {"kind": "table.rejoin", "seat": seat}, change)
        issued, old = moved[0]
        await self.release(table_id, old, moved=True)
        return issued

    async def reserve(self, table_id: str, seat: str, name: str) -> None:
        """Keep ``seat`` for ``name`` with no token (a rematch's seat, until its player claims it)."""

        def take(conn: Connection, env: Envelope, _dice: Dice) -> tuple[Envelope, list[Event]]:
            if repo.get_seats(conn, table_id).get(seat) is not None:
                raise Conflict("That seat is taken", code="seat_taken")
            repo.put_seat(conn, table_id, seat, "taken", name, None)
            return env, [{"kind": "seat_joined", "seat_id": seat, "name": name}]

        await self.committer.commit(table_id, None, {"kind": "table.join", "seat": seat}, take)

    async def claim(self, table_id: str, seat: str) -> dict[str, Any]:
        """The first claim of a reserved seat gives it a token; a seat that has one is refused."""
        claimed: list[dict[str, Any]] = []

        def change(conn: Connection, env: Envelope, _dice: Dice) -> tuple[Envelope, list[Event]]:
            current = repo.get_seats(conn, table_id).get(seat)
            if current is None or current["state"] != "taken" or current["token_hash"] is not None:
                raise Conflict(
                    "Your seat at the rematch was already claimed, or the host changed it", code="seat_claimed"
                )
            issued, _ = move_seat(conn, table_id, seat)
            claimed.append(issued)
            return env, [{"kind": "seat_claimed", "seat_id": seat, "name": current["name"]}]

        await self.committer.commit(table_id, None, {"kind": "table.claim", "seat": seat}, change)
        return claimed[0]

    async def release(self, table_id: str, token_hash: str | None, *, moved: bool = False) -> None:
        """Close the sockets of a token that no longer holds its seat, at once where the bus
        reaches (every process also checks on the seat's event: ``holders``)."""
        if token_hash:
            self.tokens.forget(token_hash)  # this process's authentication cache
            await self.bus.publish(table_id, Kick(token_hash, moved))
