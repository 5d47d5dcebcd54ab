"""Recruit (Step 3) and How to Win (flag capture; all enemy fighters in the Toy Store)."""

from __future__ import annotations

import pytest

from app.core.errors import GameOver, IllegalAction

from .conftest import SYSTEM, act, arrange, spin_face

POS = {"ocula": (0, -3), "archer": (1, -3), "chip-hazard": (0, 3), "kip-killagin": (1, 3)}


def recruit_spin(state, seat="gorgonites"):
    return act(state, seat, {"kind": "spin"}, spin_face(state, "recruit"))


def test_recruit_brings_a_fighter_from_the_toy_store_onto_the_green_space_and_ends_the_turn(game):
    state, _ = recruit_spin(arrange(game, POS))
    legal = SYSTEM.view(state, "gorgonites")["legal"]
    assert "slamfist" in legal["recruit"] and "chip-hazard" not in legal["recruit"]
    with pytest.raises(IllegalAction):
        act(state, "gorgonites", {"kind": "recruit", "fighter": "archer"})  # already on the board
    state, events = act(state, "gorgonites", {"kind": "recruit", "fighter": "slamfist"})
    green = state["data"]["map"]["armies"]["gorgonites"]["recruit"]
    assert state["fighters"]["slamfist"]["pos"] == green
    assert events[0] == {"kind": "recruited", "fighter": "slamfist", "to": green}
    assert state["turn"]["army"] == "commandos"


def test_no_recruit_while_the_green_space_is_occupied_at_the_start_of_the_turn(game):
    green = tuple(game["data"]["map"]["armies"]["gorgonites"]["recruit"])
    state = arrange(game, {**POS, "kip-killagin": green})  # an enemy sits on it
    state["turn"]["green_free"] = False
    state, events = recruit_spin(state)
    assert events[1] == {"kind": "recruit_impossible", "seat": "gorgonites"}
    assert state["turn"]["army"] == "commandos"


def test_green_space_is_checked_at_the_start_of_the_turn(game):
    state = arrange(game, POS)
    state, _ = act(state, "gorgonites", {"kind": "spin"}, spin_face(state, "move", 1))
    state, _ = act(state, "gorgonites", {"kind": "move", "fighter": "ocula", "q": 0, "r": -2})
    assert state["turn"]["green_free"] is True  # commandos' green space is free


def test_no_recruit_with_an_empty_toy_store(game):
    everyone = {
        "archer": (1, -6),
        "slamfist": (2, -5),
        "punchit": (4, -6),
        "insaniac": (5, -6),
        "ocula": (6, -6),
        "freakenstein": (1, -5),
        "chip-hazard": (0, 3),
    }
    _state, events = recruit_spin(arrange(game, everyone))
    assert events[1]["kind"] == "recruit_impossible"


def test_recruiting_may_be_declined(game):
    state, _ = recruit_spin(arrange(game, POS))
    state, events = act(state, "gorgonites", {"kind": "end_turn"})
    assert events[0] == {"kind": "declined", "seat": "gorgonites", "phase": "recruit"}


def test_moving_onto_the_enemy_flag_space_captures_it_and_wins(game):
    flag = game["data"]["map"]["armies"]["commandos"]["flag"]
    state = arrange(game, {**POS, "ocula": (flag[0] + 1, flag[1] - 1)})
    state, _ = act(state, "gorgonites", {"kind": "spin"}, spin_face(state, "move", 1))
    assert {"q": flag[0], "r": flag[1]} in SYSTEM.view(state, "gorgonites")["legal"]["moves"]["ocula"]
    state, events = act(state, "gorgonites", {"kind": "move", "fighter": "ocula", "q": flag[0], "r": flag[1]})
    assert events[-1] == {"kind": "game_won", "army": "gorgonites", "seats": ["gorgonites"], "reason": "flag_captured"}
    outcome = SYSTEM.outcome(state)
    assert outcome.winners == ["gorgonites"] and outcome.reason == "captured the enemy flag"
    view = SYSTEM.view(state, None)
    assert view["winner"]["army"] == "gorgonites" and view["turn"]["active"] == []
    with pytest.raises(GameOver):
        act(state, "commandos", {"kind": "spin"}, 1)


def test_sending_the_last_enemy_to_the_toy_store_wins(game):
    state = arrange(game, {"ocula": (0, 0), "archer": (3, -6), "chip-hazard": (0, 3)})
    state, _ = act(state, "gorgonites", {"kind": "spin"}, spin_face(state, "move", 2))
    state, _ = act(state, "gorgonites", {"kind": "move", "fighter": "ocula", "q": 0, "r": 2})
    state, events = act(state, "gorgonites", {"kind": "attack", "target": "chip-hazard"}, 5, 1)
    assert events[-1]["reason"] == "all_in_toy_store" and SYSTEM.outcome(state).winners == ["gorgonites"]


def test_losing_your_last_attacker_loses_the_game(game):
    state = arrange(game, {"ocula": (0, 0), "chip-hazard": (0, 3), "kip-killagin": (2, 3)})
    state, _ = act(state, "gorgonites", {"kind": "spin"}, spin_face(state, "move", 2))
    state, _ = act(state, "gorgonites", {"kind": "move", "fighter": "ocula", "q": 0, "r": 2})
    state, _events = act(state, "gorgonites", {"kind": "attack", "target": "chip-hazard"}, 1, 5)
    assert SYSTEM.outcome(state).winners == ["commandos"]
