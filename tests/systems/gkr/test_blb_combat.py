"""Big Little Buddy text: Big Little Buddy Combat and Destroying Big Little Buddy.

Scene: DiamondBack controls him at the centre facing east; buildings stand on (2,0) and
(2,-2). Dice are scripted: attack faces first, then defence faces.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from app.core.errors import IllegalAction
from app.core.events import redact
from app.systems import luck
from app.systems.gkr.report import chances
from tests.kit.dice import ScriptedDice
from tests.kit.refused import refused
from tests.systems.gkr.helpers import DB, GKR, KW, TH, act, activate, give_sponsor, new, pass_until, place


def combat_scene(**options):
    state = activate(new(**options), DB)
    state, _ = pass_until(state, "combat")
    state = place(state, "blb", 0, 0, facing=0)
    return place(state, "king-wolf:combat", 1, 0)


def fire(state, choices, dice=None):
    """Every seat chooses (``choices[seat]`` or nothing); the last choice resolves the line."""
    events = []
    seats = [s for s in state["turn_order"] if s in state["queue"]]
    for i, seat in enumerate(seats):
        last = i == len(seats) - 1
        state, ev = act(
            state, seat, {"kind": "choose_weapons", "weapons": choices.get(seat, [])}, dice if last else None
        )
        events += ev
    return state, events


def blb_weapon(weapon, **target):
    return {"source": "blb", "weapon": weapon, **target}


def test_controller_may_add_one_blb_weapon():
    """ "When choosing Weapons, the controlling player may also choose 1 Big Little Buddy Weapon
    to fire.\""""
    state = combat_scene()
    two = [
        blb_weapon("buddy-punch", target_unit="king-wolf:combat"),
        blb_weapon("buddy-blaster", target_unit="king-wolf:combat"),
    ]
    with refused("blb_one_weapon"):
        act(state, DB, {"kind": "choose_weapons", "weapons": two})
    with refused("not_blb_controller"):
        act(
            state,
            KW,
            {"kind": "choose_weapons", "weapons": [blb_weapon("buddy-punch", target_unit="diamondback:heavy")]},
        )
    state, _ = act(state, DB, {"kind": "choose_weapons", "weapons": two[:1]})
    assert state["firing_line"][0]["unit"] == "blb"


def test_three_unique_weapons():
    """ "Big Little Buddy has 3 unique Weapons to choose from.\""""
    weapons = GKR.view(combat_scene(), DB)["blb"]["weapons"]
    assert len({w["name"] for w in weapons}) == 3
    prompt = GKR.view(combat_scene(), DB)["prompt"]["weapons"]
    assert sum(w["source"] == "blb" for w in prompt) == 3


def test_no_energy_to_fire():
    """ "None of them require Energy to fire.\""""
    state = combat_scene(weapon_overrides={"blb/buddy-punch": {"energy": 5}})
    energy = state["players"][DB]["energy"]
    state, events = fire(state, {DB: [blb_weapon("buddy-punch", target_unit="king-wolf:combat")]}, ScriptedDice([1, 1]))
    assert state["players"][DB]["energy"] == energy
    assert not any(e["kind"] == "energy_spent" and e["player"] == DB for e in events)


def test_chosen_face_down_into_the_firing_line():
    """ "When selecting which Weapon to fire, the controlling player should place it face down
    into their firing line.\""""
    state = combat_scene()
    state, events = act(
        state, DB, {"kind": "choose_weapons", "weapons": [blb_weapon("mine-mate", target_hex={"q": 2, "r": 0})]}
    )
    assert GKR.view(state, KW)["firing_line"] == [{"owner": DB, "hidden": True}]
    assert GKR.view(state, None)["firing_line"] == [{"owner": DB, "hidden": True}]
    assert GKR.view(state, DB)["firing_line"][0]["weapon"]["name"] == "Mine Mate"
    for viewer in (KW, TH, None):
        seen = [redact(e, viewer) for e in events]
        assert "mine-mate" not in repr(seen) and "Mine Mate" not in repr(seen)


