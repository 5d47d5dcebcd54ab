"""Soak: seeded bot-vs-bot games of every system play to the end with zero errors and zero
refused actions, each decision under 200 ms; and the bot beats a random-legal-action player.

(The full 50-game runs are ``python -m bench.bots``; docs/computer-players.md reports them.)"""

from __future__ import annotations

import pytest

from app.bots.local import play

GAMES = [
    ("small-soldiers", {}, ["p1", "p2"]),
    ("gkr", {"players": 2}, None),
    ("srbr", {}, None),
    ("gkr", {"players": 4}, None),
    ("hgb", {}, None),
]


@pytest.mark.parametrize(
    ("system_id", "options", "_seats"), GAMES, ids=[g[0] + "".join(f"-{k}{v}" for k, v in g[1].items()) for g in GAMES]
)
def test_bot_games_reach_an_outcome_without_errors(system_id, options, _seats):
    result = play(system_id, options, "soak-1", {}, limit=4000)
    assert result.reason != "unfinished" and result.winners, result
    assert result.errors == [] and result.refused == 0
    assert result.decide_cpu_ms_max < 200  # CPU time: the wall clock of a busy shared machine varies


@pytest.mark.parametrize("system_id", ["small-soldiers", "gkr", "srbr"])
def test_the_bot_beats_a_random_player(system_id):
    from app.systems import registry

    system = registry.get(system_id)
    options = {"players": 2} if system_id == "gkr" else {}
    seats = system.seats(system.validate_options(options))
    wins = 0
    for i in range(6):
        players = {s: ("bot" if j % 2 == i % 2 else "random") for j, s in enumerate(seats)}
        result = play(system_id, options, f"versus-{i}", players, limit=4000)
        wins += any(players[w] == "bot" for w in result.winners)
    assert wins >= 4  # a clear majority here; the 50-game rates are in docs/computer-players.md (bench.bots)
