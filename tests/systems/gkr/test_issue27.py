"""Issue 27, GKR with Big Little Buddy: legal lists that left out choices the rules accept, manual
records that stepped around the text, and a reveal that named cards the views hide; each test
quotes the line of rules/gkr-big-little-buddy.txt (or NOTES.md) it enforces."""

from __future__ import annotations

import pytest

from app.core.errors import IllegalAction
from app.core.events import redact
from tests.kit import rulebooks
from tests.kit.refused import refused
from tests.systems.gkr.helpers import DB, GKR, KW, TH, act, activate, new, pass_until, place
from tests.systems.gkr.test_blb_combat import blb_weapon, combat_scene, fire

BLB_TEXT = "gkr-big-little-buddy.txt"


def quoted(line: str) -> str:
    """The rulebook line, checked to be in the text verbatim."""
    assert line in rulebooks.text(BLB_TEXT), line
    return line


def listed(state, seat, kind):
    return [a for a in GKR.legal_actions(state, seat) if a["kind"] == kind]


# --- legal lists --------------------------------------------------------------------------------
def test_legal_lists_his_weapon_together_with_the_controllers_own():
    quoted("When choosing Weapons, the controlling player may also choose 1 Big Little Buddy Weapon to fire.")
    state = combat_scene()
    state = place(state, "diamondback:heavy", 0, -1, facing=0)
    state = place(state, "king-wolf:heavy", 1, -1, facing=3)
    choices = [a["weapons"] for a in listed(state, DB, "choose_weapons")]
    mixed = [c for c in choices if any(w["source"] == "blb" for w in c) and any(w["source"] != "blb" for w in c)]
    assert mixed, "no choice fires his weapon beside the controller's own"
    assert all(sum(w["source"] == "blb" for w in c) <= 1 for c in choices)
    state, _ = act(state, DB, {"kind": "choose_weapons", "weapons": mixed[0]})
    assert {e["unit"] for e in state["firing_line"]} >= {"blb"} and len(state["firing_line"]) == len(mixed[0])


def test_legal_lets_the_controller_rotate_him():
    quoted(
        "Once all players have had the chance to move their Heavy Hitter, the player controlling Big Little Buddy "
        "can move and rotate him if they choose."
    )
    state, _ = pass_until(activate(new(), DB), "movement", "blb")
    here = {"q": state["units"]["blb"]["q"], "r": state["units"]["blb"]["r"]}
    moves = [a for a in listed(state, DB, "move") if a["unit"] == "blb"]
    turns = [a for a in moves if a["to"] == here and "facing" in a]
    assert len(turns) == 5  # every other facing, in place
    assert any(a["to"] != here and "facing" in a for a in moves)  # and moving while turning
    state, events = act(state, DB, turns[0])
    assert events[0]["facing"] == turns[0]["facing"] and events[0]["hexes"] == 0


def test_legal_lists_the_mine_mate_at_his_own_hex():
    quoted(
        "Big Little Buddy's explosive attack, the Mine Mate, can be used to attack a chosen hex. This can be any "
        "hex, including 1 occupied by a Building."
    )
    state = combat_scene()
    own = {"q": 0, "r": 0}
    shot = [blb_weapon("mine-mate", target_hex=own)]
    assert shot in [a["weapons"] for a in listed(state, DB, "choose_weapons")]
    act(state, DB, {"kind": "choose_weapons", "weapons": shot})


# --- manual records -----------------------------------------------------------------------------
def test_a_support_record_cannot_damage_him_outside_the_firing_line():
    quoted("Big Little Buddy has the same Defence and Target to hit values as Heavy Hitters.")
    quoted("Target Number: To Hit 5+ (Target Number for Big Little Buddy)")
    state = combat_scene(manual={"support": True})
    hp = state["units"]["blb"]["hp"]
    record = {"kind": "record", "area": "support", "unit": "blb", "damage": 30, "note": "crushed"}
    with pytest.raises(IllegalAction) as err:
        act(state, KW, record)
    assert err.value.code == "stated_in_firing_line"
    assert "Big Little Buddy" in err.value.message and "blb" not in err.value.message
    assert state["units"]["blb"]["hp"] == hp and state["pending_steal"] is None


def test_a_flank_shot_cannot_be_stated_from_inside_his_arc():
    quoted(
        "As with Heavy Hitters, Big Little Buddy has a 180 firing arc. Therefore, opposing players can attempt "
        "Flank Shots against him."
    )
    state = combat_scene(manual={"flank": True})  # he faces east; King Wolf's Combat Unit east of him
    shot = {"source": "combat", "target_unit": "blb", "flank": True}
    with pytest.raises(IllegalAction) as err:
        act(state, KW, {"kind": "choose_weapons", "weapons": [shot]})
    assert err.value.code == "not_a_flank_shot"
    assert "firing arc" in err.value.message
    assert {"source": "combat", "target_unit": "blb", "flank": True} not in [
        w for a in listed(state, KW, "choose_weapons") for w in a["weapons"]
    ]
    behind = place(state, "king-wolf:combat", -1, 0)
    assert [shot] in [a["weapons"] for a in listed(behind, KW, "choose_weapons")]
    behind, _ = act(behind, KW, {"kind": "choose_weapons", "weapons": [shot]})
    assert behind["firing_line"][-1]["flank"] is True


def test_an_energy_record_states_energy_spent_never_gained():
    """NOTES.md (Sure): "moving and firing normally cost energy"; a record states what was spent."""
    assert "moving and firing normally cost energy" in rulebooks.text("NOTES.md")
    state, _ = pass_until(new(manual={"energy": True}), "movement")
    seat = state["queue"][0]
    energy = state["players"][seat]["energy"]
    with refused("energy_gain"):
        act(state, seat, {"kind": "record", "area": "energy", "energy": -20})
    state, _ = act(state, seat, {"kind": "record", "area": "energy", "energy": 2})
    assert state["players"][seat]["energy"] == energy - 2


# --- the reveal ---------------------------------------------------------------------------------
def test_the_public_reveal_names_no_card_the_views_hide():
    quoted(
        "When declaring Weapons, the controlling player reveals their Big Little Buddy Weapon and sorts it by "
        "Weapon Speed into their firing line."
    )
    state = combat_scene()
    state = place(state, "diamondback:heavy", 0, -1, facing=0)
    state = place(state, "king-wolf:heavy", 1, -1, facing=3)
    card = next(c for c in state["players"][DB]["hand"] if state["cards"][c]["type"] == "weapon")
    choice = {DB: [{"source": "card", "card": card, "target_unit": "king-wolf:heavy"}]}
    state, events = fire(state, choice)
    reveal = next(e for e in events if e["kind"] == "firing_line_revealed")
    for viewer in (KW, TH, None):
        seen = redact(reveal, viewer)
        assert card not in str(seen)
        assert all("card" not in e for e in seen["entries"])
        view_line = GKR.view(state, viewer)["firing_line"]
        assert all("card" not in e for e in view_line)
