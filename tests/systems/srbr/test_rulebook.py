"""Issue 13: rules where the engine did not follow the text. Each test quotes the line."""

from __future__ import annotations

import math
from typing import Any

import pytest

from app.core.errors import BadOptions, IllegalAction
from app.systems.srbr import pieces
from tests.kit.refused import refused
from tests.systems.srbr.test_combat import duel, ready
from tests.systems.srbr.util import SYSTEM, act, new_game, open_table, place

WINGED = {
    "id": "tengu",
    "name": "Tengu",
    "form": "biped",
    "base": 4.0,
    "parts": [
        {"id": "legs", "name": "Legs", "type": "legs", "points": 12, "q": 3, "move": "M"},
        {"id": "wings", "name": "Wings", "type": "wings", "points": 14, "q": 3, "move": "L"},
        {"id": "torso", "name": "Torso", "type": "torso", "points": 8, "q": 4},
    ],
}


def test_a_turn_never_carries_the_measuring_point_past_the_stick() -> None:
    """SRBR "Measuring Movement": "always measure movement in a consistent way from the same part
    of the mecha's body ... For Vehicles, measure from a center point on the front of the
    vehicle." A vehicle backing a Medium stick (8 cm) and turning round keeps its front there."""
    state = place(open_table(new_game()), "p2-tetsu", 40, 40, 0)  # front centre at (42, 40)
    state, _ = act(state, "p1", {"kind": "end_turn"})
    state, _ = act(state, "p2", {"kind": "activate", "mecha": "p2-tetsu", "part": "tracks", "dice": 2}, faces=[6, 6])
    state, events = act(state, "p2", {"kind": "move", "x": 34, "y": 40, "facing": 180})
    front = pieces.anchor(state["mechas"]["p2-tetsu"])
    assert (round(front.x, 6), round(front.y, 6)) == (34, 40)
    assert math.dist((42, 40), (front.x, front.y)) <= 8 and events[0]["travelled"] == 8
    # given by the base centre: the same check, on where the front ends
    with pytest.raises(IllegalAction) as err:
        act(state, "p2", {"kind": "move", "x": 27, "y": 40, "at": "centre", "facing": 180})
    assert err.value.code == "too_far"  # the front would end at (25, 40): 9 cm
    state, _ = act(state, "p2", {"kind": "move", "x": 30, "y": 40, "at": "centre", "facing": 0})
    m = state["mechas"]["p2-tetsu"]
    assert (m["x"], m["y"], m["facing"]) == (30, 40, 0)


def test_a_turn_into_contact_is_refused() -> None:
    """SRBR "Contact Stops Movement": turning on the measuring point may not push the base
    into another model."""
    state = place(open_table(new_game()), "p2-tetsu", 40, 40, 0)
    state = place(state, "p1-kabuto", 40, 44.5, 0)
    state, _ = act(state, "p1", {"kind": "end_turn"})
    state, _ = act(state, "p2", {"kind": "activate", "mecha": "p2-tetsu", "part": "tracks", "dice": 1}, faces=[6])
    with refused("turn_blocked"):
        act(state, "p2", {"kind": "move", "x": 42, "y": 40, "facing": 270})  # swing south


def test_only_one_movement_type_per_turn() -> None:
    """SRBR heading "Only One Movement Type Per Turn" (Warboard reading: the moving part's
    type is the movement type)."""
    state = open_table(new_game({"mechas": [WINGED], "forces": {"p1": ["tengu"]}}))
    state = place(state, "p1-tengu", 40, 40, 0)
    state, _ = act(state, "p1", {"kind": "activate", "mecha": "p1-tengu", "part": "legs", "dice": 1}, faces=[6])
    state, _ = act(state, "p1", {"kind": "move", "x": 45, "y": 41})
    state, _ = act(state, "p1", {"kind": "activate", "mecha": "p1-tengu", "part": "wings", "dice": 1}, faces=[6])
    with refused("one_movement_type"):
        act(state, "p1", {"kind": "move", "x": 50, "y": 41})
    state, _ = act(state, "p1", {"kind": "end_turn"})
    state, _ = act(state, "p2", {"kind": "end_turn"})
    state, _ = act(state, "p1", {"kind": "activate", "mecha": "p1-tengu", "part": "wings", "dice": 1}, faces=[6])
    state, _ = act(state, "p1", {"kind": "move", "x": 55, "y": 41})  # a new turn, a new type
    assert state["mechas"]["p1-tengu"]["moved_with"] == "wings"


