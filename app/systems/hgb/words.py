"""Heavy Gear Blitz! in words: seats named by their force's faction, Combat Groups by their
names, places on the table in inches from its west and North edges (the compass the facings
use: north is the y = 0 edge), as refusals, prompts and outcomes say them."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from app.systems.words import listed, place_words

SEATS = ("north", "south")
#: the factions as players read them (the seat list names a seat by its force's faction)
FACTION_LABELS = {"north": "Northern", "south": "Southern", "peace_river": "Peace River"}
#: the table's edges x and y are measured from
EDGES = ("West edge", "North edge")
#: action kinds as refusals name them ("Choosing who goes first: not possible now, ...")
KIND_NAMES = {
    "place_terrain": "placing terrain",
    "choose_force": "choosing a force",
    "remove_terrain": "removing terrain",
    "deploy": "deploying",
    "ready": "being ready",
    "choose_first": "choosing who goes first",
    "activate_group": "activating a Combat Group",
    "end_group": "ending a Combat Group",
    "done": "finishing a model's activation",
    "set_speed": "setting speed and mode",
    "autopilot": "switching the Autopilot",
    "move": "moving",
    "concede": "conceding",
    "agree_end": "proposing to end the game",
    "attack": "attacking",
    "designate": "designating a target",
    "ecm": "jamming with ECM",
    "aim": "aiming",
    "return_fire": "Return Fire",
    "pass": "passing on Return Fire",
}
#: phases as refusals and prompts name them
PHASE_NAMES = {
    "terrain": "terrain and forces",
    "deployment": "deployment",
    "initiative": "initiative",
    "activation": "activation",
    "reaction": "Return Fire",
    "over": "game over",
}


def label_for(seat: str, factions: Mapping[str, str]) -> str:
    """A seat by its faction ("Northern"), with its edge when both sides field the same faction
    ("Northern, South edge")."""
    label = FACTION_LABELS.get(factions.get(seat, seat), seat)
    same = len({factions.get(s, s) for s in SEATS}) == 1
    return f"{label}, {seat.title()} edge" if same else label


def seat_label(seat: str, options: Mapping[str, Any] | None) -> str | None:
    """A seat (a table edge) as the table's options field it; None for a string that is no seat."""
    if seat not in SEATS:
        return None
    return label_for(seat, {s: ((options or {}).get(s) or {}).get("faction", s) for s in SEATS})


def side(state: Mapping[str, Any], seat: str | None) -> str:
    """A seat as its force now fields it (a player may pick another force before deploying)."""
    if seat not in SEATS:
        return "nobody"
    forces = state.get("forces") or {}
    options = state.get("options") or {}
    factions = {s: (forces.get(s) or options.get(s) or {}).get("faction", s) for s in SEATS}
    return label_for(seat, factions)


def sides(state: Mapping[str, Any], seats: list[str]) -> str:
    """Several seats: "Northern and Southern" ("nobody" for none)."""
    return listed([side(state, s) for s in seats]) or "nobody"


def group_name(state: Mapping[str, Any], seat: str, gid: str) -> str:
    """A Combat Group by its name ("the General Purpose Squad")."""
    groups = ((state.get("forces") or {}).get(seat) or {}).get("groups") or []
    name = next((g.get("name") for g in groups if g.get("id") == gid), None)
    if name:
        return f"the {name}"
    number = "".join(ch for ch in str(gid) if ch.isdigit())
    return f"Combat Group {number}" if number else "a Combat Group"


def group_names(state: Mapping[str, Any], seat: str, gids: list[str]) -> str:
    return listed([group_name(state, seat, g) for g in gids], "or")


def place(x: float, y: float) -> str:
    """A place on the table: "20 in from the West edge, 11 in from the North edge"."""
    return place_words(x, y, EDGES)
