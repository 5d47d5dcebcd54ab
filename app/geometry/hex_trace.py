"""Tracing a straight segment in pixel space across a hex grid (rolling balls, thrown objects).

Positions are in ``Layout`` units (for ``Layout(size=1)`` two neighbouring hex centres are
``sqrt(3)`` apart). Pure math, deterministic for the same inputs.
"""

from __future__ import annotations

import math

from app.geometry.hex import Hex, Layout

Point = tuple[float, float]

#: centre-to-centre distance of neighbouring hexes in a ``size=1`` layout
HEX_STEP = math.sqrt(3)


def heading_point(origin: Point, heading_deg: float, length: float) -> Point:
    """The point ``length`` away from ``origin`` along ``heading_deg`` (0 = +x, clockwise, y down)."""
    a = math.radians(heading_deg)
    return origin[0] + length * math.cos(a), origin[1] + length * math.sin(a)


def trace_segment(layout: Layout, start: Point, end: Point, step: float = 0.05) -> list[Hex]:
    """The hexes a segment from ``start`` to ``end`` passes through, in order, each once in a row.

    Sampled every ``step`` layout units (both end points included), so a hex the segment
    only clips for less than ``step`` may be missed; ``step`` well below the hex size keeps
    that to grazing touches.
    """
    length = math.dist(start, end)
    n = max(1, math.ceil(length / step))
    out: list[Hex] = []
    for i in range(n + 1):
        t = i / n
        h = layout.from_pixel(start[0] + (end[0] - start[0]) * t, start[1] + (end[1] - start[1]) * t)
        if not out or out[-1] != h:
            out.append(h)
    return out


def nearest_direction(heading_deg: float, orientation: str = "pointy") -> int:
    """The index in ``hex.DIRECTIONS`` whose pixel direction is closest to ``heading_deg``.

    Pointy-top: direction 0 (east) is 0 degrees, then each index turns 60 degrees
    counter-clockwise on screen (y down), i.e. -60 degrees in this clockwise convention.
    """
    base = 0.0 if orientation == "pointy" else 30.0
    best, best_diff = 0, 400.0
    for i in range(6):
        d = abs((heading_deg - (base - 60.0 * i) + 180.0) % 360.0 - 180.0)
        if d < best_diff - 1e-9:
            best, best_diff = i, d
    return best
