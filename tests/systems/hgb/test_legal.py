"""``legal_actions`` for Heavy Gear Blitz! is complete and sound along random games.

Rulebook, "Rounds": players alternate activating Combat Groups; a model "may move and take its
actions". The list must give the seat to act a way to play on (not only conceding), and every
listed action (moves sampled toward enemies and cover, every weapon at every reachable target)
must be accepted by ``apply``.
"""

from __future__ import annotations

import pytest

from tests.systems.legal_check import check_game


@pytest.mark.parametrize("seed", [1, 2])
def test_every_listed_action_is_accepted_and_the_seat_to_act_can_play_on(seed):
    kinds = check_game("hgb", {}, seed, steps=90, sample=8)
    assert {"ready", "concede"} <= kinds


def test_moves_and_attacks_are_complete_actions():
    """Every listed move has a path and every attack a weapon and a target (no templates)."""
    from tests.systems.legal_check import random_states

    seen: set[str] = set()
    kinds: set[str] = set()
    for _state, listed in random_states("hgb", {}, 3, 150):
        for acts in listed.values():
            kinds |= {a["kind"] for a in acts}
            for a in acts:
                if a["kind"] == "move":
                    assert a["path"] and len(a["path"][0]) == 2
                    seen.add("move")
                if a["kind"] == "attack":
                    assert a["weapon"] and a["target"]
                    seen.add("attack")
    assert "move" in seen
    assert {"choose_first", "activate_group", "set_speed", "done"} <= kinds


def test_a_model_out_of_ammunition_still_has_a_view_and_no_shot_with_that_weapon():
    """Rulebook, Forces: "a Heavy Panzerfaust (HPZF, F, Limited Ammo 2)". Once both shots are
    spent, the acting model's targets and legal list leave the HPZF out instead of failing
    (working out the targets raised no_ammo before, so the table could not be shown)."""
    from app.systems import registry
    from app.systems.hgb.view import targets
    from tests.systems.hgb.scenario import act, battle

    system = registry.get("hgb")
    t = battle({"n-cg1-1": (24, 10, 90), "s-cg1-3": (24, 20, 270)})
    m = t.state["models"]["n-cg1-1"]
    m["card"]["weapons"] = [*m["card"]["weapons"], "HPZF"]
    m["ammo"]["HPZF"] = 0
    act(t, "north", {"kind": "set_speed", "model": "n-cg1-1", "speed": "combat"})
    assert system.view(t.state, "north")["cards"]
    assert not any(x["weapon"] == "HPZF" for x in targets(t.state, m))
    assert not any(a.get("weapon") == "HPZF" for a in system.legal_actions(t.state, "north"))


def test_rate_of_fire_and_fully_hidden_targets_are_listed():
    """Rulebook, ROF: "you may use any number of Rate of Fire (ROF) points from "0" (a single shot,
    played as a normal attack) up to the weapon's maximum Rate of Fire." and Target Cover: "If the
    target is completely covered from the attacker, it has Full Cover. The attacker receives "-2"
    to attack such a model." Both in an activation and in Return Fire."""
    from app.systems import registry
    from tests.systems.hgb.scenario import act, battle

    system = registry.get("hgb")
    bunker = {"id": "b", "type": "building", "level": 3, "polygon": [[20, 15], [28, 15], [28, 18], [20, 18]]}
    t = battle({"n-cg1-3": (24, 10, 90), "s-cg1-3": (24, 23, 270), "s-cg1-4": (40, 20, 270)}, {"terrain": [bunker]})
    aim = act(t, "north", {"kind": "aim", "model": "n-cg1-3", "weapon": "LAC", "target": "s-cg1-3"})[0]
    assert aim["cover"]["category"] == "full"
    listed = system.legal_actions(t.state, "north")
    shots = [a for a in listed if a["kind"] == "attack" and a["target"] == "s-cg1-3" and a["weapon"] == "LAC"]
    assert {(a.get("sweep", 0), a.get("focus", 0)) for a in shots} == {(0, 0), (1, 0), (0, 1)}  # LAC: ROF 1
    t = battle({"n-cg1-3": (24, 30, 270), "s-cg1-3": (24, 40, 270), "s-cg2-1": (40, 44, 270)}, first="south")
    act(t, "south", {"kind": "done", "model": "s-cg1-3", "keep_action": True})
    act(t, "north", {"kind": "move", "model": "n-cg1-3", "path": [[24, 33]]})
    listed = system.legal_actions(t.state, "south")
    fire = {
        (a["at"], a.get("sweep", 0), a.get("focus", 0))
        for a in listed
        if a["kind"] == "return_fire" and a["weapon"] == "LAC"
    }
    assert fire == {(at, s, f) for at in range(3) for s, f in ((0, 0), (1, 0), (0, 1))}
