"""Bot games in one process, for soak tests and ``bench/bots.py``.

Each seat sees only what the server would send it: ``Projection.view`` and
``Projection.legal`` of the table at each step (the same calls the server makes), and a
player is a function of those two and its seed. ``play`` runs a seeded game to its end.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from app.bots import policy, search
from app.core.dice import Dice
from app.core.errors import WarboardError
from app.session.projection import Projection
from app.systems import registry

Player = Callable[[dict[str, Any], list[dict[str, Any]], str, int], dict[str, Any] | None]


def random_player(view: dict[str, Any], actions: list[dict[str, Any]], seed: str, seq: int) -> dict[str, Any] | None:
    """A random legal action (never ending the game, nor handing its models to HGB's Autopilot: a
    toggle that is always listed, so a random seat could flip it for ever while the seat on turn waits)."""
    playing = [a for a in actions if a["kind"] not in policy.ENDINGS and a["kind"] != "autopilot"]
    return random.Random(f"{seed}:{seq}").choice(playing) if playing else None


def helper_odds(view: dict[str, Any], actions: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """The HGB odds helper's answers for the bot's attacks: the function ``POST /api/rules/hgb/odds``
    runs (stateless; cached like the bot client caches them). Helper work, not the bot's decision."""
    return search.helper_odds(view, actions)


def bot_player(view: dict[str, Any], actions: list[dict[str, Any]], seed: str, seq: int) -> dict[str, Any] | None:
    """The bot, with the HGB odds helper's answers."""
    return policy.choose(view, actions, seed, seq, helper_odds(view, actions))


PLAYERS: dict[str, Player] = {"bot": bot_player, "random": random_player}


@dataclass
class _Env:
    state: dict[str, Any]
    status: str = "open"
    outcome: dict[str, Any] | None = None


@dataclass
class Result:
    system: str
    seed: str
    winners: list[str]
    reason: str
    actions: int
    seconds: float
    refused: int = 0
    errors: list[str] = field(default_factory=list)
    decide_ms_max: float = 0.0  # the slowest decision, wall-clock (the legal list is the server's work)
    decide_cpu_ms_max: float = 0.0  # the same in CPU time (what it costs, whatever else the machine runs)
    strong_cpu_ms: list[float] = field(default_factory=list)  # each strong decision's CPU time


def strong_player(
    system_id: str,
    state: dict[str, Any],
    seat: str,
    legal: list[dict[str, Any]],
    seed: str,
    seq: int,
    budget: search.Budget | None = None,
) -> search.Thought:
    """The strong level, on the worlds its seat's ``seal`` deals (never the state itself)."""
    system = registry.get(system_id)
    assert system is not None
    worlds = [system.seal(state, seat, search.FIRST_WORLD + i) for i in range(search.WORLDS)]
    return search.think(system_id, worlds, seat, legal, seed, seq, budget)


def play(
    system_id: str,
    options: dict[str, Any],
    seed: str,
    players: dict[str, str],
    limit: int = 6000,
    budget: search.Budget | None = None,
) -> Result:
    """Play a seeded game with ``players`` (seat -> "bot" (the easy level) | "strong" | "random");
    a seat left out is a bot. ``budget``: each strong decision's."""
    system = registry.get(system_id)
    assert system is not None
    opts = system.validate_options(options)
    seats = system.seats(opts)
    dice = Dice(f"soak-{seed}")
    env = _Env(system.setup(opts, dice))
    projection = Projection(system, seeded=True)
    start, n, refused, slowest, costliest = time.perf_counter(), 0, 0, 0.0, 0.0
    errors: list[str] = []
    strong: list[float] = []
    while n < limit and system.outcome(env.state) is None:
        acted = False
        for seat in seats:
            legal = projection.legal(env, seat)
            view = projection.view(env, seat)
            who = players.get(seat, "bot")
            odds = helper_odds(view, legal) if who == "bot" else {}  # the server's helper, as for the client
            t, c = time.perf_counter(), time.thread_time()
            if who == "bot":
                action = policy.choose(view, legal, f"{seed}-{seat}", n, odds)
            elif who == "strong":
                action = strong_player(system_id, env.state, seat, legal, f"{seed}-{seat}", n, budget).action
                if legal:
                    strong.append((time.thread_time() - c) * 1000)
            else:
                action = PLAYERS[who](view, legal, f"{seed}-{seat}", n)
            slowest = max(slowest, (time.perf_counter() - t) * 1000)
            costliest = max(costliest, (time.thread_time() - c) * 1000)
            if action is None:
                continue
            try:
                env.state, _ = system.apply(env.state, seat, system.parse_action(action), dice)
            except WarboardError as exc:
                refused += 1
                errors.append(f"{seat} {action}: {exc}")
                continue
            n += 1
            acted = True
            break
        if not acted:
            errors.append(f"no seat acted at action {n}")
            break
    out = system.outcome(env.state)
    return Result(
        system_id,
        seed,
        list(out.winners) if out else [],
        out.reason if out else "unfinished",
        n,
        time.perf_counter() - start,
        refused,
        errors,
        slowest,
        costliest,
        strong,
    )
