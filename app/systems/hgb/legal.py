"""Every action a seat may send now (``legal_actions``), for bots, random drivers and tests.

Discrete choices are listed in full: factions, terrain to remove, deployments where the models
stand, who goes first, groups, speeds and modes (keeping them too), every weapon at every target
it can reach now (in Full Cover too, at -2) with every split of its Rate of Fire between Sweep and
Focused Fire, designations, ECM, Return Fire by every model that kept its Action at every point
of the move it sees the mover at (with every ROF split), done (with and without keeping the
Action), ending the group, agreeing to end (with each winner or none), both Autopilot orders.
Moves are continuous, so they are sampled: for the model acting (or, before a group is active,
the first model of each group), the farthest point it can reach in a straight line toward the
three nearest enemy models, toward the three nearest terrain pieces (cover) and straight ahead, ending faced
toward the nearest enemy when the turning rules allow it; a model that sees no enemy also gets the
farthest point along eight headings around it (every 45 degrees from the bearing to the nearest
enemy), so a player can go round a building that stands between it and every enemy.

Every listed action is accepted by ``apply``: candidates are built from the rules' own checks
(activation) or tried on the state (other phases; ``apply`` is pure), so whatever ``apply``
would refuse is left out; the property tests check that every listed action is accepted, and
that every accepted candidate is listed (``tests/systems/hgb/test_legal_property.py``).
"""

from __future__ import annotations

import math
from typing import Any

from app.core.dice import Dice
from app.core.errors import WarboardError
from app.geometry.tabletop import Point, bearing, distance
from app.systems.hgb import combat
from app.systems.hgb.damage import can_go_full_speed
from app.systems.hgb.movement import SPEEDS, can_move_to
from app.systems.hgb.sight import arc_of, cover, ordered, pos, tape
from app.systems.hgb.turns import groups_left
from app.systems.hgb.view import legal_kinds

MODES = ("walker", "ground")


def legal_actions(system: Any, state: dict[str, Any], seat: str) -> list[dict[str, Any]]:
    """Every complete action ``seat`` may take now; the first is a plain one (``ready``,
    ``choose_first``, ``activate_group``, ``end_group``, ``pass`` or a move/attack)."""
    if state["result"] is not None:
        return []
    listed = candidates(state, seat)
    if state["phase"] != "activation":  # few, cheap choices: tried on the state itself
        listed = [a for a in listed if _accepted(system, state, seat, a)]
    endings = [{"kind": "agree_end"}, *({"kind": "agree_end", "winner": w} for w in ("north", "south"))]
    return [*listed, *endings, {"kind": "concede"}, *_autopilot(state, seat)]


def _accepted(system: Any, state: dict[str, Any], seat: str, raw: dict[str, Any]) -> bool:
    """Would ``apply`` accept ``raw``? (It is pure: tried on the state itself.)"""
    try:
        system.apply(state, seat, system.parse_action(raw), Dice("legal-probe"))
    except WarboardError:
        return False
    return True


def candidates(state: dict[str, Any], seat: str) -> list[dict[str, Any]]:
    kinds = legal_kinds(state, seat)
    mine = [m for m in ordered(state) if m["seat"] == seat]
    foes = [m for m in ordered(state) if m["seat"] != seat and m["status"] == "active"]
    out: list[dict[str, Any]] = []
    phase = state["phase"] if len(kinds) > 2 else "waiting"  # only agree_end and concede: not its turn
    if phase == "terrain":
        out.append({"kind": "ready"})
        out += [{"kind": "choose_force", "faction": f} for f in ("north", "south", "peace_river")]
        out += [{"kind": "remove_terrain", "id": t["id"]} for t in state["board"]["terrain"]]
    elif phase == "deployment":
        out.append({"kind": "ready"})
        out += [
            {"kind": "deploy", "model": m["id"], "x": m["x"], "y": m["y"], "facing": m["facing"]}
            for m in mine
            if m["status"] in ("reserve", "active")
        ]
    elif phase == "initiative":
        out += [{"kind": "choose_first", "seat": s} for s in ("north", "south")]
    elif phase == "reaction":
        out += _reactions(state, seat, mine, foes)
    elif "activate_group" in kinds or "end_group" in kinds:
        out += _activation(state, seat, mine, foes)
    return out


def _autopilot(state: dict[str, Any], seat: str) -> list[dict[str, Any]]:
    """Autopilot orders: any time, for the seat's own models with the perk (listed last, since
    they are not a move in the game's sequence)."""
    return [
        {"kind": "autopilot", "model": m["id"], "on": on}
        for m in ordered(state)
        for on in (not m.get("autopilot_order"), bool(m.get("autopilot_order")))  # the change first
        if m["seat"] == seat
        and m["status"] in ("active", "reserve")
        and any(p["id"] == "autopilot" for p in m["card"].get("perks", []))
    ]


