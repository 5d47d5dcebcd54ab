"""Options, setup, the view contract, moves and fleeing, concession, manual victory, helpers."""

from __future__ import annotations

import json
from typing import Any

import pytest

from app.core.dice import Dice
from app.core.errors import BadOptions, IllegalAction
from app.systems.srbr.helpers import HELPERS
from tests.kit.refused import refused
from tests.systems.srbr.util import SYSTEM, act, new_game, open_table, place, winners


def test_identity_and_seats() -> None:
    assert (SYSTEM.id, SYSTEM.name, SYSTEM.board) == ("srbr", "Samurai Robots Battle Royale", "tabletop")
    assert SYSTEM.seats(SYSTEM.validate_options({})) == ["p1", "p2"]
    assert SYSTEM.seats(SYSTEM.validate_options({"players": 4})) == ["p1", "p2", "p3", "p4"]
    with pytest.raises(BadOptions):
        SYSTEM.validate_options({"players": 5})


def test_registry_lists_srbr() -> None:
    systems = pytest.importorskip("app.systems")
    if not hasattr(systems, "get"):
        pytest.skip("registry unavailable while another system is broken")
    assert systems.get("srbr").name == "Samurai Robots Battle Royale"


@pytest.mark.parametrize(
    "bad",
    [
        {"forces": {"p1": ["nope"]}},
        {"point_limit": 100},
        {"rules": {"health": {"track": [["white"], ["blue"], []]}}},
        {"rules": {"weather": {}}},
        {
            "mechas": [
                {
                    "id": "x",
                    "name": "X",
                    "parts": [{"id": "a", "name": "A", "type": "arms", "points": 1, "q": 3, "attacks": ["kick"]}],
                }
            ],
            "forces": {"p1": ["x"]},
        },
    ],
)
def test_bad_options_are_refused(bad: dict[str, Any]) -> None:
    with pytest.raises(BadOptions):
        SYSTEM.validate_options(bad)


def test_table_size_follows_the_text() -> None:
    """SRBR "Table Size": "A bigger table 4'x4' (120x120 cm) is needed if each participant
    controls more than 2-3 mechas": each, not any."""
    assert new_game()["board"]["width"] == 90
    four = ["kabuto", "raijin", "gamera", "tetsu"]
    one_big = new_game({"forces": {"p1": four}})
    assert one_big["board"]["width"] == 90 and len(one_big["mechas"]) == 6
    both_big = new_game({"forces": {"p1": four, "p2": four}})
    assert both_big["board"]["width"] == 120 and len(both_big["mechas"]) == 8


def test_sticks_follow_the_scale_option() -> None:
    assert new_game()["sticks"] == {"S": 5.0, "M": 8.0, "L": 12.0}
    assert new_game({"scale": "40mm+"})["sticks"] == {"S": 7.5, "M": 12.0, "L": 18.0}


def test_custom_design_joins_a_force() -> None:
    oni = {
        "id": "oni",
        "name": "Oni",
        "parts": [
            {"id": "legs", "name": "Legs", "type": "legs", "points": 14, "q": 3, "move": "M"},
            {"id": "torso", "name": "Torso", "type": "torso", "points": 8, "q": 4},
        ],
    }
    state = new_game({"mechas": [oni], "forces": {"p2": ["oni"]}})
    assert state["mechas"]["p2-oni"]["cost"] == 22


def test_view_contract() -> None:
    state = new_game()
    view = SYSTEM.view(state, "p1")
    json.dumps(view)
    board = view["board"]
    assert (board["kind"], board["width"], board["height"], board["units"]) == ("tabletop", 90, 90, "cm")
    assert all({"id", "type", "polygon"} <= set(t) for t in board["terrain"])
    for piece in view["pieces"]:
        assert {"id", "label", "owner", "x", "y", "facing", "base", "anchor"} <= set(piece)
    assert view["turn"] == {"active": ["p1"], "phase": "activate", "round": 1, "seat": "p1", "order": ["p1", "p2"]}
    assert view["prompt"]["ask"] == "activate"
    assert view["sticks"]["lengths"] == {"S": 5.0, "M": 8.0, "L": 12.0}
    assert view["mechas"]["p1-kabuto"]["parts"][0]["dice"] == ["white"] * 3
    assert {"kind": "end_turn"} in view["legal"] and {"kind": "concede"} in view["legal"]
    assert SYSTEM.view(state, None)["prompt"] is None


