"""Movement: MP per speed and mode, terrain costs along the path, climbing, turning rules.

Rulebook, "Movement". The path is validated point by point; the MP spent up to each point is
returned so a client can show the remaining MP while the player drags.
"""

from __future__ import annotations

import itertools
import math
from functools import lru_cache
from typing import Any

import numpy as np
import orjson
import shapely
from numpy.typing import NDArray
from shapely import Polygon
from shapely.geometry.base import BaseGeometry

from app.core.errors import IllegalAction
from app.geometry.tabletop import Point, angle_between, bearing, distance
from app.geometry.terrain import EPS, cost_zones, hexagon, levels_along, zoned_length
from app.systems.hgb.board import terrain_name
from app.systems.hgb.sight import _key, _levels, _shapes, ordered, pos, shapes
from app.systems.hgb.words import place

#: Rulebook, Movement: MP to move 1 inch per terrain (Open/Level 1 MP in both modes)
TERRAIN_MP = {"walker": {"rough": 2, "sandy": 3, "forest": 3}, "ground": {"rough": 3, "sandy": 2, "forest": 3}}
#: Rulebook: climbing one level costs 2 MP, descending one level 1 MP (on top of the terrain)
CLIMB_MP, DESCEND_MP = 2, 1
#: Rulebook: free 60 degree turn per N inches; None = moves and turns freely
TURN_EVERY = {
    ("ground", "combat"): 2.0,
    ("ground", "full"): 3.0,
    ("walker", "full"): 2.0,
    ("walker", "combat"): None,
    ("walker", "stationary"): None,
    ("ground", "stationary"): None,
}
SPEEDS = ("stationary", "combat", "full")


def max_mp(model: dict[str, Any]) -> float:
    """MP for the model's current speed and mode (from its card); Stationary moves by distance."""
    if model["speed"] == "stationary":
        return 0.0
    return float(model["card"]["mp"][model["mode"]][model["speed"]])


def cost_areas(state: dict[str, Any], mode: str, mover: str) -> list[tuple[Polygon, float]]:
    terrain = state["board"]["terrain"]
    areas = [
        (poly, float(TERRAIN_MP[mode][t["type"]]))
        for t, poly in zip(terrain, shapes(terrain), strict=False)
        if t["type"] in TERRAIN_MP[mode]
    ]
    rules = state["rules"]
    areas += [  # a wreck is Rough Terrain (Damage)
        (hexagon(pos(m), rules["wreck_radius"], m["facing"]), float(TERRAIN_MP[mode]["rough"]))
        for m in ordered(state)
        if m["status"] == "wreck" and m["id"] != mover
    ]
    return areas


def _wrecks(state: dict[str, Any], mover: str) -> tuple[tuple[float, float, float], ...]:
    return tuple((m["x"], m["y"], m["facing"]) for m in ordered(state) if m["status"] == "wreck" and m["id"] != mover)


@lru_cache(maxsize=256)
def _cost_zones(
    terrain_key: bytes, mode: str, wreck_radius: float, wrecks: tuple[tuple[float, float, float], ...]
) -> tuple[tuple[float, BaseGeometry], ...]:
    state = {
        "board": {"terrain": orjson.loads(terrain_key)},
        "rules": {"wreck_radius": wreck_radius},
        "models": {
            f"{i:06d}": {"id": f"{i:06d}", "status": "wreck", "x": x, "y": y, "facing": f}
            for i, (x, y, f) in enumerate(wrecks)
        },
    }
    return cost_zones(cost_areas(state, mode, ""))


@lru_cache(maxsize=256)
def _costly(
    terrain_key: bytes, mode: str, wreck_radius: float, wrecks: tuple[tuple[float, float, float], ...]
) -> NDArray[Any]:
    """Every area that makes a move cost more than its length in ``mode`` (the dearer terrain
    and wrecks, merged as ``zoned_length`` takes them, and the hills), prepared: a segment that
    meets none of them costs its length."""
    zones = [zone for _, zone in _cost_zones(terrain_key, mode, wreck_radius, wrecks)]
    found = np.array(zones + [poly for poly, _ in _levels(terrain_key)], dtype=object)
    shapely.prepare(found)
    return found


