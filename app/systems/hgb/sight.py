"""Arcs, base-to-base range, range bands and cover from the terrain (the documented method).

Cover method (rulebook "Target Cover": judged from the attacker's eye view). The target's
silhouette is a rectangle as wide as its base and ``model_height`` tall, standing on the
ground level under it and facing the viewer. ``cover_columns`` x ``cover_rows`` points of it
are each joined to the viewer's eye (``eye_height`` above its own ground level) by a straight
3D line; a point is hidden when the line passes through a terrain piece below its top (hills
by their level, buildings by their level or default height, walls and woods by their default
heights), through another model's hexagonal base below its height, or through a wreck.
All points visible, and the points of its base on the ground too, -> Open (+1); at most half
hidden (or only the base) -> Light (0); more than half hidden but a
point of the main body (the middle of the silhouette, ``main_body``) visible -> Partial (-1);
otherwise Full (-2). Woods hide a sight line only where more than ``forest_sight_depth`` inches
of it run through them below the treetops (so a Gear at the edge of a wood sees out and is
seen, one deeper in or behind it is hidden).
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Any

import numpy as np
import orjson
import shapely
from shapely import LineString

from app.geometry.tabletop import Point, angle_between, bearing, distance
from app.geometry.terrain import Obstacle, first_blockers, hexagon, level_at, polygon

BANDS = ("point_blank", "short", "medium", "long", "extreme")
#: Rulebook, Attack Modifiers: Range
BAND_MODIFIER = {"point_blank": 1, "short": 0, "medium": -1, "long": -2, "extreme": -3}
#: Rulebook, Target Cover
COVER_MODIFIER = {"open": 1, "light": 0, "partial": -1, "full": -2}
#: the height above the ground of the points that stand for the target's base (on the ground,
#: just above it so that the ground it stands on does not hide them)
BASE_POINT_HEIGHT = 0.01


def tape(value: float) -> float:
    """A length (or MP, or degrees) as shown to players: what a tape measure reads, 0.1 inch.
    The rules keep full precision internally; only what leaves in events and views is rounded."""
    return round(float(value), 1) + 0.0  # + 0.0: no "-0.0"


def ordered(state: dict[str, Any]) -> list[dict[str, Any]]:
    """The models in id order (never rely on dict order: stored snapshots may reorder keys)."""
    models = state["models"]
    return [models[k] for k in sorted(models)]


def pos(m: dict[str, Any]) -> Point:
    return Point(m["x"], m["y"])


def in_arc(facing: float, direction: float, arc: str, fixed_degrees: float) -> bool:
    """Rulebook, Firing Arcs: F front 180, FF front face, Rr rear 180, FRr rear face.

    One boundary rule for every use (weapon arcs, the rear -1, Weak Side, Reinforced Armor):
    a direction exactly on the flank line (90 degrees off the facing) is in the front arc F,
    never in the rear arc Rr; the fixed arcs include their edges.
    """
    off = angle_between(facing, direction)
    if arc == "F":
        return off <= 90
    if arc == "FF":
        return off <= fixed_degrees / 2
    if arc == "Rr":
        return off > 90
    if arc == "FRr":
        return off >= 180 - fixed_degrees / 2
    raise ValueError(f"unknown arc {arc!r}")


def arc_of(defender: dict[str, Any], source: Point, arc: str, rules: dict[str, Any]) -> bool:
    """Is ``source`` inside ``defender``'s ``arc``?"""
    return in_arc(defender["facing"], bearing(pos(defender), source), arc, rules["fixed_arc_degrees"])


def in_rear(defender: dict[str, Any], source: Point) -> bool:
    """Attack Angle: the attacker is in the defender's Rear (Rr) arc (the same rule as ``in_arc``)."""
    return in_arc(defender["facing"], bearing(pos(defender), source), "Rr", 0.0)


def base_distance(a: dict[str, Any], b: dict[str, Any], rules: dict[str, Any]) -> float:
    """Translator's clarification: measured base to base."""
    return max(0.0, distance(pos(a), pos(b)) - 2 * float(rules["base_radius"]))


def range_band(ranges: list[float], dist: float) -> str | None:
    for name, limit in zip(BANDS, ranges, strict=False):
        if dist <= limit + 1e-9:
            return name
    return None


@lru_cache(maxsize=64)
def _shapes(key: bytes) -> tuple[Any, ...]:
    polys = tuple(polygon(t["polygon"]) for t in orjson.loads(key))
    for poly in polys:  # prepared before anyone sees them: their predicates (covers, intersects) are fast
        shapely.prepare(poly)
    return polys


def _key(value: Any) -> bytes:
    return orjson.dumps(value, option=orjson.OPT_SORT_KEYS)


