"""Golden cases: (setup, action, dice faces) -> expected events, one hand-written JSON file per
case in cases/, each from a rulebook example (the format and runner are ``tests.kit.golden``'s)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.kit.golden import Events, Golden, Play, Step, golden_tests
from tests.systems.hgb.scenario import act, battle


def start(setup: dict[str, Any]) -> Play:
    place = {k: tuple(v) for k, v in setup["place"].items()}
    table = battle(place, setup["options"], first=setup.get("first", "north"))

    def play(step: Step) -> Events:
        return act(table, step["seat"], step["action"], step.get("faces"))

    return play


GOLDEN = Golden(
    "hgb",
    Path(__file__).parent / "cases",
    {"gear_joe": None, "gear_joe_overkill": None, "light_rocket_pack": None},
    start,
)

test_golden_case, test_every_case_file_is_declared = golden_tests(GOLDEN)