def segment_cost(state: dict[str, Any], a: Point, b: Point, mode: str, mover: str) -> float:
    terrain_key, radius, wrecks = _key(state["board"]["terrain"]), state["rules"]["wreck_radius"], _wrecks(state, mover)
    line = shapely.linestrings([(a.x, a.y), (b.x, b.y)])
    length = float(line.length)
    if length >= EPS and not shapely.intersects(_costly(terrain_key, mode, radius, wrecks), line).any():
        return length  # open, level ground: what zoned_length and levels_along add up to there
    cost = zoned_length(a, b, _cost_zones(terrain_key, mode, radius, wrecks))
    seq = levels_along(a, b, _levels(terrain_key))
    for lo, hi in itertools.pairwise(seq):
        cost += (hi - lo) * CLIMB_MP if hi > lo else (lo - hi) * DESCEND_MP
    return cost


def _check_passable(state: dict[str, Any], a: Point, b: Point, model: dict[str, Any]) -> None:
    _check_on_board(state, b, model)
    _check_terrain(state, a, b, model)


def _check_on_board(state: dict[str, Any], b: Point, model: dict[str, Any]) -> None:
    board = state["board"]
    if not (0 <= b.x <= board["width"] and 0 <= b.y <= board["height"]):
        raise IllegalAction(f"{model['label']} cannot leave the table (at {place(b.x, b.y)})", code="off_board")


@lru_cache(maxsize=64)
def _walls(terrain_key: bytes, impassable: tuple[str, ...]) -> NDArray[Any]:
    """The impassable pieces of a terrain layout (prepared shapes)."""
    polys = [
        p for t, p in zip(orjson.loads(terrain_key), _shapes(terrain_key), strict=False) if t["type"] in impassable
    ]
    return np.array(polys, dtype=object)


def _check_terrain(state: dict[str, Any], a: Point, b: Point, model: dict[str, Any]) -> None:
    rules = state["rules"]
    board = state["board"]
    line = shapely.linestrings([(a.x, a.y), (b.x, b.y)])
    walls = _walls(_key(board["terrain"]), tuple(rules["impassable"]))
    if not shapely.intersects(walls, line).any():
        return  # it meets none: the loop below would find nothing
    for t, poly in zip(board["terrain"], shapes(board["terrain"]), strict=False):
        if t["type"] in rules["impassable"] and (line.intersection(poly).length > 1e-6 or poly.contains(line)):
            where = terrain_name(t).replace("The ", "the ", 1)
            raise IllegalAction(
                f"{model['label']} cannot pass through {where} between {place(a.x, a.y)} and {place(b.x, b.y)}",
                code="impassable",
            )


def _turn_credits(angle: float, tolerance: float) -> int:
    return 0 if angle <= tolerance else math.ceil((angle - tolerance) / 60 - 1e-9)


def plan_move(
    state: dict[str, Any], model: dict[str, Any], path: list[list[float]], facing: float | None
) -> dict[str, Any]:
    """Validate a move from the model's position along ``path``; returns the new position,
    facing, cumulative MP at each point, and the round's running totals. Raises IllegalAction.
    """
    rules = state["rules"]
    moved = dict(model["moved"])
    every = TURN_EVERY[(model["mode"], model["speed"])]
    tol = rules["turn_tolerance_degrees"]
    limit = max_mp(model)
    here, heading = pos(model), model["facing"]
    spent, dist, turns = moved["mp"], moved["dist"], moved["turns"]
    costs, headings = [], []
    for x, y in path:
        nxt = Point(float(x), float(y))
        step = distance(here, nxt)
        if step < 1e-9:
            costs.append(spent)
            headings.append(round(heading % 360, 6))
            continue
        _check_passable(state, here, nxt, model)
        direction = bearing(here, nxt)
        if every is not None:  # forward only, free 60 degree turns per `every` inches moved
            counted = _turn(model, here, heading, direction, dist, turns, every, tol)
            if counted != turns:  # small wobbles within the tolerance keep the old heading,
                turns, heading = counted, direction  # so they cannot add up to a free turn
        spent += segment_cost(state, here, nxt, model["mode"], model["id"])
        dist += step
        _check_allowance(model, rules, nxt, spent, dist, limit)
        costs.append(spent)
        headings.append(round(heading % 360, 6))  # the facing while walking this leg
        here = nxt
    if facing is not None:
        if every is not None:
            turns = _turn(model, here, heading, facing % 360, dist, turns, every, tol)
        heading = facing % 360
    _check_overlap(state, model, here)
    return {
        "x": here.x,
        "y": here.y,
        "facing": round(heading % 360, 6),
        "costs": costs,
        "headings": headings,
        "moved": {"mp": spent, "dist": dist, "turns": turns},
        "mp_left": max(0.0, limit - spent),
    }