def shapes(terrain: list[dict[str, Any]]) -> tuple[Any, ...]:
    """The shapely polygons of ``terrain`` (parsed once per distinct terrain layout)."""
    return _shapes(_key(terrain))


@lru_cache(maxsize=64)
def _levels(key: bytes) -> tuple[tuple[Any, int], ...]:
    terrain = orjson.loads(key)
    return tuple(
        (poly, int(t.get("level") or 1)) for t, poly in zip(terrain, _shapes(key), strict=False) if t["type"] == "hill"
    )


def levels(terrain: list[dict[str, Any]]) -> list[tuple[Any, int]]:
    return list(_levels(_key(terrain)))


def ground(p: Point, terrain: list[dict[str, Any]]) -> int:
    """The level ``p`` stands on (worked out once per terrain layout and point)."""
    return _ground(_key(terrain), float(p.x), float(p.y))


@lru_cache(maxsize=4096)
def _ground(terrain_key: bytes, x: float, y: float) -> int:
    return level_at(Point(x, y), _levels(terrain_key))


@lru_cache(maxsize=64)
def _terrain_obstacles(terrain_key: bytes, rules_key: bytes) -> tuple[Obstacle, ...]:
    """The terrain's obstacles (built once per terrain layout and rules)."""
    rules = orjson.loads(rules_key)
    heights = rules["terrain_heights"]
    out = []
    for t, poly in zip(orjson.loads(terrain_key), _shapes(terrain_key), strict=False):
        top = heights.get(t["type"], 0.0)
        if t["type"] in ("hill", "building") and t.get("level"):
            top = float(t["level"])
        if top > 0:
            out.append(
                Obstacle(
                    poly,
                    top,
                    t.get("label") or t["type"],
                    depth=rules["forest_sight_depth"] if t["type"] == "forest" else 0.0,
                )
            )
    return tuple(out)


@lru_cache(maxsize=4096)
def _base(x: float, y: float, radius: float, facing: float) -> Any:
    return hexagon(Point(x, y), radius, facing)


#: What a model standing in the way contributes to cover: x, y, facing, status, label.
_Blocker = tuple[float, float, float, str, str]


def _model_obstacles(terrain_key: bytes, rules: dict[str, Any], blockers: tuple[_Blocker, ...]) -> list[Obstacle]:
    out = []
    for x, y, facing, status, label in blockers:
        h = rules["model_height"] if status == "active" else rules["wreck_height"]
        r = rules["base_radius"] if status == "active" else rules["wreck_radius"]
        base = _ground(terrain_key, x, y)
        name = label if status == "active" else f"wreck of {label}"
        out.append(Obstacle(_base(x, y, r, facing), base + h, name))
    return out


def _blockers(state: dict[str, Any], exclude: set[str]) -> tuple[_Blocker, ...]:
    return tuple(
        (m["x"], m["y"], m["facing"], m["status"], m["label"])
        for m in ordered(state)
        if m["id"] not in exclude and m["status"] in ("active", "wreck")
    )


def obstacles(state: dict[str, Any], exclude: set[str]) -> list[Obstacle]:
    """Everything that may hide a model: terrain pieces with a height, then the other models'
    bases and the wrecks (in id order), leaving out the models in ``exclude``."""
    terrain_key = _key(state["board"]["terrain"])
    return [
        *_terrain_obstacles(terrain_key, _key(state["rules"])),
        *_model_obstacles(terrain_key, state["rules"], _blockers(state, exclude)),
    ]


def cover(state: dict[str, Any], viewer: dict[str, Any], target: dict[str, Any]) -> dict[str, Any]:
    """Cover of ``target`` seen from ``viewer``: category, modifier, counts and the reason.

    A pure function of the terrain, the rules, the two positions and the models that may stand
    in the way, so it is worked out once for each distinct such set (``_cover``) and copied."""
    eye_xy = (float(viewer["x"]), float(viewer["y"]))
    target_xy = (float(target["x"]), float(target["y"]))
    found = _cover(
        _key(state["board"]["terrain"]),
        _key(state["rules"]),
        eye_xy,
        target_xy,
        _in_the_way(_blockers(state, {viewer["id"], target["id"]}), eye_xy, target_xy, state["rules"]),
    )
    return {**found, "blockers": list(found["blockers"])}


