"""Attacks in play: the rulebook's examples reproduced on the table, arcs, perks, ROF, IF."""

import math

import pytest

from app.core.errors import IllegalAction
from tests.kit.refused import refused
from tests.systems.hgb.scenario import act, battle, by_kind, shot

WALL = {"id": "w", "type": "wall", "polygon": [[20, 21.6], [28, 21.6], [28, 21.8], [20, 21.8]]}
LOW_WALL = {"rules": {"terrain_heights": {"wall": 0.5}}}
HUNTERS = {"north": {"faction": "north"}, "south": {"faction": "north"}}  # Hunters on both sides


def joe_table():
    # Hunter vs Hunter 13 inches apart centre to centre: 12 base to base, Medium for the LAC.
    # A low wall in front of the target hides its legs: Light Cover (+0), as in the example.
    return battle(
        {"n-cg1-3": (24, 10, 90), "s-cg1-3": (24, 23, 270)},
        {"terrain": [WALL], "data": LOW_WALL, "north": {"faction": "north"}, "south": {"faction": "north"}},
    )


def test_gear_joe_on_the_table():
    t = joe_table()
    aim = act(t, "north", {"kind": "aim", "model": "n-cg1-3", "weapon": "LAC", "target": "s-cg1-3"})[0]
    assert aim["band"] == "medium" and aim["cover"]["category"] == "light"
    assert sum(aim["attack_modifiers"].values()) == -1
    assert aim["defense_modifiers"] == {"movement": -1}
    events = act(t, "north", {"kind": "attack", "model": "n-cg1-3", "weapon": "LAC", "target": "s-cg1-3"}, [5, 3, 2, 1])
    res = by_kind(events, "attack_resolved")[0]
    assert (res["attack"], res["mos"], res["damage"], res["boxes"]) == (4, 3, 24, 1)
    card = next(c for c in t.view("north")["cards"] if c["id"] == "s-cg1-3")
    assert [b["crossed"] for b in card["boxes"]] == [True, False, False, False, False]


def test_gear_joe_mos_6_is_overkill_and_removes_the_model():
    t = joe_table()
    events = act(t, "north", {"kind": "attack", "model": "n-cg1-3", "weapon": "LAC", "target": "s-cg1-3"}, [6, 6, 1, 1])
    res = by_kind(events, "attack_resolved")[0]
    assert res["mos"] == 6 and res["damage"] == 48 and res["overkill"]
    assert t.state["models"]["s-cg1-3"]["status"] == "removed"
    assert t.state["result"]["winners"] == ["north"]


def test_out_of_arc_and_one_attack_per_round():
    t = battle({"n-cg1-3": (24, 10, 270), "s-cg1-3": (24, 20, 270)})
    with pytest.raises(IllegalAction, match="arc"):
        act(t, "north", {"kind": "attack", "model": "n-cg1-3", "weapon": "LAC", "target": "s-cg1-3"})
    t = battle({"n-cg1-3": (24, 10, 90), "s-cg1-3": (24, 20, 90)})
    aim = act(t, "north", {"kind": "aim", "model": "n-cg1-3", "weapon": "LAC", "target": "s-cg1-3"})[0]
    assert aim["defense_modifiers"]["rear_arc"] == -1  # shot in the back
    act(t, "north", {"kind": "attack", "model": "n-cg1-3", "weapon": "LAC", "target": "s-cg1-3"}, [1, 2, 6, 6])
    with refused("no_action"):
        act(t, "north", {"kind": "attack", "model": "n-cg1-3", "weapon": "LRP", "target": "s-cg1-3"})


