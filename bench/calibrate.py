"""Where the strong Small Soldiers player's weights come from (``app.bots.search.SMALL_SOLDIERS_FIT``).

    .venv/bin/python -m bench.calibrate [--games 1500]

Plays seeded games of the easy level against itself, in process, and at every position where a
seat is about to spin records what the weights weigh (``search.army_features``: fighters on the
board, the nearest one's distance to the enemy flag, its chance of a spin that carries it there,
the Weapon, Armor and Vehicle cards under them) for that seat and the other, and whether that
seat's army won in the end. A logistic regression (Newton's method) of the one on the other gives
the weights; the bench prints them beside the ones in the code, with each set's mean log
likelihood on these games (the higher the better; 0 would be a perfect forecast), and the old
fixed-scale evaluation's for comparison.
"""

from __future__ import annotations

import argparse
import json
import math
from typing import Any

import numpy as np

from app.bots import policy, search
from app.core.dice import Dice
from app.systems import registry

SYSTEM = "small-soldiers"
NAMES = ("bias", "board", "near", "reach", "reached", "bonus", "vehicle")


def positions(games: int) -> tuple[np.ndarray, np.ndarray]:
    """One row per position where a seat is about to spin (:data:`NAMES`' columns, from that
    seat's side), and 1 where that seat's army won the game."""
    system = registry.get(SYSTEM)
    assert system is not None
    opts = system.validate_options({})
    seats = system.seats(opts)
    rows: list[list[float]] = []
    won: list[float] = []
    for i in range(games):
        dice = Dice(f"calibrate-{i}")
        state, n, seen = system.setup(opts, dice), 0, []
        while system.outcome(state) is None and n < 2000:
            for seat in seats:
                legal = system.legal_actions(state, seat)
                if not legal:
                    continue
                if any(a["kind"] == "spin" for a in legal):
                    seen.append((seat, _row(state, seat, seats)))
                action = policy.choose(dict(system.view(state, seat)), legal, f"calibrate-{i}-{seat}", n)
                if action is None:
                    continue
                state, _ = system.apply(state, seat, system.parse_action(action), dice)
                n += 1
                break
        out = system.outcome(state)
        winners = set(out.winners) if out else set()
        for seat, row in seen:
            rows.append(row)
            won.append(1.0 if seat in winners else 0.0)
    return np.array(rows), np.array(won)


def _row(state: dict[str, Any], seat: str, seats: list[str]) -> list[float]:
    mine = search.army_features(state, seat)
    other = next(s for s in seats if s != seat)
    theirs = search.army_features(state, other)
    return [
        1.0,
        mine["board"] - theirs["board"],
        theirs["near"] - mine["near"],
        mine["reach"],
        theirs["reach"],
        mine["bonus"] - theirs["bonus"],
        mine["vehicle"] - theirs["vehicle"],
    ]


def fit(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """Logistic regression by Newton's method."""
    w = np.zeros(x.shape[1])
    for _ in range(50):
        p = 1.0 / (1.0 + np.exp(-x @ w))
        hessian = (x * (p * (1 - p))[:, None]).T @ x
        w += np.linalg.solve(hessian + 1e-9 * np.eye(len(w)), x.T @ (y - p))
    return w


def in_the_code() -> np.ndarray:
    """The weights ``app.bots.search`` plays with, in :data:`NAMES`' order (it has no bias)."""
    return np.array([0.0] + [search.SMALL_SOLDIERS_FIT[n] for n in NAMES[1:]])


def likelihood(x: np.ndarray, y: np.ndarray, w: np.ndarray) -> float:
    p = np.clip(1.0 / (1.0 + np.exp(-x @ w)), 1e-9, 1 - 1e-9)
    return float(np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1500, help="seeded easy-against-easy games")
    args = parser.parse_args()
    x, y = positions(args.games)
    fitted = fit(x, y)
    used = in_the_code()
    # the evaluation before the fit: 0.5 + 0.5 tanh(lead / 2) = 1 / (1 + e^-lead), where the lead
    # was fighters on the board - 0.25 the nearest's distance + 3 the chance to reach, each side's
    old = np.array([0.0, 1.0, 0.25, 3.0, -3.0, 0.0, 0.0])
    report = {
        "games": args.games,
        "positions": len(y),
        "fitted": {n: round(float(v), 3) for n, v in zip(NAMES, fitted, strict=True)},
        "in_the_code": {n: float(v) for n, v in zip(NAMES, used, strict=True)},
        "log_likelihood": {
            "fitted": round(likelihood(x, y, fitted), 4),
            "in_the_code": round(likelihood(x, y, used), 4),
            "before_the_fit": round(likelihood(x, y, old), 4),
            "a_coin": round(math.log(0.5), 4),
        },
    }
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