def _in_the_way(
    blockers: tuple[_Blocker, ...], a: tuple[float, float], b: tuple[float, float], rules: dict[str, Any]
) -> tuple[_Blocker, ...]:
    """The models that may stand between ``a`` and ``b``: those whose base comes within 1.5 base
    radii of the line, the reach ``_cover`` looks at (a superset of it: a base lies inside the
    circle of its circumradius). So a model that moves elsewhere leaves this pair's cached cover
    as it was: after a move only the sight lines it crosses are worked out again."""
    reach = rules["base_radius"] * 1.5
    return tuple(
        blk
        for blk in blockers
        if _to_segment(blk[0], blk[1], a, b)
        <= reach + (rules["base_radius"] if blk[3] == "active" else rules["wreck_radius"]) + 1e-6
    )


def _to_segment(x: float, y: float, a: tuple[float, float], b: tuple[float, float]) -> float:
    """The distance from (x, y) to the segment a-b."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    span = dx * dx + dy * dy
    t = 0.0 if span == 0 else max(0.0, min(1.0, ((x - a[0]) * dx + (y - a[1]) * dy) / span))
    return math.hypot(x - a[0] - t * dx, y - a[1] - t * dy)


@lru_cache(maxsize=16384)
def _cover(
    terrain_key: bytes,
    rules_key: bytes,
    eye_xy: tuple[float, float],
    target_xy: tuple[float, float],
    blockers: tuple[_Blocker, ...],
) -> dict[str, Any]:
    rules = orjson.loads(rules_key)
    eye_p, tgt_p = Point(*eye_xy), Point(*target_xy)
    eye = (eye_p.x, eye_p.y, _ground(terrain_key, *eye_xy) + rules["eye_height"])
    z0 = _ground(terrain_key, *target_xy)
    # only what comes near the line between the two can hide a sight point (each is within
    # 0.9 base radius of it): the obstacles within 1.5 base radii of it, in their order
    every = [*_terrain_obstacles(terrain_key, rules_key), *_model_obstacles(terrain_key, rules, blockers)]
    axis = LineString([(eye_p.x, eye_p.y), (tgt_p.x, tgt_p.y)])
    footprints = np.array([o.footprint for o in every], dtype=object)
    near = np.asarray(shapely.dwithin(footprints, axis, rules["base_radius"] * 1.5), dtype=bool).tolist()
    obs = [o for o, hit in zip(every, near, strict=True) if hit]
    cols, rows = int(rules["cover_columns"]), int(rules["cover_rows"])
    body = rules["main_body"]
    ang = math.radians(bearing(eye_p, tgt_p) + 90)
    half = rules["base_radius"] * 0.9
    points: list[tuple[float, float, float]] = []
    in_body: list[bool] = []
    for i in range(cols):
        u = -half + 2 * half * i / max(1, cols - 1)
        px, py = tgt_p.x + u * math.cos(ang), tgt_p.y + u * math.sin(ang)
        fx = i / max(1, cols - 1)
        for j in range(rows):
            fz = (j + 0.5) / rows
            points.append((px, py, z0 + rules["model_height"] * fz))
            in_body.append(body["columns"][0] <= fx <= body["columns"][1] and body["rows"][0] <= fz <= body["rows"][1])
    # the base: the silhouette's foot, on the ground ("so that even its base is fully visible")
    base = [(x, y, z0 + BASE_POINT_HEIGHT) for x, y, z in points[::rows]]
    stops = first_blockers(eye, points + base, obs)
    hidden, body_seen, blockers_hit = 0, False, set()
    for stop, body_point in zip(stops, in_body, strict=False):
        if stop is not None:
            hidden += 1
            blockers_hit.add(obs[stop].name)
        elif body_point:
            body_seen = True
    base_hiders = sorted({obs[stop].name for stop in stops[len(points) :] if stop is not None})
    total = cols * rows
    category = _category(hidden, total, body_seen, bool(base_hiders))
    if not hidden:
        reason = (
            f"the whole model is in sight but its base is hidden by {', '.join(base_hiders)}"
            if base_hiders
            else "the whole model and its base are in sight"
        )
    else:
        reason = (
            f"{hidden} of {total} sight points hidden by {', '.join(sorted(blockers_hit))}"
            + ("" if category != "partial" else "; main body visible")
            + ("" if category != "full" else "; main body hidden")
        )
    return {
        "category": category,
        "modifier": COVER_MODIFIER[category],
        "hidden": hidden,
        "total": total,
        "visible": hidden < total,
        "reason": reason,
        "blockers": tuple(sorted(blockers_hit)),
    }


def _category(hidden: int, total: int, body_seen: bool, base_hidden: bool = False) -> str:
    """Rulebook, Target Cover: Open only when "not covered at all ... so that even its base is
    fully visible"; a model in full sight whose base is hidden has Light Cover."""
    if hidden == 0 and not base_hidden:
        return "open"
    if hidden * 2 <= total:
        return "light"
    return "partial" if body_seen else "full"
