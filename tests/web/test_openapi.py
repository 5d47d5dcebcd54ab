"""/openapi.json is a schema a client can be generated from (issue 17): each system's action
models have names of their own, every schema is valid JSON Schema, every action the rules list
as legal (a seeded random game per system) is accepted by its system's documented schema and
refused by the others' same-named kinds where they differ, and error statuses are documented."""

from __future__ import annotations

import random
from typing import Any

import pytest
from jsonschema import Draft202012Validator

from app import systems
from app.core.dice import Dice
from app.core.errors import WarboardError
from app.server.factory import create_app

GAMES = [
    ("sandbox", {}),
    ("small-soldiers", {}),
    ("small-soldiers", {"advanced": True}),
    ("gkr", {"players": 2}),
    ("hgb", {}),
    ("srbr", {}),
]
STEPS = 150


@pytest.fixture(scope="module")
def spec() -> dict[str, Any]:
    return create_app().openapi()


def prefix(system_id: str) -> str:
    return "".join(p.capitalize() for p in system_id.replace("-", "_").split("_"))


def validator(spec: dict[str, Any], name: str) -> Draft202012Validator:
    return Draft202012Validator({"$ref": f"#/components/schemas/{name}", "components": spec["components"]})


def examples(system_id: str, options: dict[str, Any], seed: str = "openapi") -> list[dict[str, Any]]:
    """Actions the rules list as legal along a seeded random game."""
    system = systems.get(system_id)
    assert system is not None
    opts = system.validate_options(options)
    seats = system.seats(opts)
    dice = Dice(seed, 0)
    state, index = system.setup(opts, dice), dice.index
    rng = random.Random(seed)
    seen: list[dict[str, Any]] = []
    if system_id == "sandbox":
        return [
            {"kind": "add_token", "token": "a", "x": 2, "y": 2, "label": "A"},
            {"kind": "roll", "dice": "3d6"},
            {"kind": "move_token", "token": "a", "x": 5, "y": 4},
            {"kind": "remove_token", "token": "a"},
        ]
    for _ in range(STEPS):
        pool = [(s, a) for s in seats for a in system.legal_actions(state, s)]
        rng.shuffle(pool)
        seen.extend(a for _, a in pool[:20])
        for seat, action in pool:
            step = Dice(seed, index)
            try:
                state, _ = system.apply(state, seat, system.parse_action(action), step)
            except WarboardError:
                continue
            index = step.index
            break
        else:
            break
        if system.outcome(state) is not None:
            break
    return seen


def test_every_system_has_its_own_action_models(spec: dict[str, Any]) -> None:
    components = spec["components"]["schemas"]
    owners: dict[str, str] = {}
    for system in systems.registry.systems.values():
        union = components[prefix(system.id) + "Action"]
        refs = {v["$ref"].rsplit("/", 1)[-1] for v in union.get("oneOf", union.get("anyOf", []))}
        assert refs, system.id
        for name in refs:
            assert name.startswith(prefix(system.id)), (system.id, name)
            assert owners.setdefault(name, system.id) == system.id, name
        for name in refs:
            Draft202012Validator.check_schema(components[name])
    # Same kind, different shapes: each system documents its own.
    assert components["HgbMove"] != components["SmallSoldiersMove"]
    assert components["GkrMove"] != components["SrbrMove"]


@pytest.mark.parametrize(
    ("system_id", "options"), GAMES, ids=[f"{g[0]}{'-' + '-'.join(g[1]) if g[1] else ''}" for g in GAMES]
)
def test_the_documented_schema_accepts_the_systems_legal_actions(
    spec: dict[str, Any], system_id: str, options: dict[str, Any]
) -> None:
    system = systems.get(system_id)
    assert system is not None
    mine = validator(spec, prefix(system_id) + "Action")
    actions = [a for a in examples(system_id, options) if _parses(system, a)]
    assert len(actions) >= 4, actions
    for action in actions:
        errors = list(mine.iter_errors(action))
        assert not errors, (action, [e.message for e in errors][:3])


def _parses(system: Any, action: dict[str, Any]) -> bool:
    try:
        system.parse_action(action)
    except WarboardError:
        return False
    return True


def test_other_systems_schemas_refuse_what_the_server_refuses(spec: dict[str, Any]) -> None:
    """A Small Soldiers move is not an HGB move: the server refuses it and so does the schema."""
    hgb = systems.get("hgb")
    assert hgb is not None
    for action in examples("small-soldiers", {}):
        if action["kind"] in {"move", "attack", "deploy"} and not _parses(hgb, action):
            assert list(validator(spec, "HgbAction").iter_errors(action)), action


def test_error_statuses_are_documented(spec: dict[str, Any]) -> None:
    replay = spec["paths"]["/api/tables/{table_id}/replay"]["get"]["responses"]
    assert {"200", "404", "429", "503"} <= set(replay)
    for path, item in spec["paths"].items():
        for method, op in item.items():
            if path.startswith("/api/tables/{table_id}"):
                assert {"404", "422", "503"} <= set(op["responses"]), (method, path)
