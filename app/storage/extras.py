"""Reads and writes of the table's extras: chat lines, seat links and per-table settings.

Like ``repository``, every function takes a ``Connection`` and the caller owns the transaction.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import Connection, and_, delete, insert, select, update

from app.storage.models import actions, chat, events, seat_links, table_settings, tables
from app.storage.repository import now

DEFAULT_SETTINGS: dict[str, Any] = {
    "spectator_chat": False,
    "delay_actions": 0,
    "delay_seconds": 0,
    "rematch_id": None,
    "takeback": "ask",
    "guided": False,
}


# --- chat --------------------------------------------------------------------------------
def add_chat(
    conn: Connection,
    table_id: str,
    channel: str,
    seat: str | None,
    name: str,
    text: str,
    seq: int | None = None,
    keep: int | None = None,
) -> dict[str, Any]:
    """Store one line said at ``seq`` (default: the table's current seq; a spectator held back
    by the delay speaks at the seq it sees); returns it as sent to clients. With ``keep``, the
    channel's lines older than its newest ``keep`` are deleted."""
    if seq is None:  # (a table removed meanwhile has none: then the line's foreign key fails)
        seq = conn.execute(select(tables.c.seq).where(tables.c.id == table_id)).scalar() or 0
    stamp = now()
    line_id = conn.execute(
        insert(chat)
        .values(table_id=table_id, seq=seq, channel=channel, seat=seat, name=name, text=text, created_at=stamp)
        .returning(chat.c.id)
    ).scalar_one()
    if keep is not None:
        mine = and_(chat.c.table_id == table_id, chat.c.channel == channel)
        oldest_gone = conn.execute(
            select(chat.c.id).where(mine).order_by(chat.c.id.desc()).offset(keep).limit(1)
        ).scalar()
        if oldest_gone is not None:
            conn.execute(delete(chat).where(and_(mine, chat.c.id <= oldest_gone)))
    return {
        "id": int(line_id),
        "seq": int(seq),
        "channel": channel,
        "seat": seat,
        "from": name,
        "text": text,
        "at": stamp.isoformat(),
    }


def read_chat(conn: Connection, table_id: str, upto_seq: int | None = None, limit: int = 200) -> list[dict[str, Any]]:
    """The last ``limit`` lines (oldest first), said at or before ``upto_seq`` when given."""
    cond = [chat.c.table_id == table_id]
    if upto_seq is not None:
        cond.append(chat.c.seq <= upto_seq)
    query = select(chat).where(and_(*cond)).order_by(chat.c.id.desc()).limit(limit)
    rows = list(conn.execute(query).mappings())
    return [
        {
            "id": int(r["id"]),
            "seq": int(r["seq"]),
            "channel": r["channel"],
            "seat": r["seat"],
            "from": r["name"],
            "text": r["text"],
            "at": r["created_at"].isoformat(),
        }
        for r in reversed(rows)
    ]


# --- seat links --------------------------------------------------------------------------
def add_seat_link(
    conn: Connection, key_hash: str, table_id: str, seat: str, holder: str | None, by_host: bool = False
) -> None:
    """A new rejoin link for a seat, issued to its holder (the seat's token now); the seat's
    older links stop working."""
    revoke_seat_links(conn, table_id, seat)
    conn.execute(
        insert(seat_links).values(
            key_hash=key_hash,
            table_id=table_id,
            seat=seat,
            revoked=False,
            created_at=now(),
            holder=holder,
            by_host=by_host,
        )
    )


def revoke_seat_links(conn: Connection, table_id: str, seat: str) -> None:
    """Every link of the seat stops working (the seat changed hands, or a link was used)."""
    conn.execute(
        update(seat_links)
        .where(and_(seat_links.c.table_id == table_id, seat_links.c.seat == seat, seat_links.c.revoked.is_(False)))
        .values(revoked=True)
    )


def get_seat_link(conn: Connection, key_hash: str) -> dict[str, Any] | None:
    row = conn.execute(select(seat_links).where(seat_links.c.key_hash == key_hash)).mappings().first()
    return dict(row) if row else None


# --- settings ----------------------------------------------------------------------------
def get_settings(conn: Connection, table_id: str) -> dict[str, Any]:
    row = conn.execute(select(table_settings).where(table_settings.c.table_id == table_id)).mappings().first()
    if row is None:
        return dict(DEFAULT_SETTINGS)
    return {k: row[k] for k in DEFAULT_SETTINGS}


def put_settings(conn: Connection, table_id: str, values: dict[str, Any]) -> dict[str, Any]:
    merged = {**get_settings(conn, table_id), **values}
    conn.execute(table_settings.delete().where(table_settings.c.table_id == table_id))
    conn.execute(insert(table_settings).values(table_id=table_id, **merged))
    return merged


# --- the action log, for the spectator delay ---------------------------------------------
def action_marks(conn: Connection, table_id: str, limit: int = 200) -> list[tuple[int, int, Any]]:
    """(n, last_seq, created_at) of the table's last ``limit`` actions, oldest first."""
    query = (
        select(actions.c.n, actions.c.last_seq, actions.c.created_at)
        .where(actions.c.table_id == table_id)
        .order_by(actions.c.n.desc())
        .limit(limit)
    )
    return [(int(r[0]), int(r[1]), r[2]) for r in reversed(list(conn.execute(query)))]


def seat_events(conn: Connection, table_id: str, upto: int) -> list[dict[str, Any]]:
    """The table's joins, kicks and reopens up to ``upto``, in order (the seat list at a seq)."""
    query = (
        select(events.c.data)
        .where(
            and_(
                events.c.table_id == table_id,
                events.c.seq <= upto,
                events.c.kind.in_(("seat_joined", "seat_kicked", "seat_reopened")),
            )
        )
        .order_by(events.c.seq)
    )
    return [dict(r[0]) for r in conn.execute(query)]


def delayed_tables(conn: Connection, table_ids: list[str]) -> dict[str, dict[str, Any]]:
    """The settings of those of ``table_ids`` whose spectators are held back."""
    if not table_ids:
        return {}
    query = select(table_settings).where(
        and_(
            table_settings.c.table_id.in_(table_ids),
            (table_settings.c.delay_actions > 0) | (table_settings.c.delay_seconds > 0),
        )
    )
    return {r["table_id"]: {k: r[k] for k in DEFAULT_SETTINGS} for r in conn.execute(query).mappings()}
