"""Big Little Buddy text: Big Little Buddy Movement, sentence by sentence.

Downtown map: buildings on the six axis hexes two steps from the centre, e.g. (2,-2).
"""

from __future__ import annotations

import pytest

from app.core.errors import IllegalAction, NotYourTurn
from tests.kit.refused import refused
from tests.systems.gkr.helpers import DB, GKR, KW, TH, act, activate, active, new, pass_turn, pass_until, place


def blb_step(range_: int = 2):
    state = activate(new(blb_range=range_), DB)
    return pass_until(state, "movement", "blb")[0]


def move_blb(state, q, r, facing=None):
    action = {"kind": "move", "unit": "blb", "to": {"q": q, "r": r}}
    if facing is not None:
        action["facing"] = facing
    return act(state, DB, action)


def test_blb_moves_after_every_heavy_hitter():
    """ "Once all players have had the chance to move their Heavy Hitter, the player controlling
    Big Little Buddy can move and rotate him if they choose.\""""
    state = activate(new(), DB)
    state, _ = pass_until(state, "movement", "heavy")
    with refused("wrong_step"):
        act(state, DB, {"kind": "move", "unit": "blb", "to": {"q": 1, "r": 0}})
    for _ in range(3):
        assert state["step"] == "heavy"
        state, _ = pass_turn(state)
    assert state["step"] == "blb" and active(state) == [DB]
    assert GKR.view(state, DB)["prompt"]["moves"][0]["unit"] == "blb"


def test_blb_rotates_or_passes_if_the_controller_chooses():
    state = blb_step()
    rotated, events = act(state, DB, {"kind": "move", "unit": "blb", "facing": 180})
    assert rotated["units"]["blb"]["facing"] == 3 and events[0]["facing"] == 180
    passed, _ = act(state, DB, {"kind": "end_turn"})
    assert passed["step"] == "support"


def test_only_the_controller_moves_him():
    state = blb_step()
    with pytest.raises(NotYourTurn):
        act(state, KW, {"kind": "move", "unit": "blb", "to": {"q": 1, "r": 0}})


def test_no_blb_step_when_uncontrolled():
    state, _ = pass_until(new(), "movement", "heavy")
    for _ in range(3):
        state, _ = pass_turn(state)
    assert state["step"] == "support"


def test_support_units_move_after_him():
    """ "Once Big Little Buddy has had the chance to move, players can then move their Support
    Units as normal.\""""
    state = blb_step()
    with refused("wrong_step"):
        act(state, DB, {"kind": "move", "unit": "diamondback:combat", "to": {"q": 0, "r": -4}})
    state, _ = move_blb(state, 1, 0)
    state, _ = act(state, DB, {"kind": "end_turn"})
    assert state["step"] == "support"
    state, _ = act(
        state,
        DB,
        {"kind": "move", "unit": "diamondback:combat", "to": {"q": state["units"]["diamondback:combat"]["q"], "r": -4}},
    )


def test_no_energy_and_the_unit_card_range():
    """ "Does not use Energy to move. Refer to Big Little Buddy Unit Card for Movement Range.\""""
    state = blb_step(range_=2)
    energy = state["players"][DB]["energy"]
    moved, events = move_blb(state, 1, 1)  # two hexes
    assert moved["players"][DB]["energy"] == energy
    assert not any(e["kind"] == "energy_spent" for e in events)
    with refused("out_of_reach"):
        move_blb(state, 3, -1)  # three hexes, range 2
    view = GKR.view(state, DB)
    hexes = view["prompt"]["moves"][0]["hexes"]
    assert {"q": 1, "r": 1} in hexes and {"q": 3, "r": -1} not in hexes


def test_through_the_controlling_faction_but_not_ending_on_it():
    """ "Can move freely through hexes occupied by the controlling Faction, but cannot finish
    their movement on an occupied hex.\""""
    state = blb_step(range_=2)
    # (1,1) is two steps away, only via (1,0) or (0,1): fill both with DiamondBack units
    state = place(state, "diamondback:heavy", 1, 0)
    state = place(state, "diamondback:combat", 0, 1)
    state = place(state, "diamondback:recon", -1, 0)
    moved, _ = move_blb(state, 1, 1)
    assert (moved["units"]["blb"]["q"], moved["units"]["blb"]["r"]) == (1, 1)
    with refused("occupied"):
        move_blb(state, 1, 0)


def test_never_through_or_onto_opposing_units():
    """ "Cannot move through, or finish their move on a hex occupied by opposing Faction Units.\""""
    state = blb_step(range_=2)
    state = place(state, "king-wolf:heavy", 1, 0)
    state = place(state, "thunderhappy:combat", 0, 1)
    with refused("out_of_reach"):
        move_blb(state, 1, 1)
    with refused("occupied"):
        move_blb(state, 1, 0)


def test_never_through_or_onto_a_building():
    """ "Cannot move through, or finish their move on a hex occupied by a Building.\""""
    state = place(blb_step(range_=2), "blb", 1, -1)
    # (3,-3) is two steps from (1,-1) only through the building on (2,-2)
    with refused("out_of_reach"):
        move_blb(state, 3, -3)
    with refused("building"):
        move_blb(state, 2, -2)


def heavy_step():
    state, _ = pass_until(new(), "movement", "heavy")
    return place(state, "diamondback:heavy", -1, 0)


def test_uncontrolled_anyone_may_move_through_him():
    """ "If Big Little Buddy is not controlled by anyone, all players can move through him
    freely, but cannot end movement on his hex.\""""
    state = heavy_step()
    moved, events = act(state, DB, {"kind": "move", "unit": "diamondback:heavy", "to": {"q": 1, "r": 0}})
    assert events[0]["hexes"] == 2  # straight through the centre
    assert moved["players"][DB]["energy"] == state["players"][DB]["energy"] - 2


def test_uncontrolled_nobody_ends_on_his_hex():
    state, _ = pass_until(new(), "movement", "support")
    state = place(state, "diamondback:combat", 0, -1)
    with refused("occupied"):
        act(state, DB, {"kind": "move", "unit": "diamondback:combat", "to": {"q": 0, "r": 0}})


def test_heavy_hitters_cannot_displace_him():
    """ "Heavy Hitters cannot displace him either.\""""
    state = heavy_step()
    with pytest.raises(IllegalAction) as err:
        act(state, DB, {"kind": "move", "unit": "diamondback:heavy", "to": {"q": 0, "r": 0}})
    assert err.value.code == "blb_hex"
    assert "displace" in err.value.message
    assert {"q": 0, "r": 0} not in GKR.view(state, DB)["prompt"]["moves"][0]["hexes"]


def test_controlled_blb_blocks_opposing_units():
    """Warboard decision: while controlled he is a unit of the controller's faction."""
    state = activate(new(), DB)
    state, _ = pass_until(state, "movement", "heavy")
    state = place(state, "diamondback:heavy", 3, 3)
    state, _ = act(state, DB, {"kind": "end_turn"})
    state = place(state, "king-wolf:heavy", -1, 0)
    moved, events = act(state, KW, {"kind": "move", "unit": "king-wolf:heavy", "to": {"q": 1, "r": 0}})
    assert events[0]["hexes"] == 3  # around him, not through
    assert TH in moved["players"]
