"""The spectator delay: how far behind the players spectators see a table (pure).

A table's host may hold spectators back by N actions or by S seconds (games with hidden
information: a watcher cannot tip a player off). ``spectator_seq`` answers the last seq a
spectator may see, from the table's recent actions; the hub, the HTTP views and the replay
call it. While the game is open only; a finished or closed table is shown whole.

The delay holds everything that carries a seq or reflects play, for every token without a seat
(spectators, the host's own token, no token): the view, the events, the table's summary (its
seq and seat list), ``/legal``'s seq, the chat (players' lines reach them when their seq is
shown; their own lines are said at the seq they see), the presence's seat list, and the lobby's
and Watch list's count of taken seats. What stays live: how many spectators watch, and whether
a seat shown is connected.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import anyio
from sqlalchemy import Engine

from app.session import Envelope, Session
from app.social import settings as table_settings
from app.storage import extras

MAX_ACTIONS = 100
MAX_SECONDS = 3600


def is_delayed(settings: dict[str, Any]) -> bool:
    return bool(settings.get("delay_actions") or settings.get("delay_seconds"))


def spectator_seq(
    settings: dict[str, Any], marks: list[tuple[int, int, datetime]], seq: int, status: str, now: datetime
) -> int:
    """The latest seq spectators may see.

    ``marks`` are (n, last_seq, created_at) of the table's recent actions, oldest first; ``seq``
    is the table's latest seq. With no delay, or once the game is over, that is ``seq``.
    """
    actions = int(settings.get("delay_actions") or 0)
    seconds = int(settings.get("delay_seconds") or 0)
    if status != "open" or (actions <= 0 and seconds <= 0) or not marks:
        return seq
    shown = seq
    if actions > 0:
        target = marks[-1][0] - actions  # the action n that spectators see last
        shown = min(shown, next((last for n, last, _ in reversed(marks) if n <= target), 0))
    if seconds > 0:
        cutoff = now.timestamp() - seconds
        shown = min(shown, next((last for _, last, at in reversed(marks) if _stamp(at) <= cutoff), 0))
    return shown


def next_release(
    settings: dict[str, Any], marks: list[tuple[int, int, datetime]], shown: int, now: datetime
) -> float | None:
    """Seconds until the next action after ``shown`` leaves the time delay (None: nothing waits)."""
    seconds = int(settings.get("delay_seconds") or 0)
    if seconds <= 0:
        return None
    waiting = [at for _, last, at in marks if last > shown]
    if not waiting:
        return None
    return max(0.0, _stamp(waiting[0]) + seconds - now.timestamp())


def _stamp(at: datetime) -> float:
    return (at if at.tzinfo is not None else at.replace(tzinfo=UTC)).timestamp()


async def read_marks(engine: Engine, table_id: str, settings: dict[str, Any]) -> list[tuple[int, int, datetime]]:
    limit = max(int(settings.get("delay_actions") or 0) + 2, 200)

    def read() -> list[tuple[int, int, datetime]]:
        with engine.connect() as conn:
            return extras.action_marks(conn, table_id, limit)

    return await anyio.to_thread.run_sync(read)


async def spectators_see(session: Session, table_id: str, env: Envelope) -> Envelope:
    """The state spectators may see now: ``env`` itself, or an older one under a delay."""
    seq = await held_at(session, table_id, env.seq, env.status)
    return env if seq is None else await session.envelope_at(table_id, seq)


async def held_at(
    session: Session, table_id: str, seq: int, status: str, settings: dict[str, Any] | None = None
) -> int | None:
    """The seq spectators see when the delay holds them behind ``seq`` (the table's latest),
    else None."""
    if settings is None:
        settings = await table_settings.read(session.engine, table_id)
    if not is_delayed(settings) or status != "open":
        return None
    marks = await read_marks(session.engine, table_id, settings)
    shown = spectator_seq(settings, marks, seq, status, datetime.now(UTC))
    return shown if shown < seq else None


def seats_from(events: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """The seat rows (``state``, ``name``) that a log's joins, kicks and reopens leave."""
    seats: dict[str, dict[str, Any]] = {}
    for e in events:
        if e["kind"] == "seat_joined":
            seats[e["seat_id"]] = {"state": "taken", "name": e.get("name")}
        elif e["kind"] == "seat_kicked":
            seats[e["seat_id"]] = {"state": "closed", "name": ""}
        elif e["kind"] == "seat_reopened":
            seats.pop(e["seat_id"], None)
    return seats


async def seats_at(engine: Engine, table_id: str, seq: int) -> dict[str, dict[str, Any]]:
    """The table's seat rows as they were at ``seq``."""

    def read() -> list[dict[str, Any]]:
        with engine.connect() as conn:
            return extras.seat_events(conn, table_id, seq)

    return seats_from(await anyio.to_thread.run_sync(read))


def seat_then(then: dict[str, dict[str, Any]], seat: str) -> dict[str, Any]:
    """A seat's ``state`` and ``name`` in the seat rows of then (``seats_at``): open if none."""
    row = then.get(seat, {})
    return {"state": row.get("state", "open"), "name": row.get("name")}


async def held_summary(session: Session, summary: dict[str, Any]) -> dict[str, Any]:
    """A table's summary as a token without a seat may read it: at the delayed seq, with the
    seat list of then (whether a seat shown is connected stays live)."""
    seq = await held_at(session, summary["id"], summary["seq"], summary["status"])
    if seq is None:
        return summary
    then = await seats_at(session.engine, summary["id"], seq)
    seats = [
        {**s, **seat_then(then, s["seat"]), "connected": s["connected"] and s["seat"] in then} for s in summary["seats"]
    ]
    return {**summary, "seq": seq, "seats": seats}


async def held_entries(session: Session, entries: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The lobby's entries with the taken seats of delayed tables counted at the delayed seq."""
    ids = [e["id"] for e in entries if e["status"] == "open"]

    def read() -> dict[str, dict[str, Any]]:
        with session.engine.connect() as conn:
            return extras.delayed_tables(conn, ids)

    delayed = await anyio.to_thread.run_sync(read) if ids else {}
    out = []
    for entry in entries:
        settings = delayed.get(entry["id"])
        if settings is not None:
            env = await session.current(entry["id"])
            seq = await held_at(session, entry["id"], env.seq, env.status, settings)
            if seq is not None:
                then = await seats_at(session.engine, entry["id"], seq)
                entry = {**entry, "seats_taken": sum(1 for s in then.values() if s["state"] == "taken")}
        out.append(entry)
    return out


async def public_lobby(session: Session) -> list[dict[str, Any]]:
    """The lobby as everyone may read it (``held_entries``)."""
    return await held_entries(session, await session.lobby())
