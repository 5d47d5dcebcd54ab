"""Every action a seat may send now (``legal_actions``), for bots, random drivers and tests.

``view.legal_actions`` lists the discrete choices (activations with every die count, reactions,
attacks at every mecha and building in reach, stand up, done, end turn, ready, concede). Moves
are continuous, so they are sampled here: for the activated part's stick, the farthest point in
a straight line toward each enemy mecha and toward each building (cover), turned to face that
way when the turn is allowed and otherwise keeping the facing. Each is checked with the move
rules (``movement.move``), so every listed move is accepted by ``apply``. In deployment, each
mecha may also be placed where it stands.
"""

from __future__ import annotations

import math
from typing import Any

from app.core.dice import Dice
from app.core.errors import WarboardError
from app.geometry.tabletop import Point, bearing
from app.systems.srbr import actions as A
from app.systems.srbr import deploy, movement, pieces, turns, view

State = dict[str, Any]


def legal_actions(state: State, seat: str | None) -> list[dict[str, Any]]:
    listed = view.legal_actions(state, seat)
    if not listed or seat is None:
        return listed
    phase = state["turn"]["phase"]
    extra: list[dict[str, Any]] = []
    if phase in ("actions", "reaction_actions"):
        extra = _moves(state)
    elif phase == "deploy":
        extra = [
            {"kind": "deploy", "mecha": m["id"], "x": m["x"], "y": m["y"], "facing": m["facing"]}
            for m in state["mechas"].values()
            if m["owner"] == seat and pieces.in_play(m) and _placeable(state, seat, m)
        ]
    return [*listed[:-1], *extra, listed[-1]]  # concede stays last


def _moves(state: State) -> list[dict[str, Any]]:
    act = turns.current(state)
    m = state["mechas"][act["mecha"]]
    p = pieces.part(m, act["part"])
    if not p["move"] or m["status"] == "fallen" or act["actions_left"] < 1:
        return []
    try:
        movement.check_type(m, p)
    except WarboardError:
        return []
    length = state["sticks"][p["move"]] - 0.05
    start = pieces.anchor(m)
    goals = [pieces.centre(o) for o in pieces.others(state, m) if o["owner"] != m["owner"]]
    goals += [Point(poly.centroid.x, poly.centroid.y) for _tid, poly in pieces.buildings(state)]
    out: list[dict[str, Any]] = []
    for goal in goals:
        d = math.hypot(goal.x - start.x, goal.y - start.y)
        if d < 0.5:
            continue
        step = min(length, d)
        x = round(start.x + (goal.x - start.x) / d * step, 3)
        y = round(start.y + (goal.y - start.y) / d * step, 3)
        for facing in (round(bearing(start, goal), 3), None):
            action = {"kind": "move", "x": x, "y": y, **({"facing": facing} if facing is not None else {})}
            if _ok(state, m, p, action):
                out.append(action)
                break
    return out + _flights(state, m, p, start, length)


def _flights(state: State, m: dict[str, Any], p: dict[str, Any], start: Point, length: float) -> list[dict[str, Any]]:
    """Fleeing: a full stick straight toward each table edge, where that leaves the table."""
    out: list[dict[str, Any]] = []
    for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        x, y = round(start.x + dx * length, 3), round(start.y + dy * length, 3)
        action = {"kind": "move", "x": x, "y": y, "flee": True}
        if not (0 <= x <= state["board"]["width"] and 0 <= y <= state["board"]["height"]) and _ok(state, m, p, action):
            out.append(action)
    return out


def _ok(state: State, m: dict[str, Any], p: dict[str, Any], a: dict[str, Any]) -> bool:
    try:
        movement.move(state, m, p["move"], a["x"], a["y"], a.get("facing"), a.get("flee", False))
    except WarboardError:
        return False
    return True


def _placeable(state: State, seat: str, m: dict[str, Any]) -> bool:
    """Whether ``m`` may be deployed where it stands: the automatic layout may have put it
    deeper in than a host's narrower deployment zone."""
    action = A.Deploy(kind="deploy", mecha=m["id"], x=m["x"], y=m["y"], facing=m["facing"])
    try:
        deploy.place(state, seat, action, Dice("legal-probe"))
    except WarboardError:
        return False
    return True
