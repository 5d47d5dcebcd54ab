"""Seats that survive: a personal rejoin link per seat, and moving a seat to a new device.

A seat's rejoin link carries a secret key (stored only as its hash, like tokens). Opening it
anywhere gives that browser a fresh seat token; the seat's previous token stops working, so a
seat is held by one device at a time and the host's ``kick`` (which revokes the seat's current
token) still removes the player. Issuing a new link revokes the seat's older links; the host may
do it for any taken seat, a player for their own.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import Connection

from app.core.errors import Conflict, Forbidden, NotFound, Unauthorized
from app.core.tokens import hash_token, new_token
from app.session import Actor, Session
from app.storage import extras
from app.storage import repository as repo


def link_path(table_id: str, key: str) -> str:
    """The rejoin link's path: the key rides in the fragment, so it never reaches a server log."""
    return f"/tables/{table_id}#seat={key}"


async def issue(session: Session, actor: Actor, seat: str | None) -> dict[str, Any]:
    """A new rejoin link for ``seat`` (the host: any taken seat; a player: their own)."""
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

    def write(conn: Connection) -> None:
        current = repo.get_seats(conn, table_id).get(seat)
        if current is None or current["state"] != "taken":
            raise Conflict(f"Seat {seat!r} has no player", code="seat_not_taken")
        extras.add_seat_link(conn, hash_token(key), table_id, seat)

    await session.writer.run(write)
    return {"seat": seat, "key": key, "path": link_path(table_id, key)}


async def redeem(session: Session, table_id: str, key: str) -> dict[str, Any]:
    """Exchange a rejoin key for a fresh seat token; the seat's older token is revoked."""
    await session.table_meta(table_id)  # 404 for an unknown table

    def write(conn: Connection) -> tuple[dict[str, Any], str | None]:
        link = extras.get_seat_link(conn, hash_token(key))
        if link is None or link["table_id"] != table_id or link["revoked"]:
            raise Unauthorized(
                "This rejoin link is not valid (the host may have issued a new one)", code="bad_rejoin_link"
            )
        return move_seat(conn, table_id, link["seat"])

    issued, old = await session.writer.run(write)
    await forget_token(session, table_id, old)
    return issued


def move_seat(conn: Connection, table_id: str, seat: str) -> tuple[dict[str, Any], str | None]:
    """Give a taken seat a fresh token (revoking the one it had). Returns (issued, old hash)."""
    current = repo.get_seats(conn, table_id).get(seat)
    if current is None or current["state"] != "taken":
        raise Conflict(f"Seat {seat!r} is no longer yours: the host removed or reopened it", code="seat_not_taken")
    token = new_token()
    repo.insert_token(conn, hash_token(token), table_id, "player", seat, current["name"])
    repo.put_seat(conn, table_id, seat, "taken", current["name"], hash_token(token))
    if current["token_hash"]:
        repo.revoke_token(conn, current["token_hash"])
    return {"token": token, "seat": seat, "role": "player", "name": current["name"]}, current["token_hash"]


async def forget_token(session: Session, table_id: str, token_hash: str | None) -> None:
    """Close the sockets of a token that no longer holds its seat."""
    if token_hash:
        session.tokens.forget(token_hash)  # the session's short authentication cache
        await session.bus.publish(table_id, {"t": "kick", "token_hash": token_hash})
