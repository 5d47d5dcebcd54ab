"""Activation rolls (SRBR "Activation Process", p. 4) and reaction triggers (p. 2).

The text: nominate a mecha and one of its body parts, roll one, two or three dice; each die
equal to or higher than the part's Q is a success and buys one action with that part.
A 1 on a red or yellow activation die lets the opponent's robot react.
Warboard defaults (data/rules.json "activation"): a 1 always fails, a 6 always succeeds, and
two or more failures in one activation end the player's turn.
"""

from __future__ import annotations

from typing import Any

from app.systems.srbr.data import REACTION_COLOURS


def is_success(face: int, q: int, act: dict[str, Any]) -> bool:
    """SRBR p. 4: a roll equal to or higher than Q succeeds (plus the 1/6 default)."""
    if act["always_fail"] and face == act["always_fail"]:
        return False
    if act["always_succeed"] and face == act["always_succeed"]:
        return True
    return face >= q


def score(
    faces: list[int], colours: list[str], q: int, act: dict[str, Any], manual_turn_end: bool = False
) -> dict[str, Any]:
    """Judge an activation roll: the dice, successes, failures, reactions, turn end."""
    dice = [{"colour": c, "face": f, "success": is_success(f, q, act)} for f, c in zip(faces, colours, strict=True)]
    successes = sum(1 for d in dice if d["success"])
    failures = len(dice) - successes
    limit = act["failures_end_turn"]
    return {
        "dice": dice,
        "successes": successes,
        "failures": failures,
        "reactions": reactions(dice),
        "ends_turn": bool(limit) and failures >= limit and not manual_turn_end,
    }


def reactions(dice: list[dict[str, Any]]) -> int:
    """SRBR p. 2: each 1 rolled on a red or yellow activation die allows a reaction."""
    return sum(1 for d in dice if d["face"] == 1 and d["colour"] in REACTION_COLOURS)
