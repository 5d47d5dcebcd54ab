"""A random game driver: seeded dice, random choices among the listed legal actions.

``play_random(seed, options)`` plays a whole game from setup to its end and returns the
``(seat, action)`` log; ``random_steps`` yields every step for tests that check each one.
Both go through the rule system's public API only (setup, legal_actions, parse_action, apply).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from app.core.dice import Dice
from app.systems.small_soldiers.turns import acting_seats

from .conftest import SYSTEM

Step = tuple[str, dict[str, Any], dict[str, Any]]  # (seat, action, state after it)


def new_game(seed: int | str, options: dict[str, Any] | None = None) -> tuple[dict[str, Any], Dice]:
    """The state after setup and the table's dice, as ``random_steps`` starts them."""
    dice = Dice(f"random-{seed}")
    return SYSTEM.setup(SYSTEM.validate_options(options or {}), dice), dice


def random_steps(seed: int | str, options: dict[str, Any] | None = None, limit: int = 20_000) -> Iterator[Step]:
    """Play random legal actions until the game ends (or ``limit`` actions); yield each step.

    The seat is chosen at random among those that may act now (both armies while deploying,
    both seats of a 4-player team); the action at random among that seat's ``legal_actions``.
    Raises AssertionError if a seat that may act has no legal action.
    """
    state, dice = new_game(seed, options)
    pick = Dice(f"random-{seed}-pick")
    for _ in range(limit):
        if SYSTEM.outcome(state):
            return
        seat = pick.choice(acting_seats(state), "seat")
        actions = SYSTEM.legal_actions(state, seat)
        assert actions, f"{seat} may act in phase {state['phase']!r} but has no legal action"
        action = pick.choice(actions, "action")
        state, _ = SYSTEM.apply(state, seat, SYSTEM.parse_action(action), dice)
        yield seat, action, state


def play_random(
    seed: int | str, options: dict[str, Any] | None = None, limit: int = 20_000
) -> list[tuple[str, dict[str, Any]]]:
    """A whole game with random legal actions: the ``(seat, action)`` log, ending with the win.

    Raises AssertionError if no side has won after ``limit`` actions.
    """
    log: list[tuple[str, dict[str, Any]]] = []
    state = None
    for seat, action, state in random_steps(seed, options, limit):  # noqa: B007 (the last state is checked)
        log.append((seat, action))
    assert state is not None and SYSTEM.outcome(state), f"no winner after {limit} actions (seed {seed})"
    return log
