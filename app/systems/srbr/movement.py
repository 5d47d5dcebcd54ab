"""Moves (SRBR "Measuring Sticks", "Measuring Movement", "All Movements are in a Straight
Line", "Contact Stops Movement").

A move reaches any point up to its stick's length, measured from the mecha's fixed measuring
point (its token anchor); the whole model travels in a straight line and stops at contact with
another mecha or a building. Warboard decisions: positions are base centres in cm; a new facing at the end of a
move pivots on the measuring point (so that point ends within the stick) and is refused if it
would push the base into contact; a move that would leave the table is illegal unless the
player declares the mecha flees.
"""

from __future__ import annotations

import math
from typing import Any

from app.core.errors import IllegalAction
from app.core.events import Event
from app.geometry import footprints
from app.geometry.tabletop import Point
from app.systems.srbr import pieces, sticks
from app.systems.srbr.words import terrain_label
from app.systems.words import plain_words

State = dict[str, Any]
TOLERANCE = 0.01  # cm
#: the overlap (cm²) past which two footprints are inside one another rather than in contact
OVERLAP = 0.01


def obstacles(state: State, m: dict[str, Any]) -> tuple[list[str], list[Any]]:
    names, shapes = [], []
    for other in pieces.others(state, m):
        names.append(other["id"])
        shapes.append(pieces.shape(other))
    for tid, poly in pieces.buildings(state):
        names.append(tid)
        shapes.append(poly)
    return names, shapes


def move(
    state: State,
    m: dict[str, Any],
    stick: str,
    x: float,
    y: float,
    facing: float | None,
    flee: bool,
    at: str = "anchor",
) -> tuple[dict[str, Any], Event]:
    """Move ``m`` so that its measuring point ends at (x, y) (``at="anchor"``), or its base
    centre does (``at="centre"``), at most one ``stick`` from where the measuring point
    started, then turn it to ``facing``. Returns (mecha, event).

    SRBR "Measuring Movement": "always measure movement in a consistent way from the same part
    of the mecha's body". The model travels in a straight line and a new facing pivots on the
    measuring point, so that point ends within the stick whatever the turn (a turn about the
    base centre would carry a vehicle's front past the end of the stick). Raises IllegalAction.
    """
    if m["status"] == "fallen":
        raise IllegalAction(f"{m['name']} has been knocked down: stand up first", code="fallen")
    length = state["sticks"][stick]
    offset = (float(m["anchor"][0]), float(m["anchor"][1]))
    new_facing = m["facing"] if facing is None else round(facing % 360, 3)
    start_anchor = pieces.anchor(m)
    goal = Point(x, y) if at == "anchor" else footprints.anchor_point(Point(x, y), new_facing, offset)
    dx, dy = goal.x - start_anchor.x, goal.y - start_anchor.y
    wanted = math.hypot(dx, dy)
    if wanted > length + TOLERANCE:
        raise IllegalAction(
            f"That puts {m['name']}'s measuring point {wanted:.1f} cm from where it stands; "
            f"the {sticks.STICK_NAMES[stick]} stick is {length:g} cm",
            code="too_far",
        )
    start = pieces.centre(m)
    names, shapes = obstacles(state, m)
    result = footprints.straight_move(start, Point(start.x + dx, start.y + dy), pieces.radius(m), shapes)
    board = state["board"]
    edge = footprints.clamp_to_table(start, result.end, board["width"], board["height"])
    fled = edge != result.end
    if fled and not flee:
        raise IllegalAction(f"That move takes {m['name']} off the table: declare flee to leave", code="off_board")
    end = edge if fled else _turn(state, m, edge, new_facing, offset, shapes, names)
    moved = {**m, "x": round(end.x, 3), "y": round(end.y, 3), "facing": m["facing"] if fled else new_facing}
    if fled:
        moved["out"] = "fled"
    travelled = footprints.anchor_point(end, moved["facing"], offset)
    event: Event = {
        "kind": "moved",
        "mecha": m["id"],
        "stick": stick,
        "from": [m["x"], m["y"]],
        "to": [moved["x"], moved["y"]],
        "facing": moved["facing"],
        "travelled": round(math.hypot(travelled.x - start_anchor.x, travelled.y - start_anchor.y), 3),
        "stopped_by_contact": names[result.blocked_by] if result.blocked_by is not None else None,
        "fled": fled,
    }
    return moved, event


