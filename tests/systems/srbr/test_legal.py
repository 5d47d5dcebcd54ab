"""``legal_actions`` for Super Robot Battle Royale is complete and sound along random games.

SRBR "Measuring Sticks": a move reaches any point up to its stick; the list samples the
farthest point toward each enemy mecha and each building. Every listed action must be accepted
by ``apply``, the seat to act always has one, and random listed play ends the game.
"""

from __future__ import annotations

import pytest

from tests.systems.legal_check import check_game, random_states


@pytest.mark.parametrize("seed", [1, 2])
def test_every_listed_action_is_accepted_and_the_seat_to_act_has_one(seed):
    kinds = check_game("srbr", {}, seed, steps=400)
    assert {"activate", "move", "end_turn"} <= kinds


def test_random_listed_play_ends_the_game():
    """Before moves were listed, random listed play could never bring mechas into reach."""
    steps = list(random_states("srbr", {}, 5, 4000))
    assert len(steps) < 4000
