"""Moves (SRBR "Measuring Sticks", "Measuring Movement", "All Movements are in a Straight
Line", "Contact Stops Movement").

A move reaches any point up to its stick's length, measured from the mecha's fixed measuring
point (its token anchor); the whole model travels in a straight line and stops at contact with
another mecha or a building. Warboard decisions: positions are base centres in cm; the base is
round, so turning to a new facing at the end of a move (about the centre) never makes contact;
a move that would leave the table is illegal unless the player declares the mecha flees.
"""

from __future__ import annotations

import math
from typing import Any

from app.core.errors import IllegalAction
from app.core.events import Event
from app.geometry import sticks
from app.geometry.tabletop import Point
from app.systems.srbr import pieces

State = dict[str, Any]
TOLERANCE = 0.01  # cm


def obstacles(state: State, m: dict[str, Any]) -> tuple[list[str], list[Any]]:
    names, shapes = [], []
    for other in pieces.others(state, m):
        names.append(other["id"])
        shapes.append(pieces.shape(other))
    for tid, poly in pieces.buildings(state):
        names.append(tid)
        shapes.append(poly)
    return names, shapes


def move(state: State, m: dict[str, Any], stick: str, x: float, y: float,
         facing: float | None, flee: bool) -> tuple[dict[str, Any], Event]:
    """Move ``m``'s measuring point towards (x, y), at most one ``stick``. Returns (mecha, event)."""
    if m["status"] == "fallen":
        raise IllegalAction(f"{m['name']} has been knocked down: stand up first", code="fallen")
    length = state["sticks"][stick]
    start_anchor = pieces.anchor(m)
    dx, dy = x - start_anchor.x, y - start_anchor.y
    wanted = math.hypot(dx, dy)
    if wanted > length + TOLERANCE:
        raise IllegalAction(
            f"({x:g}, {y:g}) is {wanted:.1f} cm from {m['name']}'s measuring point; "
            f"the {sticks.STICK_NAMES[stick]} stick is {length:g} cm", code="too_far")
    start = pieces.centre(m)
    names, shapes = obstacles(state, m)
    result = sticks.straight_move(start, Point(start.x + dx, start.y + dy), pieces.radius(m), shapes)
    end = result.end
    board = state["board"]
    edge = sticks.clamp_to_table(start, end, board["width"], board["height"])
    fled = edge != end
    if fled and not flee:
        raise IllegalAction(f"That move takes {m['name']} off the table: declare flee to leave",
                            code="off_board")
    new_facing = m["facing"] if facing is None else round(facing % 360, 3)
    moved = {**m, "x": round(edge.x, 3), "y": round(edge.y, 3), "facing": new_facing}
    if fled:
        moved["out"] = "fled"
    event: Event = {
        "kind": "moved", "mecha": m["id"], "stick": stick,
        "from": [m["x"], m["y"]], "to": [moved["x"], moved["y"]], "facing": new_facing,
        "travelled": round(math.hypot(edge.x - start.x, edge.y - start.y), 3),
        "stopped_by_contact": names[result.blocked_by] if result.blocked_by is not None else None,
        "fled": fled,
    }
    return moved, event


def push(state: State, m: dict[str, Any], away_from: dict[str, Any], distance: float
         ) -> tuple[dict[str, Any], dict[str, Any]]:
    """Push ``m`` straight away from ``away_from`` (recoil, knock back); contact and the table
    edge stop it (Warboard default: a pushed mecha never leaves the table)."""
    start = pieces.centre(m)
    origin = pieces.centre(away_from)
    d = math.hypot(start.x - origin.x, start.y - origin.y) or 1.0
    ux, uy = (start.x - origin.x) / d, (start.y - origin.y) / d
    target = Point(start.x + ux * distance, start.y + uy * distance)
    names, shapes = obstacles(state, m)
    result = sticks.straight_move(start, target, pieces.radius(m), shapes)
    board = state["board"]
    end = sticks.clamp_to_table(start, result.end, board["width"], board["height"])
    moved = {**m, "x": round(end.x, 3), "y": round(end.y, 3)}
    return moved, {"from": [m["x"], m["y"]], "to": [moved["x"], moved["y"]]}


def distance_for(state: State, m: dict[str, Any], spec: str) -> float:
    """A push distance from data: "base" (one base diameter) or a stick S, M, L."""
    if spec == "base":
        return float(m["base"])
    return float(state["sticks"][spec])
