"""Attacks on buildings and rubble markers.

The text: buildings on the table, and "rubble" counters to mark smashed buildings (p. 3).
How a building is smashed is a Warboard default (data/combat.json "buildings"): an opposed
roll per attack, each win a hit; enough hits turn the building into rubble, which no longer
stops moves or blocks sight.
"""

from __future__ import annotations

from typing import Any

from shapely.geometry import Point as SPoint
from shapely.ops import nearest_points

from app.core.dice import Dice
from app.core.errors import IllegalAction
from app.core.events import Event
from app.geometry import footprints
from app.geometry.tabletop import Point
from app.systems.srbr import movement, pieces
from app.systems.srbr.words import tape, terrain_label
from app.systems.words import plain_words, sentence_start

State = dict[str, Any]


def find(state: State, terrain_id: str) -> dict[str, Any] | None:
    return next((t for t in state["board"]["terrain"] if t["id"] == terrain_id), None)


def check_reach(state: State, att: dict[str, Any], building: dict[str, Any], spec: dict[str, Any], name: str) -> None:
    shape = pieces.outline(building)
    label = terrain_label(state, building["id"])
    if spec["mode"] == "close":
        if not footprints.in_contact(pieces.shape(att), shape):
            raise IllegalAction(f"{att['name']} is not in contact with {label}", code="not_in_contact")
        return
    origin = pieces.anchor(att)
    reach = shape.distance(footprints.footprint(origin, 0.001))
    limit = state["sticks"][spec["range"]]
    if reach > limit + movement.TOLERANCE:
        raise IllegalAction(
            f"{label} is {tape(reach)} away; {sentence_start(plain_words(name))} reaches {tape(limit)}",
            code="out_of_range",
        )
    walls = [poly for tid, poly in pieces.buildings(state) if tid != building["id"]]
    nearest = nearest_points(shape, SPoint(origin.x, origin.y))[0]
    if not footprints.line_of_sight(origin, Point(nearest.x, nearest.y), walls):
        raise IllegalAction(f"Another building blocks the line of sight to {label}", code="no_line_of_sight")


def attack(
    state: State, att: dict[str, Any], part: dict[str, Any], name: str, building: dict[str, Any], dice: Dice
) -> tuple[State, list[Event]]:
    """One attack on a building (Warboard default): a win is a hit; enough hits, rubble."""
    spec = state["rules"]["attack_types"][name]
    cfg = state["rules"]["combat"]["buildings"]
    check_reach(state, att, building, spec, name)
    a_die = dice.roll(6, f"{name}: {att['id']} attacks {building['id']}")
    d_die = dice.roll(6, f"{building['id']} resists")
    a_total = a_die + part["c"] + int(spec.get("modifier", 0))
    d_total = d_die + int(cfg["defence"])
    hit = a_total > d_total
    hits = building.get("hits", 0) + (1 if hit else 0)
    smashed = hits >= int(cfg["hits_to_smash"])
    event: Event = {
        "kind": "building_attacked",
        "attack": name,
        "attacker": att["id"],
        "part": part["id"],
        "target": building["id"],
        "attack_roll": {"die": a_die, "total": a_total},
        "defence_roll": {"die": d_die, "total": d_total},
        "hit": hit,
        "hits": hits,
    }
    new = {**building, "hits": hits}
    events = [event]
    if smashed:
        new = smash(building)
        events.append({"kind": "building_smashed", "terrain": building["id"]})
    return replace(state, new), events


def smash(building: dict[str, Any]) -> dict[str, Any]:
    label = building.get("label") or "a building"
    return {**building, "type": "rubble", "label": f"Rubble ({label})", "was": building["type"]}


def replace(state: State, piece: dict[str, Any]) -> State:
    terrain = [piece if t["id"] == piece["id"] else t for t in state["board"]["terrain"]]
    return {**state, "board": {**state["board"], "terrain": terrain}}
