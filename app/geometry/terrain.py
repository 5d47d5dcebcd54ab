"""Generic tabletop terrain math on shapely polygons (inches).

- ``weighted_length``: the cost of a straight move through overlapping areas, each with a cost
  per inch (the most expensive area at each point counts).
- ``levels_along``: the sequence of elevation levels a straight move passes through.
- ``sight_clear``: is a 3D sight line clear of footprint-and-height obstacles? (``first_blockers``:
  many sight lines from one eye at once)
- ``hexagon``: a hexagonal base with a flat front edge facing a direction.
- ``touches_circle``: does a round base reach into a blast circle?

Facing and bearings follow app.geometry.tabletop: degrees, 0 = +x, clockwise with y down.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import pairwise

import numpy as np
import shapely
from numpy.typing import NDArray
from shapely import LineString, Polygon
from shapely import Point as SPoint
from shapely.geometry.base import BaseGeometry
from shapely.ops import unary_union
from shapely.validation import explain_validity

from app.geometry.tabletop import Point

EPS = 1e-9


def polygon(coords: Sequence[Sequence[float]]) -> Polygon:
    """A valid shapely polygon from [[x, y], ...] (repairs self-touching rings).

    Callers that accept terrain from people check ``polygon_problem`` first, so nothing is
    silently repaired (a "bow-tie" would otherwise keep only one of its halves)."""
    poly = Polygon([(float(x), float(y)) for x, y in coords])
    return poly if poly.is_valid else poly.buffer(0)


def polygon_problem(coords: Sequence[Sequence[float]]) -> str | None:
    """Why [[x, y], ...] is not a simple polygon with an area (shapely's validity check), or None."""
    try:
        poly = Polygon([(float(x), float(y)) for x, y in coords])
    except (ValueError, TypeError) as exc:
        return str(exc)
    if not poly.is_valid:
        reason = explain_validity(poly)
        where = reason.find("[")
        if where > 0:  # "Self-intersection[1 1]" -> "Self-intersection at (1, 1)"
            x, y = reason[where + 1 :].rstrip("]").split()[:2]
            reason = f"{reason[:where]} at ({float(x):g}, {float(y):g})"
        return reason
    if poly.area <= EPS:  # also corners on one line, up to rounding (an area of 1e-15)
        return "no area"
    return None


def hexagon(center: Point, radius: float, facing: float) -> Polygon:
    """A hexagon of circumradius ``radius`` whose flat front edge faces ``facing`` degrees."""
    corners = []
    for i in range(6):
        a = math.radians(facing + 30 + 60 * i)
        corners.append((center.x + radius * math.cos(a), center.y + radius * math.sin(a)))
    return Polygon(corners)


def weighted_length(a: Point, b: Point, areas: Iterable[tuple[Polygon, float]], base: float = 1.0) -> float:
    """Cost of the segment a-b: length x cost per inch of the dearest area at each point.

    Areas cheaper than or equal to ``base`` do not change the cost.
    """
    line = LineString([(a.x, a.y), (b.x, b.y)])
    if line.length < EPS:
        return 0.0
    return _zoned_length(line, cost_zones(areas, base), base)


def cost_zones(areas: Iterable[tuple[Polygon, float]], base: float = 1.0) -> tuple[tuple[float, BaseGeometry], ...]:
    """The areas dearer than ``base`` merged per cost, dearest first: what ``zoned_length``
    takes, so callers that keep the same areas (a terrain layout) merge them once."""
    by_cost: dict[float, list[Polygon]] = {}
    for poly, cost in areas:
        if cost > base:
            by_cost.setdefault(cost, []).append(poly)
    return tuple((cost, unary_union(by_cost[cost])) for cost in sorted(by_cost, reverse=True))


def zoned_length(a: Point, b: Point, zones: Sequence[tuple[float, BaseGeometry]], base: float = 1.0) -> float:
    """``weighted_length`` with the areas already merged by ``cost_zones`` (the same result)."""
    line = LineString([(a.x, a.y), (b.x, b.y)])
    if line.length < EPS:
        return 0.0
    return _zoned_length(line, zones, base)


def _zoned_length(line: LineString, zones: Sequence[tuple[float, BaseGeometry]], base: float) -> float:
    rest: BaseGeometry = line
    total = 0.0
    for cost, zone in zones:
        inside = rest.intersection(zone)
        total += inside.length * cost
        rest = rest.difference(zone)
    return total + rest.length * base


def _cut_points(line: LineString, polys: Iterable[Polygon]) -> list[float]:
    """Distances along ``line`` where it crosses any polygon boundary."""
    cuts = {0.0, line.length}
    for poly in polys:
        hit = line.intersection(poly.boundary)
        for geom in getattr(hit, "geoms", [hit]):
            if geom.is_empty:
                continue
            for x, y in getattr(geom, "coords", []):
                cuts.add(line.project(SPoint(x, y)))
    return sorted(cuts)


def level_at(p: Point, levels: Sequence[tuple[Polygon, int]]) -> int:
    """The highest level of the areas covering ``p`` (0 outside them all)."""
    sp = SPoint(p.x, p.y)
    return max((lvl for poly, lvl in levels if poly.covers(sp)), default=0)


def levels_along(a: Point, b: Point, levels: Sequence[tuple[Polygon, int]]) -> list[int]:
    """The levels met along a-b in order, consecutive repeats merged (first = level at a)."""
    line = LineString([(a.x, a.y), (b.x, b.y)])
    if line.length < EPS or not levels:
        return [level_at(a, levels)]
    cuts = _cut_points(line, [p for p, _ in levels])
    seq = [level_at(a, levels)]
    for d0, d1 in pairwise(cuts):
        if d1 - d0 < EPS:
            continue
        mid = line.interpolate((d0 + d1) / 2)
        lvl = level_at(Point(mid.x, mid.y), levels)
        if lvl != seq[-1]:
            seq.append(lvl)
    end = level_at(b, levels)
    if end != seq[-1]:
        seq.append(end)
    return seq


@dataclass(frozen=True)
class Obstacle:
    """A footprint that hides what is behind it up to height ``top`` (inches above the table).

    ``depth`` > 0 makes it see-through for short runs (woods): a sight line is blocked only
    when more than ``depth`` inches of it (in plan) pass through the footprint below ``top``.
    """

    footprint: Polygon
    top: float
    name: str = ""
    depth: float = 0.0


def _below_top(z0: float, z1: float, top: float, t0: float, t1: float) -> float:
    """Length (as a fraction of the line) of [t0, t1] where the line's height is below ``top``."""
    za = z0 + t0 * (z1 - z0)
    zb = z0 + t1 * (z1 - z0)
    if za >= top - EPS and zb >= top - EPS:
        return 0.0
    if za < top - EPS and zb < top - EPS:
        return t1 - t0
    tc = t0 + (top - za) / (zb - za) * (t1 - t0)  # where the line crosses the top
    return (tc - t0) if za < top else (t1 - tc)


def sight_clear(eye: tuple[float, float, float], target: tuple[float, float, float], obstacle: Obstacle) -> bool:
    """True unless the straight 3D line eye-target runs through ``obstacle`` below its top
    (for more than ``obstacle.depth`` inches)."""
    line = LineString([eye[:2], target[:2]])
    length = line.length
    if length < EPS:
        return True
    return _clear_through(eye, target, obstacle, line.intersection(obstacle.footprint), length)


def _clear_through(
    eye: tuple[float, float, float],
    target: tuple[float, float, float],
    obstacle: Obstacle,
    inside: BaseGeometry,
    length: float,
) -> bool:
    """``sight_clear`` once the plan line's part ``inside`` the footprint is known."""
    if inside.is_empty:
        return True
    dx, dy = target[0] - eye[0], target[1] - eye[1]
    hidden = 0.0
    for piece in getattr(inside, "geoms", [inside]):
        coords = list(getattr(piece, "coords", []))
        if len(coords) < 2:
            continue
        ts = [((x - eye[0]) * dx + (y - eye[1]) * dy) / (length * length) for x, y in coords]
        hidden += _below_top(eye[2], target[2], obstacle.top, min(ts), max(ts)) * length
    return hidden <= max(obstacle.depth, EPS)


def first_blockers(
    eye: tuple[float, float, float],
    targets: Sequence[tuple[float, float, float]],
    obstacles: Sequence[Obstacle],
) -> list[int | None]:
    """For each target point, the index of the first of ``obstacles`` (in their order) that
    ``sight_clear`` says hides it from ``eye``, or None when none does.

    The same test as calling ``sight_clear`` point by point, obstacle by obstacle, but points
    above one another share one line in plan, and every (line, obstacle) pair is met in a few
    vectorized GEOS calls: which lines touch which footprints, then the parts inside."""
    out: list[int | None] = [None] * len(targets)
    if not targets or not obstacles:
        return out
    plans: dict[tuple[float, float], list[int]] = {}
    for i, t in enumerate(targets):
        plans.setdefault((t[0], t[1]), []).append(i)
    ends = list(plans)
    lines: NDArray[np.object_] = np.asarray(
        shapely.linestrings(np.array([[eye[:2], xy] for xy in ends], dtype=float)), dtype=object
    )
    lengths: list[float] = np.asarray(shapely.length(lines), dtype=float).tolist()
    footprints: NDArray[np.object_] = np.array([o.footprint for o in obstacles], dtype=object)
    touch = np.asarray(shapely.intersects(lines[:, np.newaxis], footprints[np.newaxis, :]), dtype=bool)
    line_of, obstacle_of = np.nonzero(touch)
    spans = _spans(eye, ends, lengths, lines[line_of], footprints[obstacle_of], line_of.tolist())
    by_pair = dict(zip(zip(line_of.tolist(), obstacle_of.tolist(), strict=True), spans, strict=True))
    for p, xy in enumerate(ends):
        length = lengths[p]
        if length < EPS:
            continue
        for i in plans[xy]:
            for k, obstacle in enumerate(obstacles):
                pieces = by_pair.get((p, k))
                if pieces is None:
                    continue
                hidden = 0.0
                for t0, t1 in pieces:
                    hidden += _below_top(eye[2], targets[i][2], obstacle.top, t0, t1) * length
                if hidden > max(obstacle.depth, EPS):
                    out[i] = k
                    break
    return out


def _spans(
    eye: tuple[float, float, float],
    ends: list[tuple[float, float]],
    lengths: list[float],
    lines: NDArray[np.object_],
    footprints: NDArray[np.object_],
    line_of: list[int],
) -> list[list[tuple[float, float]]]:
    """For each pair of a plan line and a footprint, the pieces of the line inside it, as the
    fractions of the line where each starts and ends (as ``sight_clear`` measures them)."""
    out: list[list[tuple[float, float]]] = [[] for _ in line_of]
    if not line_of:
        return out
    insides = shapely.intersection(lines, footprints)
    parts, owner = shapely.get_parts(insides, return_index=True)
    coords, of_part = shapely.get_coordinates(parts, return_index=True)
    xs, ys, part_of = coords[:, 0].tolist(), coords[:, 1].tolist(), of_part.tolist()
    owners = owner.tolist()
    start = 0
    while start < len(part_of):
        end = start + 1
        while end < len(part_of) and part_of[end] == part_of[start]:
            end += 1
        if end - start >= 2:  # a lone point (the line grazing a corner) hides nothing
            n = owners[part_of[start]]
            p = line_of[n]
            length = lengths[p]
            dx, dy = ends[p][0] - eye[0], ends[p][1] - eye[1]
            ts = [
                ((x - eye[0]) * dx + (y - eye[1]) * dy) / (length * length)
                for x, y in zip(xs[start:end], ys[start:end], strict=True)
            ]
            out[n].append((min(ts), max(ts)))
        start = end
    return out


def touches_circle(center: Point, radius: float, other: Point, other_radius: float) -> bool:
    """True if a round base of ``other_radius`` at ``other`` reaches into the circle."""
    return math.hypot(other.x - center.x, other.y - center.y) <= radius + other_radius + EPS


def offset(p: Point, direction: float, dist: float) -> Point:
    """The point ``dist`` inches from ``p`` towards ``direction`` degrees."""
    a = math.radians(direction)
    return Point(p.x + dist * math.cos(a), p.y + dist * math.sin(a))
