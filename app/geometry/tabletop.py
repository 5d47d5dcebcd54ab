"""Tabletop geometry in inches (shapely for polygon work).

Facing is in degrees, 0 = towards +x (east), growing clockwise on screen (y grows down).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from itertools import pairwise
from typing import Any


@dataclass(frozen=True)
class Point:
    x: float
    y: float

    def to_dict(self) -> dict[str, float]:
        return {"x": self.x, "y": self.y}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Point:
        return cls(float(data["x"]), float(data["y"]))


def distance(a: Point, b: Point) -> float:
    return math.hypot(b.x - a.x, b.y - a.y)


def bearing(a: Point, b: Point) -> float:
    """Direction from ``a`` to ``b`` in degrees [0, 360)."""
    return math.degrees(math.atan2(b.y - a.y, b.x - a.x)) % 360


def angle_between(facing: float, direction: float) -> float:
    """The smallest absolute angle between two directions, in degrees [0, 180]."""
    d = abs(facing - direction) % 360
    return 360 - d if d > 180 else d


def path_length(points: list[Point]) -> float:
    return sum(distance(a, b) for a, b in pairwise(points))