def can_move_to(state: dict[str, Any], model: dict[str, Any], x: float, y: float, facing: float | None) -> bool:
    """Would ``plan_move(state, model, [[x, y]], facing)`` accept the move? The same checks, the
    cheapest first, and the terrain cost only when it can decide: a move costs at least its
    length in MP, so a point farther than the MP left is refused without it (legal lists need
    only the answer, for many points)."""
    rules = state["rules"]
    every = TURN_EVERY[(model["mode"], model["speed"])]
    tol = rules["turn_tolerance_degrees"]
    limit = max_mp(model)
    here, heading = pos(model), model["facing"]
    moved = model["moved"]
    spent, dist, turns = moved["mp"], moved["dist"], moved["turns"]
    nxt = Point(float(x), float(y))
    step = distance(here, nxt)
    try:
        if step >= 1e-9:
            _check_on_board(state, nxt, model)
            direction = bearing(here, nxt)
            if every is not None:
                counted = _turn(model, here, heading, direction, dist, turns, every, tol)
                if counted != turns:
                    turns, heading = counted, direction
            if facing is not None and every is not None:
                _turn(model, nxt, heading, facing % 360, dist + step, turns, every, tol)
            if model["speed"] == "stationary":  # by distance only: the cost is not looked at
                _check_allowance(model, rules, nxt, spent, dist + step, limit)
            elif spent + step - 1e-6 > limit + 1e-9:  # the cost is at least the length
                return False
            if _overlaps(state, model, nxt):
                return False
            _check_terrain(state, here, nxt, model)
            if model["speed"] != "stationary":
                _check_allowance(
                    model,
                    rules,
                    nxt,
                    spent + segment_cost(state, here, nxt, model["mode"], model["id"]),
                    dist + step,
                    limit,
                )
        else:
            if facing is not None and every is not None:
                _turn(model, here, heading, facing % 360, dist, turns, every, tol)
            if _overlaps(state, model, here):
                return False
    except IllegalAction:
        return False
    return True


def _check_allowance(
    model: dict[str, Any], rules: dict[str, Any], at: Point, spent: float, dist: float, limit: float
) -> None:
    """MP of the speed and mode; a Stationary model adjusts by distance only."""
    if model["speed"] == "stationary":
        if dist > rules["stationary_move_inches"] + 1e-9:
            raise IllegalAction(
                f"{model['label']} is Stationary and may move only "
                f"{rules['stationary_move_inches']:g} inch this round (path reaches "
                f"{dist:.2f})",
                code="illegal_move",
            )
    elif spent > limit + 1e-9:
        raise IllegalAction(
            f"{model['label']} has {limit:g} MP at {model['speed']} speed in "
            f"{model['mode']} mode; reaching {place(at.x, at.y)} costs "
            f"{spent:.2f} MP",
            code="not_enough_mp",
        )


def _turn(
    model: dict[str, Any], at: Point, heading: float, direction: float, dist: float, used: int, every: float, tol: float
) -> int:
    need = _turn_credits(angle_between(heading, direction), tol)
    if need == 0:
        return used
    earned = math.floor(dist / every + 1e-9)
    if used + need > earned:
        raise IllegalAction(
            f"{model['label']} ({model['speed']} speed, {model['mode']} mode) moves only forward and turns "
            f"60 degrees per {every:g} inches: turning {angle_between(heading, direction):.0f} degrees at "
            f"{place(at.x, at.y)} needs {need} free turn(s), {earned - used} left after {dist:.2f} inches",
            code="illegal_turn",
        )
    return used + need


def _overlaps(state: dict[str, Any], model: dict[str, Any], p: Point) -> bool:
    """Would ``_check_overlap`` refuse ``p``? (The answer only: models in any order.)"""
    near = 2 * state["rules"]["base_radius"] * math.cos(math.radians(30)) - 1e-9
    x, y, me = p.x, p.y, model["id"]
    return any(
        other["status"] == "active" and other["id"] != me and math.hypot(other["x"] - x, other["y"] - y) < near
        for other in state["models"].values()
    )


