"""Golden cases: (options, seed, actions) -> the exact events, as recorded in cases/*.json.

The format and the runner are ``tests.kit.golden``'s. Regenerate after an intended rule change
with ``WARBOARD_REGEN_GOLDEN=1 .venv/bin/python -m pytest tests/systems/gkr/test_cases.py`` and
review the diff; a missing case file fails.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.kit.golden import Events, Golden, Play, Step, golden_tests
from tests.systems.gkr.game import Table
from tests.systems.gkr.test_game import OPTIONS, SEED, first_round


def start(setup: dict[str, Any]) -> Play:
    table = Table(setup["options"], setup["seed"])

    def play(step: Step) -> Events:
        return table.do(step["seat"], step["action"])

    return play


def record_first_round() -> dict[str, Any]:
    played = first_round()
    steps = [{"seat": seat, "action": action} for seat, action in played.actions]
    return {"setup": {"options": OPTIONS, "seed": SEED}, "steps": steps}


GOLDEN = Golden("gkr", Path(__file__).parent / "cases", {"first_round": record_first_round}, start)

test_golden_case, test_every_case_file_is_declared = golden_tests(GOLDEN)