def _usable(state: dict[str, Any], seat: str, mine: list[dict[str, Any]]) -> list[dict[str, Any]]:
    if state["phase"] != "activation" or state.get("to_activate") != seat:
        return []
    cur = state["current"]
    left = groups_left(state, seat)
    return [
        m
        for m in mine
        if m["status"] == "active" and not m["used"] and (m["group"] == cur["group"] if cur else m["group"] in left)
    ]


def _activation(
    state: dict[str, Any], seat: str, mine: list[dict[str, Any]], foes: list[dict[str, Any]]
) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    cur = state["current"]
    if cur is None:
        out += [{"kind": "activate_group", "group": g} for g in groups_left(state, seat)]
    else:
        out.append({"kind": "end_group"})
    leaders: set[str] = set()  # no group active: moves are sampled for each group's first model
    for m in _usable(state, seat, mine):
        sight = _Sight(state, m)
        out += _attacks(state, m, foes, sight)
        if cur is not None or m["group"] not in leaders:
            leaders.add(m["group"])
            out += _moves(state, m, foes, sight)
        if not m["changed"] and not m["acted"]:
            full = can_go_full_speed(m["card"]["boxes"], m["crossed"])
            out += [
                {"kind": "set_speed", "model": m["id"], "speed": s, "mode": mode}
                for s in SPEEDS
                for mode in MODES
                if abs(SPEEDS.index(s) - SPEEDS.index(m["speed"])) <= 1 and (s != "full" or full)
            ]
        if m["actions"] >= 1:
            out += [{"kind": "designate", "model": m["id"], "target": f["id"]} for f in foes if sight(f)["visible"]]
            if int(m["card"].get("ecm", 0)) > 0:
                out += [
                    {"kind": "ecm", "model": m["id"], "observer": f["id"]}
                    for f in foes
                    if sight(f)["visible"]
                    and any(d["observer"] == f["id"] and d["seat"] == f["seat"] for d in state["designations"].values())
                ]
        out.append({"kind": "done", "model": m["id"]})
        if m["actions"] >= 1:
            out.append({"kind": "done", "model": m["id"], "keep_action": True})
    return out


class _Sight:
    """Cover from one model to each foe, worked out once and only when asked (it is costly)."""

    def __init__(self, state: dict[str, Any], m: dict[str, Any]) -> None:
        self.state, self.m = state, m
        self.seen: dict[str, dict[str, Any]] = {}

    def __call__(self, f: dict[str, Any]) -> dict[str, Any]:
        if f["id"] not in self.seen:
            self.seen[f["id"]] = cover(self.state, self.m, f)
        return self.seen[f["id"]]


def _attacks(
    state: dict[str, Any], m: dict[str, Any], foes: list[dict[str, Any]], sight: _Sight
) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    if m["actions"] < 1 and not (m["autopilot"] and m.get("attacks", 0) == 1):
        return out
    for code in m["card"]["weapons"]:
        for f in foes:
            try:
                card = combat.weapon_card(state, m, code)
            except WarboardError:
                break  # no such weapon, a close-combat item or out of ammunition
            band, _ = combat.band_of(state, m, f, card)
            if band is None or not arc_of(m, pos(f), card["arc"], state["rules"]):
                continue  # out of reach or out of arc: aim would say so, without the cover
            direct = combat.aim(state, m, f, code, False, cov=sight(f))
            if direct["legal"]:  # a target in Full Cover too: "The attacker receives -2"
                shot = {"kind": "attack", "model": m["id"], "weapon": code, "target": f["id"]}
                out += _with_rof(shot, card, direct["band"])
            d = state["designations"].get(f["id"])
            card = state["weapons"].get(code, {})
            if (
                card.get("if")
                and not card.get("grenade")
                and d
                and d["seat"] == m["seat"]
                and state["models"][d["observer"]]["status"] == "active"
                and (d["limit"] is None or m["id"] in d["shooters"] or len(d["shooters"]) < d["limit"])
            ):
                lobbed = combat.aim(state, m, f, code, True, state["models"][d["observer"]])
                if lobbed["legal"]:
                    shot = {"kind": "attack", "model": m["id"], "weapon": code, "target": f["id"], "indirect": True}
                    out += _with_rof(shot, card, lobbed["band"])
    return out


def _with_rof(shot: dict[str, Any], card: dict[str, Any], band: str | None) -> list[dict[str, Any]]:
    """``shot`` and the same shot with every split of Rate of Fire points between Sweep and
    Focused Fire ("any number of Rate of Fire (ROF) points from "0" ... up to the weapon's
    maximum"), none at Extreme range ("It cannot be used at Extreme range")."""
    rof = 0 if band == "extreme" else int(card.get("rof", 0))
    return [
        shot,
        *(
            {**shot, "sweep": sweep, "focus": focus}
            for sweep in range(rof + 1)
            for focus in range(rof + 1 - sweep)
            if sweep + focus
        ),
    ]


#: headings sampled around a model that sees no enemy (degrees from the bearing to the nearest enemy)
HEADINGS = tuple(range(45, 360, 45))