def test_other_two_kept_face_down():
    """ "They should also keep the other 2 Weapon Cards face down, so their opponents don't know
    which Weapon they will be firing from Big Little Buddy.\""""
    state = combat_scene()
    state, _ = act(
        state, DB, {"kind": "choose_weapons", "weapons": [blb_weapon("buddy-blaster", target_unit="king-wolf:combat")]}
    )
    assert GKR.view(state, DB)["blb"]["chosen_weapon"] == "blb/buddy-blaster"
    for viewer in (KW, TH, None):
        view = GKR.view(state, viewer)
        assert view["blb"]["chosen_weapon"] is None
        assert view["blb"]["weapon_cards_face_down"] == 3
        assert 'buddy-blaster"' not in repr(view["firing_line"])


def attack_blb(faces, attacker=(1, 0), take=False, **options):
    """King Wolf's Combat Unit (1 die, 1 damage) shoots the controlled BLB; if he falls, King
    Wolf then decides on the steal (``take``; None: leave the decision pending)."""
    state = place(combat_scene(**options), "king-wolf:combat", *attacker)
    choice = {"source": "combat", "target_unit": "blb"}
    state, events = fire(state, {KW: [choice]}, ScriptedDice(faces))
    if state["pending_steal"] is not None and take is not None:
        state, more = act(state, KW, {"kind": "steal", "take": take})
        events += more
    return state, events


def attack_event(events):
    return next(e for e in events if e["kind"] == "attack")


def test_to_hit_five_plus():
    """ "Target Number: To Hit 5+ (Target Number for Big Little Buddy)\""""
    _state, events = attack_blb([5, 1])
    assert attack_event(events)["hits"] == 1 and attack_event(events)["to_hit"] == 5
    _state, events = attack_blb([4])
    assert attack_event(events)["hits"] == 0


def test_armor_five_plus():
    """ "BLB Armor Value: 5+\""""
    state, events = attack_blb([6, 5])
    assert attack_event(events)["saves"] == 1 and attack_event(events)["damage"] == 0
    state, events = attack_blb([6, 4])
    assert attack_event(events)["damage"] == 1
    assert state["units"]["blb"]["hp"] == state["data"]["blb"]["max_hp"] - 1


def test_same_defence_and_to_hit_as_heavy_hitters():
    """ "Big Little Buddy has the same Defence and Target to hit values as Heavy Hitters.\""""
    data = new()["data"]
    assert (data["blb"]["to_hit"], data["blb"]["armor"]) == (data["heavy"]["to_hit"], data["heavy"]["armor"]) == (5, 5)


def test_revealed_and_sorted_by_speed():
    """ "When declaring Weapons, the controlling player reveals their Big Little Buddy Weapon and
    sorts it by Weapon Speed into their firing line.\""""
    state = combat_scene()
    state = place(state, "thunderhappy:combat", 0, 1)
    state, events = fire(
        state,
        {
            TH: [{"source": "combat", "target_unit": "blb"}],  # speed 1
            DB: [blb_weapon("buddy-punch", target_unit="king-wolf:combat")],  # speed 5
            KW: [{"source": "combat", "target_unit": "blb"}],  # speed 1
        },
        ScriptedDice([1] * 10),
    )
    revealed = next(e for e in events if e["kind"] == "firing_line_revealed")["entries"]
    assert [e["unit"] for e in revealed] == ["blb", "king-wolf:combat", "thunderhappy:combat"]
    assert all(e["revealed"] for e in revealed)
    speeds = [e["weapon"]["speed"] for e in revealed]
    assert speeds == sorted(speeds, reverse=True)


def test_180_degree_arc():
    """ "As with Heavy Hitters, Big Little Buddy has a 180 firing arc.\""""
    state = place(combat_scene(), "king-wolf:combat", -1, 0)  # behind him (he faces east)
    with pytest.raises(IllegalAction) as err:
        act(
            state,
            DB,
            {"kind": "choose_weapons", "weapons": [blb_weapon("buddy-punch", target_unit="king-wolf:combat")]},
        )
    assert err.value.code == "illegal_target" and "arc" in err.value.message
    assert new()["data"]["blb"]["arc"] == 180


