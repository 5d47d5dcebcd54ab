"""The websocket soak: a few seeded bot-vs-bot games of every system over real websockets, each
bot a client with its own seat token against a server in another process (``bench.bots --ws``).
The 50-game runs are in process (``bench.bots``; tests/bots/test_soak.py plays a few)."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from bench.bots import _ws_game
from tests.conftest import Server

GAMES: list[tuple[str, dict[str, Any], int]] = [
    ("small-soldiers", {}, 4000),
    ("small-soldiers", {"players": 4}, 4000),
    ("gkr", {"players": 2}, 4000),
    # srbr: tests/bots/test_client.py plays a whole game over websockets
    ("hgb", {}, 40),  # HGB: its first 40 actions (a whole game takes minutes here)
]


@pytest.mark.parametrize(
    ("system_id", "options", "limit"), GAMES, ids=[g[0] + "".join(f"-{k}{v}" for k, v in g[1].items()) for g in GAMES]
)
def test_bot_games_over_websockets(fast_server: Server, system_id: str, options: dict[str, Any], limit: int) -> None:
    result = asyncio.run(_ws_game(fast_server.url, system_id, options, f"ws-soak-{system_id}", limit))
    assert result["errors"] == [] and result["refused"] == 0, result
    if limit < 4000:
        assert result["actions"] >= limit, result
    else:
        assert result["outcome"] is not None and result["outcome"]["winners"], result
    assert result["decide_ms_max"] < 200