def _moves(state: dict[str, Any], m: dict[str, Any], foes: list[dict[str, Any]], sight: _Sight) -> list[dict[str, Any]]:
    """The farthest straight-line point toward each enemy, each terrain piece and ahead; for a
    model that sees no enemy, also along each of :data:`HEADINGS` (a way round what hides them)."""
    if m["speed"] == "full" and not m.get("full_paid") and m["actions"] < 1:
        return []
    here = pos(m)
    nearest = sorted(foes, key=lambda f: distance(here, pos(f)))
    goals: list[Point] = [pos(f) for f in nearest[:3]]  # the nearest three
    cover_at = []
    for t in state["board"]["terrain"]:
        xs, ys = [p[0] for p in t["polygon"]], [p[1] for p in t["polygon"]]
        cover_at.append(Point(sum(xs) / len(xs), sum(ys) / len(ys)))
    goals += sorted(cover_at, key=lambda c: distance(here, c))[:3]  # the three nearest pieces of cover
    rad = math.radians(m["facing"])
    goals.append(Point(here.x + 60 * math.cos(rad), here.y + 60 * math.sin(rad)))
    if nearest and not any(sight(f)["visible"] for f in nearest):
        toward = bearing(here, pos(nearest[0]))
        for turn in HEADINGS:
            a = math.radians(toward + turn)
            goals.append(Point(here.x + 60 * math.cos(a), here.y + 60 * math.sin(a)))
    out: list[dict[str, Any]] = []
    seen: set[tuple[float, float]] = set()
    for goal in goals:
        end = _farthest(state, m, here, goal)
        if end is None or (end.x, end.y) in seen:
            continue
        seen.add((end.x, end.y))
        action: dict[str, Any] = {"kind": "move", "model": m["id"], "path": [[end.x, end.y]]}
        if foes:
            near = min(foes, key=lambda f: distance(end, pos(f)))
            face = tape(bearing(end, pos(near)))
            if _plans(state, m, [[end.x, end.y]], face):
                action["facing"] = face
        out.append(action)
    return out


def _farthest(state: dict[str, Any], m: dict[str, Any], here: Point, goal: Point) -> Point | None:
    span = distance(here, goal)
    gap = 2 * state["rules"]["base_radius"]
    reach = min(span - gap if span > gap * 1.5 else span, 60.0)
    if reach < 0.25:
        return None
    ux, uy = (goal.x - here.x) / span, (goal.y - here.y) / span
    best, lo, hi = None, 0.0, reach
    for n in range(7):
        mid = hi if n == 0 else (lo + hi) / 2
        p = Point(tape(here.x + ux * mid), tape(here.y + uy * mid))
        if _plans(state, m, [[p.x, p.y]], None):
            best, lo = p, mid
        else:
            hi = mid
        if hi - lo < 0.1:
            break
    return best if best is not None and distance(here, best) >= 0.25 else None


def _plans(state: dict[str, Any], m: dict[str, Any], path: list[list[float]], facing: float | None) -> bool:
    """Would ``plan_move`` accept this one-point move? (``can_move_to``: the same checks, cheaper.)"""
    [(x, y)] = path
    return can_move_to(state, m, x, y, facing)


def _reactions(
    state: dict[str, Any], seat: str, mine: list[dict[str, Any]], foes: list[dict[str, Any]]
) -> list[dict[str, Any]]:
    """Every model of the seat that kept its Action may Return Fire at every point of the move
    it can see the mover at, with every weapon that bears there and every ROF split; an ECM model
    may jam every enemy observer it sees that holds a designation."""
    p = state.get("pending") or {}
    if p.get("seat") != seat:
        return []
    out: list[dict[str, Any]] = [{"kind": "pass"}]
    ready = [m for m in mine if m["status"] == "active" and m["kept"]]
    mover = state["models"].get(p.get("mover", ""))
    for m in ready:
        for i, (x, y) in enumerate(p.get("points", []) if mover is not None else []):
            facing = p.get("facings", [])[i] if i < len(p.get("facings", [])) else mover["facing"]
            there = {**mover, "x": x, "y": y, "facing": facing}
            seen = cover(state, m, there)
            if not seen["visible"]:
                continue
            for code in m["card"]["weapons"]:
                try:
                    card = combat.weapon_card(state, m, code)
                except WarboardError:
                    continue  # a close-combat item or out of ammunition
                if card.get("grenade"):
                    continue
                shot = combat.aim(state, m, there, code, False, cov=seen)
                if shot["legal"]:
                    out += _with_rof(
                        {"kind": "return_fire", "model": m["id"], "weapon": code, "at": i}, card, shot["band"]
                    )
        if int(m["card"].get("ecm", 0)) > 0:
            observers = {d["observer"] for d in state["designations"].values() if d["seat"] != seat}
            out += [
                {"kind": "ecm", "model": m["id"], "observer": f["id"]}
                for f in foes
                if f["id"] in observers and cover(state, m, f)["visible"]
            ]
    return out
