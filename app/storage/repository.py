"""All reads and writes of the schema, as functions of a SQLAlchemy ``Connection``.

The caller owns the transaction. Nothing here knows about rule systems.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import Connection, Subquery, and_, bindparam, exists, false, func, insert, select, update
from sqlalchemy.dialects import postgresql, sqlite

from app.storage.direct import Direct
from app.storage.models import actions, events, seats, snapshots, tables, tokens


def now() -> datetime:
    return datetime.now(UTC)


def insert_table(conn: Connection, row: dict[str, Any]) -> None:
    stamp = now()
    conn.execute(insert(tables).values(**row, created_at=stamp, updated_at=stamp))


def get_table(conn: Connection, table_id: str) -> dict[str, Any] | None:
    row = conn.execute(select(tables).where(tables.c.id == table_id)).mappings().first()
    return dict(row) if row else None


# The statements of the hot path (one action) are built once: SQLAlchemy then reuses their
# compiled form instead of coercing and keying a new statement on every call.
_HEAD = select(tables.c.seq, tables.c.seed).where(tables.c.id == bindparam("b_table"))
_HEAD_LOCKED = _HEAD.with_for_update()
_ACTION = select(actions).where(
    and_(actions.c.table_id == bindparam("b_table"), actions.c.action_id == bindparam("b_action"))
)
_TOKEN_LIVE = select(tokens.c.revoked).where(tokens.c.token_hash == bindparam("b_hash"))
_INSERT_ACTION = insert(actions)
_INSERT_EVENTS = insert(events)
# The fast path of a commit (see ``advance`` and ``append_new``): the table's seq moves on only
# from the seq the caller's state is at, only while the acting token is live (one variant per
# case, so each is compiled once), and an action id already in the log inserts nothing.
_TOKEN_OK = exists().where(and_(tokens.c.token_hash == bindparam("b_hash"), tokens.c.revoked == false()))
_ADVANCE_WHERE = and_(tables.c.id == bindparam("b_table"), tables.c.seq == bindparam("b_old"))
_ADVANCE_STAMP: dict[str, Any] = {"updated_at": bindparam("b_at")}
_ADVANCE_STATUS: dict[str, Any] = {"status": bindparam("b_status"), "outcome": bindparam("b_outcome")}
# On SQLite they run on the driver's cursor (``app.storage.direct``). A status change always
# stamps ``updated_at``; a move only when asked (``advance``).
_ADVANCE = {
    (token, status, stamp): Direct(
        update(tables)
        .where(and_(_ADVANCE_WHERE, _TOKEN_OK) if token else _ADVANCE_WHERE)
        .values({"seq": bindparam("b_seq"), **(_ADVANCE_STAMP if stamp else {}), **(_ADVANCE_STATUS if status else {})})
    )
    for token in (False, True)
    for status in (False, True)
    for stamp in (False, True)
    if stamp or not status
}
_ACTION_COLUMNS = ("table_id", "action_id", "n", "actor", "action", "first_seq", "last_seq", "dice_from", "rolls")
_INSERT_NEW_ACTION = {  # rowcount is read only when asked for, for an INSERT (preserve_rowcount)
    name: Direct(
        dialect.insert(actions)
        .on_conflict_do_nothing(index_elements=[actions.c.table_id, actions.c.action_id])
        .execution_options(preserve_rowcount=True),
        [*_ACTION_COLUMNS, "created_at"],
    )
    for name, dialect in (("sqlite", sqlite), ("postgresql", postgresql))
}
_APPEND_EVENTS = Direct(insert(events), ["table_id", "seq", "action_id", "seat", "kind", "data", "created_at"])
_SAVE_SNAPSHOT = Direct(insert(snapshots), ["table_id", "seq", "n", "envelope"])


def lock_table(conn: Connection, table_id: str) -> tuple[int, str] | None:
    """The table's (seq, seed), locking its row on PostgreSQL until the transaction ends."""
    query = _HEAD_LOCKED if conn.dialect.name == "postgresql" else _HEAD
    row = conn.execute(query, {"b_table": table_id}).first()
    return (int(row[0]), str(row[1])) if row else None


