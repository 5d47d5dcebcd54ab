"""A table driven as the server drives it: parse_action, apply, view, outcome, one dice stream."""

from __future__ import annotations

from typing import Any

from app.core.dice import Dice
from app.geometry.hex import DIRECTIONS, Hex, distance
from app.geometry.hexlos import facing_degrees, in_arc
from app.systems.gkr.board import can_see
from tests.systems.gkr.helpers import GKR, assert_no_leak


class Table:
    def __init__(self, options: dict[str, Any], seed: str) -> None:
        self.options = GKR.validate_options(options)
        self.dice = Dice(seed)
        self.state = GKR.setup(self.options, self.dice)
        self.log: list[dict[str, Any]] = []
        self.outcome = None
        self.actions: list[tuple[str, dict[str, Any]]] = []

    def do(self, seat: str, raw: dict[str, Any]) -> list[dict[str, Any]]:
        action = GKR.parse_action(raw)
        self.actions.append((seat, raw))
        self.state, events = GKR.apply(self.state, seat, action, self.dice)
        self.log += events
        assert_no_leak(self.state, events)
        self.outcome = GKR.outcome(self.state)
        return events

    def view(self, seat: str | None) -> dict[str, Any]:
        return GKR.view(self.state, seat)

    def unit(self, uid: str) -> dict[str, Any]:
        return self.state["units"][uid]

    def hex(self, uid: str) -> Hex:
        return Hex(self.unit(uid)["q"], self.unit(uid)["r"])

    def moves(self, seat: str, uid: str) -> list[Hex]:
        prompt = self.view(seat)["prompt"] or {}
        for m in prompt.get("moves", []):
            if m["unit"] == uid:
                return [Hex(h["q"], h["r"]) for h in m["hexes"]]
        return []

    def end(self, seat: str) -> None:
        self.do(seat, {"kind": "end_turn"})

    def pass_phase(self, phase: str) -> None:
        while self.state["phase"] == phase and not self.outcome:
            seat = self.view(None)["turn"]["active"][0]
            if phase == "combat":
                self.do(seat, {"kind": "choose_weapons", "weapons": []})
            else:
                self.end(seat)


def facing_toward(a: Hex, b: Hex) -> int:
    """Degrees of the hex facing from ``a`` that puts ``b`` most squarely in front."""
    best = max(range(6), key=lambda d: (in_arc(a, d, b, 60), in_arc(a, d, b, 180), -distance(a + DIRECTIONS[d], b)))
    return facing_degrees(best)


def approach(table: Table, seat: str, uid: str, goal: Hex, adjacent: bool = True) -> None:
    """Move ``uid`` toward ``goal`` (next to it if ``adjacent``) with a legal move, if any helps."""
    here = table.hex(uid)
    want = 1 if adjacent else 0
    if distance(here, goal) == want:
        return
    options = table.moves(seat, uid)
    if not options:
        return
    best = min(options, key=lambda h: (abs(distance(h, goal) - want), distance(h, here)))
    if abs(distance(best, goal) - want) < abs(distance(here, goal) - want):
        table.do(seat, {"kind": "move", "unit": uid, "to": best.to_dict(), "facing": facing_toward(best, goal)})


def firing_spot(table: Table, seat: str, uid: str, target: Hex, reach: int) -> None:
    """Move ``uid`` where it sees ``target`` within ``reach`` and face it; else close in."""
    here = table.hex(uid)
    spots = [
        h for h in [*table.moves(seat, uid), here] if distance(h, target) <= reach and can_see(table.state, h, target)
    ]
    if spots:
        spot = min(spots, key=lambda h: (distance(h, here), h))
        table.do(seat, {"kind": "move", "unit": uid, "to": spot.to_dict(), "facing": facing_toward(spot, target)})
    else:
        approach(table, seat, uid, target)
