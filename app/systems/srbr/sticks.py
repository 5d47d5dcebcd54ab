"""The measuring sticks of Samurai Robots Battle Royale (rulebook p. 4, "Measuring Sticks"):
Short, Medium and Long, whose lengths depend on the size of the mecha played.

The geometry the sticks measure with (footprints, contact, moves, sight) is
``app.geometry.footprints``; lengths there are in centimetres, as on the 90 x 90 cm table.
"""

from __future__ import annotations

from typing import Literal

Stick = Literal["S", "M", "L"]
STICKS: tuple[Stick, ...] = ("S", "M", "L")
STICK_NAMES = {"S": "Short", "M": "Medium", "L": "Long"}

#: stick length in millimetres by typical mecha size
STICK_TABLES_MM: dict[str, dict[str, int]] = {
    "25-28mm": {"S": 50, "M": 80, "L": 120},
    "40mm+": {"S": 75, "M": 120, "L": 180},
}


def stick_lengths(scale: str, unit: Literal["mm", "cm"] = "cm") -> dict[str, float]:
    """The three stick lengths for a mecha-size row of the table. Raises KeyError."""
    table = STICK_TABLES_MM[scale]
    factor = 0.1 if unit == "cm" else 1.0
    return {k: round(v * factor, 3) for k, v in table.items()}