def test_same_modifiers_cancel_out() -> None:
    """SRBR heading "Same Modifiers Cancel Out" (Warboard reading: a modifier both rolls carry
    is dropped from both): attacker and defender are each outnumbered."""
    state = duel()
    state = place(state, "p2-tetsu", 40, 36, 90)  # touches Kabuto, the attacker
    state = place(state, "p1-raijin", 44.5, 44.5, 270)  # touches Gamera, the defender
    state = ready(state)
    state, events = act(state, "p1", {"kind": "attack", "attack": "punch", "target": "p2-gamera"}, faces=[3, 3])
    assert events[0]["attack_roll"]["modifiers"] == {}
    assert events[0]["defence_roll"]["modifiers"] == {}


def test_recoil_and_knock_back_are_measured_with_a_stick() -> None:
    """SRBR "Measurements": "All distances are measured with three sticks labeled Short, Medium
    or Long." Recoil is a Short stick by default; a base diameter is no longer a distance."""
    with pytest.raises(BadOptions):
        SYSTEM.validate_options({"rules": {"combat": {"recoil": {"distance": "base"}}}})
    state = ready(
        duel({"rules": {"initiative": {"method": "fixed"}, "combat": {"knock_back": {"distance": "M"}}}}), part="torso"
    )
    state, _ = act(
        state, "p1", {"kind": "attack", "attack": "slam", "target": "p2-gamera"}, faces=[2, 4]
    )  # the defender wins: Kabuto (base 4) recoils a Short stick
    assert state["mechas"]["p1-kabuto"]["x"] == pytest.approx(35, abs=0.01)
    assert state["rules"]["combat"]["knock_back"]["distance"] == "M"


def test_automatic_deployment_never_overlaps() -> None:
    """Warboard default deployment: bases never overlap each other or a building; a force
    that cannot fit is refused with a reason."""
    big = {
        "id": "big",
        "name": "Big",
        "base": 14.0,
        "parts": [{"id": "legs", "name": "Legs", "type": "legs", "points": 12, "q": 3, "move": "M"}],
    }
    state = new_game(
        {
            "mechas": [big],
            "forces": {"p1": ["big"] * 4},
            "terrain": [{"id": "w", "type": "building", "polygon": [[25, 80], [35, 80], [35, 90], [25, 90]]}],
        }
    )
    live = list(state["mechas"].values())
    for i, a in enumerate(live):
        assert not pieces.shape(a).intersects(pieces.buildings(state)[0][1])
        for b in live[i + 1 :]:
            assert math.dist((a["x"], a["y"]), (b["x"], b["y"])) > (a["base"] + b["base"]) / 2
    with pytest.raises(BadOptions) as err:
        SYSTEM.validate_options({"mechas": [{**big, "base": 20.0}], "forces": {"p1": ["big"] * 8}})
    assert "does not fit" in err.value.message


@pytest.mark.parametrize("q", [1, 7])
def test_quality_outside_two_to_six_is_refused_with_a_reason(q: int) -> None:
    """SRBR "Profiles": "Quality: ... the number to be rolled on a die to activate that body
    part" (Warboard: 2 to 6, so a d6 can both pass and fail it)."""
    design = {**WINGED, "parts": [{**WINGED["parts"][0], "q": q}, WINGED["parts"][2]]}
    with pytest.raises(BadOptions) as err:
        SYSTEM.validate_options({"mechas": [design], "forces": {"p1": ["tengu"]}})
    assert "q" in err.value.message and str(2 if q < 2 else 6) in err.value.message


def test_the_help_lists_every_default_with_its_label() -> None:
    """Warboard defaults are shown to the players, labelled (NOTES.md)."""
    view = SYSTEM.view(new_game(), "p1")
    rows = {row["area"]: row for row in view["rules_help"]}
    assert set(rows) >= {
        "health",
        "activation",
        "malfunction",
        "reaction",
        "combat",
        "recoil",
        "deployment",
        "victory",
        "table",
        "anchors",
        "initiative",
    }
    assert all(row["source"] and row["text"] for row in rows.values())
    assert "Warboard default" in rows["health"]["source"]
    combat: dict[str, Any] = view["defaults"]["combat"]
    assert not {"defence", "hit_location"} & set(combat)
    assert "offer_order" not in view["defaults"]["reaction"]
