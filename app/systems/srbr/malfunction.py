"""Malfunctions: a Warboard default (data/rules.json "malfunction"); the rulebook's
Malfunction Table is a chapter our copy lacks.

An activation roll with at least ``ones`` 1s rolls a die on the table: nothing, a jammed part
(it cannot be activated in its player's next turn), a fall, or one damage to the part, at once.
"""

from __future__ import annotations

from typing import Any

from app.core.dice import Dice
from app.core.events import Event
from app.systems.srbr import combat, pieces

State = dict[str, Any]
#: a jammed part is blocked for the whole of its player's next turn (counted down at each start)
JAM_TURNS = 2


def check(state: State, mecha_id: str, part_id: str, faces: list[int], dice: Dice) -> tuple[State, list[Event]]:
    cfg = state["rules"]["malfunction"]
    if not cfg["enabled"] or sum(1 for f in faces if f == 1) < cfg["ones"]:
        return state, []
    if state["options"]["manual"]["malfunction"]:
        return state, [{"kind": "malfunction_to_resolve", "mecha": mecha_id, "part": part_id}]
    face = dice.roll(6, f"malfunction: {mecha_id} {part_id}")
    effect = cfg["table"][str(face)]
    events: list[Event] = [{"kind": "malfunction", "mecha": mecha_id, "part": part_id, "die": face, "effect": effect}]
    m = state["mechas"][mecha_id]
    if effect == "jammed":
        p = pieces.part(m, part_id)
        state = pieces.replace_mecha(state, pieces.with_part(m, {**p, "jam": JAM_TURNS}))
    elif effect == "knock_down":
        state, more = combat.knock_down(state, m)
        events += more
    elif effect == "damage":
        state, more = combat.damage(state, mecha_id, part_id, 1)
        events += more
    return state, events


def is_jammed(p: dict[str, Any]) -> bool:
    return int(p.get("jam", 0)) > 0


def new_turn(p: dict[str, Any]) -> dict[str, Any]:
    """A part at the start of its player's turn: activations reset, a jam counts down."""
    return {**p, "activations": 0, "jam": max(0, int(p.get("jam", 0)) - 1)}
