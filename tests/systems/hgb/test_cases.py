"""Golden cases: (setup, action, dice faces) -> expected events, one JSON file per case in cases/."""

import json
from pathlib import Path

import pytest

from tests.systems.hgb.scenario import act, battle

CASES = sorted((Path(__file__).parent / "cases").glob("*.json"))


def _matches(expected, actual):
    if isinstance(expected, dict):
        return isinstance(actual, dict) and all(k in actual and _matches(v, actual[k]) for k, v in expected.items())
    if isinstance(expected, float) and isinstance(actual, (int, float)):
        return abs(expected - actual) < 1e-6
    return expected == actual


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_golden_case(path):
    case = json.loads(path.read_text())
    t = battle({k: tuple(v) for k, v in case["place"].items()}, case["options"], first=case.get("first", "north"))
    for step in case["steps"]:
        events = act(t, step["seat"], step["action"], step["faces"])
        remaining = list(events)
        for want in step["expect"]:
            hit = next((e for e in remaining if _matches(want, e)), None)
            assert hit is not None, f"{path.stem}: no event like {want} in {events}"
            remaining = remaining[remaining.index(hit) + 1 :]
