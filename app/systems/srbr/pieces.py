"""Looking things up in an SRBR game state: mechas, body parts, footprints, contact."""

from __future__ import annotations

from typing import Any

from shapely.geometry import Polygon
from shapely.geometry.base import BaseGeometry
from shapely.validation import make_valid

from app.core.errors import IllegalAction
from app.geometry import footprints
from app.geometry.tabletop import Point
from app.systems.words import listed, plain_words

State = dict[str, Any]


def mecha(state: State, mecha_id: str) -> dict[str, Any]:
    """The mecha ``mecha_id``. Raises IllegalAction(unknown_mecha)."""
    found: dict[str, Any] | None = state["mechas"].get(mecha_id)
    if found is None:
        raise IllegalAction("There is no such mecha at this table", code="unknown_mecha")
    return found


def in_play(m: dict[str, Any]) -> bool:
    return m["out"] is None


def live_mecha(state: State, mecha_id: str) -> dict[str, Any]:
    """A mecha still on the table. Raises IllegalAction(mecha_out)."""
    m = mecha(state, mecha_id)
    if not in_play(m):
        gone = {"destroyed": "is destroyed", "fled": "has fled"}.get(m["out"], f"is {plain_words(m['out'])}")
        raise IllegalAction(f"{m['name']} {gone} and is out of the game", code="mecha_out")
    return m


def part(m: dict[str, Any], part_id: str) -> dict[str, Any]:
    for p in m["parts"]:
        if p["id"] == part_id:
            return dict(p)
    names = listed([p["name"] for p in m["parts"]])
    raise IllegalAction(f"{m['name']} has no such body part (its parts: {names})", code="unknown_part")


#: SRBR "Activation Process": "You may roll one, two or three activation dice – your choice"
MAX_DICE = 3


def destroyed_at(state: State) -> int:
    """The damage at which a part is destroyed: one step past the last dice colour."""
    return len(state["rules"]["health"]["track"])


def colour_of(state: State, p: dict[str, Any]) -> str | None:
    """The colour of a part's activation dice (Warboard default, NOTES.md "Likely": white,
    then yellow, then red as it is damaged), or None once it is destroyed."""
    track: list[str] = state["rules"]["health"]["track"]
    return None if p["damage"] >= len(track) else track[p["damage"]]


def dice_of(state: State, p: dict[str, Any]) -> list[str]:
    """The dice a part may roll: damage changes their colour, not how many (always up to
    three, SRBR p. 4); a destroyed part has none."""
    colour = colour_of(state, p)
    return [] if colour is None else [colour] * MAX_DICE


def is_destroyed(state: State, p: dict[str, Any]) -> bool:
    return bool(p["damage"] >= destroyed_at(state))


def intact_parts(state: State, m: dict[str, Any]) -> list[dict[str, Any]]:
    return [p for p in m["parts"] if not is_destroyed(state, p)]


def live_part(state: State, m: dict[str, Any], part_id: str) -> dict[str, Any]:
    p = part(m, part_id)
    if is_destroyed(state, p):
        raise IllegalAction(f"{m['name']}'s {p['name']} is destroyed", code="part_destroyed")
    return p


def centre(m: dict[str, Any]) -> Point:
    return Point(m["x"], m["y"])


def radius(m: dict[str, Any]) -> float:
    return float(m["base"]) / 2


def anchor(m: dict[str, Any]) -> Point:
    """SRBR "Measuring Movement": the fixed point of the model that moves are measured from."""
    return footprints.anchor_point(centre(m), m["facing"], (m["anchor"][0], m["anchor"][1]))


def shape(m: dict[str, Any]) -> BaseGeometry:
    return footprints.footprint(centre(m), radius(m))


def outline(piece: dict[str, Any]) -> BaseGeometry:
    """A terrain piece's polygon. Terrain is checked when a table is created; a table stored
    before that check may hold a self-crossing outline, which shapely repairs (make_valid)
    rather than the game failing."""
    try:
        return footprints.polygon(piece["polygon"])
    except ValueError:
        return make_valid(Polygon([(float(x), float(y)) for x, y in piece["polygon"]]))


def buildings(state: State) -> list[tuple[str, BaseGeometry]]:
    """Terrain that stops movement and blocks sight."""
    return [(t["id"], outline(t)) for t in state["board"]["terrain"] if t["type"] == "building"]


def others(state: State, m: dict[str, Any]) -> list[dict[str, Any]]:
    return [o for o in state["mechas"].values() if o["id"] != m["id"] and in_play(o)]


def touching(a: dict[str, Any], b: dict[str, Any]) -> bool:
    return footprints.in_contact(shape(a), shape(b))


def enemies_in_contact(state: State, m: dict[str, Any]) -> list[dict[str, Any]]:
    return [o for o in others(state, m) if o["owner"] != m["owner"] and touching(m, o)]


def seats_in_play(state: State) -> list[str]:
    """Seats that have not conceded and still have a mecha on the table, in turn order."""
    alive = {m["owner"] for m in state["mechas"].values() if in_play(m)}
    return [s for s in state["order"] if s in alive and s not in state["conceded"]]


def replace_mecha(state: State, m: dict[str, Any]) -> State:
    return {**state, "mechas": {**state["mechas"], m["id"]: m}}


def with_part(m: dict[str, Any], p: dict[str, Any]) -> dict[str, Any]:
    return {**m, "parts": [p if q["id"] == p["id"] else q for q in m["parts"]]}
