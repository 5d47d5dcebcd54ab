"""Close combat and shooting: Warboard defaults (data/combat.json, data/attack_types.json).
The text's rule tested here: damage takes effect at once."""

from __future__ import annotations

from typing import Any

import pytest

from app.systems.srbr import combat
from tests.kit.refused import refused
from tests.systems.srbr.util import SYSTEM, act, damage_part, kinds, new_game, open_table, place


def duel(options: dict[str, Any] | None = None, gap: float = 0.0) -> dict[str, Any]:
    """Kabuto (p1, base 4) facing Gamera (p2, base 5) across ``gap`` cm, nothing else near."""
    state = open_table(new_game(options))
    state = place(state, "p1-kabuto", 40, 40, 0)
    state = place(state, "p2-gamera", 44.5 + gap, 40, 180)
    state = place(state, "p1-raijin", 10, 80, 270)
    return place(state, "p2-tetsu", 80, 10, 90)


def ready(
    state: dict[str, Any], mecha: str = "p1-kabuto", part: str = "arms", seat: str = "p1", actions: int = 1
) -> dict[str, Any]:
    state, _ = act(
        state, seat, {"kind": "activate", "mecha": mecha, "part": part, "dice": actions}, faces=[6] * actions
    )
    return state


def part(state: dict[str, Any], mecha: str, part_id: str) -> dict[str, Any]:
    return next(p for p in SYSTEM.view(state, None)["mechas"][mecha]["parts"] if p["id"] == part_id)


@pytest.mark.parametrize(
    "a,d,ad,dd,key",
    [
        (7, 5, 4, 1, "attacker_wins_odd"),
        (7, 5, 4, 2, "attacker_wins_even"),
        (10, 5, 6, 1, "attacker_double"),
        (3, 0, 1, 1, "attacker_double"),
        (5, 5, 2, 3, "tie"),
        (4, 6, 2, 3, "defender_wins"),
        (3, 6, 1, 3, "defender_double"),
    ],
)
def test_result_rows(a: int, d: int, ad: int, dd: int, key: str) -> None:
    assert combat.result_key(a, d, ad, dd) == key


def test_close_attacks_need_contact() -> None:
    state = ready(duel(gap=1.0))
    with refused("not_in_contact"):
        act(state, "p1", {"kind": "attack", "attack": "punch", "target": "p2-gamera"})


def test_damage_takes_effect_at_once_and_darkens_the_dice() -> None:
    state = ready(duel())
    # punch: 6 + C3 = 9 against 1 + best C4 = 5; odd losing die: damage and recoil; location 2 = torso
    state, events = act(state, "p1", {"kind": "attack", "attack": "punch", "target": "p2-gamera"}, faces=[6, 1, 2])
    assert events[0]["result"] == "attacker_wins_odd"
    assert kinds(events)[:3] == ["attack", "damaged", "pushed"]
    torso = part(state, "p2-gamera", "torso")
    assert torso["damage"] == 1 and torso["dice"] == ["yellow"] * 3
    # "All distances are measured with three sticks": recoil is a Short stick (5 cm)
    assert state["mechas"]["p2-gamera"]["x"] == pytest.approx(49.5, abs=0.01)


def test_health_track_white_yellow_red_then_destroyed() -> None:
    state = duel()
    colours = [
        part(damage_part(state, "p2-gamera", "tail", damage), "p2-gamera", "tail")["dice"] for damage in range(4)
    ]
    assert colours == [["white"] * 3, ["yellow"] * 3, ["red"] * 3, []]


