"""``legal_actions`` for Giant Killer Robots is complete and sound along random games.

Every listed action (moves to every hex, with a movement card too, tags, every single weapon
shot and the whole volley, sponsor and deploy cards) must be accepted by ``apply``, and the
seat to act always has one.
"""

from __future__ import annotations

import pytest

from tests.systems.legal_check import check_game


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (2, 2), (4, 3)])
def test_every_listed_action_is_accepted_and_the_seat_to_act_has_one(players, seed):
    kinds = check_game("gkr", {"players": players}, seed, steps=400)
    assert {"move", "end_turn", "choose_weapons"} <= kinds
