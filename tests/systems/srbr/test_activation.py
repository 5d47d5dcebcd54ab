"""SRBR "Activation Process" (p. 4): the text's rules, and the turn-end default."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from app.core.errors import NotYourTurn, WrongPhase
from app.systems.srbr import activation, data
from tests.kit.refused import refused
from tests.systems.srbr.util import SYSTEM, act, damage_part, kinds, new_game, open_table, place

ACT = data.defaults()["activation"]


def legs_example_table() -> dict[str, Any]:
    state = open_table(new_game())
    state = place(state, "p1-kabuto", 40, 40, 0)
    return place(state, "p2-gamera", 48, 40, 180)


def test_the_legs_example_exactly() -> None:
    """Legs Q3, two dice score 3 and 6: two Leg actions, move adjacent then kick."""
    state = legs_example_table()
    legs = next(p for p in state["mechas"]["p1-kabuto"]["parts"] if p["id"] == "legs")
    assert legs["q"] == 3
    state, events = act(
        state, "p1", {"kind": "activate", "mecha": "p1-kabuto", "part": "legs", "dice": 2}, faces=[3, 6]
    )
    rolled = events[0]
    assert [d["face"] for d in rolled["dice"]] == [3, 6]
    assert rolled["successes"] == 2 and rolled["failures"] == 0
    assert state["turn"]["activation"]["actions_left"] == 2
    # first Leg action: move adjacent to the enemy (the anchor is the right foot at y=41)
    state, events = act(state, "p1", {"kind": "move", "x": 47, "y": 41})
    moved = events[0]
    assert moved["stopped_by_contact"] == "p2-gamera"
    assert state["mechas"]["p1-kabuto"]["x"] == pytest.approx(43.5, abs=0.01)
    assert state["turn"]["activation"]["actions_left"] == 1
    # second Leg action: kick it
    state, events = act(state, "p1", {"kind": "attack", "attack": "kick", "target": "p2-gamera"}, faces=[5, 1, 2])
    assert kinds(events)[0] == "attack" and events[0]["attack"] == "kick"
    assert state["turn"]["activation"] is None and state["turn"]["phase"] == "activate"


@given(st.lists(st.integers(1, 6), min_size=1, max_size=3), st.integers(2, 6))
def test_each_die_at_or_above_q_is_a_success(faces: list[int], q: int) -> None:
    result = activation.score(faces, ["white"] * len(faces), q, ACT)
    assert result["successes"] == sum(1 for f in faces if f >= q)
    assert result["failures"] == len(faces) - result["successes"]


def test_default_a_one_always_fails_and_a_six_always_succeeds() -> None:
    assert activation.is_success(6, 7, ACT) is True
    assert activation.is_success(1, 1, ACT) is False
    plain = {**ACT, "always_fail": 0, "always_succeed": 0}
    assert activation.is_success(6, 7, plain) is False
    assert activation.is_success(1, 1, plain) is True


def test_default_two_failures_end_the_turn() -> None:
    state = new_game()
    state, events = act(
        state, "p1", {"kind": "activate", "mecha": "p1-kabuto", "part": "legs", "dice": 3}, faces=[2, 2, 5]
    )
    assert events[0]["ends_turn"] is True
    assert state["turn"]["phase"] == "actions"  # the success is still spent first
    state, events = act(state, "p1", {"kind": "done"})
    assert "turn_ended" in kinds(events) and state["turn"]["seat"] == "p2"


def test_one_failure_does_not_end_the_turn() -> None:
    state = new_game()
    state, _events = act(
        state, "p1", {"kind": "activate", "mecha": "p1-kabuto", "part": "arms", "dice": 2}, faces=[2, 5]
    )
    state, _ = act(state, "p1", {"kind": "done"})
    assert state["turn"]["seat"] == "p1" and state["turn"]["phase"] == "activate"


def test_all_failures_with_turn_end_pass_the_turn_at_once() -> None:
    state = new_game()
    state, events = act(
        state, "p1", {"kind": "activate", "mecha": "p1-kabuto", "part": "legs", "dice": 2}, faces=[2, 2]
    )
    assert kinds(events)[-1] == "turn_started" and state["turn"]["seat"] == "p2"


def test_manual_turn_end_keeps_the_turn() -> None:
    state = new_game({"manual": {"turn_end": True}})
    state, events = act(
        state, "p1", {"kind": "activate", "mecha": "p1-kabuto", "part": "legs", "dice": 2}, faces=[2, 2]
    )
    assert events[0]["ends_turn"] is False and state["turn"]["seat"] == "p1"


def test_host_can_change_the_failures_that_end_a_turn() -> None:
    state = new_game({"rules": {"initiative": {"method": "fixed"}, "activation": {"failures_end_turn": 3}}})
    state, events = act(
        state, "p1", {"kind": "activate", "mecha": "p1-kabuto", "part": "legs", "dice": 2}, faces=[2, 2]
    )
    assert events[0]["ends_turn"] is False and state["turn"]["seat"] == "p1"


def test_one_to_three_dice_only() -> None:
    from app.core.errors import MalformedAction
    from tests.systems.srbr.util import SYSTEM

    for n in (0, 4):
        with pytest.raises(MalformedAction):
            SYSTEM.parse_action({"kind": "activate", "mecha": "p1-kabuto", "part": "legs", "dice": n})


def test_a_damaged_part_still_rolls_three_dice_of_its_new_colour() -> None:
    """SRBR p. 4: "You may roll one, two or three activation dice – your choice." Damage
    changes the colour of the part's dice (NOTES.md), not how many it may roll."""
    for damage, colour in ((1, "yellow"), (2, "red")):
        state = damage_part(new_game(), "p1-kabuto", "legs", damage)
        state, events = act(
            state, "p1", {"kind": "activate", "mecha": "p1-kabuto", "part": "legs", "dice": 3}, faces=[6, 5, 4]
        )
        assert [d["colour"] for d in events[0]["dice"]] == [colour] * 3
        assert events[0]["successes"] == 3
        legal = SYSTEM.legal_actions(damage_part(new_game(), "p1-kabuto", "legs", damage), "p1")
        assert {"kind": "activate", "mecha": "p1-kabuto", "part": "legs", "dice": 3} in legal


def test_a_part_activates_once_per_turn_and_again_next_turn() -> None:
    state = new_game()
    state, _ = act(state, "p1", {"kind": "activate", "mecha": "p1-kabuto", "part": "arms", "dice": 1}, faces=[2])
    with refused("already_activated"):
        act(state, "p1", {"kind": "activate", "mecha": "p1-kabuto", "part": "arms", "dice": 1})
    state, _ = act(state, "p1", {"kind": "end_turn"})
    state, _ = act(state, "p2", {"kind": "end_turn"})
    state, events = act(state, "p1", {"kind": "activate", "mecha": "p1-kabuto", "part": "arms", "dice": 1}, faces=[4])
    assert events[0]["successes"] == 1 and state["turn"]["round"] == 2


def test_turn_and_phase_are_enforced() -> None:
    state = new_game()
    with pytest.raises(NotYourTurn):
        act(state, "p2", {"kind": "activate", "mecha": "p2-gamera", "part": "legs", "dice": 1})
    with pytest.raises(WrongPhase):
        act(state, "p1", {"kind": "move", "x": 10, "y": 10})
    with refused("not_your_mecha"):
        act(state, "p1", {"kind": "activate", "mecha": "p2-gamera", "part": "legs", "dice": 1})