def test_destroyed_model_stays_as_a_wreck_and_heavy_damage_penalises():
    t = battle({"n-cg1-3": (24, 10, 90), "s-cg1-3": (24, 20, 270), "s-cg1-4": (30, 20, 270)}, HUNTERS)
    t.state["models"]["s-cg1-3"]["crossed"] = 4  # [S][S][L][H] crossed: Heavy... then Critical
    card = next(c for c in t.view(None)["cards"] if c["id"] == "s-cg1-3")
    assert card["damage"] == "heavy"
    aim = act(t, "north", {"kind": "aim", "model": "n-cg1-3", "weapon": "LAC", "target": "s-cg1-3"})[0]
    assert aim["defense_modifiers"]["damage"] == -1
    # All boxes crossed (Critical); attack 6 - 1 + 1 = 6 against 6 - 1 - 2 = 3: MoS 3, one more box.
    t.state["models"]["s-cg1-3"]["crossed"] = 5
    events = act(t, "north", {"kind": "attack", "model": "n-cg1-3", "weapon": "LAC", "target": "s-cg1-3"}, [6, 1, 6, 1])
    res = by_kind(events, "attack_resolved")[0]
    assert res["result"] == "destroyed"
    assert t.state["models"]["s-cg1-3"]["status"] == "wreck"
    piece = next(p for p in t.view(None)["pieces"] if p["id"] == "s-cg1-3")
    assert piece["status"] == "wreck" and piece["owner"] is None
    # a wreck is no target, and the refusal names it as the board does, not by its id
    label = t.state["models"]["s-cg1-3"]["label"]
    with pytest.raises(IllegalAction, match=f"^{label} is a wreck, not a target$") as refused:
        act(t, "north", {"kind": "aim", "model": "n-cg1-3", "weapon": "LAC", "target": "s-cg1-3"})
    assert refused.value.code == "illegal_target"


def test_focused_fire_adds_dm_and_never_at_extreme():
    t = battle({"n-cg2-3": (24, 10, 90), "s-cg1-3": (24, 20, 270)}, HUNTERS)  # veteran Grizzly, MRP ROF 1
    events = act(
        t,
        "north",
        {"kind": "attack", "model": "n-cg2-3", "weapon": "MRP", "target": "s-cg1-3", "focus": 1},
        [4, 1, 1, 1, 2],
    )
    assert by_kind(events, "attack")[0]["focus"] == 1
    res = by_kind(events, "attack_resolved")[0]
    assert res["damage"] == res["mos"] * 19
    t = battle({"n-cg2-3": (24, 2, 90), "s-cg1-3": (24, 33, 270)}, HUNTERS)  # 30 base to base: MRP Extreme
    with pytest.raises(IllegalAction, match="Extreme"):
        act(t, "north", {"kind": "attack", "model": "n-cg2-3", "weapon": "MRP", "target": "s-cg1-3", "focus": 1})


def test_sweep_fire_hits_friends_and_foes_near_the_main_target():
    t = battle(
        {
            "n-cg2-3": (24, 10, 90),
            "s-cg1-3": (24, 20, 270),
            "s-cg1-4": (25.6, 20, 270),
            "n-cg1-3": (25.2, 21.3, 90),
            "s-cg1-1": (40, 20, 270),
        },
        HUNTERS,
    )
    events = act(
        t,
        "north",
        {"kind": "attack", "model": "n-cg2-3", "weapon": "MRP", "target": "s-cg1-3", "sweep": 1},
        [4, 1, 1] + [1, 1] * 3,
    )
    hit = {e["target"] for e in by_kind(events, "attack_resolved")}
    assert hit == {"s-cg1-3", "s-cg1-4", "n-cg1-3"}


def test_light_rocket_pack_indirect_example():
    # Observer Hunter 4 sees the target; Hunter 3 fires its LRP at Long range (-2), accuracy -1,
    # open target from the observer +1: modified -2 in all. Unmodified 4 -> 2 against 4: MoF 2;
    # deviation d6 = 1 (straight on along the attacker-target line): 2 inches beyond the target,
    # where another Hunter defends against the unmodified 4.
    t = battle(
        {"n-cg1-3": (24, 2, 90), "n-cg1-4": (30, 16, 90), "s-cg1-3": (24, 24, 270), "s-cg1-4": (24, 26, 270)}, HUNTERS
    )
    act(t, "north", {"kind": "designate", "model": "n-cg1-4", "target": "s-cg1-3"})
    events = act(
        t,
        "north",
        {"kind": "attack", "model": "n-cg1-3", "weapon": "LRP", "target": "s-cg1-3", "indirect": True},
        [4, 2, 1, 3, 1],
    )
    shot = by_kind(events, "indirect_attack")[0]
    assert shot["attack_roll"]["result"] == 4 and shot["modified"] == 2 and shot["mof"] == 2
    assert shot["aim"]["attack_modifiers"] == {"range": -2, "movement": 0, "accuracy": -1, "cover": 1}
    assert math.isclose(math.dist(shot["landing"], [24, 24]), 2)
    (res,) = by_kind(events, "attack_resolved")
    assert res["target"] == "s-cg1-4" and res["attack"] == 4
    assert res["defense_roll"]["result"] == 3 and res["mos"] == 2  # 4 against 3 - 1


