"""SRBR p. 2: a 1 on a red or yellow activation die lets the opponent's robot react."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from app.core.errors import NotYourTurn
from app.systems.srbr import activation, data
from tests.systems.srbr.util import SYSTEM, act, damage_part, kinds, new_game, open_table, place

ACT = data.defaults()["activation"]
colour = st.sampled_from(["white", "yellow", "red"])


@given(st.lists(st.tuples(st.integers(1, 6), colour), min_size=1, max_size=3), st.integers(2, 6))
def test_reaction_on_a_one_on_red_or_yellow_only(dice: list[tuple[int, str]], q: int) -> None:
    faces = [f for f, _ in dice]
    colours = [c for _, c in dice]
    result = activation.score(faces, colours, q, ACT)
    assert result["reactions"] == sum(1 for f, c in dice if f == 1 and c in ("yellow", "red"))


def test_a_one_on_a_white_die_gives_no_reaction() -> None:
    state = new_game()
    state, events = act(
        state, "p1", {"kind": "activate", "mecha": "p1-kabuto", "part": "legs", "dice": 2}, faces=[1, 4]
    )
    assert events[0]["reactions"] == 0 and state["turn"]["phase"] == "actions"
    assert "reaction_offered" not in kinds(events)


@pytest.mark.parametrize("damage,colour", [(1, "yellow"), (2, "red")])
def test_a_one_on_yellow_or_red_offers_the_opponent_a_reaction(damage: int, colour: str) -> None:
    state = damage_part(new_game(), "p1-kabuto", "legs", damage)
    state, events = act(state, "p1", {"kind": "activate", "mecha": "p1-kabuto", "part": "legs", "dice": 1}, faces=[1])
    assert events[0]["dice"][0]["colour"] == colour
    assert kinds(events) == ["activated", "reaction_offered"]
    assert state["turn"]["phase"] == "reaction"
    view = SYSTEM.view(state, "p2")
    assert view["turn"]["active"] == ["p2"]
    assert view["prompt"]["ask"] == "reaction" and view["prompt"]["from"] == "p1"
    assert SYSTEM.view(state, "p1")["prompt"]["ask"] == "wait"
    with pytest.raises(NotYourTurn):
        act(state, "p1", {"kind": "end_turn"})


def test_reaction_roll_then_actions_then_back_to_the_active_player() -> None:
    state = open_table(new_game())
    state = place(state, "p1-kabuto", 40, 40, 0)
    state = place(state, "p2-gamera", 60, 40, 180)
    state = damage_part(state, "p1-kabuto", "legs", 1)
    state, _ = act(state, "p1", {"kind": "activate", "mecha": "p1-kabuto", "part": "legs", "dice": 2}, faces=[1, 5])
    assert state["turn"]["phase"] == "reaction"
    state, events = act(state, "p2", {"kind": "react", "mecha": "p2-gamera", "part": "legs"}, faces=[4])
    assert events[0]["kind"] == "reacted" and events[0]["actions"] == 1
    assert state["turn"]["phase"] == "reaction_actions"
    assert SYSTEM.view(state, "p2")["prompt"]["ask"] == "reaction_actions"
    state, events = act(state, "p2", {"kind": "move", "x": 55, "y": 40})
    assert state["turn"]["phase"] == "actions" and state["turn"]["seat"] == "p1"
    assert state["turn"]["activation"]["actions_left"] == 1  # the roll's success is kept


def test_a_failed_reaction_or_a_pass_hands_back() -> None:
    state = damage_part(new_game(), "p1-kabuto", "legs", 1)
    state, _ = act(
        state, "p1", {"kind": "activate", "mecha": "p1-kabuto", "part": "legs", "dice": 2}, faces=[1, 1]
    )  # two reactions, turn ends after
    assert state["turn"]["reactions"]["remaining"] == 2
    state, events = act(state, "p2", {"kind": "react", "mecha": "p2-gamera", "part": "legs"}, faces=[2])
    assert events[0]["successes"] == 0 and state["turn"]["phase"] == "reaction"
    state, events = act(state, "p2", {"kind": "pass"})
    assert "turn_started" in kinds(events) and state["turn"]["seat"] == "p2"
    assert state["turn"]["phase"] == "activate"


def test_with_more_players_the_reaction_passes_along_the_turn_order() -> None:
    state = damage_part(new_game({"players": 3}), "p1-kabuto", "legs", 2)  # one red die
    state, _ = act(state, "p1", {"kind": "activate", "mecha": "p1-kabuto", "part": "legs", "dice": 1}, faces=[1])
    assert SYSTEM.view(state, None)["turn"]["active"] == ["p2"]
    state, events = act(state, "p2", {"kind": "pass"})
    assert kinds(events) == ["reaction_declined", "reaction_offered"]
    assert SYSTEM.view(state, "p3")["prompt"]["ask"] == "reaction"
    state, events = act(state, "p3", {"kind": "react", "mecha": "p3-kabuto", "part": "legs"}, faces=[2])
    assert events[0]["successes"] == 0
    assert state["turn"]["phase"] == "activate" and state["turn"]["seat"] == "p1"


def test_a_player_who_conceded_is_not_offered_a_reaction() -> None:
    state = damage_part(new_game({"players": 3}), "p1-kabuto", "legs", 2)
    state, _ = act(state, "p1", {"kind": "activate", "mecha": "p1-kabuto", "part": "legs", "dice": 1}, faces=[1])
    state, _ = act(state, "p3", {"kind": "concede"})
    state, events = act(state, "p2", {"kind": "pass"})
    assert "reaction_offered" not in kinds(events)
    assert state["turn"]["phase"] == "activate" and state["turn"]["seat"] == "p1"