def test_anchor_is_the_right_foot_of_a_biped() -> None:
    state = place(new_game(), "p1-kabuto", 30, 30, 0)  # facing east: right foot is south
    piece = next(p for p in SYSTEM.view(state, None)["pieces"] if p["id"] == "p1-kabuto")
    assert piece["anchor"] == [0.0, 1.0]
    tank = next(p for p in SYSTEM.view(state, None)["pieces"] if p["id"] == "p2-tetsu")
    assert tank["anchor"] == [0.0, 2.0]  # facing south (90): the front centre


def legs_ready(state: dict[str, Any]) -> dict[str, Any]:
    state, _ = act(state, "p1", {"kind": "activate", "mecha": "p1-kabuto", "part": "legs", "dice": 3}, faces=[6, 6, 6])
    return state


def test_a_move_reaches_any_point_up_to_the_stick() -> None:
    state = legs_ready(place(open_table(new_game()), "p1-kabuto", 40, 40, 0))
    with refused("too_far"):
        act(state, "p1", {"kind": "move", "x": 48.5, "y": 41})  # 8.5 cm, Medium is 8
    state, events = act(state, "p1", {"kind": "move", "x": 48, "y": 41, "facing": 90})
    # the right foot ends at (48, 41); facing south, the base centre is east of it
    assert (state["mechas"]["p1-kabuto"]["x"], state["mechas"]["p1-kabuto"]["y"]) == (49, 41)
    assert events[0]["travelled"] == 8 and state["mechas"]["p1-kabuto"]["facing"] == 90


def test_buildings_stop_moves() -> None:
    state = open_table(new_game())
    state = {
        **state,
        "board": {
            **state["board"],
            "terrain": [{"id": "b", "type": "building", "polygon": [[45, 30], [50, 30], [50, 50], [45, 50]]}],
        },
    }
    state = legs_ready(place(state, "p1-kabuto", 40, 40, 0))
    state, events = act(state, "p1", {"kind": "move", "x": 48, "y": 41})
    assert events[0]["stopped_by_contact"] == "b"
    assert state["mechas"]["p1-kabuto"]["x"] == pytest.approx(43, abs=0.01)


def test_fleeing_off_the_table() -> None:
    state = legs_ready(place(open_table(new_game()), "p1-kabuto", 3, 40, 180))
    with refused("off_board"):
        act(state, "p1", {"kind": "move", "x": -3, "y": 39})
    state, events = act(state, "p1", {"kind": "move", "x": -3, "y": 39, "flee": True})
    assert events[0]["fled"] and state["mechas"]["p1-kabuto"]["out"] == "fled"
    assert state["turn"]["phase"] == "activate"  # its activation ends with it


def test_last_player_standing_wins() -> None:
    state = new_game()
    for mid in ("p2-gamera", "p2-tetsu"):
        state = place(state, mid, 50, 50, 0, out="destroyed")
    state, _events = act(state, "p1", {"kind": "end_turn"})
    assert winners(state) == ["p1"] and state["turn"]["phase"] == "over"
    assert SYSTEM.view(state, "p1")["turn"]["active"] == []
    with pytest.raises(IllegalAction):
        act(state, "p1", {"kind": "end_turn"})


def test_concession() -> None:
    state, _events = act(new_game(), "p2", {"kind": "concede"})
    assert winners(state) == ["p1"]


def test_concession_of_the_active_player_in_a_three_player_game() -> None:
    state = new_game({"players": 3})
    state, _events = act(state, "p1", {"kind": "concede"})
    assert SYSTEM.outcome(state) is None and state["turn"]["seat"] == "p2"


