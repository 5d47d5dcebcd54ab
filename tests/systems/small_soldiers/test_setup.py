"""Setup 2 (leader + four chosen fighters, the sixth in the Toy Store) and the opening roll."""

from __future__ import annotations

import pytest

from app.core.dice import Dice
from app.core.errors import IllegalAction, NotYourTurn, WrongPhase

from .conftest import SYSTEM, act


@pytest.fixture
def fresh():
    return SYSTEM.setup({}, Dice("setup"))


def test_leader_on_gold_space_four_chosen_on_the_others_sixth_in_toy_store(fresh):
    order = ["ocula", "punchit", "freakenstein", "slamfist"]
    state, events = act(fresh, "gorgonites", {"kind": "deploy", "reserve": "insaniac", "order": order})
    m = state["data"]["map"]["armies"]["gorgonites"]
    assert state["fighters"]["archer"]["pos"] == m["leader_start"]
    assert [state["fighters"][f]["pos"] for f in order] == m["starts"]
    assert state["fighters"]["insaniac"]["pos"] is None
    assert events[0]["reserve"] == "insaniac"
    view = SYSTEM.view(state, None)
    assert [f["id"] for f in view["toy_store"]["gorgonites"]] == ["insaniac"]
    assert state["phase"] == "deploy" and view["turn"]["active"] == ["commandos"]


def test_either_army_may_deploy_first_and_then_the_opening_roll_follows(fresh):
    state, _ = act(fresh, "commandos", {"kind": "deploy", "reserve": "nick-nitro"})
    state, events = act(state, "gorgonites", {"kind": "deploy", "reserve": "ocula"})
    assert state["phase"] == "opening"
    assert events[-1]["kind"] == "opening_roll_needed"


@pytest.mark.parametrize(
    "raw",
    [
        {"kind": "deploy", "reserve": "archer"},  # the leader always starts on the board
        {"kind": "deploy", "reserve": "chip-hazard"},  # not a Gorgonite
        {"kind": "deploy", "reserve": "ocula", "order": ["slamfist", "punchit", "insaniac", "ocula"]},
    ],
)
def test_bad_deployments_are_refused(fresh, raw):
    with pytest.raises(IllegalAction):
        act(fresh, "gorgonites", raw)


def test_an_army_deploys_once(fresh):
    state, _ = act(fresh, "gorgonites", {"kind": "deploy", "reserve": "ocula"})
    with pytest.raises(NotYourTurn):
        act(state, "gorgonites", {"kind": "deploy", "reserve": "ocula"})


def _deployed(fresh):
    state, _ = act(fresh, "gorgonites", {"kind": "deploy", "reserve": "ocula"})
    state, _ = act(state, "commandos", {"kind": "deploy", "reserve": "nick-nitro"})
    return state


def test_highest_roll_goes_first(fresh):
    state = _deployed(fresh)
    state, _ = act(state, "gorgonites", {"kind": "roll_opening"}, 3)
    state, events = act(state, "commandos", {"kind": "roll_opening"}, 4)
    assert {"kind": "first_player", "army": "commandos"} in events
    assert state["phase"] == "spin" and state["turn"]["seat"] == "commandos"


def test_a_skull_is_higher_than_any_number(fresh):
    state = _deployed(fresh)
    state, _ = act(state, "gorgonites", {"kind": "roll_opening"}, 6)  # skull
    state, events = act(state, "commandos", {"kind": "roll_opening"}, 5)
    assert events[0]["face"] == "5"
    assert state["turn"]["army"] == "gorgonites"


def test_ties_roll_again(fresh):
    state = _deployed(fresh)
    state, _ = act(state, "gorgonites", {"kind": "roll_opening"}, 6)
    state, events = act(state, "commandos", {"kind": "roll_opening"}, 6)
    assert events[-1]["kind"] == "opening_tied" and state["phase"] == "opening"
    assert SYSTEM.view(state, None)["turn"]["active"] == ["gorgonites", "commandos"]
    state, _ = act(state, "commandos", {"kind": "roll_opening"}, 2)
    state, _ = act(state, "gorgonites", {"kind": "roll_opening"}, 1)
    assert state["turn"]["army"] == "commandos"
    assert len(state["opening_history"]) == 2


def test_no_spinning_before_the_opening_roll(fresh):
    state = _deployed(fresh)
    with pytest.raises(WrongPhase):
        act(state, "gorgonites", {"kind": "spin"}, 1)


def test_apply_never_mutates_its_input(fresh):
    import copy

    before = copy.deepcopy(fresh)
    act(fresh, "gorgonites", {"kind": "deploy", "reserve": "ocula"})
    assert fresh == before
