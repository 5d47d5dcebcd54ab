"""The battlefield: occupancy, movement legality, arcs and line of sight.

Movement rules for ordinary units are Warboard defaults (a unit passes through hexes of its
own faction, never through opposing units or buildings, and never ends on an occupied hex);
Big Little Buddy's are the text's (see ``blb_can_enter``).
"""

from __future__ import annotations

from typing import Any, cast

from app.geometry.hex import Hex, distance, neighbors, reachable
from app.geometry.hexlos import has_line_of_sight, in_arc

State = dict[str, Any]
BLB = "blb"


def hex_of(unit: dict[str, Any]) -> Hex:
    return Hex(unit["q"], unit["r"])


def on_map(state: State, h: Hex) -> bool:
    return cast("bool", distance(h, Hex(0, 0)) <= state["data"]["map"]["radius"])


def centre(state: State) -> Hex:
    return Hex.from_dict(state["data"]["map"]["centre"])


def standing_building_at(state: State, h: Hex) -> dict[str, Any] | None:
    for b in state["buildings"].values():
        if not b["demolished"] and b["q"] == h.q and b["r"] == h.r:
            return cast("dict[str, Any] | None", b)
    return None


def units_on_board(state: State) -> list[dict[str, Any]]:
    return [u for u in state["units"].values() if u["on_board"]]


def unit_at(state: State, h: Hex) -> dict[str, Any] | None:
    for u in units_on_board(state):
        if u["q"] == h.q and u["r"] == h.r:
            return u
    return None


def unit_name(state: State, uid: str | None) -> str:
    """A unit as the board and the log name it: "DiamondBack Combat Unit", the Heavy Hitter's own
    name, "Big Little Buddy" (the client's ``unitName``); an id that names no unit stays quoted."""
    unit = state["units"].get(uid or "")
    if unit is None:
        return repr(uid)
    if uid == BLB:
        return str(state["data"]["blb"]["name"])
    faction = state["data"]["factions"][unit["owner"]]
    if unit["kind"] == "heavy":
        return str(faction["heavy_hitter"])
    return f"{faction['name']} {state['data']['support']['units'][unit['kind']]['name']}"


def faction_of(state: State, unit: dict[str, Any]) -> str | None:
    """The faction a unit fights for; Big Little Buddy's is his controller's (or None)."""
    if unit["id"] == BLB:
        return cast("str | None", state["blb"]["controller"])
    return cast("str | None", unit["owner"])


def blocks_sight(state: State, h: Hex) -> bool:
    """Standing buildings block line of sight. BLB text: Big Little Buddy "must have line of
    sight to hit", and the Mine Mate can attack a Building's hex, "Therefore, Big Little Buddy
    can use this attack to deal Damage to units behind a Building": units behind a Building
    are out of sight."""
    return standing_building_at(state, h) is not None


def can_see(state: State, a: Hex, b: Hex) -> bool:
    return has_line_of_sight(a, b, lambda h: blocks_sight(state, h))


def arc_of(state: State, unit: dict[str, Any]) -> int:
    if unit["kind"] == "heavy":
        return cast("int", state["data"]["heavy"]["arc"])
    if unit["kind"] == BLB:
        return cast("int", state["data"]["blb"]["arc"])
    return cast("int", state["data"]["support"]["units"][unit["kind"]]["arc"])


def in_unit_arc(state: State, unit: dict[str, Any], target: Hex) -> bool:
    return in_arc(hex_of(unit), unit["facing"], target, arc_of(state, unit))


def can_enter(state: State, mover: dict[str, Any], h: Hex) -> bool:
    """May ``mover`` pass through ``h``?"""
    if not on_map(state, h) or standing_building_at(state, h):
        return False
    other = unit_at(state, h)
    if other is None or other["id"] == mover["id"]:
        return True
    side = faction_of(state, mover)
    if other["id"] == BLB and state["blb"]["controller"] is None:
        # BLB text: "If Big Little Buddy is not controlled by anyone, all players can move
        # through him freely"
        return True
    return side is not None and faction_of(state, other) == side


def can_stop(state: State, mover: dict[str, Any], h: Hex) -> bool:
    """May ``mover`` end its move on ``h``? Never on an occupied hex (BLB text and default)."""
    other = unit_at(state, h)
    return can_enter(state, mover, h) and (other is None or other["id"] == mover["id"])


def destinations(state: State, mover: dict[str, Any], max_hexes: int) -> dict[Hex, int]:
    """Hexes ``mover`` may end on within ``max_hexes`` steps, with the fewest steps to each."""
    start = hex_of(mover)
    return reachable(start, max_hexes, lambda h: can_enter(state, mover, h), lambda h: can_stop(state, mover, h))


def empty_adjacent(state: State, h: Hex) -> list[Hex]:
    """Empty hexes next to ``h``: on the map, no unit, no standing building."""
    return [
        n
        for n in neighbors(h)
        if on_map(state, n) and unit_at(state, n) is None and standing_building_at(state, n) is None
    ]
