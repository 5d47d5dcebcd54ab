"""Battling (Figure 9): both roll their army's die, Power cards add, the loser goes to the Toy Store."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from app.core.errors import IllegalAction, WrongPhase
from app.systems.small_soldiers.battle import compare

from .conftest import SYSTEM, act, arrange, card, spin_face, started

FACES = ["1", "2", "3", "4", "5", "skull"]


def figure_9(**cards):
    """Your Commando three spaces from the shaded space next to a Gorgonite; Commandos to play."""
    game = started(first="commandos")
    state = arrange(
        game, {"kip-killagin": (0, 2), "slamfist": (0, -2), "archer": (3, -5), "chip-hazard": (-2, 4)}, cards
    )
    state, _ = act(state, "commandos", {"kind": "spin"}, spin_face(state, "move", 3))
    state, events = act(state, "commandos", {"kind": "move", "fighter": "kip-killagin", "q": 0, "r": -1})
    assert events[0]["steps"] == 3 and state["phase"] == "attack"
    return state


def test_figure_9_a_4_plus_weapon_1_beats_a_4():
    state = figure_9(**{"kip-killagin": card("weapon", 1, "w1")})
    view = SYSTEM.view(state, "commandos")
    assert view["legal"]["attacks"] == {"kip-killagin": ["slamfist"]}
    state, events = act(state, "commandos", {"kind": "attack", "target": "slamfist"}, 4, 4)
    fight = events[0]
    assert fight["rolls"] == [
        {
            "attacker": {"face": "4", "bonus": 1, "total": 5},
            "defender": {"face": "4", "bonus": 0, "total": 4},
            "result": "attacker",
        }
    ]
    assert fight["winner"] == "kip-killagin" and fight["loser"] == "slamfist"
    # "The losing Gorgonite fighter is sent to the Toy Store."
    assert state["fighters"]["slamfist"]["pos"] is None
    assert "slamfist" in [f["id"] for f in SYSTEM.view(state, None)["toy_store"]["gorgonites"]]
    # "any cards under the winning fighter and the losing fighter are surrendered to the discard pile"
    assert state["fighters"]["kip-killagin"]["card"] is None
    assert [c["id"] for c in state["discard"]] == ["w1"]
    assert state["fighters"]["kip-killagin"]["pos"] == [0, -1]  # the winner stays
    assert state["turn"]["army"] == "gorgonites"


def test_the_losers_card_is_discarded_too_and_armor_counts_in_defence():
    state = figure_9(**{"kip-killagin": card("weapon", 1, "w1"), "slamfist": card("armor", 1, "a1")})
    state, events = act(state, "commandos", {"kind": "attack", "target": "slamfist"}, 4, 5)
    assert events[0]["rolls"][0]["defender"]["total"] == 6 and events[0]["winner"] == "slamfist"
    assert state["fighters"]["kip-killagin"]["pos"] is None
    assert sorted(c["id"] for c in state["discard"]) == ["a1", "w1"]


def test_a_skull_beats_any_number_with_any_bonus():
    state = figure_9(**{"kip-killagin": card("weapon", 2, "w2")})
    state, events = act(state, "commandos", {"kind": "attack", "target": "slamfist"}, 5, 6)
    assert events[0]["rolls"][0]["defender"]["total"] == "skull"
    assert events[0]["winner"] == "slamfist"


def test_a_tie_is_rolled_again_by_default():
    state = figure_9()
    state, events = act(state, "commandos", {"kind": "attack", "target": "slamfist"}, 3, 3, 6, 6, 2, 1)
    assert [r["result"] for r in events[0]["rolls"]] == ["tie", "tie", "attacker"]


def test_the_tie_rule_is_a_table_option():
    dice = {"_source": "house rule", "faces": FACES, "battle_tie": "defender"}
    game = started({"dice": dice}, first="commandos")
    state = arrange(game, {"kip-killagin": (0, 2), "slamfist": (0, -2), "archer": (3, -5)})
    state, _ = act(state, "commandos", {"kind": "spin"}, spin_face(state, "move", 3))
    state, _ = act(state, "commandos", {"kind": "move", "fighter": "kip-killagin", "q": 0, "r": -1})
    state, events = act(state, "commandos", {"kind": "attack", "target": "slamfist"}, 3, 3)
    assert events[0]["winner"] == "slamfist"


def test_battle_is_optional_and_only_against_an_adjacent_enemy():
    state = figure_9()
    with pytest.raises(IllegalAction):
        act(state, "commandos", {"kind": "attack", "target": "archer"}, 1, 1)
    state, events = act(state, "commandos", {"kind": "end_turn"})
    assert events[0]["kind"] == "declined" and state["turn"]["army"] == "gorgonites"
    with pytest.raises(WrongPhase):
        act(state, "gorgonites", {"kind": "attack", "target": "kip-killagin"}, 1, 1)


def test_battle_helper_endpoint():
    helper = SYSTEM.helpers[0]
    out = helper.run(helper.request(attacker_face="4", attacker_bonus=1, defender_face="4"))
    assert (out.attacker_total, out.defender_total, out.result) == (5, 4, "attacker")


@given(a=st.sampled_from(FACES), b=st.sampled_from(FACES), x=st.integers(0, 3), y=st.integers(0, 3))
def test_battle_comparison_is_antisymmetric_and_skull_always_wins(a, b, x, y):
    assert compare(a, x, b, y) == -compare(b, y, a, x)
    if a == "skull" and b != "skull":
        assert compare(a, 0, b, 3) == 1
