"""Automatic deployment (a Warboard default; the rulebook's "Terrain And Deployment" section
is missing from our copy): each force spreads along its player's edge, a stick in from it.

No two bases ever overlap or touch, and no base stands in a building: a mecha whose preferred
spot is taken slides along its edge, then further in (up to its deployment zone's depth).
A force that does not fit is refused with BadOptions when the table is created, so a game
never starts with pieces on top of each other.
"""

from __future__ import annotations

import math
from typing import Any

from shapely.ops import unary_union
from shapely.prepared import prep

from app.core.errors import BadOptions
from app.geometry import footprints
from app.geometry.tabletop import Point

State = dict[str, Any]
#: Warboard default deployment edges: (edge, facing) per seat
EDGES = {"p1": ("south", 270.0), "p2": ("north", 90.0), "p3": ("west", 0.0), "p4": ("east", 180.0)}
#: free space kept between two bases at the start (cm): more than contact
SPACING = 0.2
_STEP = 0.5


def place_all(
    forces: dict[str, list[dict[str, Any]]],
    size: float,
    terrain: list[dict[str, Any]],
    lengths: dict[str, float],
    rules: dict[str, Any],
) -> dict[str, dict[str, Any]]:
    """Every force's mechas, placed. Raises BadOptions naming a mecha that does not fit."""
    walls = [footprints.polygon(t["polygon"]) for t in terrain if t["type"] == "building"]
    blocked = prep(unary_union(walls)) if walls else None
    offset = lengths[rules["deployment"]["edge_offset_stick"]]
    depth = lengths[rules["deployment"]["zone_depth_stick"]]
    placed: list[tuple[Point, float]] = []
    mechas: dict[str, dict[str, Any]] = {}
    for seat, force in forces.items():
        for i, profile in enumerate(force):
            spot = _find_spot(seat, i, len(force), profile["base"] / 2, size, offset, depth, placed, blocked)
            if spot is None:
                raise BadOptions(
                    f"{seat}: {profile['name']} ({profile['id']}) does not fit along "
                    f"{seat}'s table edge without touching another base or a building "
                    f"(a {size:g} cm table); choose fewer or smaller mechas, a bigger "
                    "table or other terrain"
                )
            m = _mecha(profile, seat, spot, rules)
            base_id, n = m["id"], 1
            while m["id"] in mechas:  # the same design twice: p1-kabuto, p1-kabuto-2
                n += 1
                m["id"] = f"{base_id}-{n}"
            mechas[m["id"]] = m
            placed.append((spot, profile["base"] / 2))
    clash = sorted({t["id"] for t in terrain} & set(mechas))
    if clash:
        raise BadOptions(f"terrain ids {clash} are also mecha ids; rename the terrain")
    return mechas


def _find_spot(
    seat: str,
    index: int,
    count: int,
    r: float,
    size: float,
    offset: float,
    depth: float,
    placed: list[tuple[Point, float]],
    blocked: Any,
) -> Point | None:
    edge = EDGES[seat][0]
    preferred = size * (index + 1) / (count + 1)
    rows = [offset + r + k for k in range(int(max(depth - offset, 0)) + 1)]
    shifts = [0.0]
    for k in range(1, int(size / _STEP) + 1):
        shifts += [k * _STEP, -k * _STEP]
    for d in rows:
        if d > size - r:
            break
        for shift in shifts:
            along = preferred + shift
            if not r <= along <= size - r:
                continue
            x, y = {"south": (along, size - d), "north": (along, d), "west": (d, along), "east": (size - d, along)}[
                edge
            ]
            if _free(Point(x, y), r, placed, blocked):
                return Point(round(x, 3), round(y, 3))
    return None


def _free(c: Point, r: float, placed: list[tuple[Point, float]], blocked: Any) -> bool:
    if any(math.hypot(c.x - o.x, c.y - o.y) < r + ro + SPACING for o, ro in placed):
        return False
    if blocked is None:
        return True
    return not bool(blocked.intersects(footprints.footprint(c, r + SPACING)))


def _mecha(profile: dict[str, Any], seat: str, spot: Point, rules: dict[str, Any]) -> dict[str, Any]:
    radius = profile["base"] / 2
    fwd, right = rules["anchors"][profile["form"]]
    parts = [{**p, "damage": 0, "activations": 0} for p in profile["parts"]]
    return {
        "id": f"{seat}-{profile['id']}",
        "profile": profile["id"],
        "name": profile["name"],
        "owner": seat,
        "form": profile["form"],
        "base": profile["base"],
        "x": spot.x,
        "y": spot.y,
        "facing": EDGES[seat][1],
        "anchor": [round(fwd * radius, 3), round(right * radius, 3)],
        "status": "standing",
        "out": None,
        "moved_with": None,
        "cost": profile["cost"],
        "special_rules": profile["special_rules"],
        "parts": parts,
    }