def _check_overlap(state: dict[str, Any], model: dict[str, Any], p: Point) -> None:
    r = state["rules"]["base_radius"]
    for other in ordered(state):
        if other["id"] == model["id"] or other["status"] != "active":
            continue
        if distance(p, pos(other)) < 2 * r * math.cos(math.radians(30)) - 1e-9:
            raise IllegalAction(
                f"{model['label']} cannot end its move on {other['label']} (at {place(p.x, p.y)})", code="occupied"
            )


def change_speed(model: dict[str, Any], speed: str, full_allowed: bool) -> None:
    """Rulebook: change speed by one level, once per round before moving; raises IllegalAction."""
    step = abs(SPEEDS.index(speed) - SPEEDS.index(model["speed"]))
    if step > 1:
        raise IllegalAction(
            f"{model['label']} is at {model['speed']} speed and may change by one level only (not to {speed})",
            code="illegal_speed",
        )
    if speed == "full" and not full_allowed:
        raise IllegalAction(
            f"{model['label']} is Heavily or Critically damaged and cannot go Full Speed", code="illegal_speed"
        )


def stop_within(
    state: dict[str, Any], model: dict[str, Any], move: dict[str, Any], not_before: float
) -> dict[str, Any] | None:
    """Where a model that lost Full Speed during its move stops: as far along the move's path
    (``move``: the path from its start, the facing along each leg, the MP and inches spent before
    the move) as its Combat Speed MP allow it, but not short of ``not_before`` inches (it has
    walked that far already), and not on another model (it passes through models, never ends on
    one). None when it may walk the whole path. Terrain costs as ``plan_move`` counts them."""
    limit = max_mp(model)
    pts = [Point(float(x), float(y)) for x, y in move["path"]]
    spent, walked = float(move["mp"]), 0.0
    stop: tuple[float, Point, float, float] | None = None  # (inches along, point, MP spent, facing)
    for a, b, head in zip(pts, pts[1:], move["headings"], strict=False):
        leg = distance(a, b)
        cost = segment_cost(state, a, b, model["mode"], model["id"])
        if spent + cost > limit + 1e-9 and leg > 1e-9:
            lo, hi = 0.0, 1.0  # the part of the leg the MP left pay for
            for _ in range(30):
                mid = (lo + hi) / 2
                part = Point(a.x + mid * (b.x - a.x), a.y + mid * (b.y - a.y))
                lo, hi = (
                    (mid, hi)
                    if spent + segment_cost(state, a, part, model["mode"], model["id"]) <= limit
                    else (lo, mid)
                )
            at = Point(a.x + lo * (b.x - a.x), a.y + lo * (b.y - a.y))
            stop = (walked + lo * leg, at, spent + segment_cost(state, a, at, model["mode"], model["id"]), head)
            break
        spent += cost
        walked += leg
    if stop is None:
        return None
    along, at, mp, facing = stop
    if along < not_before:  # it had walked past its allowance when it was hit: it stops there
        along, at, mp, facing = _along(state, model, move, not_before)
    while _overlaps(state, model, at) and along - 0.05 >= not_before:
        along, at, mp, facing = _along(state, model, move, along - 0.05)
    return {"x": at.x, "y": at.y, "facing": facing, "mp": mp, "dist": float(move["dist"]) + along, "along": along}


def _along(
    state: dict[str, Any], model: dict[str, Any], move: dict[str, Any], inches: float
) -> tuple[float, Point, float, float]:
    """The point ``inches`` along the move's path, the MP spent there and the facing there."""
    pts = [Point(float(x), float(y)) for x, y in move["path"]]
    spent, walked = float(move["mp"]), 0.0
    at, facing = pts[0], float(move["headings"][0]) if move["headings"] else float(model["facing"])
    for a, b, head in zip(pts, pts[1:], move["headings"], strict=False):
        leg = distance(a, b)
        t = 1.0 if leg < 1e-9 else min(1.0, (inches - walked) / leg)
        at, facing = Point(a.x + t * (b.x - a.x), a.y + t * (b.y - a.y)), head
        if t < 1.0:
            return inches, at, spent + segment_cost(state, a, at, model["mode"], model["id"]), facing
        spent += segment_cost(state, a, b, model["mode"], model["id"])
        walked += leg
    return walked, at, spent, facing
