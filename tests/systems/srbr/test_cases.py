"""Golden cases: (options, seed, actions) -> the exact events, so rule changes show up.

The actions are the test player's first moves; the format and the runner are
``tests.kit.golden``'s. Regenerate after a deliberate rule change with
``WARBOARD_REGEN_GOLDEN=1 .venv/bin/python -m pytest tests/systems/srbr/test_cases.py`` and
review the diff; a missing case file fails.
"""

from __future__ import annotations

from functools import partial
from pathlib import Path
from typing import Any

from app.core.dice import Dice
from app.systems.srbr import SamuraiRobots
from tests.kit.golden import Events, Golden, Play, Step, golden_tests
from tests.systems.srbr import bot


def start(setup: dict[str, Any]) -> Play:
    """A table as the server runs it: one dice stream, a fresh Dice per action."""
    system = SamuraiRobots()
    dice = Dice(setup["seed"])
    table = {"state": system.setup(system.validate_options(setup["options"]), dice)}

    def play(step: Step) -> Events:
        d = Dice(setup["seed"], dice.index)
        table["state"], events = system.apply(table["state"], step["seat"], system.parse_action(step["action"]), d)
        dice.index = d.index
        return events

    return play


def record(seed: str, options: dict[str, Any], steps: int) -> dict[str, Any]:
    """The test player's first ``steps`` actions."""
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
    return {"setup": {"seed": seed, "options": options}, "steps": actions}


GOLDEN = Golden(
    "srbr",
    Path(__file__).parent / "cases",
    {
        "duel_opening": partial(record, "warboard-srbr-golden", {}, 40),
        "three_players": partial(record, "warboard-srbr-golden-3", {"players": 3}, 40),
    },
    start,
)

test_golden_case, test_every_case_file_is_declared = golden_tests(GOLDEN)
