"""What one browser's seats look like from afar: for the "Your games" page, one seat's table in
a few words (its name and game, the seat, whether that seat is to act, the result, when it last
moved), read with that seat's own token and nothing else of the table's hidden state.

A device keeps its seats' tokens itself (nothing is an account); it asks about all of them at
once, and each one is checked on its own: an unknown table, a token that no longer holds a seat
there, or a token that holds another seat (or none) is answered with a code for that entry only.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import anyio

from app.core import clock
from app.core.errors import Unauthorized
from app.session.commit import now_ms
from app.session.game import system_of
from app.session.records import check_held
from app.session.session import Session
from app.storage import extras


async def held_seat(session: Session, table_id: str, seat: str, token: str) -> dict[str, Any]:
    """One held seat's table in a few words. Raises NotFound (``unknown_table``), Unauthorized
    (``unauthorized``: no seat of this table is held by this token now) or Forbidden
    (``seat_not_held``: the token holds another seat, or none)."""
    meta = await session.table_meta(table_id)
    try:
        actor = await session.authenticate(table_id, token)
    except Unauthorized:
        raise Unauthorized(
            "This browser's token no longer holds a seat at this table (the seat moved to another "
            "device, or the host removed it)",
            code="unauthorized",
        ) from None
    check_held(actor, seat)
    env = await session.current(table_id)
    system = system_of(meta["system"])
    state = system.upgrade(env.state)
    is_open = env.status == "open" and env.outcome is None
    your_move = is_open and system.hold(state) is None and seat in (system.active_seats(state) or [])

    def last_move() -> datetime | None:
        with session.engine.connect() as conn:
            marks = extras.action_marks(conn, table_id, 1)
        return marks[-1][2] if marks else None

    last = await anyio.to_thread.run_sync(last_move) or meta["created_at"]
    return {
        "table": table_id,
        "seat": seat,
        "name": meta["name"],
        "system": meta["system"],
        "system_name": system.name,
        "seat_label": system.seat_label(seat, meta["options"]),
        "player": actor.name,
        "your_move": your_move,
        "turn_order": system.active_seats(state) is not None,
        "status": env.status,
        "outcome": env.outcome,
        "seq": env.seq,
        "last_activity": _utc(last),
        "clock": seat_clock(env.clock if is_open else None, seat, now_ms()),
    }


def seat_clock(ticking: clock.Clock | None, seat: str, now: int) -> dict[str, Any] | None:
    """One seat's clock at ``now`` (epoch ms), for "Your games": its mode, the time it has left,
    whether that time runs now and until when, the limit of a move (by post) or of the game
    (live). None when the table has no clock (or its game is over), or the seat is not on it."""
    if ticking is None or seat not in ticking["left"]:
        return None
    running = clock.is_running(ticking) and seat in ticking["running"]
    left = clock.left_at(ticking, now)[seat]
    return {
        "mode": ticking["mode"],
        "left": left,
        "running": running,
        "deadline": now + left if running else None,
        "paused": ticking["paused"] is not None,
        "out": seat in ticking["out"],
        "limit": clock.budget_ms(ticking),
        "now": now,
    }


def _utc(stamp: datetime) -> str:
    """A stored time as ISO 8601 in UTC (SQLite gives it back without its zone)."""
    return (stamp if stamp.tzinfo else stamp.replace(tzinfo=UTC)).astimezone(UTC).isoformat()