def test_a_double_destroys_the_part_and_a_vital_part_the_mecha() -> None:
    state = ready(duel())
    # aimed at the torso (-1): 6 + 3 - 1 = 8 against 1 + 4 = 5 is no double; use a weaker defence
    state = damage_part(state, "p2-gamera", "torso", 0)
    state = damage_part(state, "p2-gamera", "head", 3)  # C3 gone, best C is torso 4
    state, events = act(
        state, "p1", {"kind": "attack", "attack": "punch", "target": "p2-gamera", "target_part": "torso"}, faces=[6, 1]
    )
    assert events[0]["attack_roll"]["modifiers"] == {"aimed_part": -1}
    assert events[0]["result"] == "attacker_wins_odd"
    state = damage_part(state, "p2-gamera", "torso", 0)
    state = place(state, "p2-gamera", 44.5, 40, 180)
    state = {
        **state,
        "mechas": {
            **state["mechas"],
            "p2-gamera": {
                **state["mechas"]["p2-gamera"],
                "parts": [{**p, "c": 0} for p in state["mechas"]["p2-gamera"]["parts"]],
            },
        },
    }
    state, _ = act(state, "p1", {"kind": "end_turn"})
    state, _ = act(state, "p2", {"kind": "end_turn"})
    state = ready(state)
    state, events = act(
        state, "p1", {"kind": "attack", "attack": "punch", "target": "p2-gamera", "target_part": "torso"}, faces=[5, 2]
    )
    assert events[0]["result"] == "attacker_double"
    assert "mecha_destroyed" in kinds(events)
    assert state["mechas"]["p2-gamera"]["out"] == "destroyed"
    assert all(p["id"] != "p2-gamera" for p in SYSTEM.view(state, None)["pieces"])
    assert SYSTEM.outcome(state) is None  # p2 still has the tank


def test_knock_down_then_stand_up() -> None:
    state = ready(duel())
    state, events = act(state, "p1", {"kind": "attack", "attack": "punch", "target": "p2-gamera"}, faces=[6, 2, 4])
    assert events[0]["result"] == "attacker_wins_even" and "knocked_down" in kinds(events)
    assert state["mechas"]["p2-gamera"]["status"] == "fallen"
    state, _ = act(state, "p1", {"kind": "end_turn"})
    state, _ = act(state, "p2", {"kind": "activate", "mecha": "p2-gamera", "part": "legs", "dice": 2}, faces=[6, 6])
    with refused("fallen"):
        act(state, "p2", {"kind": "move", "x": 60, "y": 40})
    state, events = act(state, "p2", {"kind": "stand_up"})
    assert state["mechas"]["p2-gamera"]["status"] == "standing"


def test_attacks_on_a_fallen_mecha_get_the_bonus() -> None:
    state = ready(duel())
    state = place(state, "p2-gamera", 44.5, 40, 180, status="fallen")
    state, events = act(state, "p1", {"kind": "attack", "attack": "punch", "target": "p2-gamera"}, faces=[3, 3])
    assert events[0]["attack_roll"]["modifiers"] == {"target_fallen": 1}


def test_defender_wins_close_combat_attacker_recoils_and_slam_hurts_itself() -> None:
    state = ready(duel(), part="torso")
    state, events = act(
        state, "p1", {"kind": "attack", "attack": "slam", "target": "p2-gamera"}, faces=[2, 4]
    )  # 2+2+1 = 5 against 4+4 = 8
    assert events[0]["result"] == "defender_wins"
    assert events[0]["effects"] == ["attacker_recoil", "attacker_damage"]
    assert state["mechas"]["p1-kabuto"]["x"] == pytest.approx(35, abs=0.01)  # a Short stick back
    assert part(state, "p1-kabuto", "torso")["damage"] == 1


def test_outnumbered_defender() -> None:
    state = ready(duel())
    state = place(state, "p1-raijin", 44.5, 44.5, 270)
    state, events = act(state, "p1", {"kind": "attack", "attack": "punch", "target": "p2-gamera"}, faces=[3, 3])
    assert events[0]["defence_roll"]["modifiers"] == {"outnumbered": -1}


def test_shooting_needs_range_sight_and_no_melee() -> None:
    state = open_table(new_game())
    state = place(state, "p1-raijin", 20, 40, 0)
    state = place(state, "p2-tetsu", 33, 40, 180)  # anchor to footprint: 13 - 2 = 11 <= Long 12
    state = ready(state, "p1-raijin", "rifle", actions=3)
    state, events = act(state, "p1", {"kind": "attack", "attack": "shoot", "target": "p2-tetsu"}, faces=[3, 3])
    assert events[0]["mode"] == "ranged"
    state = place(state, "p2-tetsu", 40, 40, 180)
    with refused("out_of_range"):
        act(state, "p1", {"kind": "attack", "attack": "shoot", "target": "p2-tetsu"})
    walled = {
        **state,
        "board": {
            **state["board"],
            "terrain": [{"id": "w", "type": "building", "polygon": [[26, 30], [27, 30], [27, 50], [26, 50]]}],
        },
    }
    walled = place(walled, "p2-tetsu", 33, 40, 180)
    with refused("no_line_of_sight"):
        act(walled, "p1", {"kind": "attack", "attack": "shoot", "target": "p2-tetsu"})
    melee = place(place(state, "p2-tetsu", 33, 40, 180), "p2-gamera", 24.5, 40, 180)
    with refused("in_melee"):
        act(melee, "p1", {"kind": "attack", "attack": "shoot", "target": "p2-tetsu"})


