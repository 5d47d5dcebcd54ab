"""Setup: the table, terrain placement and deployment (rulebook, "Setup").

A 4 x 4 foot (48 x 48 inch) table; the players place terrain until both are satisfied
(``ready``); each deploys its Gears no more than 12 inches from its own table edge (seat
``north`` = the y = 0 edge, ``south`` = the far edge), facing as it chooses.
"""

from __future__ import annotations

from typing import Any

from shapely import Point as SPoint

from app.core.dice import Dice
from app.core.errors import BadOptions, IllegalAction
from app.geometry.tabletop import Point
from app.geometry.terrain import polygon
from app.systems.hgb import data
from app.systems.hgb.board import TABLE, corners_problem, piece_problem, terrain_problem
from app.systems.hgb.cards import check_weapons
from app.systems.hgb.forces import build
from app.systems.hgb.options import HgbOptions, force_of
from app.systems.hgb.sight import ordered
from app.systems.hgb.words import place, side

DEPLOY_DEPTH = 12.0  # "no more than 1 foot (30 cm) from their own table edge"
SEATS = ("north", "south")


def other(seat: str) -> str:
    return "south" if seat == "north" else "north"


def setup(options: dict[str, Any], dice: Dice | None = None) -> dict[str, Any]:
    """The starting state: forces chosen, terrain from the map, the terrain phase (no dice)."""
    opts = HgbOptions.model_validate(options)
    rules = data.rules(opts.data.rules)
    weapons = data.weapons(opts.data.weapons)
    check_weapons(weapons)
    terrain = [t.model_dump() for t in opts.terrain] if opts.terrain is not None else data.maps()[opts.map]["terrain"]
    state: dict[str, Any] = {
        "options": opts.model_dump(mode="json"),
        "rules": rules,
        "weapons": weapons,
        "board": {"kind": "tabletop", "width": TABLE, "height": TABLE, "terrain": terrain},
        "forces": {},
        "models": {},
        "phase": "terrain",
        "ready": [],
        "round": 0,
        "initiative": None,
        "first": None,
        "to_activate": None,
        "current": None,
        "groups_done": {s: [] for s in SEATS},
        "designations": {},
        "pending": None,
        "agree": {},
        "result": None,
    }
    for seat in SEATS:
        set_force(state, seat, force_of(opts, seat))
    return state


def set_force(state: dict[str, Any], seat: str, force: dict[str, Any]) -> None:
    """Put ``seat``'s force (from the force builder) in reserve, replacing any earlier one."""
    missing = sorted({w for m in force["models"] for w in m["card"]["weapons"]} - set(state["weapons"]))
    if missing:
        raise BadOptions(f"Weapon {missing[0]!r} of the {force['name']} is missing from the weapon data")
    rules = state["rules"]
    state["forces"][seat] = {
        k: force[k] for k in ("faction", "name", "tv", "listed_tv", "groups", "choices", "command_group")
    }
    state["models"] = {k: v for k, v in state["models"].items() if v["seat"] != seat}
    y0, y1 = zone(seat)
    for i, m in enumerate(force["models"]):
        mid = f"{seat[0]}-{m['key']}"
        x, y = staging(i, (y0 + y1) / 2)
        state["models"][mid] = {
            **m,
            "id": mid,
            "seat": seat,
            "status": "reserve",
            "x": x,
            "y": y,
            "facing": 90.0 if seat == "north" else 270.0,
            "speed": rules["start_speed"],
            "mode": rules["start_mode"],
            "crossed": 0,
            "ammo": {},
            "autopilot": False,
            **fresh_round(),
        }


def choose_force(
    state: dict[str, Any], seat: str, faction: str, choices: dict[str, list[str]] | None, command_group: str | None
) -> dict[str, Any]:
    """Terrain phase: a player picks its own starting force and options (the force builder)."""
    if choices is None:
        choices = data.faction(faction).get("default_choices", {})
    try:
        force = build(faction, choices, command_group, state["options"]["data"]["units"])
    except BadOptions as exc:
        raise IllegalAction(exc.message, code="illegal_force") from None
    set_force(state, seat, force)
    state["ready"] = []
    return {
        "kind": "force_chosen",
        "seat": seat,
        "faction": faction,
        "name": force["name"],
        "tv": force["tv"],
        "choices": choices,
        "command_group": command_group,
    }


def fresh_round() -> dict[str, Any]:
    """Per-round flags of a model."""
    return {
        "used": False,
        "activated": False,
        "actions": 1,
        "attacks": 0,
        "kept": False,
        "changed": False,
        "acted": False,
        "full_paid": False,
        "moved": {"mp": 0.0, "dist": 0.0, "turns": 0},
    }


