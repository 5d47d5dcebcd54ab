"""The compose stack built and run with a real Docker daemon (``make test-compose``): see stack.py.
Skipped, with the reason, where no daemon answers."""

from __future__ import annotations

import pytest

from tests.compose.stack import daemon_problem, smoke

pytestmark = pytest.mark.compose


def test_the_compose_stack_plays_a_game_through_nginx_and_outlives_a_killed_node() -> None:
    problem = daemon_problem()
    if problem is not None:
        pytest.skip(f"no compose stack here: {problem}")
    measured = smoke()
    print(f"compose smoke: {measured}")
    assert measured["seq"] > 0
