"""Golden cases: one file format and one runner for every rule system's recorded games.

A case is one JSON file, ``<cases directory>/<name>.json``::

    {
      "about": "what the case shows (optional)",
      "system": "gkr",
      "setup": {"options": {...}, "seed": "..."},
      "steps": [
        {"seat": "p1", "action": {...}, "faces": [5, 3], "events": [...]},
        {"seat": "p2", "action": {...}, "expect": [...]}
      ]
    }

- ``setup`` says how the table starts, in the terms of the system's test module (its ``start``
  function reads it): the options and seed, or where the models stand.
- Each step is one action by one seat. ``faces`` (optional) are the scripted dice of that action
  (``tests.kit.dice.ScriptedDice``). Then either ``events``: the exact events the action makes
  (a recorded case), or ``expect``: events like these, in this order, among the action's events
  (a hand-written case; each one a partial match: the keys it lists, floats within 1e-6).

A test module declares its cases by name, so a deleted or renamed file FAILS; a file that no
test declares fails too (``golden_tests`` makes the module's two tests)::

    GOLDEN = Golden("gkr", Path(__file__).parent / "cases", {"first_round": record_first_round}, start)
    test_golden_case, test_every_case_file_is_declared = golden_tests(GOLDEN)

Regenerating: recorded cases (those with a recorder) are rewritten only when the environment
says so, after an intended rule change; review the diff before committing::

    WARBOARD_REGEN_GOLDEN=1 .venv/bin/python -m pytest -q tests/systems/gkr/test_cases.py

A recorder returns ``{"setup": ..., "steps": [{"seat", "action", "faces"?}, ...]}``; the runner
plays it through ``start`` and writes the events it sees. Hand-written cases (recorder ``None``)
are never rewritten. A missing file is never written without the variable: it fails.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

REGEN_ENV = "WARBOARD_REGEN_GOLDEN"

Case = dict[str, Any]
Step = dict[str, Any]
Events = list[dict[str, Any]]
Play = Callable[[Step], Events]  # plays one step, returns its events
Start = Callable[[dict[str, Any]], Play]  # the case's setup -> its table's Play
Record = Callable[[], Case]

CASE_KEYS = {"about", "system", "setup", "steps"}
STEP_KEYS = {"seat", "action", "faces", "events", "expect"}


def regenerating() -> bool:
    """True when ``WARBOARD_REGEN_GOLDEN=1``: recorded cases are written afresh."""
    return os.environ.get(REGEN_ENV) == "1"


def plain(value: Any) -> Any:
    """``value`` as it reads back from JSON (tuples become lists, keys strings)."""
    return json.loads(json.dumps(value))


def matches(expected: Any, actual: Any) -> bool:
    """A partial match: every key ``expected`` lists, equal in ``actual``; floats within 1e-6."""
    if isinstance(expected, dict):
        return isinstance(actual, dict) and all(k in actual and matches(v, actual[k]) for k, v in expected.items())
    if isinstance(expected, float) and isinstance(actual, (int, float)):
        return abs(expected - actual) < 1e-6
    return bool(expected == actual)


def validate(case: Case, system: str, where: str) -> None:
    """The case has the one format (unknown keys are typos and fail)."""
    assert isinstance(case, dict), f"{where}: a case is a JSON object"
    assert not set(case) - CASE_KEYS, f"{where}: unknown keys {sorted(set(case) - CASE_KEYS)}"
    assert case.get("system") == system, f"{where}: system {case.get('system')!r}, expected {system!r}"
    assert isinstance(case.get("setup"), dict), f"{where}: no setup object"
    assert isinstance(case.get("steps"), list) and case["steps"], f"{where}: no steps"
    for i, step in enumerate(case["steps"]):
        assert not set(step) - STEP_KEYS, f"{where} step {i}: unknown keys {sorted(set(step) - STEP_KEYS)}"
        assert "seat" in step and "action" in step, f"{where} step {i}: a step needs seat and action"
        assert ("events" in step) != ("expect" in step), f"{where} step {i}: give either events or expect"


def check_steps(case: Case, start: Start, where: str) -> None:
    """Play every step from the case's setup and compare what each one makes."""
    play = start(case["setup"])
    for i, step in enumerate(case["steps"]):
        events = plain(play(step))
        if "events" in step:
            assert events == step["events"], f"{where} step {i}: the events differ from the recorded ones"
            continue
        remaining = list(events)
        for want in step["expect"]:
            hit = next((e for e in remaining if matches(want, e)), None)
            assert hit is not None, f"{where} step {i}: no event like {want} (in order) in {events}"
            remaining = remaining[remaining.index(hit) + 1 :]


def write(path: Path, case: Case) -> None:
    path.write_text(json.dumps(case, indent=1) + "\n")


@dataclass(frozen=True)
class Golden:
    """The golden cases of one system: ``cases`` maps each case name to its recorder (or ``None``
    for a hand-written case); ``start`` plays a case's steps."""

    system: str
    directory: Path
    cases: Mapping[str, Record | None]
    start: Start

    @property
    def names(self) -> Sequence[str]:
        return sorted(self.cases)

    def path(self, name: str) -> Path:
        return self.directory / f"{name}.json"

    def record(self, name: str) -> Case:
        """Play the recorder's actions and keep the events each one makes."""
        recorder = self.cases[name]
        assert recorder is not None, f"{name} is written by hand"
        recorded = recorder()
        case: Case = {"system": self.system, "setup": recorded["setup"], "steps": []}
        play = self.start(recorded["setup"])
        for step in recorded["steps"]:
            case["steps"].append({**step, "events": plain(play(step))})
        return case

    def check(self, name: str) -> None:
        path = self.path(name)
        if regenerating() and self.cases[name] is not None:
            write(path, self.record(name))
        if not path.exists():
            how = f"record it with {REGEN_ENV}=1" if self.cases[name] is not None else "it is written by hand"
            pytest.fail(f"golden case {path} is missing: restore it ({how})")
        case = json.loads(path.read_text())
        validate(case, self.system, path.name)
        check_steps(case, self.start, path.name)

    def check_directory(self) -> None:
        """Every declared case has a file and every file is declared."""
        files = {p.stem for p in self.directory.glob("*.json")}
        assert files == set(self.cases), (
            f"missing: {sorted(set(self.cases) - files)}, not declared: {sorted(files - set(self.cases))}"
        )


def golden_tests(golden: Golden) -> tuple[Callable[[str], None], Callable[[], None]]:
    """A test module's two tests of ``golden``: each case (one test per name), and the directory
    (every declared case has a file and every file is declared)."""

    @pytest.mark.parametrize("name", golden.names)
    def test_golden_case(name: str) -> None:
        golden.check(name)

    def test_every_case_file_is_declared() -> None:
        golden.check_directory()

    return test_golden_case, test_every_case_file_is_declared
