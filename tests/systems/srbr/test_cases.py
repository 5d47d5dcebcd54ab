"""Golden cases: (options, seed, actions) -> the exact events, so rule changes show up.

Regenerate after a deliberate rule change with SRBR_REGEN=1 and review the diff.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from app.core.dice import Dice
from app.systems.srbr import SamuraiRobots
from tests.systems.srbr import bot

CASES = Path(__file__).parent / "cases"


def run(case: dict[str, Any]) -> list[list[dict[str, Any]]]:
    system = SamuraiRobots()
    dice = Dice(case["seed"])
    state = system.setup(system.validate_options(case["options"]), dice)
    out = []
    for step in case["actions"]:
        d = Dice(case["seed"], dice.index)
        state, events = system.apply(state, step["seat"], system.parse_action(step["action"]), d)
        dice.index = d.index
        out.append(events)
    return out


def record(name: str, seed: str, options: dict[str, Any], steps: int) -> None:
    """Write a case from the test player's first ``steps`` actions."""
    actions: list[dict[str, Any]] = []
    system = SamuraiRobots()
    dice = Dice(seed)
    state = system.setup(system.validate_options(options), dice)
    for _ in range(steps):
        seat = system.view(state, None)["turn"]["active"][0]
        raw = bot.choose({**system.view(state, seat), "_state": state, "_seat": seat}, seat)
        d = Dice(seed, dice.index)
        state, _ = system.apply(state, seat, system.parse_action(raw), d)
        dice.index = d.index
        actions.append({"seat": seat, "action": raw})
    case: dict[str, Any] = {"seed": seed, "options": options, "actions": actions}
    case["events"] = run(case)
    (CASES / f"{name}.json").write_text(json.dumps(case, indent=1) + "\n")


GOLDEN = {
    "duel_opening": ("warboard-srbr-golden", {}, 40),
    "three_players": ("warboard-srbr-golden-3", {"players": 3}, 40),
}


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_golden_case(name: str) -> None:
    if os.environ.get("SRBR_REGEN") == "1" or not (CASES / f"{name}.json").exists():
        record(name, *GOLDEN[name])
    case = json.loads((CASES / f"{name}.json").read_text())
    assert run(case) == case["events"]
