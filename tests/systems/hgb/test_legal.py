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
