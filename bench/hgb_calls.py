"""How long one Heavy Gear Blitz call takes: the acting seat's view, the acting model's targets (cover
against every enemy, which the view no longer carries),
a spectator's view, the seat's legal list and a preview of the action it then takes, at every
step of a seeded bot game on each map, as the server makes them (``Projection``, in process).

    python -m bench.hgb_calls [--maps ridge,outpost] [--actions 300] [--seed calls]

Each view is timed with the cover cache emptied first (the first view after a move pays for
every sight line again), so the figures are the cold cost. Prints per map and call the median,
p95 and max in milliseconds of wall time and of the thread's CPU time (on a busy machine the
CPU time is the one to compare).
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from app.bots import policy
from app.bots.local import _Env
from app.core.dice import Dice
from app.session.projection import Projection
from app.systems import registry
from app.systems.hgb import sight
from app.systems.hgb.view import acting_model, targets
from bench.report import percentile


class PreviewDice(Dice):
    """A throwaway dice stream, as the server's previews use."""

    def __init__(self) -> None:
        super().__init__("preview")


def timed(calls: dict[str, list[tuple[float, float]]], name: str, work: Callable[[], Any]) -> Any:
    wall, cpu = time.perf_counter(), time.thread_time()
    out = work()
    calls.setdefault(name, []).append(((time.perf_counter() - wall) * 1000, (time.thread_time() - cpu) * 1000))
    return out


def forget() -> None:
    cached = getattr(sight, "_cover", None)
    if cached is not None:
        cached.cache_clear()


@dataclass
class SeededGame:
    """A seeded HGB table in process, as the server holds it: the rules, the seats, the table's
    dice stream and state (``env``), and the projection that draws its views and legal lists."""

    system: Any
    seats: list[str]
    dice: Dice
    env: _Env
    projection: Projection


def seeded_game(map_id: str, seed: str) -> SeededGame:
    """A new HGB table on ``map_id``, its dice seeded ``{seed}-{map_id}``."""
    system = registry.get("hgb")
    assert system is not None
    options = system.validate_options({"map": map_id})
    dice = Dice(f"{seed}-{map_id}")
    return SeededGame(
        system, system.seats(options), dice, _Env(system.setup(options, dice)), Projection(system, seeded=True)
    )


def play(map_id: str, actions: int, seed: str) -> dict[str, Any]:
    game = seeded_game(map_id, seed)
    system, seats, dice, env, projection = game.system, game.seats, game.dice, game.env, game.projection
    calls: dict[str, list[tuple[float, float]]] = {}
    n = 0
    while n < actions and system.outcome(env.state) is None:
        acted = False
        for seat in seats:
            forget()
            model = acting_model(env.state, seat)
            name = "view, acting seat" if model else "view, other seat"
            view = timed(calls, name, lambda s=seat: projection.view(env, s))
            if model:  # what the view carried before it left them to /preview: cover against every enemy
                forget()
                timed(calls, "targets of the acting model (not in the view)", lambda m=model: targets(env.state, m))
            legal = timed(calls, "legal list", lambda s=seat: projection.legal(env, s))
            action = policy.choose(view, legal, f"{seed}-{seat}", n)
            if action is None:
                continue
            parsed = system.parse_action(action)
            state = env.state
            forget()
            timed(
                calls,
                "preview (two runs)",
                lambda s=seat, st=state, a=parsed: [system.apply(st, s, a, PreviewDice()) for _ in "ab"],
            )
            env.state, _ = system.apply(env.state, seat, parsed, dice)
            n += 1
            acted = True
            break
        forget()
        timed(calls, "view, spectator", lambda: projection.view(env, None))
        if not acted:
            break
    out: dict[str, Any] = {"map": map_id, "actions": n}
    for name, samples in calls.items():
        wall = [w for w, _ in samples]
        cpu = [c for _, c in samples]
        out[name] = {
            "calls": len(samples),
            "wall_ms": {p: round(percentile(wall, q), 2) for p, q in (("p50", 50), ("p95", 95))}
            | {"max": round(max(wall), 2)},
            "cpu_ms": {p: round(percentile(cpu, q), 2) for p, q in (("p50", 50), ("p95", 95))}
            | {"max": round(max(cpu), 2)},
        }
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--maps", default="ridge,outpost")
    parser.add_argument("--actions", type=int, default=300)
    parser.add_argument("--seed", default="calls")
    args = parser.parse_args()
    for map_id in args.maps.split(","):
        print(json.dumps(play(map_id, args.actions, args.seed)), flush=True)


if __name__ == "__main__":
    main()
