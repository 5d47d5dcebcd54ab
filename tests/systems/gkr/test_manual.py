"""Manual resolution: for each rule area resting on Warboard defaults, the host can let the
players state the result while the table keeps the record."""

from __future__ import annotations

import pytest

from app.core.errors import IllegalAction, NotYourTurn
from tests.kit.refused import refused
from tests.systems.gkr.helpers import DB, GKR, KW, TH, act, new, pass_until, place


def manual(*areas, **options):
    return {"manual": {a: True for a in areas}, **options}


def combat(*areas):
    state, _ = pass_until(new(**manual(*areas)), "combat")
    state = place(state, "diamondback:heavy", 0, 0, facing=0)
    return place(state, "king-wolf:heavy", 1, 0, facing=3)


def choose(state, seat, weapons):
    return act(state, seat, {"kind": "choose_weapons", "weapons": weapons})


def weapon_card(state, seat):
    return next(c for c in state["players"][seat]["hand"] if state["cards"][c]["type"] == "weapon")


def test_record_refused_while_the_area_is_automatic():
    with refused("not_manual"):
        act(new(), DB, {"kind": "record", "area": "dice", "note": "I hit"})


def test_manual_dice_the_attacker_states_the_result():
    state = combat("dice")
    card = weapon_card(state, DB)
    state, _ = choose(state, DB, [{"source": "card", "card": card, "target_unit": "king-wolf:heavy"}])
    state, _ = choose(state, KW, [])
    state, events = choose(state, TH, [])
    assert not any(e["kind"] == "attack" for e in events)
    assert GKR.view(state, None)["turn"]["active"] == [DB]
    assert GKR.view(state, DB)["prompt"]["victims"] == ["king-wolf:heavy"]
    with pytest.raises(NotYourTurn):
        act(state, KW, {"kind": "state_result", "results": []})
    with refused("not_a_target"):
        act(state, DB, {"kind": "state_result", "results": [{"unit": "thunderhappy:heavy", "damage": 2}]})
    state, events = act(state, DB, {"kind": "state_result", "results": [{"unit": "king-wolf:heavy", "damage": 3}]})
    assert len(state["players"][KW]["damage"]) == 3
    assert state["records"][-1]["area"] == "dice" and state["phase"] == "tagging"


def test_manual_weapons_use_the_stated_values():
    state = combat("weapons")
    state = place(state, "king-wolf:heavy", 6, -2, facing=3)  # beyond any default range
    card = weapon_card(state, DB)
    state, _ = choose(
        state,
        DB,
        [
            {
                "source": "card",
                "card": card,
                "target_unit": "king-wolf:heavy",
                "stats": {"speed": 9, "dice": 0, "energy": 0},
            }
        ],
    )
    assert state["firing_line"][0]["weapon"]["speed"] == 9
    assert state["players"][DB]["energy"] == 5


def test_manual_flank_uses_the_stated_flank():
    state = place(combat("flank", "dice"), "king-wolf:heavy", 1, 0, facing=0)  # its back to DiamondBack
    card = weapon_card(state, DB)
    state, _ = choose(state, DB, [{"source": "card", "card": card, "target_unit": "king-wolf:heavy", "flank": True}])
    assert state["firing_line"][0]["flank"] is True
    auto = combat()
    auto, _ = choose(auto, DB, [{"source": "card", "card": card, "target_unit": "king-wolf:heavy", "flank": True}])
    assert auto["firing_line"][0]["flank"] is None  # computed from the arcs instead


def test_manual_energy_is_not_spent_automatically_but_recorded():
    state, _ = pass_until(new(**manual("energy")), "movement", "heavy")
    state, _ = act(state, DB, {"kind": "move", "unit": "diamondback:heavy", "to": {"q": 0, "r": -3}})
    assert state["players"][DB]["energy"] == 5
    state, events = act(state, DB, {"kind": "record", "area": "energy", "energy": 2, "note": "moved 2"})
    assert state["players"][DB]["energy"] == 3 and events[0]["kind"] == "recorded"


def test_manual_tagging_states_the_count_without_adjacency():
    state, _ = pass_until(new(**manual("tagging")), "tagging")
    state, _ = act(state, DB, {"kind": "tag", "unit": "diamondback:heavy", "building": "b1", "count": 3})
    assert state["buildings"]["b1"]["tags"] == {DB: 3}
    auto, _ = pass_until(new(), "tagging")
    with pytest.raises(IllegalAction):
        act(
            place(auto, "diamondback:heavy", 1, 0),
            DB,
            {"kind": "tag", "unit": "diamondback:heavy", "building": "b1", "count": 3},
        )


def test_manual_support_abilities_are_stated():
    state, _ = pass_until(new(**manual("support")), "tagging")
    state = place(state, "diamondback:recon", 1, 0)
    state, _ = act(state, DB, {"kind": "tag", "unit": "diamondback:recon", "building": "b1"})
    assert state["buildings"]["b1"]["tags"] == {DB: 1}  # no automatic Recon bonus
    state["players"][DB]["damage"] = [state["players"][DB]["deck"].pop(0)]
    state, _events = act(
        state, DB, {"kind": "record", "area": "support", "unit": "diamondback:heavy", "heal": 1, "note": "Repair Unit"}
    )
    assert state["players"][DB]["damage"] == []
    assert GKR.view(state, TH)["records"][-1]["note"] == "Repair Unit"
