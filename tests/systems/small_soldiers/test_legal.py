"""``legal_actions`` is complete and sound at every step of random games, and random games end.

A random game driver (``random_play.play_random``) plays games to the end with nothing but the
listed legal actions, so the list must offer every seat that may act at least one action, and
every listed action must be accepted by ``apply``.
"""

from __future__ import annotations

import itertools
from typing import Any

import pytest

from app.core.dice import Dice
from app.core.errors import WarboardError
from app.systems.small_soldiers.turns import acting_seats

from .conftest import SYSTEM
from .random_play import new_game, play_random, random_steps

OPTIONS = [
    {},
    {"advanced": True},
    {"players": 4},
    {"players": 4, "team_mode": "team", "advanced": True},
    {"players": 4, "team_mode": "split", "advanced": True},
    {"map_name": "skirmish"},
]
SEEDS = [1, 2]


def accepted(state: dict[str, Any], seat: str, action: dict[str, Any]) -> bool:
    try:
        SYSTEM.apply(state, seat, SYSTEM.parse_action(action), Dice("trial"))
    except WarboardError:
        return False
    return True


def check_state(state: dict[str, Any], pick: Dice) -> None:
    """Each seat that may act has actions, all accepted; the others have none.

    Deployment lists 120 placements (2,400 in the split game) and a 4-player team's two seats
    share one list: of those, a sample is applied.
    """
    active = acting_seats(state)
    seen: list[list[dict[str, Any]]] = []
    for seat in state["seats"]:
        actions = SYSTEM.legal_actions(state, seat)
        if seat not in active:
            assert actions == [], (seat, state["phase"])
            continue
        assert actions, (seat, state["phase"])
        if state["phase"] == "deploy" or actions in seen:
            seen.append(actions)
            actions = [actions[0], actions[-1], *(pick.choice(actions) for _ in range(8))]
        else:
            seen.append(actions)
        refused = [a for a in actions if not accepted(state, seat, a)]
        assert not refused, (seat, state["phase"], refused[:3])


@pytest.mark.parametrize("options", OPTIONS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()) or "basic")
@pytest.mark.parametrize("seed", SEEDS)
def test_every_listed_action_is_accepted_and_the_seat_to_act_always_has_one(options, seed):
    """Checked at every state of the first 120 actions of a seeded random game."""
    pick = Dice(f"check-{seed}")
    check_state(new_game(seed, options)[0], pick)
    for _seat, _action, state in itertools.islice(random_steps(seed, options), 120):
        if SYSTEM.outcome(state):
            assert all(SYSTEM.legal_actions(state, s) == [] for s in state["seats"])
            break
        check_state(state, pick)


def candidates(state: dict[str, Any], seat: str) -> list[dict[str, Any]]:
    """A universe of actions to try: every kind, with every fighter, target, card and space."""
    ids = list(state["fighters"])
    hand = [c["id"] for h in state["hands"].values() for c in h]
    out: list[dict[str, Any]] = [{"kind": k} for k in ("roll_opening", "spin", "end_moves", "end_turn", "discard_card")]
    out += [{"kind": k, "fighter": f} for k in ("place_card", "recruit") for f in ids]
    out += [{"kind": "recall", "target": f} for f in ids]
    out += [{"kind": "attack", "fighter": a, "target": t} for a in ids for t in ids if a != t]
    out += [{"kind": "play_card", "card": c} for c in hand]
    if state["phase"] == "move":
        cells = state["data"]["map"]["cells"]
        out += [{"kind": "move", "fighter": f, "q": q, "r": r} for f in ids for q, r in cells]
    return out


@pytest.mark.parametrize(
    "options", [{"advanced": True}, {"players": 4, "team_mode": "split"}], ids=["advanced", "split"]
)
def test_no_action_outside_the_list_is_accepted(options):
    """Completeness: at sampled states, whatever ``apply`` accepts from a wide universe of
    actions is in the list."""
    for n, (_s, _a, state) in enumerate(itertools.islice(random_steps(7, options), 400)):
        if n % 9 or SYSTEM.outcome(state):
            continue
        for seat in acting_seats(state):
            listed = SYSTEM.legal_actions(state, seat)
            extra = [a for a in candidates(state, seat) if a not in listed and accepted(state, seat, a)]
            assert not extra, (seat, state["phase"], extra[:3])


@pytest.mark.parametrize("options", OPTIONS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()) or "basic")
def test_random_games_play_to_the_end(options):
    for seed in (11, 12):
        log = play_random(seed, options)
        assert log[0][1]["kind"] == "deploy" and {"spin"} <= {a["kind"] for _, a in log}
