"""Golden cases: (options, seed, actions) -> the exact events, as recorded in cases/*.json.

Regenerate after an intended rule change with ``GKR_REGEN=1 pytest tests/systems/gkr/test_cases.py``
and review the diff.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from tests.systems.gkr.game import Table
from tests.systems.gkr.test_game import OPTIONS, SEED, first_round

CASES = Path(__file__).parent / "cases"


def record_first_round() -> dict:
    played = first_round()
    replay = Table(OPTIONS, SEED)
    steps = []
    for seat, action in played.actions:
        steps.append({"seat": seat, "action": action, "events": replay.do(seat, action)})
    return {"options": OPTIONS, "seed": SEED, "steps": steps}


@pytest.mark.parametrize("name, record", [("first_round", record_first_round)])
def test_golden_case(name, record):
    path = CASES / f"{name}.json"
    if os.environ.get("GKR_REGEN") or not path.exists():
        path.write_text(json.dumps(record(), indent=1) + "\n")
    case = json.loads(path.read_text())
    table = Table(case["options"], case["seed"])
    for i, step in enumerate(case["steps"]):
        assert json.loads(json.dumps(table.do(step["seat"], step["action"]))) == step["events"], i
