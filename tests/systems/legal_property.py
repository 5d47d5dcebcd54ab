"""The legal list is the rules' own word, both ways (issue 27): over a seeded game played by the
random player of ``app.bots.local`` (a random listed action of the seats, in seat order, the
first that may act), at every step and for every seat

- every listed action is accepted by ``apply`` (a sample when the list is long), and
- every action of a generated set of candidates that ``apply`` accepts is listed: the listed
  actions perturbed (another target, hex, unit, card, facing; entries dropped or combined) and
  every kind of the game with plausible parameters (each card, unit, fighter, hex of the board).

A game's ``Probe`` says how to generate its candidates and how to compare an action with the
listed ones (``key``: defaults filled in, the order that does not matter sorted away). Kinds
whose values are continuous or free text (a catapult's aim, a record's note) are not required to
be listed: ``unlisted_kinds``.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from app.bots.local import random_player
from app.core.dice import Dice
from app.core.errors import WarboardError
from app.systems import registry

State = dict[str, Any]
Action = dict[str, Any]


@dataclass(frozen=True)
class Probe:
    system_id: str
    candidates: Callable[[State, str, list[Action], random.Random], list[Action]]
    key: Callable[[State, str, Action], str]
    unlisted_kinds: frozenset[str] = frozenset()


def plain_key(state: State, seat: str, action: Action) -> str:
    return json.dumps(action, sort_keys=True)


def accepted(system: Any, state: State, seat: str, action: Action) -> bool:
    try:
        system.apply(state, seat, system.parse_action(action), Dice("probe"))
    except WarboardError:
        return False
    return True


def random_game(system_id: str, options: dict[str, Any], seed: int, steps: int) -> Iterator[State]:
    """The states of a game of the random player (``app.bots.local.random_player``)."""
    system = registry.get(system_id)
    assert system is not None
    opts = system.validate_options(options)
    seats = system.seats(opts)
    dice = Dice(f"property-{seed}")
    state = system.setup(opts, dice)
    for n in range(steps):
        if system.outcome(state):
            return
        yield state
        for seat in seats:
            action = random_player({}, system.legal_actions(state, seat), f"{seed}-{seat}", n)
            if action is not None:
                state, _ = system.apply(state, seat, system.parse_action(action), dice)
                break
        else:
            raise AssertionError(f"no seat can act at step {n}")


def check(
    probe: Probe, options: dict[str, Any], seed: int, steps: int, sample: int = 40, candidates: int = 60
) -> dict[str, int]:
    """Run the two checks along one random game (``sample`` listed actions and ``candidates``
    generated ones at most per seat and step); returns how many candidates of each kind were
    accepted (each of them listed)."""
    system = registry.get(probe.system_id)
    rng = random.Random(f"property-{seed}")
    seats = system.seats(system.validate_options(options))
    tried: dict[str, int] = {}
    for state in random_game(probe.system_id, options, seed, steps):
        for seat in seats:
            listed = system.legal_actions(state, seat)
            chosen = listed if len(listed) <= sample else rng.sample(listed, sample)
            refused = [a for a in chosen if not accepted(system, state, seat, a)]
            assert not refused, ("listed but refused", seat, refused[:3])
            keys = {probe.key(state, seat, a) for a in listed}
            cands = probe.candidates(state, seat, listed, rng)
            for cand in rng.sample(cands, min(len(cands), candidates)):
                if cand["kind"] in probe.unlisted_kinds or not accepted(system, state, seat, cand):
                    continue
                tried[cand["kind"]] = tried.get(cand["kind"], 0) + 1
                assert probe.key(state, seat, cand) in keys, ("accepted but not listed", seat, cand)
    return tried