def advance(
    conn: Connection,
    table_id: str,
    old_seq: int,
    seq: int,
    token_hash: str | None = None,
    status: tuple[str, dict[str, Any] | None] | None = None,
    stamp: bool = True,
) -> bool:
    """Move the table's seq from ``old_seq`` to ``seq`` (and set its ``(status, outcome)`` when
    given) in one statement, only if its seq is still ``old_seq`` and, with ``token_hash``, that
    token exists and is not revoked. False: nothing changed (another writer moved the table, or
    the token is gone). On PostgreSQL the UPDATE takes the row's lock, as ``lock_table`` does; a
    writer that waited on it sees the new seq under READ COMMITTED, so it changes nothing.

    ``stamp=False`` leaves ``updated_at`` (the lobby's order) as it is, unless the status
    changes: writing it moves the table's entry in the lobby index, which was half the
    statement's cost on SQLite."""
    stamp = stamp or status is not None
    params: dict[str, Any] = {"b_table": table_id, "b_old": old_seq, "b_seq": seq}
    if stamp:
        params["b_at"] = now()
    if token_hash is not None:
        params["b_hash"] = token_hash
    if status is not None:
        params["b_status"], params["b_outcome"] = status
    return _ADVANCE[token_hash is not None, status is not None, stamp].run(conn, params) == 1


def taken_seats() -> Subquery:
    """Each table's count of taken seats (``table_id``, ``taken``), to join to its row."""
    return (
        select(seats.c.table_id, func.count().label("taken"))
        .where(seats.c.state == "taken")
        .group_by(seats.c.table_id)
        .subquery()
    )


def list_public_tables(conn: Connection, limit: int = 200) -> list[dict[str, Any]]:
    taken = taken_seats()
    query = (
        select(
            tables.c.id,
            tables.c.name,
            tables.c.system,
            tables.c.status,
            tables.c.options,
            tables.c.seeded,
            tables.c.created_at,
            func.coalesce(taken.c.taken, 0).label("taken"),
        )
        .outerjoin(taken, taken.c.table_id == tables.c.id)
        .where(tables.c.visibility == "public", tables.c.status != "closed")
        .order_by(tables.c.updated_at.desc())
        .limit(limit)
    )
    return [dict(r) for r in conn.execute(query).mappings()]


def insert_token(conn: Connection, token_hash: str, table_id: str, role: str, seat: str | None, name: str) -> None:
    conn.execute(
        insert(tokens).values(
            token_hash=token_hash, table_id=table_id, role=role, seat=seat, name=name, revoked=False, created_at=now()
        )
    )


def get_token(conn: Connection, token_hash: str) -> dict[str, Any] | None:
    row = conn.execute(select(tokens).where(tokens.c.token_hash == token_hash)).mappings().first()
    return dict(row) if row else None


def token_live(conn: Connection, token_hash: str) -> bool:
    """Whether the token exists and is not revoked (checked inside an action's transaction)."""
    row = conn.execute(_TOKEN_LIVE, {"b_hash": token_hash}).first()
    return row is not None and not row[0]


def revoke_token(conn: Connection, token_hash: str) -> None:
    conn.execute(update(tokens).where(tokens.c.token_hash == token_hash).values(revoked=True))


def get_seats(conn: Connection, table_id: str) -> dict[str, dict[str, Any]]:
    rows = conn.execute(select(seats).where(seats.c.table_id == table_id)).mappings()
    return {r["seat"]: dict(r) for r in rows}


def put_seat(conn: Connection, table_id: str, seat: str, state: str, name: str, token_hash: str | None) -> None:
    conn.execute(seats.delete().where(and_(seats.c.table_id == table_id, seats.c.seat == seat)))
    conn.execute(insert(seats).values(table_id=table_id, seat=seat, state=state, name=name, token_hash=token_hash))


def delete_seat(conn: Connection, table_id: str, seat: str) -> None:
    conn.execute(seats.delete().where(and_(seats.c.table_id == table_id, seats.c.seat == seat)))


def get_action(conn: Connection, table_id: str, action_id: str) -> dict[str, Any] | None:
    row = conn.execute(_ACTION, {"b_table": table_id, "b_action": action_id}).mappings().first()
    return dict(row) if row else None


