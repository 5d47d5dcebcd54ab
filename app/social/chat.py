"""Table talk: who may read which chat channel (pure), and the chat's storage calls.

Two channels: ``players`` (seated players and the host) and ``spectators``. Everyone reads the
players' channel. The spectators' channel is hidden from players while the game is open,
unless the host allows it (setting ``spectator_chat``); once the game is over, everyone reads
everything. ``visible_to`` is the one filter: the websocket fan-out, the chat history and any
other projection of outgoing messages call it.

Floods (``Limits``): a token may say ``TOKEN_RATE`` lines a second (all its sockets together),
each channel of a table carries ``CHANNEL_RATE`` (all its speakers together); a line over
either is refused with ``rate_limited`` and stored nowhere. A table keeps the newest ``KEEP``
lines of each channel: a chat never fills up, its oldest lines go.
"""

from __future__ import annotations

import os
from collections import OrderedDict
from typing import Any

import anyio

from app.core.bucket import TokenBucket
from app.core.errors import RateLimited
from app.storage import extras
from app.storage.writer import Writer

HISTORY = 200
#: lines one token may say per second, and at once (all its sockets together)
TOKEN_RATE = float(os.environ.get("WARBOARD_CHAT_RATE", 1))
TOKEN_BURST = float(os.environ.get("WARBOARD_CHAT_BURST", 8))
#: lines one channel of a table carries per second, and at once (all its speakers together: a
#: crowd of spectator tokens cannot drown the table, nor the players' channel at all)
CHANNEL_RATE = float(os.environ.get("WARBOARD_TABLE_CHAT_RATE", 5))
CHANNEL_BURST = float(os.environ.get("WARBOARD_TABLE_CHAT_BURST", 20))
#: lines of each channel a table keeps: a new line past it deletes that channel's oldest
KEEP = int(os.environ.get("WARBOARD_CHAT_KEEP", 1000))


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


class Limits:
    """One table's chat rate limits in this process: ``TOKEN_RATE`` lines a second per token and
    ``CHANNEL_RATE`` per channel. A refused line takes nothing from either bucket."""

    def __init__(self) -> None:
        self._tokens: dict[str, TokenBucket] = {}
        self._channels: dict[str, TokenBucket] = {}

    def take(self, token_hash: str, role: str) -> None:
        """Count one line said by ``token_hash``; raises RateLimited (``rate_limited``)."""
        if len(self._tokens) > 10_000:
            self._tokens.clear()
        mine = self._tokens.setdefault(token_hash, TokenBucket(TOKEN_RATE, TOKEN_BURST))
        channel = channel_of(role)
        table = self._channels.setdefault(channel, TokenBucket(CHANNEL_RATE, CHANNEL_BURST))
        if not mine.take():
            raise RateLimited(f"You are chatting too fast: at most {_lines(TOKEN_RATE)} a second; wait a moment")
        if not table.take():
            mine.tokens = min(mine.burst, mine.tokens + 1)  # not said: not counted against the speaker
            raise RateLimited(
                f"The {channel}' chat of this table is busy: at most {_lines(CHANNEL_RATE)} a second "
                "from everyone together; wait a moment"
            )


_LIMITS: OrderedDict[str, Limits] = OrderedDict()  # table id -> its limits, the latest used last


def limits_for(table_id: str) -> Limits:
    """The table's chat limits in this process. They outlive the table's hub (made again when
    someone connects after everyone left): a flooder who leaves and comes back finds its bucket
    as it left it. The 10,000 tables used last are kept."""
    limits = _LIMITS.pop(table_id, None) or Limits()
    _LIMITS[table_id] = limits
    while len(_LIMITS) > 10_000:
        _LIMITS.popitem(last=False)
    return limits


def _lines(rate: float) -> str:
    return f"{rate:g} line" + ("" if rate == 1 else "s")


async def say(
    writer: Writer, table_id: str, role: str, seat: str | None, name: str, text: str, seq: int | None = None
) -> dict[str, Any]:
    """Store a line (durable before anyone sees it) and return it as clients get it. ``seq``:
    the seq the speaker sees, when the spectator delay holds it behind the table. The table
    keeps the newest ``KEEP`` lines of the line's channel (``extras.add_chat``)."""
    channel = channel_of(role)
    return await writer.run(lambda conn: extras.add_chat(conn, table_id, channel, seat, name, text, seq, keep=KEEP))


async def history(
    engine: Any, table_id: str, upto_seq: int | None = None, limit: int = HISTORY
) -> list[dict[str, Any]]:
    def read() -> list[dict[str, Any]]:
        with engine.connect() as conn:
            return extras.read_chat(conn, table_id, upto_seq, limit)

    return await anyio.to_thread.run_sync(read)
