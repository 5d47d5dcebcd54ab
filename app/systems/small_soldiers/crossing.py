"""Which spaces a straight path or a sliding base crosses, measured on the hexes' polygons.

The catapult needs two answers the hex grid alone cannot give: the spaces the ball's straight
path crosses (each once, in the order the ball enters them, including the two spaces on
either side when it runs exactly along their shared edge) and the spaces a fighter's round
base crosses into when the ball pushes it (Launch Catapult: "a fighter is considered 'pushed'
into another space, if any part of his base crosses into that space"). Both are polygon
intersections, done with shapely. Positions are in the units of a pointy-top ``Layout`` of
size 1 at the origin; lengths given in spaces are multiplied by ``HEX_STEP``.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from functools import cache

from shapely.geometry import LineString, Point, Polygon

from app.geometry.hex import Hex, Layout, spiral
from app.geometry.hex_trace import HEX_STEP, heading_point

LAYOUT = Layout("pointy", 1.0, (0.0, 0.0))
EPS = 1e-9
TOL = 1e-7  # layout units: far below any distance the game cares about, far above float noise

XY = tuple[float, float]


@cache
def polygon(h: Hex) -> Polygon:
    """The hex's outline (pointy-top, size 1: corners at 30 + 60 i degrees).

    Corners are rounded so that neighbouring hexes share exactly the same corner points.
    """
    x, y = LAYOUT.to_pixel(h)
    corners = (heading_point((x, y), 30.0 + 60.0 * i, 1.0) for i in range(6))
    return Polygon([(round(cx, 9), round(cy, 9)) for cx, cy in corners])


@cache
def _padded(h: Hex) -> Polygon:
    return polygon(h).buffer(TOL, join_style="mitre")


def crossed(cells: Iterable[Hex], start: XY, end: XY) -> list[Hex]:
    """The spaces of ``cells`` that the segment ``start`` -> ``end`` crosses, in order, each once.

    A space counts when the segment runs through it for some length, along its edge too (the
    ball rolls on both spaces); touching a corner only does not count. Float noise is absorbed
    by a tolerance of ``TOL`` layout units. Spaces entered at the same point (an edge run
    between two spaces) are listed in (q, r) order.
    """
    if math.dist(start, end) <= TOL:
        here = LAYOUT.from_pixel(*start)
        return [here] if here in set(cells) else []
    line = LineString([start, end])
    entries: list[tuple[float, Hex]] = []
    for h in cells:
        shape = _padded(h)
        if not shape.intersects(line):
            continue
        part = shape.intersection(line)
        if part.length > 4 * TOL:
            entries.append((min(line.project(Point(c)) for c in part.coords), h))
    entries.sort()
    ordered: list[tuple[float, Hex]] = []
    for entry, h in entries:  # the same entry within the tolerance: (q, r) order
        same = ordered and entry - ordered[-1][0] <= 4 * TOL
        ordered.append((ordered[-1][0] if same else entry, h))
    return [h for _, h in sorted(ordered)]


def base_crossings(at: Hex, heading: float, push: float, radius: float) -> dict[Hex, float]:
    """The spaces a round base on ``at`` crosses into when it slides ``push`` spaces along
    ``heading`` (degrees, 0 = +x, clockwise): {space: area of the moved base inside it}.

    ``radius`` is the base's radius in spaces (at most 0.5: a base fits its space); ``push``
    at most 1 space, so only spaces within two of ``at`` can be reached. Spaces off the board
    are included: the caller decides what crossing into them means.
    """
    centre = LAYOUT.to_pixel(at)
    end = heading_point(centre, heading, push * HEX_STEP)
    r = radius * HEX_STEP
    swept = LineString([centre, end]).buffer(r) if push > 0 else Point(centre).buffer(r)
    final = Point(end).buffer(r)
    out: dict[Hex, float] = {}
    for h in spiral(at, 2):
        if h != at and swept.intersection(polygon(h)).area > EPS:
            out[h] = final.intersection(polygon(h)).area
    return out
