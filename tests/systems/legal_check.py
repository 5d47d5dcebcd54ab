"""Shared property check for ``legal_actions``: from states reached by random listed actions,
the seat(s) to act always have an action other than ending the game, and every listed action
is accepted by ``apply``."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from app.core.dice import Dice
from app.core.errors import WarboardError
from app.systems import registry

ENDINGS = {"concede", "agree_end", "declare_result"}


def accepted(system: Any, state: dict[str, Any], seat: str, action: dict[str, Any]) -> bool:
    try:
        system.apply(state, seat, system.parse_action(action), Dice("trial"))
    except WarboardError:
        return False
    return True


def random_states(
    system_id: str, options: dict[str, Any], seed: int, steps: int
) -> Iterator[tuple[dict[str, Any], dict[str, list[dict[str, Any]]]]]:
    """Yield (state, listed actions per seat) along a game of random listed (non-ending) actions."""
    system = registry.get(system_id)
    assert system is not None
    opts = system.validate_options(options)
    dice = Dice(f"legal-{seed}")
    state = system.setup(opts, dice)
    rng = random.Random(seed)
    for _ in range(steps):
        if system.outcome(state):
            return
        listed = {s: system.legal_actions(state, s) for s in system.seats(opts)}
        yield state, listed
        pool = [(s, a) for s, acts in listed.items() for a in acts if a["kind"] not in ENDINGS]
        assert pool, f"no seat has an action other than ending the game ({state.get('phase')})"
        seat, action = rng.choice(pool)
        state, _ = system.apply(state, seat, system.parse_action(action), dice)


def check_game(system_id: str, options: dict[str, Any], seed: int, steps: int, sample: int = 12) -> set[str]:
    """Every listed action (or ``sample`` of them, always the first and last) is accepted; the
    kinds seen are returned."""
    system = registry.get(system_id)
    rng = random.Random(f"sample-{seed}")
    kinds: set[str] = set()
    for state, listed in random_states(system_id, options, seed, steps):
        for seat, actions in listed.items():
            kinds |= {a["kind"] for a in actions}
            chosen = actions if len(actions) <= sample else [actions[0], actions[-1], *rng.sample(actions, sample - 2)]
            refused = [a for a in chosen if not accepted(system, state, seat, a)]
            assert not refused, (seat, refused[:3])
    return kinds
