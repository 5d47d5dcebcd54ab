"""Table talk: who may read which chat channel (pure), and the chat's storage calls.

Two channels: ``players`` (seated players and the host) and ``spectators``. Everyone reads the
players' channel. The spectators' channel is hidden from players while the game is open,
unless the host allows it (setting ``spectator_chat``); once the game is over, everyone reads
everything. ``visible_to`` is the one filter: the websocket fan-out, the chat history and any
other projection of outgoing messages call it.
"""

from __future__ import annotations

from typing import Any

import anyio

from app.storage import extras
from app.storage.writer import Writer

HISTORY = 200


def channel_of(role: str) -> str:
    """The channel a role writes to: players and the host talk at the table, spectators aside."""
    return "spectators" if role == "spectator" else "players"


def visible_to(channel: str, role: str, *, spectator_chat: bool, game_open: bool) -> bool:
    """May a viewer of ``role`` (player | host | spectator) read a line of ``channel``?"""
    if channel == "players" or role != "player":
        return True
    return spectator_chat or not game_open


def filter_lines(
    lines: list[dict[str, Any]], role: str, *, spectator_chat: bool, game_open: bool
) -> list[dict[str, Any]]:
    return [m for m in lines if visible_to(m["channel"], role, spectator_chat=spectator_chat, game_open=game_open)]


async def say(
    writer: Writer, table_id: str, role: str, seat: str | None, name: str, text: str, seq: int | None = None
) -> dict[str, Any]:
    """Store a line (durable before anyone sees it) and return it as clients get it. ``seq``:
    the seq the speaker sees, when the spectator delay holds it behind the table."""
    channel = channel_of(role)
    return await writer.run(lambda conn: extras.add_chat(conn, table_id, channel, seat, name, text, seq))


async def history(
    engine: Any, table_id: str, upto_seq: int | None = None, limit: int = HISTORY
) -> list[dict[str, Any]]:
    def read() -> list[dict[str, Any]]:
        with engine.connect() as conn:
            return extras.read_chat(conn, table_id, upto_seq, limit)

    return await anyio.to_thread.run_sync(read)
