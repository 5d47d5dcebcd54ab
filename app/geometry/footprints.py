"""Round footprints on a tabletop: straight-line moves stopped by contact, line of sight past
shapes, the table's edge, and terrain outlines.

Models are round footprints (centre + radius); obstacles are shapely geometries (other bases,
building polygons). Facing is in degrees, 0 = +x (east), clockwise on screen (y grows down), as
in tabletop.py. Lengths are in centimetres (the contact tolerance and step sizes below assume
them). Samurai Robots Battle Royale measures with these; its measuring sticks, a rulebook
table, are in ``app.systems.srbr.sticks``.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

from shapely.geometry import LineString, Polygon
from shapely.geometry import Point as SPoint
from shapely.geometry.base import BaseGeometry

from app.geometry import terrain
from app.geometry.tabletop import Point

#: two footprints closer than this (cm) are in contact
CONTACT_EPSILON = 0.05
_QUAD_SEGS = 32
_STEP = 0.01


def rotate(dx: float, dy: float, facing: float) -> tuple[float, float]:
    """Turn a local offset (forward, right) into table axes for a model facing ``facing``."""
    a = math.radians(facing)
    return (dx * math.cos(a) - dy * math.sin(a), dx * math.sin(a) + dy * math.cos(a))


def anchor_point(centre: Point, facing: float, offset: tuple[float, float]) -> Point:
    """The measuring point of a model: its centre plus the (forward, right) offset, rotated."""
    ox, oy = rotate(offset[0], offset[1], facing)
    return Point(centre.x + ox, centre.y + oy)


def centre_for(anchor: Point, facing: float, offset: tuple[float, float]) -> Point:
    """The centre that puts a model's measuring point at ``anchor`` when it faces ``facing``
    (the inverse of ``anchor_point``): a turn that pivots on the measuring point."""
    ox, oy = rotate(offset[0], offset[1], facing)
    return Point(anchor.x - ox, anchor.y - oy)


def footprint(centre: Point, radius: float) -> BaseGeometry:
    return SPoint(centre.x, centre.y).buffer(radius, quad_segs=_QUAD_SEGS)


def gap(a: BaseGeometry, b: BaseGeometry) -> float:
    return float(a.distance(b))


def in_contact(a: BaseGeometry, b: BaseGeometry) -> bool:
    """Contact: the two shapes touch (within CONTACT_EPSILON) or overlap."""
    return gap(a, b) <= CONTACT_EPSILON


@dataclass(frozen=True)
class Move:
    end: Point
    travelled: float
    blocked_by: int | None  # index of the obstacle that stopped the move, if any


def straight_move(start: Point, target: Point, radius: float, obstacles: Iterable[BaseGeometry]) -> Move:
    """Move a round footprint of ``radius`` from ``start`` towards ``target`` in a straight line.

    The model stops where its footprint first touches an obstacle (SRBR's "Contact Stops
    Movement"). A model already touching an obstacle may move away from it.
    """
    length = math.hypot(target.x - start.x, target.y - start.y)
    if length == 0:
        return Move(start, 0.0, None)
    ux, uy = (target.x - start.x) / length, (target.y - start.y) / length
    best, who = length, None
    for i, obstacle in enumerate(obstacles):
        stop = _first_contact(start, ux, uy, length, radius, obstacle)
        if stop is not None and stop < best:
            best, who = stop, i
    end = Point(start.x + ux * best, start.y + uy * best)
    return Move(end, best, who)


def _first_contact(
    start: Point, ux: float, uy: float, length: float, radius: float, obstacle: BaseGeometry
) -> float | None:
    """Distance along the move at which the footprint first touches ``obstacle``, or None.

    The footprint's centre may not enter the obstacle grown by the radius. A piece of the path
    that starts where the model already touches the obstacle blocks it at once if it goes
    inside (pushing into contact); a mere touching point there is the contact being left.
    """
    grown = obstacle.buffer(radius, quad_segs=_QUAD_SEGS)
    segment = LineString([(start.x, start.y), (start.x + ux * length, start.y + uy * length)])
    hit = segment.intersection(grown)
    if hit.is_empty:
        return None
    best: float | None = None
    for piece in _parts(hit):
        entry = min(segment.project(SPoint(c)) for c in piece.coords)
        inside = piece.length > 2 * _STEP
        if entry <= 2 * _STEP:
            if inside and not _leaving(start, ux, uy, obstacle):
                return 0.0
            continue
        best = entry if best is None else min(best, entry)
    return best


def _leaving(start: Point, ux: float, uy: float, obstacle: BaseGeometry) -> bool:
    """Does a short step along (ux, uy) take the model away from the obstacle?"""
    here = float(obstacle.distance(SPoint(start.x, start.y)))
    there = float(obstacle.distance(SPoint(start.x + ux * 3 * _STEP, start.y + uy * 3 * _STEP)))
    return there > here


def _parts(geom: BaseGeometry) -> list[BaseGeometry]:
    if hasattr(geom, "geoms"):
        return [p for g in geom.geoms for p in _parts(g)]
    return [geom]


def _coords(geom: BaseGeometry) -> list[tuple[float, float]]:
    if hasattr(geom, "geoms"):
        return [c for g in geom.geoms for c in _coords(g)]
    return [(c[0], c[1]) for c in geom.coords]


def clamp_to_table(start: Point, end: Point, width: float, height: float) -> Point:
    """Where the segment start->end leaves the table rectangle (or ``end`` if it stays on)."""
    if 0 <= end.x <= width and 0 <= end.y <= height:
        return end
    table = Polygon([(0, 0), (width, 0), (width, height), (0, height)])
    inside = LineString([(start.x, start.y), (end.x, end.y)]).intersection(table)
    if inside.is_empty:
        return start
    far = max(_coords(inside), key=lambda c: math.hypot(c[0] - start.x, c[1] - start.y))
    return Point(far[0], far[1])


def line_of_sight(a: Point, b: Point, blockers: Iterable[BaseGeometry]) -> bool:
    """True when the straight line a->b crosses no blocker's interior."""
    sight = LineString([(a.x, a.y), (b.x, b.y)])
    return not any(sight.crosses(g) or sight.within(g) for g in blockers)


def polygon_problem(points: list[list[float]]) -> str | None:
    """Why ``points`` is not a usable terrain outline (fewer than 3 corners, or what
    ``terrain.polygon_problem`` finds: a self-crossing "bow-tie", a repeated corner, no area),
    or None when it is."""
    if len(points) < 3:
        return f"a polygon needs at least 3 corners, not {len(points)}"
    return terrain.polygon_problem(points)


def polygon(points: list[list[float]]) -> Polygon:
    """A terrain outline as a shapely polygon. Raises ValueError (with shapely's reason) for an
    invalid one, so a bow-tie is never silently cut to one half."""
    problem = polygon_problem(points)
    if problem is not None:
        raise ValueError(f"invalid polygon: {problem}")
    return Polygon([(float(x), float(y)) for x, y in points])