def test_indirect_needs_a_designation():
    t = battle({"n-cg1-3": (24, 2, 90), "s-cg1-3": (24, 24, 270)})
    with refused("not_designated"):
        act(t, "north", {"kind": "attack", "model": "n-cg1-3", "weapon": "LRP", "target": "s-cg1-3", "indirect": True})


def test_hand_grenade_ranges_are_size_and_twice_size():
    opts = {"north": {"faction": "peace_river"}}
    t = battle({"n-cg1-1": (24, 10, 90), "s-cg1-3": (24, 15, 270)}, opts)  # 4 base to base <= Size 5
    aim = act(t, "north", {"kind": "aim", "model": "n-cg1-1", "weapon": "HG", "target": "s-cg1-3"})[0]
    assert aim["band"] == "short" and aim["attack_modifiers"]["range"] == 0 and aim["indirect"]
    t = battle({"n-cg1-1": (24, 10, 90), "s-cg1-3": (24, 20, 270)}, opts)  # 9 inches: Medium
    assert (
        act(t, "north", {"kind": "aim", "model": "n-cg1-1", "weapon": "HG", "target": "s-cg1-3"})[0]["band"] == "medium"
    )
    t = battle({"n-cg1-1": (24, 10, 90), "s-cg1-3": (24, 22, 270)}, opts)
    with pytest.raises(IllegalAction, match="beyond"):
        act(t, "north", {"kind": "attack", "model": "n-cg1-1", "weapon": "HG", "target": "s-cg1-3"})


def test_reinforced_armor_and_weak_side():
    # Grizzly: Reinforced Armor 2 in its front arc (armor 18 -> 20)
    t = battle({"s-cg1-3": (24, 20, 270), "n-cg2-3": (24, 10, 90)}, first="south")
    res = shot(t, "south", "s-cg1-3", "LAC", "n-cg2-3", [5, 1, 1, 1, 1, 1])
    assert res["armor"] == 20
    # Spitting Cobra: Weak Side in its rear arc: a tie hits with MoS 2
    t = battle({"n-cg1-3": (24, 10, 90), "s-cg2-1": (24, 20, 90)})
    res = shot(t, "north", "n-cg1-3", "LAC", "s-cg2-1", [3, 1, 5, 1])
    # attack 3 - 1 (medium) + 1 (open) = 3; defense 5 - 2 (movement -1, rear -1) = 3: a tie
    assert res["weak_side"] and res["hit"] and res["mos"] == 2


def test_autopilot_attacks_twice_and_defends_with_one_die():
    t = battle({"n-cg2-k": (24, 10, 90), "s-cg1-3": (24, 20, 270)}, HUNTERS, first="north", autopilot=("n-cg2-k",))
    for _ in range(2):  # the veteran Jaguar-AK rolls 3 dice; the Hunter defends with 2
        act(t, "north", {"kind": "attack", "model": "n-cg2-k", "weapon": "LAC", "target": "s-cg1-3"}, [1, 2, 3, 6, 6])
    with pytest.raises(IllegalAction):
        act(t, "north", {"kind": "attack", "model": "n-cg2-k", "weapon": "LAC", "target": "s-cg1-3"})
    act(t, "north", {"kind": "end_group"})
    res = shot(t, "south", "s-cg1-3", "LAC", "n-cg2-k", [1, 2, 3])
    assert len(res["defense_roll"]["faces"]) == 1


def test_ecm_can_jam_a_designation():
    opts = {"north": {"faction": "peace_river"}}
    t = battle({"n-cg1-1": (24, 10, 90), "s-cg1-3": (24, 20, 270), "s-cg1-4": (30, 20, 270)}, opts, first="south")
    act(t, "south", {"kind": "designate", "model": "s-cg1-4", "target": "n-cg1-1"})
    assert "n-cg1-1" in t.state["designations"]
    act(t, "south", {"kind": "end_group"})
    ev = act(t, "north", {"kind": "ecm", "model": "n-cg1-1", "observer": "s-cg1-4"}, [5, 3])
    assert ev[-1]["jammed"] and "n-cg1-1" not in t.state["designations"]


