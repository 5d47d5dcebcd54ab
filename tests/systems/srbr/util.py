"""Helpers for the srbr tests: scripted dice, placing mechas, acting as the server does."""

from __future__ import annotations

import copy
from typing import Any

from app.core.dice import Dice
from app.systems.srbr import SamuraiRobots
from tests.kit.dice import ScriptedDice

SYSTEM = SamuraiRobots()


def new_game(options: dict[str, Any] | None = None, seed: str = "test") -> dict[str, Any]:
    opts = SYSTEM.validate_options({"rules": {"initiative": {"method": "fixed"}}, **(options or {})})
    return SYSTEM.setup(opts, Dice(seed))


def act(
    state: dict[str, Any], seat: str, raw: dict[str, Any], faces: list[int] | None = None
) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """parse_action + apply, checking apply never mutates its input."""
    before = copy.deepcopy(state)
    new, events = SYSTEM.apply(state, seat, SYSTEM.parse_action(raw), ScriptedDice(faces, seed="fixed"))
    assert state == before, "apply mutated its input state"
    return new, events


def place(
    state: dict[str, Any], mecha_id: str, x: float, y: float, facing: float = 0.0, **extra: Any
) -> dict[str, Any]:
    m = {**state["mechas"][mecha_id], "x": x, "y": y, "facing": facing, **extra}
    return {**state, "mechas": {**state["mechas"], mecha_id: m}}


def damage_part(state: dict[str, Any], mecha_id: str, part_id: str, damage: int) -> dict[str, Any]:
    m = state["mechas"][mecha_id]
    parts = [{**p, "damage": damage} if p["id"] == part_id else p for p in m["parts"]]
    return {**state, "mechas": {**state["mechas"], mecha_id: {**m, "parts": parts}}}


def open_table(state: dict[str, Any]) -> dict[str, Any]:
    """No terrain, so tests place mechas freely."""
    return {**state, "board": {**state["board"], "terrain": []}}


def winners(state: dict[str, Any]) -> list[str] | None:
    """The winners, or None while the game goes on."""
    result = SYSTEM.outcome(state)
    return None if result is None else result.winners


def kinds(events: list[dict[str, Any]]) -> list[str]:
    return [e["kind"] for e in events]
