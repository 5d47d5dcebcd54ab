"""Every word GKR's texts use for the table's things, as the board and the seat list show them:
hexes by the board's coordinates ("hex B4"), buildings by their labels ("Building 3"), seats by
their faction ("DiamondBack"), phases, steps and rule areas by their names on the status line."""

from __future__ import annotations

import functools
from typing import Any

from app.geometry.hex import Hex, cell_names, spiral
from app.systems.gkr.board import BLB, unit_at, unit_name

State = dict[str, Any]

PHASE_NAMES = {
    "deploy": "Deploy Phase",
    "movement": "Movement Phase",
    "combat": "Combat Phase",
    "tagging": "Tagging Phase",
    "reset": "Reset Phase",
    "over": "end of the game",
}
#: the Movement Phase's steps as the status line names them
STEP_NAMES = {"heavy": "Heavy Hitters", BLB: "Big Little Buddy", "support": "Support Units"}
#: the rule areas a table may resolve by hand, as the records panel names them
AREA_NAMES = {
    "energy": "Energy",
    "weapons": "Weapon values",
    "dice": "Dice",
    "flank": "Flank shots",
    "tagging": "Tagging",
    "support": "Support units",
}
#: each action as a player would name it (``RuleSystem.kind_names``)
ACTION_WORDS = {
    "play_sponsor": "playing a sponsor card",
    "activate_blb": "activating Big Little Buddy",
    "deploy_support": "calling in a Support Unit",
    "move": "moving",
    "choose_weapons": "choosing weapons",
    "state_result": "stating an attack's result",
    "tag": "tagging a building",
    "displace": "displacing a unit",
    "end_turn": "ending the turn",
    "steal": "stealing a sponsor card",
    "record": "recording a result",
    "dispute": "disputing a record",
    "resolve_dispute": "ruling on a dispute",
}


def phase_name(phase: str) -> str:
    return PHASE_NAMES.get(phase, phase.replace("_", " "))


def cell_name(state: State, h: Hex) -> str | None:
    """A hex's name as the board's coordinates read ("B4"); None off the Battlefield."""
    return _board_names(int(state["data"]["map"]["radius"])).get(h)


@functools.cache
def _board_names(radius: int) -> dict[Hex, str]:
    """Every cell's name on a Battlefield of ``radius``, worked out once per size (a refusal or a
    log line names several hexes; building the board for each took milliseconds)."""
    return cell_names(spiral(Hex(0, 0), radius))


def building_name(building: dict[str, Any]) -> str:
    """A building as the board labels it: "Building 3" (its id is "b3")."""
    return f"Building {str(building['id']).removeprefix('b')}"


def faction_name(state: State, seat: str | None) -> str:
    """A seat as the board's legend names it: its faction ("DiamondBack")."""
    faction = state["data"]["factions"].get(seat or "")
    return str(faction["name"]) if faction else "nobody"


def place_name(state: State, h: Hex) -> str:
    """A hex as the board shows it: the unit or building on it, else its name ("hex B4")."""
    unit = unit_at(state, h)
    if unit is not None:
        return unit_name(state, unit["id"])
    for b in state["buildings"].values():
        if b["q"] == h.q and b["r"] == h.r:
            return building_name(b)
    name = cell_name(state, h)
    return f"hex {name}" if name else "a hex off the Battlefield"


def hex_name(state: State, h: Hex, capital: bool = False) -> str:
    """ "hex B4", and the unit or building on it: "hex C3 (Building 2)" (for moves and deployments)."""
    name = cell_name(state, h)
    place = place_name(state, h)
    text = place if not name else f"hex {name}" if place.startswith("hex ") else f"hex {name} ({place})"
    return text[0].upper() + text[1:] if capital else text