def test_area_effect_includes_the_thrower():
    opts = {"north": {"faction": "peace_river"}, "south": {"faction": "north"}}
    t = battle({"n-cg1-1": (24, 10, 90), "s-cg1-3": (24, 11.4, 270)}, opts)
    events = act(
        t, "north", {"kind": "attack", "model": "n-cg1-1", "weapon": "HG", "target": "s-cg1-3"}, [6, 6, 1, 1, 1, 1]
    )
    shot = by_kind(events, "indirect_attack")[0]
    assert shot["on_target"] and shot["unmodified"] == 7
    assert {e["target"] for e in by_kind(events, "attack_resolved")} == {"n-cg1-1", "s-cg1-3"}


def test_translator_designation_rolls_ew_against_3():
    opts = {"designation": "translator", **HUNTERS}
    t = battle({"n-cg1-4": (30, 16, 90), "s-cg1-3": (24, 24, 270)}, opts)
    failed = act(t, "north", {"kind": "designate", "model": "n-cg1-4", "target": "s-cg1-3"}, [2])
    assert failed[-1]["kind"] == "designation_failed" and failed[-1]["value"] == 3  # 2 + open cover 1
    assert "s-cg1-3" not in t.state["designations"]
    t = battle({"n-cg1-4": (30, 16, 90), "s-cg1-3": (24, 24, 270)}, opts)
    ok = act(t, "north", {"kind": "designate", "model": "n-cg1-4", "target": "s-cg1-3"}, [3])
    assert ok[-1]["kind"] == "designated" and ok[-1]["value"] == 4  # "reaches 4": designated


def test_translator_designation_limit():
    opts = {"designation": "translator", **HUNTERS}
    t = battle(
        {"n-cg1-3": (24, 2, 90), "n-cg1-4": (30, 16, 90), "n-cg1-1": (18, 2, 90), "s-cg1-3": (24, 24, 270)}, opts
    )
    ok = act(t, "north", {"kind": "designate", "model": "n-cg1-4", "target": "s-cg1-3"}, [5])
    assert ok[-1]["kind"] == "designated" and t.state["designations"]["s-cg1-3"]["limit"] == 1
    act(
        t,
        "north",
        {"kind": "attack", "model": "n-cg1-3", "weapon": "LRP", "target": "s-cg1-3", "indirect": True},
        [1, 2, 3, 1, 1],
    )
    with refused("designation_full"):
        act(t, "north", {"kind": "attack", "model": "n-cg1-1", "weapon": "LRP", "target": "s-cg1-3", "indirect": True})


def test_targets_offer_indirect_fire_at_designated_enemies():
    from app.systems.hgb.view import targets

    t = battle({"n-cg1-3": (24, 2, 90), "n-cg1-4": (30, 16, 90), "s-cg1-3": (24, 24, 270)}, HUNTERS)
    act(t, "north", {"kind": "designate", "model": "n-cg1-4", "target": "s-cg1-3"})
    act(t, "north", {"kind": "set_speed", "model": "n-cg1-3", "speed": "combat"})
    offers = [x for x in targets(t.state, t.state["models"]["n-cg1-3"]) if x["indirect"]]
    assert offers and offers[0]["weapon"] == "LRP" and offers[0]["cover_from"] == "n-cg1-4"
    aim = act(t, "north", {"kind": "aim", "model": "n-cg1-3", "weapon": "LRP", "target": "s-cg1-3", "indirect": True})
    assert aim[0]["cover_from"] == "n-cg1-4"  # what the attack panel asks through /preview
    assert "targets" not in t.view("north") and "targets" not in t.view("south")  # worked out on demand


