"""Big Little Buddy text: Components, Setup and Activating Big Little Buddy, sentence by sentence."""

from __future__ import annotations

import pytest

from app.core.errors import NotYourTurn, WrongPhase
from tests.kit.refused import refused
from tests.systems.gkr.helpers import DB, GKR, KW, TH, act, activate, active, give_sponsor, new, pass_turn, pass_until


# --- Components -------------------------------------------------------------------------
def test_components_one_figure():
    """ "1x Big Little Buddy Figure\""""
    state = new()
    assert [u for u in state["units"].values() if u["kind"] == "blb"] == [state["units"]["blb"]]


def test_components_unit_card_and_three_weapon_cards():
    """ "1x Big Little Buddy Unit Card" and "3x Big Little Buddy Weapon Cards\""""
    view = GKR.view(new(), None)["blb"]
    assert {"range", "max_hp", "to_hit", "armor"} <= set(view)
    assert len(view["weapons"]) == 3
    assert "Mine Mate" in {w["name"] for w in view["weapons"]}


def test_components_five_sponsor_cards():
    """ "5x Big Little Buddy Sponsor Cards\""""
    state = new()
    assert sum(c["type"] == "activate-blb" for c in state["cards"].values()) == 5


# --- Setup ------------------------------------------------------------------------------
def test_setup_figure_in_the_centre():
    """ "Place the Big Little Buddy figure in the center of the Battlefield.\""""
    state = new()
    blb = state["units"]["blb"]
    assert (blb["q"], blb["r"]) == (state["data"]["map"]["centre"]["q"], state["data"]["map"]["centre"]["r"])
    assert blb["on_board"]
    view = GKR.view(state, None)
    assert any(p["id"] == "blb" and (p["q"], p["r"]) == (0, 0) for p in view["pieces"])


def test_setup_cards_next_to_the_board():
    """ "Place Big Little Buddy's Unit Card and Weapon Cards next to the Game Board.\""""
    view = GKR.view(new(), None)["blb"]
    assert view["controller"] is None and view["chosen_weapon"] is None


def test_setup_sponsor_cards_shuffled_into_the_pile():
    """ "Shuffle the 5 Big Little Buddy Sponsor Cards into the Sponsor Card Draw Pile.\""""
    positions = set()
    for seed in ("a", "b", "c", "d"):
        state = new(seed=seed)
        dealt = [c for p in state["players"].values() for c in p["sponsor"]]
        pile = dealt + state["sponsor_pile"]
        assert len(pile) == 30  # the base game's 25 (NOTES.md) and the 5 Activate BLB cards
        positions.add(
            tuple(i for i, c in enumerate(state["sponsor_pile"]) if state["cards"][c]["type"] == "activate-blb")
        )
    assert len(positions) > 1  # shuffled, not stacked


# --- Activating -------------------------------------------------------------------------
def test_activate_on_your_turn_in_the_deploy_phase():
    """ "Players can activate Big Little Buddy on their turn in the Deploy Phase using an
    "Activate BLB" Sponsor Card.\""""
    state, card = give_sponsor(new(), DB, "activate-blb")
    assert active(state) == [DB]
    new_state, events = act(state, DB, {"kind": "activate_blb", "card": card})
    assert new_state["blb"]["controller"] == DB
    assert events[0]["kind"] == "blb_activated"
    assert card in new_state["sponsor_discard"]


def test_activate_not_on_another_players_turn():
    state, card = give_sponsor(new(), KW, "activate-blb")
    with pytest.raises(NotYourTurn):
        act(state, KW, {"kind": "activate_blb", "card": card})


def test_activate_not_outside_the_deploy_phase():
    state, card = give_sponsor(new(), DB, "activate-blb")
    state, _ = pass_until(state, "movement")
    with pytest.raises(WrongPhase):
        act(state, DB, {"kind": "activate_blb", "card": card})


def test_activate_needs_an_activate_blb_card():
    state, card = give_sponsor(new(), DB, "energy-boost")
    with refused("not_activate_blb"):
        act(state, DB, {"kind": "activate_blb", "card": card})
    with refused("not_in_hand"):
        act(state, DB, {"kind": "activate_blb", "card": "s99"})


def test_only_one_activate_card_each_round():
    """ "Only 1 of these cards may be played each Round.\""""
    state = activate(new(), DB)
    state, card = give_sponsor(state, DB, "activate-blb")
    with refused("blb_already_activated"):
        act(state, DB, {"kind": "activate_blb", "card": card})


def test_once_activated_no_other_player_can_that_round_but_can_the_next():
    """ "So once 1 player has activated Big Little Buddy, no other players can activate him
    that Round.\""""
    state = activate(new(), DB)
    state, card = give_sponsor(state, KW, "activate-blb")
    state, _ = pass_turn(state)
    assert active(state) == [KW]
    with refused("blb_already_activated"):
        act(state, KW, {"kind": "activate_blb", "card": card})
    assert not GKR.view(state, KW)["prompt"]["can_activate_blb"]
    state, _ = pass_until(state, "tagging")
    state, _ = pass_until(state, "deploy")  # next round
    assert state["round"] == 2
    state = activate(state, KW)
    assert state["blb"]["controller"] == KW


def test_activation_places_a_holo_board_tag_on_him():
    """ "When activating Big Little Buddy, players should place 1 of their Holo-board Tags on top
    of the Big Little Buddy figure, to show they control him.\""""
    before = new()
    state = activate(before, DB)
    assert state["players"][DB]["tags"] == before["players"][DB]["tags"] - 1
    piece = next(p for p in GKR.view(state, TH)["pieces"] if p["id"] == "blb")
    assert piece["tag"] == DB and piece["owner"] == DB


def test_activation_puts_his_cards_face_up_in_front_of_the_controller():
    """ "They should also place Big Little Buddy's Unit Card and 3 Weapon Cards face up in front
    of them.\""""
    state = activate(new(), DB)
    for viewer in (DB, KW, None):
        blb = GKR.view(state, viewer)["blb"]
        assert blb["controller"] == DB and len(blb["weapons"]) == 3


def test_control_lasts_till_the_end_of_the_combat_phase():
    """ "Players only ever control Big Little Buddy till the end of the Combat Phase, in the
    current Round.\""""
    state = activate(new(), DB)
    state, _ = pass_until(state, "combat")
    assert state["blb"]["controller"] == DB
    state, events = pass_until(state, "tagging")
    assert state["blb"]["controller"] is None
    assert any(e["kind"] == "blb_control_ended" for e in events)


def test_he_cannot_tag_buildings():
    """ "Therefore, he cannot Tag Buildings.\""""
    state = activate(new(), DB)
    state, _ = pass_until(state, "tagging")
    with refused("blb_cannot_tag"):
        act(state, DB, {"kind": "tag", "unit": "blb", "building": "b1"})
    assert not state["units"]["blb"]["on_board"]


def test_removed_after_combat_and_back_in_the_centre_in_the_reset_phase():
    """ "At the end of each Combat Phase, he is removed from the Battlefield and will reappear in
    the center of the Battlefield during each Reset Phase.\""""
    state, _ = pass_until(new(), "tagging")  # not even activated
    assert not state["units"]["blb"]["on_board"]
    state, events = pass_until(state, "deploy")
    assert state["units"]["blb"]["on_board"]
    assert (state["units"]["blb"]["q"], state["units"]["blb"]["r"]) == (0, 0)
    assert [e["kind"] for e in events].index("blb_redeployed") < [e["kind"] for e in events].index("round")