def _turn(
    state: State,
    m: dict[str, Any],
    centre: Point,
    facing: float,
    offset: tuple[float, float],
    shapes: list[Any],
    names: list[str],
) -> Point:
    """The base centre after turning to ``facing`` on the measuring point. Warboard decision:
    a turn that would push the base into another mecha or a building, or off the table, is
    refused (contact stops movement, and only a declared move may leave the table)."""
    if facing == m["facing"]:
        return centre
    pivot = footprints.anchor_point(centre, m["facing"], offset)
    turned = footprints.centre_for(pivot, facing, offset)
    base = footprints.footprint(turned, pieces.radius(m))
    for name, shape in zip(names, shapes, strict=True):
        if base.intersection(shape).area > OVERLAP:
            raise IllegalAction(
                f"Turning {m['name']} to {round(facing)}° there would push it into "
                f"{_named(state, name)}; move without turning, or turn elsewhere",
                code="turn_blocked",
            )
    board = state["board"]
    if not (0 <= turned.x <= board["width"] and 0 <= turned.y <= board["height"]):
        raise IllegalAction(
            f"Turning {m['name']} to {round(facing)}° there would take it off the table", code="off_board"
        )
    return turned


def _named(state: State, piece_id: str) -> str:
    """A mecha by its name, a building by its label."""
    other = state["mechas"].get(piece_id)
    return str(other["name"]) if other is not None else terrain_label(state, piece_id)


def push(
    state: State, m: dict[str, Any], away_from: dict[str, Any], distance: float
) -> tuple[dict[str, Any], dict[str, Any]]:
    """Push ``m`` straight away from ``away_from`` (recoil, knock back); contact and the table
    edge stop it (Warboard default: a pushed mecha never leaves the table)."""
    start = pieces.centre(m)
    origin = pieces.centre(away_from)
    d = math.hypot(start.x - origin.x, start.y - origin.y) or 1.0
    ux, uy = (start.x - origin.x) / d, (start.y - origin.y) / d
    target = Point(start.x + ux * distance, start.y + uy * distance)
    _names, shapes = obstacles(state, m)
    result = footprints.straight_move(start, target, pieces.radius(m), shapes)
    board = state["board"]
    end = footprints.clamp_to_table(start, result.end, board["width"], board["height"])
    moved = {**m, "x": round(end.x, 3), "y": round(end.y, 3)}
    return moved, {"from": [m["x"], m["y"]], "to": [moved["x"], moved["y"]]}


def distance_for(state: State, spec: str) -> float:
    """A push distance: a stick S, M or L (SRBR "Measurements": "All distances are measured
    with three sticks")."""
    return float(state["sticks"][spec])


def check_type(m: dict[str, Any], p: dict[str, Any]) -> None:
    """SRBR heading "Only One Movement Type Per Turn" (its text is missing from our copy).
    Warboard reading: a mecha's movement type is the type of the body part that moves it (legs
    walk, wings fly, ...); once it has moved with one type in a player's turn, it may not move
    with another until the next turn. Raises IllegalAction(one_movement_type)."""
    used = m.get("moved_with")
    if used is not None and used != p["type"]:
        raise IllegalAction(
            f"{m['name']} has already moved with its {plain_words(used)} this turn: only one "
            f"movement type per turn, so its {p['name']} ({plain_words(p['type'])}) cannot "
            "move it now",
            code="one_movement_type",
        )