def test_manual_victory_needs_every_player_to_agree() -> None:
    state = new_game({"manual": {"victory": True}})
    state, _ = act(state, "p1", {"kind": "declare_result", "winners": ["p1"]})
    assert SYSTEM.outcome(state) is None
    state, _ = act(state, "p2", {"kind": "declare_result", "winners": ["p2"]})
    assert SYSTEM.outcome(state) is None
    state, _ = act(state, "p2", {"kind": "declare_result", "winners": ["p1"]})
    assert winners(state) == ["p1"]
    with refused("not_manual"):
        act(new_game(), "p1", {"kind": "declare_result", "winners": ["p1"]})


def test_four_players_take_turns_in_order() -> None:
    state = SYSTEM.setup(SYSTEM.validate_options({"players": 4}), Dice("order"))
    first = state["order"][0]
    seen = []
    for _ in range(4):
        seen.append(state["turn"]["seat"])
        state, _ = act(state, state["turn"]["seat"], {"kind": "end_turn"})
    assert seen == state["order"] and state["turn"]["seat"] == first and state["turn"]["round"] == 2


def run_helper(name: str, **body: Any) -> dict[str, Any]:
    helper = {h.name: h for h in HELPERS}[name]
    return helper.run(helper.request(**body)).model_dump()


def test_helpers() -> None:
    assert run_helper("sticks", scale="40mm+")["mm"] == {"S": 75, "M": 120, "L": 180}
    roll = run_helper("activation", faces=[3, 6], q=3)
    assert roll["successes"] == 2 and roll["reactions"] == 0
    assert run_helper("activation", faces=[1], colours=["red"], q=3)["reactions"] == 1
    mecha = run_helper(
        "mecha",
        mecha={
            "id": "a",
            "name": "A",
            "parts": [{"id": "legs", "name": "Legs", "type": "legs", "points": 14, "q": 3, "move": "M"}],
        },
    )
    assert mecha["valid"] and mecha["cost"] == 14 and mecha["suggested_points"] == {"legs": 14}
    fight = run_helper("combat", attack_die=5, defence_die=2, attack_score=3, defence_score=2)
    assert fight["result"] == "attacker_double" and fight["effects"] == ["destroy_part"]


def test_a_move_may_name_the_base_centre_instead_of_the_anchor() -> None:
    state = legs_ready(place(open_table(new_game()), "p1-kabuto", 40, 40, 0))
    state, events = act(state, "p1", {"kind": "move", "x": 46, "y": 40, "at": "centre"})
    assert (state["mechas"]["p1-kabuto"]["x"], events[0]["travelled"]) == (46, 6)


def test_every_prompt_has_a_sentence() -> None:
    state = legs_ready(new_game())
    for seat in ("p1", "p2"):
        assert SYSTEM.view(state, seat)["prompt"]["text"]
    assert "3 successes, 3 actions left" in SYSTEM.view(state, "p1")["prompt"]["text"]


def test_catalogue_helper_for_a_builder() -> None:
    out = run_helper("catalogue")
    assert {m["id"] for m in out["samples"]} == {"kabuto", "raijin", "gamera", "tetsu"}
    assert next(m for m in out["samples"] if m["id"] == "gamera")["cost"] == 72
    assert "punch" in out["attack_types"] and "legs" in out["part_types"]
    assert "vehicle" in out["forms"]


def test_the_same_design_twice_gets_numbered_ids() -> None:
    state = new_game({"forces": {"p1": ["kabuto", "kabuto"]}})
    assert {"p1-kabuto", "p1-kabuto-2"} <= set(state["mechas"])


def test_no_mecha_left_is_a_draw() -> None:
    from app.systems.srbr import manual

    state = new_game()
    for mid in list(state["mechas"]):
        state = place(state, mid, 10, 10, 0, out="destroyed")
    assert manual.victory(state) == {"winners": [], "reason": "no player has a mecha left on the table: a draw"}