def place_terrain(state: dict[str, Any], piece: dict[str, Any]) -> dict[str, Any]:
    """Add or replace a piece; the same checks as terrain given in the table options (board.py),
    and no more corners in all than a table holds (``MAX_CORNERS``)."""
    terrain = [t for t in state["board"]["terrain"] if t["id"] != piece["id"]] + [piece]
    problem = piece_problem(piece) or corners_problem(terrain) or terrain_problem(terrain)
    if problem:
        raise IllegalAction(problem[1], code=problem[0])
    state["board"]["terrain"] = terrain
    state["ready"] = []  # both players must be satisfied with the final terrain
    return {"kind": "terrain_placed", "piece": piece}


def remove_terrain(state: dict[str, Any], tid: str) -> dict[str, Any]:
    if not any(t["id"] == tid for t in state["board"]["terrain"]):
        raise IllegalAction("That piece of terrain is no longer on the table", code="unknown_terrain")
    state["board"]["terrain"] = [t for t in state["board"]["terrain"] if t["id"] != tid]
    state["ready"] = []
    return {"kind": "terrain_removed", "id": tid}


def zone(seat: str) -> tuple[float, float]:
    """The y-range of a seat's deployment zone."""
    return (0.0, DEPLOY_DEPTH) if seat == "north" else (TABLE - DEPLOY_DEPTH, TABLE)


def deploy(
    state: dict[str, Any], seat: str, model: dict[str, Any], x: float, y: float, facing: float
) -> dict[str, Any]:
    r = state["rules"]["base_radius"]
    y0, y1 = zone(seat)
    if not (r <= x <= TABLE - r and y0 + r <= y + 1e-9 and y - 1e-9 <= y1 - r):
        raise IllegalAction(
            f"{model['label']} must be placed wholly on the table within "
            f"{DEPLOY_DEPTH:g} in of {side(state, seat)}'s edge (the {seat.title()} edge), not at {place(x, y)}",
            code="outside_deployment_zone",
        )
    p = Point(x, y)
    for t in state["board"]["terrain"]:
        if t["type"] in state["rules"]["impassable"] and polygon(t["polygon"]).distance(SPoint(p.x, p.y)) < r * 0.8:
            raise IllegalAction(f"{model['label']} cannot stand in {t.get('label') or t['type']}", code="impassable")
    for o in ordered(state):
        if (
            o["id"] != model["id"]
            and o["status"] == "active"
            and (o["x"] - x) ** 2 + (o["y"] - y) ** 2 < (1.7 * r) ** 2
        ):
            raise IllegalAction(f"{model['label']} would overlap {o['label']}", code="occupied")
    model.update(x=float(x), y=float(y), facing=facing % 360, status="active")
    return {"kind": "deployed", "model": model["id"], "x": model["x"], "y": model["y"], "facing": model["facing"]}


def staging(index: int, y: float) -> tuple[float, float]:
    """Warboard: where a model waits before deployment (a row in its zone, 4 inches apart)."""
    row, col = divmod(index, 11)
    return 4.0 + 4 * col, y + (2.0 if row % 2 else 0.0) * (1 if y < TABLE / 2 else -1)


def deploy_rest(state: dict[str, Any], seat: str) -> list[dict[str, Any]]:
    """On ``ready``, models not placed by hand are deployed where they wait (checked as usual), or,
    if terrain or another model is in the way, at the nearest free place of the zone (Warboard)."""
    return [_deploy_near(state, seat, m) for m in ordered(state) if m["seat"] == seat and m["status"] == "reserve"]


def _deploy_near(state: dict[str, Any], seat: str, m: dict[str, Any]) -> dict[str, Any]:
    try:
        return deploy(state, seat, m, m["x"], m["y"], m["facing"])
    except IllegalAction as exc:
        refusal = exc
    r = state["rules"]["base_radius"]
    y0, y1 = zone(seat)
    spots = [
        (r + i * 0.5, y0 + r + j * 0.5)
        for i in range(int((TABLE - 2 * r) / 0.5) + 1)
        for j in range(int((y1 - y0 - 2 * r) / 0.5) + 1)
    ]
    spots.sort(key=lambda p: ((p[0] - m["x"]) ** 2 + (p[1] - m["y"]) ** 2, p))
    for x, y in spots:
        try:
            return deploy(state, seat, m, x, y, m["facing"])
        except IllegalAction:
            continue
    raise refusal
