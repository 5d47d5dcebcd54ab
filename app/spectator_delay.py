"""The spectator delay: how far behind the players spectators see a table (pure).

A table's host may hold spectators back by N actions or by S seconds (games with hidden
information: a watcher cannot tip a player off). ``spectator_seq`` answers the last seq a
spectator may see, from the table's recent actions; the hub, the HTTP views and the replay
call it. While the game is open only; a finished or closed table is shown whole.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import anyio

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


async def read_marks(engine: Any, table_id: str, settings: dict[str, Any]) -> list[tuple[int, int, datetime]]:
    limit = max(int(settings.get("delay_actions") or 0) + 2, 200)

    def read() -> list[tuple[int, int, datetime]]:
        with engine.connect() as conn:
            return extras.action_marks(conn, table_id, limit)

    return await anyio.to_thread.run_sync(read)


async def spectators_see(session: Any, table_id: str, env: Any) -> Any:
    """The state spectators may see now: ``env`` itself, or an older one under a delay."""

    def read() -> dict[str, Any]:
        with session.engine.connect() as conn:
            return extras.get_settings(conn, table_id)

    settings = await anyio.to_thread.run_sync(read)
    if not is_delayed(settings) or env.status != "open":
        return env
    marks = await read_marks(session.engine, table_id, settings)
    seq = spectator_seq(settings, marks, env.seq, env.status, datetime.now(UTC))
    return env if seq >= env.seq else await session.envelope_at(table_id, seq)
