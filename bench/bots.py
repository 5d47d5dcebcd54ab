"""Soak and strength bench for the computer players (README, "Computer players").

    .venv/bin/python -m bench.bots [--games 50] [--only hgb,srbr] [--limit 6000]

For each game: N seeded bot-vs-bot games (2 players, and 4 for Small Soldiers and GKR) to the
end, counting errors and refused actions, with the median game length (actions) and time; then
N seeded games of the bot against a random-legal-action player (the bot takes the first seat in
even games, the second in odd ones) and the bot's win rate. Games run in process through the
same projection the server uses (``app.bots.local``).
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from typing import Any

from app.bots.local import play
from app.systems import registry

SETUPS: list[tuple[str, dict[str, Any]]] = [
    ("small-soldiers", {}),
    ("small-soldiers", {"players": 4}),
    ("gkr", {"players": 2}),
    ("gkr", {"players": 4}),
    ("srbr", {}),
    ("hgb", {}),
]


def run(system_id: str, options: dict[str, Any], games: int, versus: bool, limit: int) -> dict[str, Any]:
    system = registry.get(system_id)
    assert system is not None
    seats = system.seats(system.validate_options(options))
    results, wins = [], 0
    for i in range(games):
        players = {s: "bot" for s in seats}
        if versus:
            players = {s: ("bot" if j % 2 == i % 2 else "random") for j, s in enumerate(seats)}
        r = play(system_id, options, f"{'vr' if versus else 'bb'}-{i}", players, limit)
        results.append(r)
        wins += any(players.get(w) == "bot" for w in r.winners) and not any(
            players.get(w) == "random" for w in r.winners
        )
    return {
        "system": system_id,
        "options": options,
        "mode": "bot vs random" if versus else "bot vs bot",
        "games": games,
        "finished": sum(r.reason != "unfinished" for r in results),
        "errors": sum(len(r.errors) for r in results),
        "refused": sum(r.refused for r in results),
        "median_actions": statistics.median(r.actions for r in results),
        "median_seconds": round(statistics.median(r.seconds for r in results), 2),
        "slowest_decision_ms": round(max(r.decide_ms_max for r in results), 1),
        **({"bot_wins": wins} if versus else {}),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--only", default="")
    parser.add_argument("--limit", type=int, default=6000)
    parser.add_argument("--versus-only", action="store_true")
    args = parser.parse_args()
    only = set(filter(None, args.only.split(",")))
    for system_id, options in SETUPS:
        if only and system_id not in only:
            continue
        modes = [True] if args.versus_only else [False, True]
        for versus in modes:
            if versus and options.get("players", 2) != 2:
                continue
            start = time.perf_counter()
            row = run(system_id, options, args.games, versus, args.limit)
            row["wall_seconds"] = round(time.perf_counter() - start, 1)
            print(json.dumps(row), flush=True)


if __name__ == "__main__":
    main()