def test_flank_shots_against_him():
    """ "Therefore, opposing players can attempt Flank Shots against him.\""""
    _state, events = attack_blb([5, 6], attacker=(-1, 0))  # from behind: no defence dice
    event = attack_event(events)
    assert event["flank"] and event["defence_faces"] == [] and event["damage"] == 1
    _state, events = attack_blb([5, 6], attacker=(1, 0))
    assert not attack_event(events)["flank"] and attack_event(events)["damage"] == 0


def test_line_of_sight_required():
    """ "Big Little Buddy can only hit targets within his firing arc and must have line of sight
    to hit.\""""
    state = place(combat_scene(), "king-wolf:combat", 3, 0)  # behind the building on (2,0)
    with pytest.raises(IllegalAction) as err:
        act(
            state,
            DB,
            {"kind": "choose_weapons", "weapons": [blb_weapon("buddy-blaster", target_unit="king-wolf:combat")]},
        )
    assert "line of sight" in err.value.message


def test_mine_mate_attacks_a_chosen_hex():
    """ "Big Little Buddy's explosive attack, the Mine Mate, can be used to attack a chosen hex.\""""
    state = place(combat_scene(), "king-wolf:combat", 2, -1)
    state, events = fire(
        state, {DB: [blb_weapon("mine-mate", target_hex={"q": 1, "r": -1})]}, ScriptedDice([6, 6, 1, 1])
    )
    event = attack_event(events)
    assert event["weapon"] == "Mine Mate" and event["target"] == "king-wolf:combat"
    assert not state["units"]["king-wolf:combat"]["on_board"]


def test_mine_mate_may_target_a_building_hex_and_hits_units_behind_it():
    """ "This can be any hex, including 1 occupied by a Building. Therefore, Big Little Buddy
    can use this attack to deal Damage to units behind a Building.\""""
    state = place(combat_scene(), "king-wolf:combat", 3, 0)  # behind the building on (2,0)
    state, events = fire(state, {DB: [blb_weapon("mine-mate", target_hex={"q": 2, "r": 0})]}, ScriptedDice([6, 1, 1]))
    assert attack_event(events)["target"] == "king-wolf:combat"
    assert attack_event(events)["damage"] == 1
    hexes = next(w for w in GKR.view(combat_scene(), DB)["prompt"]["weapons"] if w.get("hexes"))["hexes"]
    assert {"q": 2, "r": 0} in hexes


# --- Destroying Big Little Buddy ----------------------------------------------------------
def test_open_to_attacks_while_controlled():
    """ "While under a player's control, Big Little Buddy is open to attacks.\""""
    targets = next(w for w in GKR.view(combat_scene(), KW)["prompt"]["weapons"] if w["source"] == "combat")["targets"]
    assert "blb" in targets


def test_destroyer_steals_a_random_sponsor_card():
    """ "If a player manages to destroy Big Little Buddy, they may steal a random Sponsor Card
    from the controlling player (if they have any).\""""
    state, _card = give_sponsor(combat_scene(blb_max_hp=1), DB, "repair-kit")
    db_cards = list(state["players"][DB]["sponsor"])
    state, events = fire(state, {KW: [{"source": "combat", "target_unit": "blb"}]}, ScriptedDice([6, 1]))
    state, events = act(state, KW, {"kind": "steal", "take": True})
    stolen = next(e for e in events if e["kind"] == "sponsor_stolen")
    assert stolen["card"] in db_cards and stolen["card"] in state["players"][KW]["sponsor"]
    assert stolen["card"] not in state["players"][DB]["sponsor"]
    assert "card" not in redact(stolen, TH) and "card" not in redact(stolen, None)
    assert redact(stolen, DB)["card"] == stolen["card"]


