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
