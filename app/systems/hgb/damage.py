"""Damage: MoS x DM against Armor, damage boxes crossed left to right, Overkill.

Rulebook, "Damage": damage < Armor no effect; >= Armor x1 one box; >= Armor x2 two boxes;
>= Armor x3 Overkill (the model is removed). Boxes are crossed left to right (Sturdy, Light,
Heavy, Critical); one more box after the last Critical destroys the model, which stays on the
table as a wreck (Rough Terrain that gives cover). The model is in the state of the last box
crossed: Heavy -1 to all rolls and no Full Speed; Critical -2 and no Full Speed.
"""

from __future__ import annotations

from dataclasses import dataclass

BOX_KINDS = ("S", "L", "H", "C")
STATE_NAMES = {"": "undamaged", "S": "sturdy", "L": "light", "H": "heavy", "C": "critical"}
#: "Heavy: -1 to all rolls ... Critical: -2 to all rolls"
ROLL_PENALTY = {"H": -1, "C": -2}


@dataclass(frozen=True)
class Hit:
    damage: int
    boxes: int
    overkill: bool

    def to_dict(self) -> dict[str, object]:
        return {"damage": self.damage, "boxes": self.boxes, "overkill": self.overkill}


def damage_table(damage: int, armor: int) -> Hit:
    """The rulebook's damage table for ``damage`` points against ``armor``."""
    if armor <= 0:
        raise ValueError(f"armor must be positive, got {armor}")
    if damage >= 3 * armor:
        return Hit(damage, 0, True)
    return Hit(damage, max(0, damage // armor), False)


def resolve_damage(mos: int, dm: int, armor: int) -> Hit:
    """Multiply the MoS by the weapon's DM and look the result up in the damage table."""
    return damage_table(max(0, mos) * dm, armor)


def cross_boxes(boxes: list[str], crossed: int, new: int) -> tuple[int, bool]:
    """Cross ``new`` more boxes after ``crossed``; returns (crossed now, destroyed).

    Crossing past the last box destroys the model.
    """
    total = crossed + new
    if total > len(boxes):
        return len(boxes), True
    return total, False


def damage_state(boxes: list[str], crossed: int) -> str:
    """The kind of the last crossed box ('' when undamaged)."""
    return boxes[crossed - 1] if crossed > 0 else ""


def roll_penalty(boxes: list[str], crossed: int) -> int:
    return ROLL_PENALTY.get(damage_state(boxes, crossed), 0)


def can_go_full_speed(boxes: list[str], crossed: int) -> bool:
    return damage_state(boxes, crossed) not in ("H", "C")


def parse_boxes(text: str) -> list[str]:
    """'SSLHC' or '[S][S][L][H][C]' -> ['S', 'S', 'L', 'H', 'C'] (in rulebook order)."""
    letters = [c for c in text.upper() if c in BOX_KINDS]
    order = [BOX_KINDS.index(c) for c in letters]
    if not letters or order != sorted(order):
        raise ValueError(f"damage boxes {text!r} must be S, L, H, C in that order")
    return letters