def test_exactly_90_degrees_is_one_arc_for_rear_weak_side_and_reinforced_armor():
    """Rulebook, Firing Arcs: "FRONT ARC (F). The front 180 degrees" and "REAR ARC (Rr). The rear
    180 degrees"; Defense Modifiers: "-1 ... if the attacker is in the defender's Rear (Rr) firing
    arc"; Weak Side: "+2 to the MoS ... directed into that firing arc". One rule: a shooter exactly
    on the flank line (90 degrees) is in the front arc, for the -1, Weak Side and Reinforced Armor."""
    # Spitting Cobra (Weak Side in Rr) faces east; the Hunter is due north of it: exactly 90 degrees.
    t = battle({"n-cg1-3": (24, 10, 90), "s-cg2-1": (24, 20, 0)})
    aim = act(t, "north", {"kind": "aim", "model": "n-cg1-3", "weapon": "LAC", "target": "s-cg2-1"})[0]
    assert "rear_arc" not in aim["defense_modifiers"]
    res = shot(t, "north", "n-cg1-3", "LAC", "s-cg2-1", [3, 1, 4, 1])
    assert not res["weak_side"] and not res["hit"]  # 3 - 1 + 1 = 3 against 4 - 1 = 3: a plain tie misses
    # Grizzly (Reinforced Armor 2 in F) faces east; the Jäger is due south of it: 90 degrees, front arc.
    t = battle({"s-cg1-3": (24, 20, 270), "n-cg2-3": (24, 10, 0)}, first="south")
    res = shot(t, "south", "s-cg1-3", "LAC", "n-cg2-3", [5, 1, 1, 1, 1, 1])
    assert res["armor"] == 20 and "rear_arc" not in res["defense_modifiers"]


def test_direct_area_effect_without_if_keeps_its_blast_when_the_main_target_is_missed():
    """Rulebook, Area Effect: "Any model, including the shooter itself, that comes under fire even
    partially must defend or take damage." Only IF weapons fired directly lose their blast on a miss
    (translator: "Can Indirect Fire weapons be fired by direct aim? ... if you miss, all area effects
    ... also go wide and miss")."""
    opts = {**HUNTERS, "data": {"weapons": {"LAC": {"ae": 1}}}}  # a direct-fire AE 1 weapon, no IF
    t = battle({"n-cg1-3": (24, 10, 90), "s-cg1-3": (24, 20, 270), "s-cg1-4": (25.4, 20, 270)}, opts)
    events = act(
        t, "north", {"kind": "attack", "model": "n-cg1-3", "weapon": "LAC", "target": "s-cg1-3"}, [1, 2, 6, 1, 1, 1]
    )
    res = {e["target"]: e for e in by_kind(events, "attack_resolved")}
    assert not res["s-cg1-3"]["hit"]  # 2 - 1 + 1 = 2 against 6 - 1 = 5
    assert res["s-cg1-4"]["role"] == "area" and res["s-cg1-4"]["hit"]  # the blast still comes down
    # an IF weapon fired directly that misses takes its blast wide (translator)
    opts = {**HUNTERS, "data": {"weapons": {"LAC": {"ae": 1, "if": True}}}}
    t = battle({"n-cg1-3": (24, 10, 90), "s-cg1-3": (24, 20, 270), "s-cg1-4": (25.4, 20, 270)}, opts)
    events = act(
        t, "north", {"kind": "attack", "model": "n-cg1-3", "weapon": "LAC", "target": "s-cg1-3"}, [1, 2, 6, 1, 1, 1]
    )
    assert [e["target"] for e in by_kind(events, "attack_resolved")] == ["s-cg1-3"]


def test_sweep_fire_checks_arc_and_range_for_every_target():
    """Rulebook, ROF: "All targets in the Sweep Fire area ... must defend against this attack ... All
    attack and defense modifiers are determined separately for each target." and "It cannot be used
    at Extreme range." Each swept model gets its own range band; one outside the weapon's arc or at
    Extreme range is not attacked (Warboard reading, README)."""
    # The main target is just inside the Grizzly's front arc; the other Hunter, 2 inches away, is
    # just outside it (99.5 degrees off the facing).
    t = battle({"n-cg2-3": (24, 10, 90), "s-cg1-3": (30, 11, 270), "s-cg1-4": (30, 9, 270)}, HUNTERS)
    events = act(
        t,
        "north",
        {"kind": "attack", "model": "n-cg2-3", "weapon": "MRP", "target": "s-cg1-3", "sweep": 1},
        [4, 1, 1, 1, 1, 1, 1],
    )
    assert [e["target"] for e in by_kind(events, "attack_resolved")] == ["s-cg1-3"]
    assert by_kind(events, "attack")[0]["spared"] == [{"model": "s-cg1-4", "why": "outside the MRP's F arc"}]
    # main target at Long range (-2); the swept one at Extreme range: spared
    t = battle(
        {"n-cg2-3": (24, 2, 90), "s-cg1-3": (24, 26.5, 270), "s-cg1-4": (24, 28.2, 270), "s-cg1-1": (25.6, 26.5, 270)},
        HUNTERS,
    )
    events = act(
        t,
        "north",
        {"kind": "attack", "model": "n-cg2-3", "weapon": "MRP", "target": "s-cg1-3", "sweep": 1},
        [6, 1, 1] + [1, 1] * 3,
    )
    res = {e["target"]: e for e in by_kind(events, "attack_resolved")}
    assert set(res) == {"s-cg1-3", "s-cg1-1"}
    assert res["s-cg1-3"]["attack_modifiers"]["range"] == -2 and res["s-cg1-1"]["attack_modifiers"]["range"] == -2
    assert by_kind(events, "attack")[0]["spared"][0]["model"] == "s-cg1-4"


