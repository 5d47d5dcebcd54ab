"""Buildings stop moves and block sight; smashed buildings become rubble (Warboard default)."""

from __future__ import annotations

from typing import Any

from tests.kit.refused import refused
from tests.systems.srbr.util import SYSTEM, act, kinds, new_game, open_table, place

WALL = {"id": "b", "type": "building", "label": "Depot", "polygon": [[42, 30], [50, 30], [50, 50], [42, 50]]}


def at_the_wall(options: dict[str, Any] | None = None) -> dict[str, Any]:
    state = open_table(new_game(options))
    state = {**state, "board": {**state["board"], "terrain": [WALL]}}
    state = place(state, "p1-kabuto", 40, 40, 0)  # base 4: touching the wall at x = 42
    state, _ = act(state, "p1", {"kind": "activate", "mecha": "p1-kabuto", "part": "arms", "dice": 3}, faces=[6, 6, 6])
    return state


def test_two_hits_smash_a_building_into_rubble() -> None:
    state = at_the_wall()
    view = SYSTEM.view(state, "p1")
    assert {"kind": "attack", "attack": "punch", "target": "b"} in view["legal"]
    state, events = act(
        state, "p1", {"kind": "attack", "attack": "punch", "target": "b"}, faces=[6, 1]
    )  # 6 + 3 = 9 against 1 + 4 = 5: a hit
    assert events[0]["hit"] and events[0]["hits"] == 1
    state, events = act(
        state, "p1", {"kind": "attack", "attack": "punch", "target": "b"}, faces=[1, 6]
    )  # 4 against 10: no hit
    assert not events[0]["hit"]
    state, events = act(state, "p1", {"kind": "attack", "attack": "punch", "target": "b"}, faces=[5, 2])
    assert "building_smashed" in kinds(events)
    rubble = state["board"]["terrain"][0]
    assert rubble["type"] == "rubble" and rubble["label"] == "Rubble (Depot)"


def test_rubble_no_longer_stops_moves() -> None:
    state = at_the_wall()
    state = {**state, "board": {**state["board"], "terrain": [{**WALL, "type": "rubble"}]}}
    state, _ = act(state, "p1", {"kind": "end_turn"})
    state, _ = act(state, "p2", {"kind": "end_turn"})
    state, _ = act(state, "p1", {"kind": "activate", "mecha": "p1-kabuto", "part": "legs", "dice": 1}, faces=[6])
    state, events = act(state, "p1", {"kind": "move", "x": 48, "y": 41})
    assert events[0]["stopped_by_contact"] is None


def test_rubble_cannot_be_attacked_and_manual_smashing_is_recorded() -> None:
    state = at_the_wall({"manual": {"combat": True}})
    state, events = act(state, "p1", {"kind": "attack", "attack": "punch", "target": "b"})
    assert kinds(events)[0] == "attack_declared"
    state, events = act(state, "p1", {"kind": "record_terrain", "terrain": "b"})
    assert state["board"]["terrain"][0]["type"] == "rubble"
    with refused("not_a_building"):
        act(state, "p1", {"kind": "attack", "attack": "punch", "target": "b"})
    state, _ = act(state, "p1", {"kind": "record_terrain", "terrain": "b", "smashed": False})
    assert state["board"]["terrain"][0]["type"] == "building"
    assert state["board"]["terrain"][0]["label"] == "Depot"


def test_terrain_records_need_manual_combat() -> None:
    with refused("not_manual"):
        act(at_the_wall(), "p1", {"kind": "record_terrain", "terrain": "b"})
