"""The legal choices of the seat that may act now: ``legal`` (compact, for the view and the
panel) and ``legal_actions`` (every concrete action, for bots, random drivers and tests).

``legal_actions`` lists every kind of action the seat may take now, each discrete choice in
full (every reserve and placing order in deployment, every destination, target and card); the
catapult's continuous aim (offset, angle, power) is sampled at its limits and centre, whose
bounds ``legal`` gives. Every listed action is accepted by ``apply``.
"""

from __future__ import annotations

from itertools import combinations, permutations
from typing import Any

from app.systems.small_soldiers import cards
from app.systems.small_soldiers.model import State, army_of, in_toy_store
from app.systems.small_soldiers.movement import legal_moves
from app.systems.small_soldiers.play import attackers, can_recruit
from app.systems.small_soldiers.turns import acting_seats


def legal(state: State, seat: str) -> dict[str, Any]:
    """The choices of ``seat`` now (empty when it may not act)."""
    if seat not in acting_seats(state):
        return {}
    phase, turn = state["phase"], state["turn"]
    if phase == "deploy":
        roster = [f for f in state["fighters"].values() if f["army"] == army_of(seat)]
        return {
            "deploy": {
                "fighters": [f["id"] for f in roster],
                "leader": next(f["id"] for f in roster if f["leader"]),
                "reserve": [f["id"] for f in roster if not f["leader"]],
            }
        }
    if phase == "opening":
        return {"roll_opening": True}
    if phase == "spin":
        out: dict[str, Any] = {"spin": True}
        hand = state["hands"][army_of(seat)]
        if state["options"]["advanced"] and not turn["hand_played"] and hand:
            out["play_card"] = [c["id"] for c in hand]
        return out
    if phase == "move":
        moves = legal_moves(state, seat)
        out = {"moves": {fid: [{"q": h.q, "r": h.r} for h in dests] for fid, dests in moves.items()}}
        if state["options"]["advanced"]:
            out["end_moves"] = bool(turn["moved"]) or not moves
        return out
    if phase == "attack":
        return {"attacks": attackers(state), "end_turn": True}
    if phase == "recruit":
        return {
            "recruit": [f["id"] for f in in_toy_store(state, army_of(seat))] if can_recruit(state, seat) else [],
            "end_turn": True,
        }
    return _card_choices(state, seat)


def _card_choices(state: State, seat: str) -> dict[str, Any]:
    card = state["turn"]["card"]
    if cards.is_power(card):
        targets, replacing = cards.placement_targets(state, seat)
        return {"place_card": targets, "discard_card": replacing, "replacing": replacing}
    if card["type"] == "recall":
        foe = [f["id"] for f in state["fighters"].values() if f["army"] != army_of(seat) and f["pos"] is not None]
        return {"recall": foe}
    c = state["data"]["catapult"]
    launcher = state["data"]["map"]["armies"][army_of(seat)]["catapult"]
    return {
        "launch": {
            "launcher": launcher,
            "offset": [-c["max_offset"], c["max_offset"]],
            "angle": [-c["max_angle"], c["max_angle"]],
            "power": [c["min_power"], c["max_power"]],
        }
    }


def legal_actions(state: State, seat: str) -> list[dict[str, Any]]:
    """Every action ``seat`` may send now (empty when it may not act)."""
    options = legal(state, seat)
    out: list[dict[str, Any]] = []
    if "deploy" in options:
        out += _deploys(state, options["deploy"])
    if options.get("roll_opening"):
        out.append({"kind": "roll_opening"})
    if options.get("spin"):
        out.append({"kind": "spin"})
    out += [{"kind": "play_card", "card": c} for c in options.get("play_card", [])]
    for fid, dests in options.get("moves", {}).items():
        out += [{"kind": "move", "fighter": fid, **d} for d in dests]
    if options.get("end_moves"):
        out.append({"kind": "end_moves"})
    for fid, foes in options.get("attacks", {}).items():
        out += [{"kind": "attack", "fighter": fid, "target": t} for t in foes]
    out += [{"kind": "recruit", "fighter": f} for f in options.get("recruit", [])]
    out += [{"kind": "place_card", "fighter": f} for f in options.get("place_card", [])]
    if options.get("discard_card"):
        out.append({"kind": "discard_card"})
    out += [{"kind": "recall", "target": t} for t in options.get("recall", [])]
    if "launch" in options:
        out += _launches(options["launch"])
    if options.get("end_turn"):
        out.append({"kind": "end_turn"})
    return out


def _deploys(state: State, choice: dict[str, Any]) -> list[dict[str, Any]]:
    """Setup 2: every reserve, every order of the four on the start spaces; in the split
    4-player game also every three fighters for the army's second seat."""
    roster, leader = choice["fighters"], choice["leader"]
    split = state["options"]["players"] == 4 and state["options"]["team_mode"] == "split"
    seconds: list[list[str] | None] = [list(c) for c in combinations(roster, 3)] if split else [None]
    out: list[dict[str, Any]] = []
    for reserve in choice["reserve"]:
        placed = [f for f in roster if f not in (leader, reserve)]
        for order in permutations(placed):
            for second in seconds:
                action: dict[str, Any] = {"kind": "deploy", "reserve": reserve, "order": list(order)}
                if second is not None:
                    action["second"] = second
                out.append(action)
    return out


def _launches(limits: dict[str, Any]) -> list[dict[str, Any]]:
    """Launch Catapult's aim is continuous: each of offset, angle and power at its two limits
    and its centre (27 shots; fewer when a range is a single value)."""

    def samples(lo: float, hi: float) -> list[float]:
        return sorted({float(lo), (lo + hi) / 2.0, float(hi)})

    return [
        {"kind": "launch", "offset": o, "angle": a, "power": p}
        for o in samples(*limits["offset"])
        for a in samples(*limits["angle"])
        for p in samples(*limits["power"])
    ]
