"""Big Little Buddy text: Redeploying Big Little Buddy, sentence by sentence."""

from __future__ import annotations

import pytest

from app.core.errors import IllegalAction, NotYourTurn
from tests.kit.dice import ScriptedDice
from tests.kit.refused import refused
from tests.systems.gkr.helpers import DB, GKR, KW, TH, act, activate, active, new, pass_until, place
from tests.systems.gkr.test_blb_combat import attack_blb


def test_removed_at_the_end_of_combat_if_not_destroyed():
    """ "At the end of each Combat Phase, Big Little Buddy should be removed from the
    Battlefield, if he wasn't already destroyed.\""""
    state = activate(new(), DB)
    state, _ = pass_until(state, "combat")
    assert state["units"]["blb"]["on_board"]
    state, events = pass_until(state, "tagging")
    assert not state["units"]["blb"]["on_board"]
    assert [e["kind"] for e in events].count("blb_removed") == 1
    state, events = attack_blb([6, 1], blb_max_hp=1)  # destroyed: not removed a second time
    assert "blb_removed" not in [e["kind"] for e in events]


def test_tag_returns_to_the_controllers_supply():
    """ "The controlling player's Holo-board Tag should be returned to their supply.\""""
    start = new()
    state = activate(start, DB)
    assert state["players"][DB]["tags"] == start["players"][DB]["tags"] - 1
    state, _ = pass_until(state, "tagging")
    assert state["players"][DB]["tags"] == start["players"][DB]["tags"]
    piece = (
        next(p for p in GKR.view(state, None)["pieces"] if p["id"] == "blb")
        if state["units"]["blb"]["on_board"]
        else None
    )
    assert piece is None
    state, _events = attack_blb([6, 1], blb_max_hp=1)  # destroyed: the tag still returns
    assert state["players"][DB]["tags"] == start["players"][DB]["tags"]


def reset_with_unit_on_centre(unit="king-wolf:combat"):
    state = activate(new(), DB)
    state, _ = pass_until(state, "tagging")
    state = place(state, unit, 0, 0)
    return pass_until(state, "reset")


def test_back_in_the_centre_at_the_end_of_the_reset_phase():
    """ "At the end of the Reset Phase, place Big Little Buddy back into the center of the
    Battlefield.\""""
    state = activate(new(), DB)
    state, _ = pass_until(state, "tagging")
    state, events = pass_until(state, "deploy")
    kinds = [e["kind"] for e in events]
    assert kinds.index("phase") < kinds.index("cards_drawn") < kinds.index("blb_redeployed") < kinds.index("round")
    blb = state["units"]["blb"]
    assert blb["on_board"] and (blb["q"], blb["r"]) == (0, 0)


def test_a_unit_on_the_centre_is_displaced_at_once_by_its_owner():
    """ "If there is another unit in that hex, it is immediately displaced. Whoever owns the
    displaced unit must move it into an empty adjacent hex.\""""
    state, events = reset_with_unit_on_centre()
    assert state["phase"] == "reset" and active(state) == [KW]
    assert state["units"]["blb"]["on_board"]
    required = next(e for e in events if e["kind"] == "displacement_required")
    assert required["unit"] == "king-wolf:combat" and required["owner"] == KW
    prompt = GKR.view(state, KW)["prompt"]
    assert prompt["unit"] == "king-wolf:combat" and len(prompt["hexes"]) == 6
    with pytest.raises(NotYourTurn):
        act(state, DB, {"kind": "displace", "to": {"q": 1, "r": 0}})
    with refused("illegal_displacement"):
        act(state, KW, {"kind": "displace", "to": {"q": 3, "r": 0}})  # not adjacent
    occupied = place(state, "thunderhappy:combat", 1, 0)
    with pytest.raises(IllegalAction):
        act(occupied, KW, {"kind": "displace", "to": {"q": 1, "r": 0}})  # not empty
    state, events = act(state, KW, {"kind": "displace", "to": {"q": 1, "r": 0}})
    assert (state["units"]["king-wolf:combat"]["q"], state["units"]["king-wolf:combat"]["r"]) == (1, 0)
    assert state["phase"] == "deploy" and state["round"] == 2


def test_a_heavy_hitter_on_the_centre_is_displaced_too():
    state, _ = reset_with_unit_on_centre("thunderhappy:heavy")
    assert active(state) == [TH]
    state, _ = act(state, TH, {"kind": "displace", "to": {"q": -1, "r": 0}})
    assert state["phase"] == "deploy"


def test_returns_to_max_hp_after_damage():
    """ "Big Little Buddy also returns to max HP. Remember to adjust this if he took any Damage in
    the previous Combat Phase.\""""
    state, events = attack_blb([6, 1])
    assert not state["units"]["blb"]["on_board"]
    damaged = next(e for e in events if e["kind"] == "damaged" and e["unit"] == "blb")
    assert damaged["hp"] == state["data"]["blb"]["max_hp"] - 1
    state, _ = pass_until(state, "deploy")
    assert state["units"]["blb"]["hp"] == state["data"]["blb"]["max_hp"]
    assert next(p for p in GKR.view(state, None)["pieces"] if p["id"] == "blb")["status"].startswith("HP 4/4")


def test_displacement_scripted_dice_unused():
    """Displacement is the owner's choice: no dice are rolled for it."""
    state, _ = reset_with_unit_on_centre()
    dice = ScriptedDice([])
    act(state, KW, {"kind": "displace", "to": {"q": 0, "r": 1}}, dice)
    assert not [r for r in dice.rolls if "displace" in r["for"]]
