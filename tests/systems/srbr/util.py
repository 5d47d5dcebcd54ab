"""Helpers for the srbr tests: scripted dice, placing mechas, acting as the server does."""

from __future__ import annotations

import copy
from typing import Any

from app.core.dice import Dice
from app.systems.srbr import SamuraiRobots

SYSTEM = SamuraiRobots()


class FixedDice(Dice):
    """Dice that give the listed faces first, then the seeded stream."""

    def __init__(self, faces: list[int], seed: str = "fixed") -> None:
        super().__init__(seed)
        self.queue = list(faces)

    def _draw(self, sides: int) -> int:
        if self.queue:
            self.index += 1
            face = self.queue.pop(0)
            assert 1 <= face <= sides, f"scripted face {face} for a d{sides}"
            return face
        return super()._draw(sides)


def new_game(options: dict[str, Any] | None = None, seed: str = "test") -> dict[str, Any]:
    opts = SYSTEM.validate_options({"rules": {"initiative": {"method": "fixed"}}, **(options or {})})
    return SYSTEM.setup(opts, Dice(seed))


def act(
    state: dict[str, Any], seat: str, raw: dict[str, Any], faces: list[int] | None = None
) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """parse_action + apply, checking apply never mutates its input."""
    before = copy.deepcopy(state)
    new, events = SYSTEM.apply(state, seat, SYSTEM.parse_action(raw), FixedDice(faces or []))
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
