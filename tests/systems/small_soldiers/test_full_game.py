"""Whole games from setup to a winner, with a fixed seed, called the way the server calls us."""

from __future__ import annotations

import json

import pytest

from app.core.dice import Dice
from app.geometry.hex import Hex, distance
from app.systems.small_soldiers.words import WIN_REASONS

from .conftest import SYSTEM


def choose(state, seat, actions):
    """A simple player: battle when it can, else run at the enemy flag; other choices: the first."""
    kinds = {a["kind"] for a in actions}
    if "attack" in kinds:
        return next(a for a in actions if a["kind"] == "attack")
    if "move" in kinds:
        army = seat.split("-")[0]
        foe = "commandos" if army == "gorgonites" else "gorgonites"
        flag = Hex(*state["data"]["map"]["armies"][foe]["flag"])
        moves = [a for a in actions if a["kind"] == "move"]
        return min(moves, key=lambda a: (distance(Hex(a["q"], a["r"]), flag), a["fighter"], a["q"], a["r"]))
    for kind in ("recruit", "place_card", "recall", "launch", "spin", "roll_opening", "deploy", "end_moves"):
        if kind in kinds:
            return next(a for a in actions if a["kind"] == kind)
    return actions[0]


def play(options, seed, limit=2000):
    """Run a table like the session: setup, then parse/apply/view/outcome per action."""
    dice = Dice(seed)
    state = SYSTEM.setup(SYSTEM.validate_options(options), dice)
    log = []
    for _ in range(limit):
        outcome = SYSTEM.outcome(state)
        if outcome:
            return state, outcome, log
        view = SYSTEM.view(state, None)
        seat = view["turn"]["active"][0]
        seat_view = SYSTEM.view(state, seat)
        raw = choose(state, seat, SYSTEM.legal_actions(state, seat))
        action = SYSTEM.parse_action(json.loads(json.dumps(raw)))
        state, events = SYSTEM.apply(state, seat, action, dice)
        json.dumps(state), json.dumps(events), json.dumps(seat_view)  # JSON-able throughout
        log.append((seat, raw["kind"]))
    raise AssertionError("no winner")


@pytest.mark.parametrize(
    "options,seed,reason",
    [
        ({}, "warboard-1", "flag_captured"),
        ({"map_name": "skirmish"}, "warboard-13", "all_in_toy_store"),
        ({"advanced": True}, "warboard-2", None),
        ({"players": 4}, "warboard-4", None),
        ({"players": 4, "team_mode": "split", "advanced": True}, "warboard-5", None),
    ],
)
def test_a_seeded_game_reaches_a_winner(options, seed, reason):
    state, outcome, log = play(options, seed)
    assert state["phase"] == "over" and outcome.winners == state["result"]["winners"]
    if reason:
        assert outcome.reason == WIN_REASONS[reason]
    assert log[0][1] == "deploy" and {"spin", "move"} <= {k for _, k in log}


def test_replaying_the_same_seed_gives_the_same_game():
    a = play({}, "replay")
    b = play({}, "replay")
    assert a[0] == b[0] and a[2] == b[2]