def append(conn: Connection, table_id: str, action_row: dict[str, Any], event_rows: list[dict[str, Any]]) -> None:
    """Append one action and its events. (table, seq) is unique, so a lost race fails here.
    Its ``created_at`` is the row's own when it has one (the commit time), else now."""
    stamp = action_row.get("created_at") or now()
    conn.execute(_INSERT_ACTION, {"table_id": table_id, "created_at": stamp, **action_row})
    if event_rows:
        conn.execute(_INSERT_EVENTS, [{"table_id": table_id, "created_at": stamp, **e} for e in event_rows])


def append_new(conn: Connection, table_id: str, action_row: dict[str, Any], event_rows: list[dict[str, Any]]) -> bool:
    """``append``, unless the action id is already in the table's log: then nothing is inserted
    and the answer is False (one INSERT .. ON CONFLICT DO NOTHING instead of a SELECT first)."""
    stamp = action_row.get("created_at") or now()
    query = _INSERT_NEW_ACTION[conn.dialect.name]
    if query.run(conn, {"table_id": table_id, "created_at": stamp, **action_row}) != 1:
        return False
    if event_rows:
        _APPEND_EVENTS.run_many(conn, [{"table_id": table_id, "created_at": stamp, **e} for e in event_rows])
    return True


def actions_after(conn: Connection, table_id: str, n: int, upto_seq: int | None = None) -> list[dict[str, Any]]:
    """The actions after the ``n``-th, in order; with ``upto_seq`` only those whose events end
    at or before that seq (a replay to a past seq reads no further)."""
    cond = [actions.c.table_id == table_id, actions.c.n > n]
    if upto_seq is not None:
        cond.append(actions.c.last_seq <= upto_seq)
    query = select(actions).where(and_(*cond)).order_by(actions.c.n)
    return [dict(r) for r in conn.execute(query).mappings()]


def events_between(
    conn: Connection, table_id: str, after: int, upto: int | None = None, limit: int | None = None
) -> list[dict[str, Any]]:
    cond = [events.c.table_id == table_id, events.c.seq > after]
    if upto is not None:
        cond.append(events.c.seq <= upto)
    query = select(events.c.seq, events.c.seat, events.c.data).where(and_(*cond)).order_by(events.c.seq)
    if limit is not None:
        query = query.limit(limit)
    return [{**r["data"], "seq": r["seq"], "seat": r["seat"]} for r in conn.execute(query).mappings()]


def all_rolls(conn: Connection, table_id: str) -> list[dict[str, Any]]:
    query = (
        select(actions.c.action_id, actions.c.actor, actions.c.rolls, actions.c.first_seq)
        .where(actions.c.table_id == table_id)
        .order_by(actions.c.n)
    )
    return [
        {**roll, "action_id": r["action_id"], "seat": r["actor"], "seq": r["first_seq"]}
        for r in conn.execute(query).mappings()
        for roll in r["rolls"]
    ]


def latest_snapshot(conn: Connection, table_id: str, at_or_before: int | None = None) -> dict[str, Any] | None:
    """The latest snapshot, or the latest at or before a seq (where a replay starts)."""
    cond = [snapshots.c.table_id == table_id]
    if at_or_before is not None:
        cond.append(snapshots.c.seq <= at_or_before)
    query = select(snapshots).where(and_(*cond)).order_by(snapshots.c.seq.desc()).limit(1)
    row = conn.execute(query).mappings().first()
    return dict(row) if row else None


def save_snapshot(conn: Connection, table_id: str, seq: int, n: int, envelope: dict[str, Any]) -> None:
    """Add a snapshot; earlier ones are kept, so a replay to any seq starts near it. A direct
    statement (``app.storage.direct``), so that a move that is due one still commits on the event
    loop (``Writer.run_here``)."""
    _SAVE_SNAPSHOT.run(conn, {"table_id": table_id, "seq": seq, "n": n, "envelope": envelope})