def test_autopilot_is_switched_on_at_the_start_of_a_round_not_after_defending():
    """Rulebook, Perks: "AUTOPILOT ... You may activate the model's autopilot at the start of a round.
    While it is active, the model may roll only one die on defense, but it may attack twice." """
    t = battle({"n-cg2-k": (24, 10, 90), "s-cg1-3": (24, 20, 270), "s-cg1-4": (30, 20, 270)}, HUNTERS, first="south")
    res = shot(t, "south", "s-cg1-3", "LAC", "n-cg2-k", [1, 2, 3, 1, 1, 1])
    assert len(res["defense_roll"]["faces"]) == 4  # the veteran Jaguar-AK defends with DEF 4
    act(t, "south", {"kind": "end_group"})
    with pytest.raises(IllegalAction) as err:  # mid-round, after it has defended: too late
        act(t, "north", {"kind": "set_speed", "model": "n-cg2-k", "speed": "combat", "autopilot": True})
    assert err.value.code == "autopilot_at_round_start"
    ev = act(t, "north", {"kind": "autopilot", "model": "n-cg2-k"})
    assert ev[0]["from_round"] == 2 and not t.state["models"]["n-cg2-k"]["autopilot"]
    ev = act(t, "north", {"kind": "done", "model": "n-cg2-k"})  # its group ends, and with it the round
    assert by_kind(ev, "round_started") and t.state["models"]["n-cg2-k"]["autopilot"]  # the order stands


def test_autopilot_gives_a_second_attack_not_a_second_action():
    """Rulebook, Perks: the Autopilot model "may attack twice"; Movement: "movement at Full Speed
    always costs 1 Action of the model"; Actions: "A Gear that spends its single Action on movement
    at Full Speed cannot attack in that round." """
    t = battle({"n-cg2-k": (24, 10, 90), "s-cg1-3": (24, 20, 270)}, HUNTERS, autopilot=("n-cg2-k",))
    act(t, "north", {"kind": "set_speed", "model": "n-cg2-k", "speed": "full"})
    act(t, "north", {"kind": "move", "model": "n-cg2-k", "path": [[24, 11]]})
    with refused("no_action"):
        act(t, "north", {"kind": "attack", "model": "n-cg2-k", "weapon": "LAC", "target": "s-cg1-3"})


def test_a_shooter_under_its_own_blast_is_attacked_with_the_shots_own_modifiers():
    """Rulebook, Area Effect: "Any model, including the shooter itself, that comes under fire even
    partially must defend or take damage." and Attack Modifiers: "ATTACKER'S MOVEMENT AND WEAPON
    ACCURACY. Both modifiers are given on the model's card." The shooter is attacked by its own shot:
    the weapon's accuracy and its own movement and damage modifiers count, at Point Blank in the open."""
    opts = {**HUNTERS, "data": {"weapons": {"LAC": {"ae": 1, "accuracy": -1}}}}
    t = battle({"n-cg1-3": (24, 10, 90), "s-cg1-3": (24, 11.2, 270)}, opts)
    t.state["models"]["n-cg1-3"]["crossed"] = 4  # Heavy: -1 to all rolls
    events = act(t, "north", {"kind": "attack", "model": "n-cg1-3", "weapon": "LAC", "target": "s-cg1-3"})
    res = {e["target"]: e for e in by_kind(events, "attack_resolved")}
    own = res["n-cg1-3"]
    assert own["role"] == "area"
    assert own["attack_modifiers"] == {"range": 1, "movement": 0, "accuracy": -1, "cover": 1, "damage": -1}