def test_a_part_can_only_use_its_own_attacks() -> None:
    state = ready(duel())
    with refused("cannot_attack"):
        act(state, "p1", {"kind": "attack", "attack": "kick", "target": "p2-gamera"})


def test_host_can_edit_the_results_table() -> None:
    rows = [
        {"when": w, "effects": ["knock_back"]}
        for w in (
            "attacker_double",
            "attacker_wins_odd",
            "attacker_wins_even",
            "tie",
            "defender_wins",
            "defender_double",
        )
    ]
    state = ready(duel({"rules": {"initiative": {"method": "fixed"}, "combat": {"results": {"close": rows}}}}))
    state, events = act(state, "p1", {"kind": "attack", "attack": "punch", "target": "p2-gamera"}, faces=[6, 1])
    assert events[0]["effects"] == ["knock_back"]
    assert state["mechas"]["p2-gamera"]["x"] == pytest.approx(49.5, abs=0.01)  # Short stick


def test_manual_combat_rolls_nothing_and_records_results() -> None:
    state = ready(duel({"manual": {"combat": True}}))
    state, events = act(state, "p1", {"kind": "attack", "attack": "punch", "target": "p2-gamera"})
    assert kinds(events)[0] == "attack_declared"
    state, events = act(
        state,
        "p1",
        {"kind": "record", "mecha": "p2-gamera", "part": "tail", "damage": 2, "status": "fallen", "note": "agreed"},
    )
    assert part(state, "p2-gamera", "tail")["dice"] == ["red"] * 3
    assert state["mechas"]["p2-gamera"]["status"] == "fallen" and events[0]["by"] == "p1"


def test_record_is_refused_in_automatic_areas() -> None:
    with refused("not_manual"):
        act(duel(), "p1", {"kind": "record", "mecha": "p2-gamera", "part": "tail", "damage": 3})


def test_manual_health_leaves_damage_to_the_players() -> None:
    state = ready(duel({"manual": {"health": True}}))
    state, events = act(state, "p1", {"kind": "attack", "attack": "punch", "target": "p2-gamera"}, faces=[6, 1, 2])
    assert "damage_to_record" in kinds(events)
    assert part(state, "p2-gamera", "torso")["damage"] == 0
    state, _ = act(state, "p1", {"kind": "record", "mecha": "p2-gamera", "part": "torso", "damage": 1})
    assert part(state, "p2-gamera", "torso")["dice"] == ["yellow"] * 3


def test_an_activation_ends_when_a_reaction_destroys_its_part() -> None:
    state = damage_part(duel(), "p1-kabuto", "legs", 1)  # two yellow dice
    state, events = act(
        state, "p1", {"kind": "activate", "mecha": "p1-kabuto", "part": "legs", "dice": 2}, faces=[1, 6]
    )
    assert state["turn"]["phase"] == "reaction"
    state, _ = act(state, "p2", {"kind": "react", "mecha": "p2-gamera", "part": "head"}, faces=[6])
    # bite: 6 + 3 - 1 (aimed) = 8 against 1 + 3 = 4: a double destroys the legs at once
    state, events = act(
        state, "p2", {"kind": "attack", "attack": "bite", "target": "p1-kabuto", "target_part": "legs"}, faces=[6, 1]
    )
    assert events[0]["result"] == "attacker_double"
    assert part(state, "p1-kabuto", "legs")["destroyed"]
    assert state["mechas"]["p1-kabuto"]["out"] is None
    assert state["turn"]["phase"] == "activate" and state["turn"]["activation"] is None
    assert state["turn"]["seat"] == "p1"