def clocked_seqs(conn: Connection) -> dict[str, int]:
    """Each open table whose host ever set a clock, with its seq now (what a node's clock scan
    compares with the seq it armed from)."""
    query = select(tables.c.id, tables.c.seq).where(
        and_(
            tables.c.status == "open",
            select(events.c.seq).where(and_(events.c.table_id == tables.c.id, events.c.kind == "clock_set")).exists(),
        )
    )
    return {str(r[0]): int(r[1]) for r in conn.execute(query)}


def has_game_action(conn: Connection, table_id: str) -> bool:
    """Has any seat (or the host's ruling) made a game action at this table? (the game is on)"""
    query = select(actions.c.n).where(and_(actions.c.table_id == table_id, actions.c.actor.is_not(None))).limit(1)
    return conn.execute(query).first() is not None


# --- takebacks -----------------------------------------------------------------------------
def taken_back(conn: Connection, table_id: str, upto_seq: int | None = None) -> list[tuple[int, list[int]]]:
    """Each takeback in the log (at or before ``upto_seq``): its event's seq and the numbers
    (``n``) of the actions it took back, in log order."""
    cond = [events.c.table_id == table_id, events.c.kind == "taken_back"]
    if upto_seq is not None:
        cond.append(events.c.seq <= upto_seq)
    query = select(events.c.seq, events.c.data).where(and_(*cond)).order_by(events.c.seq)
    return [(int(r["seq"]), [int(n) for n in r["data"]["ns"]]) for r in conn.execute(query).mappings()]


def last_actions(conn: Connection, table_id: str, limit: int) -> list[dict[str, Any]]:
    """The table's last ``limit`` actions, oldest first, each with its events (``events``)."""
    query = select(actions).where(actions.c.table_id == table_id).order_by(actions.c.n.desc()).limit(limit)
    rows = [dict(r) for r in conn.execute(query).mappings()][::-1]
    if rows:
        found = events_between(conn, table_id, rows[0]["first_seq"] - 1, rows[-1]["last_seq"])
        by_seq = {e["seq"]: e for e in found}
        for row in rows:
            row["events"] = [by_seq[q] for q in range(row["first_seq"], row["last_seq"] + 1) if q in by_seq]
    return rows


def drop_snapshots_from(conn: Connection, table_id: str, n: int) -> None:
    """Forget the snapshots of the states after action ``n - 1`` (a takeback made them wrong)."""
    conn.execute(snapshots.delete().where(and_(snapshots.c.table_id == table_id, snapshots.c.n >= n)))


def dump_table(conn: Connection, table_id: str) -> dict[str, Any]:
    """Everything of one table, for ``warboard export``."""

    def rows(t: Any, order: Iterable[Any]) -> list[dict[str, Any]]:
        q = select(t).where(t.c.table_id == table_id).order_by(*order)
        return [_jsonable(dict(r)) for r in conn.execute(q).mappings()]

    table = get_table(conn, table_id)
    assert table is not None
    row = _jsonable(table)
    if row["status"] == "open":  # the seed is every future roll: it leaves only once the game ended
        row["seed"] = None
    return {
        "format": "warboard-table/1",
        "table": row,
        "tokens": rows(tokens, [tokens.c.created_at]),
        "seats": rows(seats, [seats.c.seat]),
        "actions": rows(actions, [actions.c.n]),
        "events": rows(events, [events.c.seq]),
    }


def load_table(conn: Connection, dump: dict[str, Any]) -> str:
    """Insert a table written by ``dump_table``, as it is: ``warboard import`` checks it first
    (``app.session.transfer``)."""

    def parse(row: dict[str, Any]) -> dict[str, Any]:
        return {k: datetime.fromisoformat(v) if k.endswith("_at") and isinstance(v, str) else v for k, v in row.items()}

    conn.execute(insert(tables).values(**parse(dump["table"])))
    for t, key in ((tokens, "tokens"), (seats, "seats"), (actions, "actions"), (events, "events")):
        if dump[key]:
            conn.execute(insert(t), [parse(r) for r in dump[key]])
    return str(dump["table"]["id"])


def _jsonable(row: dict[str, Any]) -> dict[str, Any]:
    return {k: v.isoformat() if isinstance(v, datetime) else v for k, v in row.items()}
