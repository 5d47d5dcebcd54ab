"""A simple player for seeded SRBR games: close in, then hit; react when something is in reach.

It reads the view (plus the state, to probe moves and reach) and sends raw action dicts through
parse_action/apply, exactly as the server does.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from shapely.geometry import LineString

from app.core.dice import Dice
from app.core.errors import WarboardError
from app.systems.srbr import SamuraiRobots, combat, pieces


def choose(view: dict[str, Any], seat: str) -> dict[str, Any]:
    """The bot's next action for ``seat`` from its view."""
    prompt = view["prompt"]
    legal: list[dict[str, Any]] = view["legal"]
    attacks = [a for a in legal if a["kind"] == "attack"]
    if prompt["ask"] == "activate":
        return _activation(view, seat, legal)
    if prompt["ask"] == "reaction":
        reacts = [a for a in legal if a["kind"] == "react"]
        for a in reacts:
            if _reaches(view, a["mecha"], a["part"]):
                return a
        return {"kind": "pass"}
    if attacks:
        return attacks[0]
    if any(a["kind"] == "stand_up" for a in legal):
        return {"kind": "stand_up"}
    if prompt["move"]:
        return _step(view, prompt)
    return {"kind": "done"}


def _activation(view: dict[str, Any], seat: str, legal: list[dict[str, Any]]) -> dict[str, Any]:
    choices = [a for a in legal if a["kind"] == "activate"]
    by_part = {(a["mecha"], a["part"]): a["dice"] for a in choices}
    for (mecha, part), most in by_part.items():
        if _reaches(view, mecha, part):
            return {"kind": "activate", "mecha": mecha, "part": part, "dice": min(most, 2)}
    for (mecha, part), most in by_part.items():
        p = _part(view, mecha, part)
        if p["move"]:
            return {"kind": "activate", "mecha": mecha, "part": part, "dice": min(most, 2)}
    return {"kind": "end_turn"}


def _part(view: dict[str, Any], mecha: str, part: str) -> dict[str, Any]:
    return next(p for p in view["mechas"][mecha]["parts"] if p["id"] == part)


def _reaches(view: dict[str, Any], mecha: str, part: str) -> bool:
    """Is an enemy within reach of one of this part's attacks (contact, or range and sight)?"""
    p = _part(view, mecha, part)
    me = _piece(view, mecha)
    if me is None or not p["attacks"]:
        return False
    state = view["_state"]
    m = state["mechas"][mecha]
    for name in p["attacks"]:
        spec = state["rules"]["attack_types"][name]
        for other in pieces.others(state, m):
            if other["owner"] == m["owner"]:
                continue
            try:
                combat.check_reach(state, m, other, spec, name)
                return True
            except WarboardError:
                pass
    return False


def _piece(view: dict[str, Any], mecha: str) -> dict[str, Any] | None:
    return next((p for p in view["pieces"] if p["id"] == mecha), None)


def _step(view: dict[str, Any], prompt: dict[str, Any]) -> dict[str, Any]:
    """Try a fan of straight moves and keep the one that ends nearest an enemy."""
    state, system = view["_state"], SamuraiRobots()
    me = state["mechas"][prompt["mecha"]]
    enemies = [o for o in pieces.others(state, me) if o["owner"] != me["owner"]]
    if not enemies:
        return {"kind": "done"}
    target = min(enemies, key=lambda e: math.dist((me["x"], me["y"]), (e["x"], e["y"])))
    ax, ay = prompt["move"]["from"]
    heading = math.atan2(target["y"] - me["y"], target["x"] - me["x"])
    length = prompt["move"]["length"] - 0.01
    best, best_gap = {"kind": "done"}, math.inf
    walls = [poly.buffer(me["base"] / 2 + 0.2, join_style="mitre") for _, poly in pieces.buildings(state)]
    for turn in (0, 25, -25, 50, -50, 80, -80, 120, -120):
        a = heading + math.radians(turn)
        raw = {
            "kind": "move",
            "x": ax + math.cos(a) * length,
            "y": ay + math.sin(a) * length,
            "facing": math.degrees(heading) % 360,
        }
        try:
            after, _ = system.apply(state, view["_seat"], system.parse_action(raw), Dice("probe"))
        except WarboardError:
            continue
        moved = after["mechas"][me["id"]]
        gap = _route((moved["x"], moved["y"]), (target["x"], target["y"]), walls) + abs(turn) / 100
        if moved["out"] is None and gap < best_gap:
            best, best_gap = raw, gap
    return best


def _route(a: tuple[float, float], b: tuple[float, float], walls: list[Any]) -> float:
    """Rough path length from a to b around buildings: straight, or via one or two corners."""

    def clear(p: tuple[float, float], q: tuple[float, float]) -> bool:
        line = LineString([p, q])
        return not any(line.crosses(w) or line.within(w) for w in walls)

    if clear(a, b):
        return math.dist(a, b)
    corners = [c for w in walls for c in w.buffer(0.5, join_style="mitre").exterior.coords[:-1]]
    best = math.dist(a, b) + 60
    for c in corners:
        if clear(a, c):
            if clear(c, b):
                best = min(best, math.dist(a, c) + math.dist(c, b))
            for d in corners:
                if clear(c, d) and clear(d, b):
                    best = min(best, math.dist(a, c) + math.dist(c, d) + math.dist(d, b))
    return best


def play(
    seed: str,
    options: dict[str, Any] | None = None,
    limit: int = 3000,
    each: Callable[[dict[str, Any]], None] | None = None,
) -> tuple[dict[str, Any], list[dict[str, Any]], SamuraiRobots]:
    """Play a whole seeded game; returns the final state and every event."""
    system = SamuraiRobots()
    opts = system.validate_options(options or {})
    dice = Dice(seed)
    state = system.setup(opts, dice)
    log: list[dict[str, Any]] = []
    for _ in range(limit):
        if system.outcome(state) is not None:
            break
        seat = system.view(state, None)["turn"]["active"][0]
        view = {**system.view(state, seat), "_state": state, "_seat": seat}
        raw = choose(view, seat)
        action = system.parse_action(raw)
        step = Dice(seed, dice.index)
        state, events = system.apply(state, seat, action, step)
        dice.index = step.index
        if each is not None:
            each(state)
        log.extend({**e, "seat": seat} for e in events)
    return state, log, system
