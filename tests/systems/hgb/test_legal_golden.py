"""``legal_actions`` gives exactly the lists it gave before it was made faster.

A seeded bot game on each of the ``ridge`` and ``outpost`` maps (100 actions), the legal list
of every seat at every step: each list's digest (its JSON, floats in full) is compared with
``legal_golden.json``, recorded from the code before the speed-ups (the binary search of
``_farthest`` calling ``plan_move`` at every step, the unions of the cost areas made per
segment, a deep copy of the state to check each setup choice), and recorded again when the
lists grew to what ``apply`` accepts (issue 27: every Rate of Fire split, shots at targets in
Full Cover, Return Fire at every point, agreeing with each winner). The bot's choices follow the
lists, so equal digests mean the same game and the same lists all along. Listing (which tries
the setup choices on a copy sharing the models' cards and the rules) must leave the state as it
was.

Regenerate (only after an intended change to what the lists hold; review the diff)::

    WARBOARD_REGEN_GOLDEN=1 .venv/bin/python -m pytest -q tests/systems/hgb/test_legal_golden.py
"""

from __future__ import annotations

import copy
import hashlib
import json
from pathlib import Path
from typing import Any

import pytest

from app.bots import policy
from bench.hgb_calls import seeded_game
from tests.kit.golden import regenerating

GOLDEN = Path(__file__).parent / "legal_golden.json"
MAPS = ("ridge", "outpost")
ACTIONS = 100
SEED = "legal-golden"


def digest(actions: list[dict[str, Any]]) -> str:
    return hashlib.sha256(json.dumps(actions, sort_keys=True).encode()).hexdigest()[:20]


def play(map_id: str) -> list[dict[str, Any]]:
    """Every legal list asked for along a seeded bot game: seat, how many actions, digest, and the
    action the bot took from it (None when it took none)."""
    game = seeded_game(map_id, SEED)
    system, seats, dice, env, projection = game.system, game.seats, game.dice, game.env, game.projection
    steps: list[dict[str, Any]] = []
    n = 0
    while n < ACTIONS and system.outcome(env.state) is None:
        acted = False
        for seat in seats:
            before = copy.deepcopy(env.state)
            legal = system.legal_actions(env.state, seat)
            assert env.state == before, f"{map_id}: listing the legal actions changed the state"
            action = policy.choose(projection.view(env, seat), legal, f"{SEED}-{seat}", n)
            steps.append({"seat": seat, "count": len(legal), "digest": digest(legal), "took": action})
            if action is None:
                continue
            env.state, _ = system.apply(env.state, seat, system.parse_action(action), dice)
            n += 1
            acted = True
            break
        if not acted:
            break
    return steps


def test_the_golden_file_covers_both_maps() -> None:
    if not GOLDEN.exists():
        pytest.fail(f"{GOLDEN} is missing: record it with WARBOARD_REGEN_GOLDEN=1")
    recorded = json.loads(GOLDEN.read_text())
    assert sorted(recorded) == sorted(MAPS)
    for map_id in MAPS:
        kinds = {s["took"]["kind"] for s in recorded[map_id] if s["took"]}
        assert {"ready", "choose_first", "move", "attack", "done"} <= kinds, kinds


@pytest.mark.parametrize("map_id", MAPS)
def test_legal_lists_equal_the_recorded_ones(map_id: str) -> None:
    steps = play(map_id)
    recorded = json.loads(GOLDEN.read_text()) if GOLDEN.exists() else {}
    if regenerating():
        recorded[map_id] = steps
        GOLDEN.write_text(json.dumps(recorded, indent=0, sort_keys=True) + "\n")
    assert map_id in recorded, f"{GOLDEN} has no {map_id}: record it with WARBOARD_REGEN_GOLDEN=1"
    want = recorded[map_id]
    for i, (got, old) in enumerate(zip(steps, want, strict=False)):
        assert got == old, f"{map_id} step {i} ({old['seat']}): the legal list differs from the recorded one"
    assert len(steps) == len(want)