def test_nothing_to_steal_when_the_controller_has_none():
    state = combat_scene(blb_max_hp=1)
    state["players"][DB]["sponsor"] = []
    state, events = fire(state, {KW: [{"source": "combat", "target_unit": "blb"}]}, ScriptedDice([6, 1]))
    assert next(e for e in events if e["kind"] == "sponsor_stolen")["card"] is None
    assert state["players"][KW]["sponsor"] == new()["players"][KW]["sponsor"]


def test_destroyed_he_leaves_the_battlefield_and_a_new_one_appears_after_reset():
    """ "Once destroyed, Big Little Buddy is removed from the Battlefield. But don't worry, a new
    BLB will appear at the end of the Reset Phase.\""""
    state, events = attack_blb([6, 1], blb_max_hp=1)
    assert any(e["kind"] == "blb_destroyed" for e in events)
    assert not state["units"]["blb"]["on_board"]
    assert state["phase"] == "tagging"
    state, _ = pass_until(state, "deploy")
    assert state["units"]["blb"]["on_board"] and state["units"]["blb"]["hp"] == 1


def test_uncontrolled_he_cannot_be_attacked():
    """ "If Big Little Buddy is not controlled by anyone, players cannot attack him.\""""
    state, _ = pass_until(new(), "combat")
    state = place(state, "king-wolf:combat", 1, 0)
    with refused("blb_not_attackable"):
        act(state, KW, {"kind": "choose_weapons", "weapons": [{"source": "combat", "target_unit": "blb"}]})
    targets = next(w for w in GKR.view(state, KW)["prompt"]["weapons"] if w["source"] == "combat")["targets"]
    assert "blb" not in targets


def test_the_destroyer_may_decline_to_steal():
    """ "... they may steal ...": the destroyer may decline when he falls."""
    state, card = give_sponsor(combat_scene(blb_max_hp=1), DB, "repair-kit")
    before = list(state["players"][KW]["sponsor"])
    state, events = fire(state, {KW: [{"source": "combat", "target_unit": "blb"}]}, ScriptedDice([6, 1]))
    assert next(e for e in events if e["kind"] == "blb_destroyed")["by"] == KW
    state, events = act(state, KW, {"kind": "steal", "take": False})
    assert not any(e["kind"] == "sponsor_stolen" for e in events)
    assert state["players"][KW]["sponsor"] == before and card in state["players"][DB]["sponsor"]


@pytest.mark.parametrize("face", [1, 2, 3])
def test_the_report_places_the_steal_by_the_hand_size_alone(face):
    """The event's public copy carries the size of the hand the card was taken from (public:
    every seat's sponsor count is), and the report tells the steal by its chance, 1 in that
    size, for every face of the die (each face takes a different card), naming no card."""
    state, _ = give_sponsor(combat_scene(blb_max_hp=1), DB, "repair-kit")
    state, _ = give_sponsor(state, DB, "repair-kit")
    hand = sorted(state["players"][DB]["sponsor"])
    view_before = GKR.view(state, None)["players"][DB]["sponsor_count"]
    state, _ = fire(state, {KW: [{"source": "combat", "target_unit": "blb"}]}, ScriptedDice([6, 1]))
    state, events = act(state, KW, {"kind": "steal", "take": True}, ScriptedDice([face]))
    stolen = next(e for e in events if e["kind"] == "sponsor_stolen")
    assert stolen["card"] == hand[face - 1] and redact(stolen, None) == {
        "kind": "sponsor_stolen",
        "by": KW,
        "from": DB,
        "hand": len(hand),
    }
    assert view_before == len(hand) > 1
    (placed,) = chances([{**redact(stolen, None), "seq": 7}], GKR.view(state, None))
    assert not placed.counted and placed.chance == Fraction(1, len(hand)) and placed.luck == 0
    assert placed.rule == {"hand": len(hand)} and placed.dice == () and stolen["card"] not in str(luck.to_json(placed))
