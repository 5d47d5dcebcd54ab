"""Every refusal carries a code and a sentence naming the input and the state."""

from __future__ import annotations

from typing import Any

import pytest

from app.core.errors import GameOver, IllegalAction
from tests.systems.srbr.util import SYSTEM, act, damage_part, new_game, open_table, place, winners


def refused(state: dict[str, Any], seat: str, raw: dict[str, Any], code: str, faces: list[int] | None = None) -> str:
    with pytest.raises(IllegalAction) as err:
        act(state, seat, raw, faces)
    assert err.value.code == code, err.value.message
    return err.value.message


def manual_game() -> dict[str, Any]:
    return new_game({"manual": {"combat": True, "victory": True}})


def test_record_refusals() -> None:
    state = manual_game()
    refused(state, "p1", {"kind": "record", "mecha": "p2-gamera"}, "empty_record")
    refused(state, "p1", {"kind": "record", "mecha": "p2-gamera", "damage": 1}, "part_required")
    refused(state, "p1", {"kind": "record", "mecha": "p2-gamera", "x": 95}, "off_board")
    refused(state, "p1", {"kind": "record", "mecha": "nobody", "x": 5}, "unknown_mecha")
    msg = refused(state, "p1", {"kind": "record", "mecha": "p2-gamera", "part": "wing", "damage": 1}, "unknown_part")
    assert "its parts: Head, Shell, Legs and Tail" in msg  # the parts as the roster names them
    state, _ = act(
        state, "p1", {"kind": "record", "mecha": "p2-gamera", "x": 50, "y": 50, "facing": 400, "out": "fled"}
    )
    state, _ = act(state, "p1", {"kind": "record", "mecha": "p2-gamera", "out": "in_play"})
    m = state["mechas"]["p2-gamera"]
    assert (m["x"], m["y"], m["facing"], m["out"]) == (50, 50, 40, None)


def test_terrain_and_result_refusals() -> None:
    state = manual_game()
    refused(state, "p1", {"kind": "record_terrain", "terrain": "zz"}, "unknown_terrain")
    refused(state, "p1", {"kind": "record_terrain", "terrain": "r1"}, "no_change")
    refused(state, "p1", {"kind": "declare_result", "winners": ["p3"]}, "unknown_seat")
    state, _ = act(state, "p1", {"kind": "concede"})
    assert winners(state) == ["p2"]
    for raw in (
        {"kind": "record", "mecha": "p2-gamera", "x": 5},
        {"kind": "record_terrain", "terrain": "b1"},
        {"kind": "declare_result", "winners": ["p2"]},
        {"kind": "concede"},
    ):
        with pytest.raises(GameOver):
            act(state, "p2", raw)


def test_seat_and_part_refusals() -> None:
    state = new_game()
    refused(state, "p9", {"kind": "end_turn"}, "not_a_seat")
    state = damage_part(state, "p1-kabuto", "cannon", 3)
    refused(state, "p1", {"kind": "activate", "mecha": "p1-kabuto", "part": "cannon", "dice": 1}, "part_destroyed")
    out = place(state, "p1-raijin", 10, 10, 0, out="destroyed")
    refused(out, "p1", {"kind": "activate", "mecha": "p1-raijin", "part": "legs", "dice": 1}, "mecha_out")
    state, _ = act(state, "p1", {"kind": "activate", "mecha": "p1-kabuto", "part": "arms", "dice": 2}, faces=[6, 6])
    refused(state, "p1", {"kind": "move", "x": 30, "y": 80}, "cannot_move")
    refused(state, "p1", {"kind": "stand_up"}, "cannot_move")
    refused(state, "p1", {"kind": "attack", "attack": "punch", "target": "p1-raijin"}, "own_mecha")
    refused(state, "p1", {"kind": "attack", "attack": "punch", "target": "r1"}, "not_a_building")


def test_stand_up_when_standing() -> None:
    state, _ = act(new_game(), "p1", {"kind": "activate", "mecha": "p1-kabuto", "part": "legs", "dice": 1}, faces=[6])
    refused(state, "p1", {"kind": "stand_up"}, "not_fallen")


def reaction_table() -> dict[str, Any]:
    state = open_table(new_game({"players": 3}))
    state = damage_part(state, "p1-kabuto", "legs", 1)
    state, _ = act(state, "p1", {"kind": "activate", "mecha": "p1-kabuto", "part": "legs", "dice": 2}, faces=[1, 6])
    return state


def test_concede_while_offered_a_reaction_passes_it_on() -> None:
    state, _events = act(reaction_table(), "p2", {"kind": "concede"})
    assert SYSTEM.view(state, None)["turn"]["active"] == ["p3"]
    state, _ = act(state, "p3", {"kind": "pass"})
    assert state["turn"]["phase"] == "actions" and state["turn"]["seat"] == "p1"


def test_concede_in_the_middle_of_a_reaction_ends_it() -> None:
    state, _ = act(reaction_table(), "p2", {"kind": "react", "mecha": "p2-gamera", "part": "legs"}, faces=[6])
    state, _ = act(state, "p2", {"kind": "concede"})
    assert state["turn"]["phase"] == "actions" and state["turn"]["seat"] == "p1"
    refused(state, "p2", {"kind": "concede"}, "already_conceded")


def test_done_ends_a_reaction() -> None:
    state, _ = act(reaction_table(), "p2", {"kind": "react", "mecha": "p2-gamera", "part": "legs"}, faces=[6])
    state, _events = act(state, "p2", {"kind": "done"})
    assert state["turn"]["phase"] == "actions" and state["turn"]["activation"]["actions_left"] == 1
