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

import itertools
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


def crossed(cells: Iterable[Hex], start: XY, end: XY) -> list[Hex]:
    """The spaces of ``cells`` that the segment ``start`` -> ``end`` crosses, in order, each once.

    A space counts when the segment runs through its inside for some length, or along one of
    its edges (the ball rolls on both spaces beside the edge); touching a corner only does not
    count. Spaces entered at the same point (an edge run) are listed in (q, r) order.
    """
    length = math.dist(start, end)
    if length <= TOL:
        here = LAYOUT.from_pixel(*start)
        return [here] if here in set(cells) else []
    line = LineString([start, end])
    axis = ((end[0] - start[0]) / length, (end[1] - start[1]) / length)
    entries: list[tuple[float, Hex]] = []
    for h in cells:
        if _far(LAYOUT.to_pixel(h), start, axis, length):
            continue
        entry = _entry_inside(line, polygon(h))
        if entry is None:
            entry = _entry_along_edge(polygon(h), start, axis, length)
        if entry is not None:
            entries.append((entry, h))
    entries.sort()
    ordered: list[tuple[float, Hex]] = []
    for entry, h in entries:  # the same entry within the tolerance: (q, r) order
        same = ordered and entry - ordered[-1][0] <= 4 * TOL
        ordered.append((ordered[-1][0] if same else entry, h))
    return [h for _, h in sorted(ordered)]


def _along(p: XY, start: XY, axis: XY) -> tuple[float, float]:
    """(distance along the segment's axis, distance off it) of point ``p``."""
    dx, dy = p[0] - start[0], p[1] - start[1]
    return dx * axis[0] + dy * axis[1], abs(dx * axis[1] - dy * axis[0])


def _far(centre: XY, start: XY, axis: XY, length: float) -> bool:
    """The hex around ``centre`` (circumradius 1) cannot touch the segment."""
    t, off = _along(centre, start, axis)
    return off > 1.0 + 1e-6 or t < -1.0 - 1e-6 or t > length + 1.0 + 1e-6


def _entry_inside(line: LineString, shape: Polygon) -> float | None:
    part = shape.intersection(line)
    if part.length <= TOL:  # a graze shorter than the tolerance is a touch, as a corner is
        return None
    return min(line.project(Point(c)) for g in getattr(part, "geoms", [part]) for c in g.coords)


def _entry_along_edge(shape: Polygon, start: XY, axis: XY, length: float) -> float | None:
    """Where the segment starts running along an edge of ``shape`` (None if it never does)."""
    corners = list(shape.exterior.coords)
    for a, b in itertools.pairwise(corners):
        (ta, na), (tb, nb) = _along((a[0], a[1]), start, axis), _along((b[0], b[1]), start, axis)
        if na < TOL and nb < TOL:
            lo, hi = max(0.0, min(ta, tb)), min(length, max(ta, tb))
            if hi - lo > TOL:
                return lo
    return None


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
