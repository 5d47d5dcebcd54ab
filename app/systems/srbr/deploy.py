"""Deployment by the players (table option ``deployment: "players"``), a Warboard default.

The rulebook's "Terrain And Deployment" section is missing from our copy. With this option
the game starts in a ``deploy`` phase: every player may place their own mechas anywhere in
their zone (a stick deep from their table edge, data/rules.json "deployment"), not
overlapping other mechas or buildings, then declares ``ready``. Play starts when all are.
"""

from __future__ import annotations

from typing import Any

from app.core.dice import Dice
from app.core.errors import IllegalAction
from app.core.events import Event
from app.systems.srbr import actions as A
from app.systems.srbr import pieces
from app.systems.srbr.layout import EDGES
from app.systems.srbr.words import place_words, tape, terrain_label, units

State = dict[str, Any]


def zone(state: State, seat: str) -> list[list[float]]:
    """The seat's deployment zone as a polygon (cm)."""
    w, h = state["board"]["width"], state["board"]["height"]
    d = state["sticks"][state["rules"]["deployment"]["zone_depth_stick"]]
    edge = EDGES[seat][0]
    x0, y0, x1, y1 = {"south": (0, h - d, w, h), "north": (0, 0, w, d), "west": (0, 0, d, h), "east": (w - d, 0, w, h)}[
        edge
    ]
    return [[x0, y0], [x1, y0], [x1, y1], [x0, y1]]


def _check_phase(state: State, seat: str) -> None:
    """The guard list has checked the game goes on and it is the deploy phase."""
    if seat in state["turn"]["ready"]:
        raise IllegalAction("You have declared ready", code="already_ready")


def place(state: State, seat: str, a: A.Deploy, dice: Dice) -> tuple[State, list[Event]]:
    _check_phase(state, seat)
    m = pieces.mecha(state, a.mecha)
    if m["owner"] != seat:
        raise IllegalAction(f"{m['name']} is not yours", code="not_your_mecha")
    x0, y0 = zone(state, seat)[0]
    x1, y1 = zone(state, seat)[2]
    r = pieces.radius(m)
    w, h = state["board"]["width"], state["board"]["height"]
    unit = units(state)
    if not (x0 <= a.x <= x1 and y0 <= a.y <= y1) or not (r <= a.x <= w - r and r <= a.y <= h - r):
        raise IllegalAction(
            f"{place_words(a.x, a.y, unit)} is outside your deployment zone ({tape(x0, unit)} to "
            f"{tape(x1, unit)} from the left, {tape(y0, unit)} to {tape(y1, unit)} from the top; the whole "
            "base on the table)",
            code="outside_zone",
        )
    moved = {**m, "x": a.x, "y": a.y, "facing": (a.facing if a.facing is not None else m["facing"]) % 360}
    shape = pieces.shape(moved)
    for other in pieces.others(state, m):
        if shape.intersection(pieces.shape(other)).area > 0.01:
            raise IllegalAction(f"{m['name']} would overlap {other['name']}", code="overlap")
    for tid, poly in pieces.buildings(state):
        if shape.intersection(poly).area > 0.01:
            raise IllegalAction(f"{m['name']} would stand inside {terrain_label(state, tid)}", code="overlap")
    state = pieces.replace_mecha(state, moved)
    return state, [{"kind": "deployed", "mecha": m["id"], "x": a.x, "y": a.y, "facing": moved["facing"]}]


def ready(state: State, seat: str, a: A.Ready, dice: Dice) -> tuple[State, list[Event]]:
    _check_phase(state, seat)
    done = [*state["turn"]["ready"], seat]
    turn = {**state["turn"], "ready": done}
    events: list[Event] = [{"kind": "ready", "seat": seat}]
    if set(done) >= set(state["seats"]):
        turn = {**turn, "phase": "activate"}
        events.append({"kind": "turn_started", "seat": turn["seat"], "player": turn["seat"], "round": turn["round"]})
    return {**state, "turn": turn}, events


def zones(state: State) -> dict[str, list[list[float]]]:
    return {seat: zone(state, seat) for seat in state["seats"]}
