"""Arcs, base-to-base range, range bands and cover from the terrain (the documented method).

Cover method (rulebook "Target Cover": judged from the attacker's eye view). The target's
silhouette is a rectangle as wide as its base and ``model_height`` tall, standing on the
ground level under it and facing the viewer. ``cover_columns`` x ``cover_rows`` points of it
are each joined to the viewer's eye (``eye_height`` above its own ground level) by a straight
3D line; a point is hidden when the line passes through a terrain piece below its top (hills
by their level, buildings by their level or default height, walls and woods by their default
heights), through another model's hexagonal base below its height, or through a wreck.
All points visible -> Open (+1); at most half hidden -> Light (0); more than half hidden but a
point of the main body (the middle of the silhouette, ``main_body``) visible -> Partial (-1);
otherwise Full (-2). Woods hide a sight line only where more than ``forest_sight_depth`` inches
of it run through them below the treetops (so a Gear at the edge of a wood sees out and is
seen, one deeper in or behind it is hidden).
"""

from __future__ import annotations

import json
import math
from functools import lru_cache
from typing import Any

from shapely import LineString

from app.geometry.tabletop import Point, angle_between, bearing, distance
from app.geometry.terrain import Obstacle, hexagon, level_at, polygon, sight_clear

BANDS = ("point_blank", "short", "medium", "long", "extreme")
#: Rulebook, Attack Modifiers: Range
BAND_MODIFIER = {"point_blank": 1, "short": 0, "medium": -1, "long": -2, "extreme": -3}
#: Rulebook, Target Cover
COVER_MODIFIER = {"open": 1, "light": 0, "partial": -1, "full": -2}


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
    return max(0.0, distance(pos(a), pos(b)) - 2 * rules["base_radius"])


def range_band(ranges: list[float], dist: float) -> str | None:
    for name, limit in zip(BANDS, ranges, strict=False):
        if dist <= limit + 1e-9:
            return name
    return None


@lru_cache(maxsize=64)
def _shapes(key: str) -> tuple[Any, ...]:
    return tuple(polygon(t["polygon"]) for t in json.loads(key))


def shapes(terrain: list[dict[str, Any]]) -> tuple[Any, ...]:
    """The shapely polygons of ``terrain`` (parsed once per distinct terrain layout)."""
    return _shapes(json.dumps(terrain, sort_keys=True))


def levels(terrain: list[dict[str, Any]]) -> list[tuple[Any, int]]:
    return [
        (poly, int(t.get("level") or 1))
        for t, poly in zip(terrain, shapes(terrain), strict=False)
        if t["type"] == "hill"
    ]


def ground(p: Point, terrain: list[dict[str, Any]]) -> int:
    return level_at(p, levels(terrain))


def obstacles(state: dict[str, Any], exclude: set[str]) -> list[Obstacle]:
    rules = state["rules"]
    heights = rules["terrain_heights"]
    out = []
    terrain = state["board"]["terrain"]
    hills = levels(terrain)
    for t, poly in zip(terrain, shapes(terrain), strict=False):
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
    for m in ordered(state):
        if m["id"] in exclude or m["status"] not in ("active", "wreck"):
            continue
        h = rules["model_height"] if m["status"] == "active" else rules["wreck_height"]
        r = rules["base_radius"] if m["status"] == "active" else rules["wreck_radius"]
        base = level_at(pos(m), hills)
        name = m["label"] if m["status"] == "active" else f"wreck of {m['label']}"
        out.append(Obstacle(hexagon(pos(m), r, m["facing"]), base + h, name))
    return out


def cover(state: dict[str, Any], viewer: dict[str, Any], target: dict[str, Any]) -> dict[str, Any]:
    """Cover of ``target`` seen from ``viewer``: category, modifier, counts and the reason."""
    rules = state["rules"]
    terrain = state["board"]["terrain"]
    eye_p, tgt_p = pos(viewer), pos(target)
    eye = (eye_p.x, eye_p.y, ground(eye_p, terrain) + rules["eye_height"])
    z0 = ground(tgt_p, terrain)
    corridor = LineString([(eye_p.x, eye_p.y), (tgt_p.x, tgt_p.y)]).buffer(rules["base_radius"] * 1.5)
    obs = [o for o in obstacles(state, {viewer["id"], target["id"]}) if o.footprint.intersects(corridor)]
    cols, rows = int(rules["cover_columns"]), int(rules["cover_rows"])
    body = rules["main_body"]
    ang = math.radians(bearing(eye_p, tgt_p) + 90)
    half = rules["base_radius"] * 0.9
    hidden, body_seen, blockers = 0, False, set()
    for i in range(cols):
        u = -half + 2 * half * i / max(1, cols - 1)
        px, py = tgt_p.x + u * math.cos(ang), tgt_p.y + u * math.sin(ang)
        fx = i / max(1, cols - 1)
        for j in range(rows):
            fz = (j + 0.5) / rows
            point = (px, py, z0 + rules["model_height"] * fz)
            stop = next((o for o in obs if not sight_clear(eye, point, o)), None)
            if stop is not None:
                hidden += 1
                blockers.add(stop.name)
            elif body["columns"][0] <= fx <= body["columns"][1] and body["rows"][0] <= fz <= body["rows"][1]:
                body_seen = True
    total = cols * rows
    category = _category(hidden, total, body_seen)
    reason = (
        "the whole model and its base are in sight"
        if not hidden
        else f"{hidden} of {total} sight points hidden by {', '.join(sorted(blockers))}"
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
        "blockers": sorted(blockers),
    }


def _category(hidden: int, total: int, body_seen: bool) -> str:
    if hidden == 0:
        return "open"
    if hidden * 2 <= total:
        return "light"
    return "partial" if body_seen else "full"
