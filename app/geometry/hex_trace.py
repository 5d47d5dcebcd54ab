"""Straight headings in pixel space over a hex grid (rolling balls, thrown objects).

Positions are in ``app.geometry.hex.Layout`` units (for ``Layout(size=1)`` two neighbouring hex
centres are ``sqrt(3)`` apart). Pure math, deterministic for the same inputs.
"""

from __future__ import annotations

import math

Point = tuple[float, float]

#: centre-to-centre distance of neighbouring hexes in a ``size=1`` layout
HEX_STEP = math.sqrt(3)


def heading_point(origin: Point, heading_deg: float, length: float) -> Point:
    """The point ``length`` away from ``origin`` along ``heading_deg`` (0 = +x, clockwise, y down)."""
    a = math.radians(heading_deg)
    return origin[0] + length * math.cos(a), origin[1] + length * math.sin(a)
